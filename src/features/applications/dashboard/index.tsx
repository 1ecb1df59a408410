/**
 * The dashboard card "待我审核的申请" (app/dashboard-cards.ts lists it). Imported, not lazy: measured
 * as the administrator, a lazy card chunk cost /dashboard ~0.8 KiB more gzipped (its own chunk and the
 * loader) than the card inside the home page's chunk.
 */
import TodoCard from './TodoCard';

export { TodoCard as ApplicationsTodoCard };
/** 待审批的申请: every undecided application the user may audit (school-wide for administrators), by kind. */
export const ApplicationsPendingCard = () => <TodoCard mode="pending" />;

/**
 * Who sees the card: holders of any kind's audit code (contracts/application-rules.ts
 * KIND_PERMISSIONS; restated so that the home page's chunk does not carry that module — the test
 * checks they agree).
 */
export const APPLICATIONS_TODO_REQUIREMENT = { anyOf: ['qjgl_audit', 'cxsq_audit', 'zdsq_audit', 'zdzm_audit', 'cjzm_audit', 'xjyd_audit', 'kqsp_audit'] } as const;
