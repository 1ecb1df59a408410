import { lazy, Suspense } from 'react';

/**
 * Who sees the card: holders of any kind's audit code (contracts/application-rules.ts
 * KIND_PERMISSIONS; restated so that the home page's chunk does not carry that module — the test
 * checks they agree).
 */
export const APPLICATIONS_TODO_REQUIREMENT = { anyOf: ['qjgl_audit', 'cxsq_audit', 'zdsq_audit', 'zdzm_audit', 'cjzm_audit', 'kqsp_audit'] } as const;

const TodoCard = lazy(() => import('./TodoCard'));

/** The dashboard card "待我审核的申请" (app/dashboard-cards.ts lists it); its body loads on its own. */
export function ApplicationsTodoCard() {
  return (
    <Suspense fallback={null}>
      <TodoCard />
    </Suspense>
  );
}
