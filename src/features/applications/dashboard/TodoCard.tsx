import { APPLICATION_URLS } from '../../../../contracts/application-urls';
import { Card, Flex, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ApplicationKind } from '../../../../contracts/application-rules';
import type { TodoCount } from '../../../../contracts/applications';
import { post } from '../../../lib/http';
import { KIND_LABELS } from './kind-labels';

/**
 * The student kinds' screens in the order the card lists kinds, then the staff kinds, all audited at
 * 考勤审批 (contracts/application-rules.ts KIND_PATHS and STAFF_AUDIT_PATH, restated so that the home
 * page does not load that module; the test checks they agree).
 */
export const STUDENT_TODO_PATHS = { student_leave: '/xssw/qjgl', travel: '/xssw/cxsq', day_student: '/xssw/zdsq', enrolment_proof: '/xssw/zdzm', score_proof: '/xssw/cjzm' } as const;
export const STAFF_TODO_KINDS = ['staff_leave', 'staff_outing', 'staff_overtime', 'staff_shift', 'staff_makeup'] as const;
export const STAFF_TODO_PATH = '/jzg/kqsp';
const KINDS = [...(Object.keys(STUDENT_TODO_PATHS) as ApplicationKind[]), ...STAFF_TODO_KINDS];

/** Where a kind's todo list is: its own screen, or 考勤审批 for the staff kinds (with the kind filter). */
export function todoLink(kind: ApplicationKind): { to: string; search: Record<string, string> } {
  return kind in STUDENT_TODO_PATHS
    ? { to: STUDENT_TODO_PATHS[kind as keyof typeof STUDENT_TODO_PATHS], search: { scope: 'todo' } }
    : { to: STAFF_TODO_PATH, search: { scope: 'todo', kind } };
}

/** A line of the card; a link to the kind's todo list when it names one. */
function Line({ kind, testId, children }: { kind?: ApplicationKind; testId: string; children: ReactNode }) {
  const style = { align: 'center', gap: '3', minH: '11', px: '2', borderRadius: 'l2' } as const;
  if (!kind) return <Flex {...style} data-testid={testId}>{children}</Flex>;
  const link = todoLink(kind);
  return (
    <Flex asChild {...style} _hover={{ bg: 'bg.muted' }}>
      <Link to={link.to as '/'} search={link.search as never} data-testid={testId}>
        {children}
      </Link>
    </Flex>
  );
}

/**
 * The applications waiting for my audit: the total (a link to the first kind's todo list) and one
 * line per kind with its count and link. Asked on every visit of the home page, never cached.
 */
export default function TodoCard() {
  const { t } = useLingui();
  const count = useQuery({
    queryKey: ['applications', 'todo-count'],
    queryFn: ({ signal }) => post<TodoCount>(APPLICATION_URLS.todoCount, {}, { signal }),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
  const byKind = count.data?.byKind ?? {};
  const kinds = KINDS.filter((kind) => (byKind[kind] ?? 0) > 0);
  return (
    <Card.Root data-testid="applications-todo-card">
      <Card.Body gap="1">
        <Line kind={kinds[0]} testId="todo-header">
          <Card.Title as="h2" flex="1">
            <Trans>待我审核的申请</Trans>
          </Card.Title>
          <Text fontSize="2xl" fontWeight="bold" color={kinds.length ? 'brand.fg' : 'fg.muted'} data-testid="todo-total">
            {count.data ? count.data.total : count.isError ? '—' : '…'}
          </Text>
        </Line>
        {count.data && kinds.length === 0 && (
          <Text color="fg.muted" px="2">
            <Trans>暂无待审核的申请</Trans>
          </Text>
        )}
        {kinds.map((kind) => (
          <Line key={kind} kind={kind} testId={`todo-${kind}`}>
            <Text flex="1">{t(KIND_LABELS[kind])}</Text>
            <Text fontWeight="semibold" color="brand.fg">
              {byKind[kind]}
            </Text>
          </Line>
        ))}
      </Card.Body>
    </Card.Root>
  );
}
