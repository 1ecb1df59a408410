import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ApplicationDetail, ApplicationOptions, ApplicationRow } from '../../../contracts/applications';
import { system } from '../../app/theme';
import { GrantsProvider } from '../../components/Permission';

export const app = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const STUDENT = '01900000-0000-7000-8000-0000000000a1';
export const CHILD_2 = '01900000-0000-7000-8000-0000000000a2';

export function makeRow(n: number, over: Partial<ApplicationRow> = {}): ApplicationRow {
  return {
    id: app(n),
    kind: 'student_leave',
    applicantId: STUDENT,
    applicantName: `学生${n}`,
    applicantNo: `2026${String(n).padStart(3, '0')}`,
    submittedById: STUDENT,
    submittedByName: `家长${n}`,
    orgUnitName: '七年级(1)班',
    leaveType: '1',
    leaveTypeName: '病假',
    startsAt: '2026-11-24T08:00:00+08:00',
    endsAt: '2026-11-24T17:00:00+08:00',
    days: 1,
    reason: '发烧',
    state: 'pending',
    auditState: 'pending:head_teacher',
    step: 0,
    steps: [{ kind: 'head_teacher' }],
    cancelState: 'not_cancelled',
    cancelledAt: null,
    submittedAt: '2026-11-21T09:00:00+08:00',
    decidedAt: null,
    expired: false,
    version: 1,
    ...over,
  };
}

export function makeDetail(n: number, over: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    ...makeRow(n),
    details: {},
    attachments: [],
    events: [{ id: app(900 + n), action: 'submit', step: null, actorId: STUDENT, actorName: '家长', opinion: '', at: '2026-11-21T09:00:00+08:00' }],
    deadlineAt: '2026-12-01T17:00:00+08:00',
    can: { audit: false, withdraw: false, cancel: false, edit: false, proof: false },
    note: '',
    ...over,
  };
}

export function makeOptions(over: Partial<ApplicationOptions> = {}): ApplicationOptions {
  return {
    students: [{ id: STUDENT, name: '王小明', className: '七年级(1)班' }],
    leaveTypes: { student_leave: [{ code: '1', name: '病假' }, { code: '2', name: '事假' }] },
    classes: [],
    colleagues: [],
    batches: [],
    blockedPeriods: [],
    ...over,
  };
}

/** Renders with the app's providers and the given permission codes. */
export function renderWithGrants(ui: ReactElement, permissions: string[], queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return {
    queryClient,
    ...render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <GrantsProvider value={{ permissions, roles: [] }}>{ui}</GrantsProvider>
          </QueryClientProvider>
        </I18nProvider>
      </ChakraProvider>,
    ),
  };
}
