import { Card, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ApplicationKind } from '../../../../contracts/application-rules';
import type { TodoCount } from '../../../../contracts/applications';
import { post } from '../../../lib/http';
import { SETTINGS_KIND_LABELS } from './kind-labels';

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

/**
 * The applications waiting for my audit: the total (a link to the first kind's todo list) and one
 * line per kind with its count and link. Asked on every visit of the home page, never cached.
 */
export default function TodoCard() {
  const { t } = useLingui();
  const count = useQuery({
    queryKey: ['applications', 'todo-count'],
    queryFn: ({ signal }) => post<TodoCount>('/api/applications/todo-count', {}, { signal }),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
  const kinds = KINDS.filter((kind) => (count.data?.byKind[kind] ?? 0) > 0);
  const first = kinds[0] ? todoLink(kinds[0]) : undefined;
  const total = count.data?.total ?? 0;
  const totalText = (
    <Text fontSize="2xl" fontWeight="bold" color={total > 0 ? 'brand.fg' : 'fg.muted'} data-testid="todo-total">
      {count.isPending ? <Skeleton as="span" display="inline-block" h="6" w="8" /> : count.isError ? '—' : total}
    </Text>
  );
  return (
    <Card.Root data-testid="applications-todo-card">
      <Card.Header>
        <HStack justify="space-between" align="baseline">
          <Card.Title>
            <Trans>待我审核的申请</Trans>
          </Card.Title>
          {first ? (
            <Link to={first.to as '/'} search={first.search as never} aria-label={t`待我审核的申请：${total}`}>
              {totalText}
            </Link>
          ) : (
            totalText
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {count.isSuccess && kinds.length === 0 ? (
          <Text color="fg.muted">
            <Trans>暂无待审核的申请</Trans>
          </Text>
        ) : (
          <Stack gap="1">
            {kinds.map((kind) => {
              const link = todoLink(kind);
              return (
                <Flex key={kind} asChild align="center" gap="3" minH="11" px="2" borderRadius="l2" _hover={{ bg: 'bg.muted' }}>
                  <Link to={link.to as '/'} search={link.search as never} data-testid={`todo-${kind}`}>
                    <Text flex="1">{t(SETTINGS_KIND_LABELS[kind])}</Text>
                    <Text fontWeight="semibold" color="brand.fg">
                      {count.data?.byKind[kind]}
                    </Text>
                  </Link>
                </Flex>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
