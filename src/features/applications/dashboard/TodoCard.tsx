import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { APPLICATION_URLS } from '../../../../contracts/application-urls';
import type { ApplicationKind } from '../../../../contracts/application-rules';
import type { TodoCount } from '../../../../contracts/applications';
import { DASHBOARD_URLS } from '../../../../contracts/dashboard-figures';
import { FigureCard, FigureLine } from '../../../components/FigureCard';
import { KIND_LABELS } from './kind-labels';

/**
 * The student kinds' screens in the order the card lists kinds, then the staff kinds, all audited at
 * 考勤审批 (contracts/application-rules.ts KIND_PATHS and STAFF_AUDIT_PATH, restated so that the home
 * page does not load that module; the test checks they agree).
 */
export const STUDENT_TODO_PATHS = { student_leave: '/xssw/qjgl', travel: '/xssw/cxsq', day_student: '/xssw/zdsq', enrolment_proof: '/xssw/zdzm', score_proof: '/xssw/cjzm', status_change: '/xjgl/xjyd' } as const;
export const STAFF_TODO_KINDS = ['staff_leave', 'staff_outing', 'staff_overtime', 'staff_shift', 'staff_makeup'] as const;
export const STAFF_TODO_PATH = '/jzg/kqsp';
const KINDS = [...(Object.keys(STUDENT_TODO_PATHS) as ApplicationKind[]), ...STAFF_TODO_KINDS];

/**
 * The two cards: waiting for my audit (待我审核, the lists' 待我审核 scope), and every undecided one I
 * may audit (待审批, school-wide for administrators: the lists' 全部 scope with the state 审核中).
 */
export type TodoCardMode = 'todo' | 'pending';
const SEARCH: Record<TodoCardMode, Record<string, string>> = { todo: { scope: 'todo' }, pending: { scope: 'all', state: 'pending' } };

/** Where a kind's list is: its own screen, or 考勤审批 for the staff kinds (with the kind filter). */
export function todoLink(kind: ApplicationKind, mode: TodoCardMode = 'todo'): { to: string; search: Record<string, string> } {
  return kind in STUDENT_TODO_PATHS
    ? { to: STUDENT_TODO_PATHS[kind as keyof typeof STUDENT_TODO_PATHS], search: SEARCH[mode] }
    : { to: STAFF_TODO_PATH, search: { ...SEARCH[mode], kind } };
}

/**
 * The applications waiting for my audit (`mode` 'todo'), or every undecided one I may audit
 * ('pending'): the total (a link to the first kind's list) and one line per kind with its count and
 * link; read on every visit of the home page.
 */
export default function TodoCard({ mode = 'todo' }: { mode?: TodoCardMode }) {
  const { t } = useLingui();
  const pending = mode === 'pending';
  const waiting = (data: TodoCount) => KINDS.filter((kind) => (data.byKind[kind] ?? 0) > 0);
  return (
    <FigureCard<TodoCount>
      testId={pending ? 'applications-pending-card' : 'applications-todo-card'}
      title={pending ? <Trans>待审批的申请</Trans> : <Trans>待我审核的申请</Trans>}
      url={pending ? DASHBOARD_URLS.applicationsPending : APPLICATION_URLS.todoCount}
      link={(data) => {
        const first = waiting(data)[0];
        return first && todoLink(first, mode);
      }}
      figure={(data) => data.total}
    >
      {(data) =>
        waiting(data).length === 0 ? (
          <Text color="fg.muted" px="2">
            {pending ? <Trans>暂无待审批的申请</Trans> : <Trans>暂无待审核的申请</Trans>}
          </Text>
        ) : (
          waiting(data).map((kind) => (
            <FigureLine key={kind} link={todoLink(kind, mode)} testId={`${mode}-${kind}`}>
              <Text flex="1">{t(KIND_LABELS[kind])}</Text>
              <Text fontWeight="semibold" color="brand.fg">
                {data.byKind[kind]}
              </Text>
            </FigureLine>
          ))
        )
      }
    </FigureCard>
  );
}
