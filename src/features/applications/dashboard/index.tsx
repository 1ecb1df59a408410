import { lazy, Suspense } from 'react';
import { KIND_PERMISSIONS } from '../../../../contracts/application-rules';

/** Who sees the card: holders of any kind's audit code (contracts/application-rules.ts KIND_PERMISSIONS). */
export const APPLICATIONS_TODO_REQUIREMENT = { anyOf: [...new Set(Object.values(KIND_PERMISSIONS).map((codes) => codes.audit))] } as const;

const TodoCard = lazy(() => import('./TodoCard'));

/** The dashboard card "待我审核的申请" (app/dashboard-cards.ts lists it); its body loads on its own. */
export function ApplicationsTodoCard() {
  return (
    <Suspense fallback={null}>
      <TodoCard />
    </Suspense>
  );
}
