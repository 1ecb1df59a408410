import { APPLICATION_URLS } from '../../../contracts/application-urls';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApplicationKind, ApplicationFamily } from '../../../contracts/application-rules';
import type {
  ApplicationDetail,
  ApplicationOptions,
  ApplicationRow,
  ApplicationSaveRequest,
  BatchAuditResult,
  ListScope,
} from '../../../contracts/applications';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../components/table/table-query';
import { filePreviewQuery } from '../../components/upload/useFilePreviewUrl';
import { post } from '../../lib/http';
import { isApplicationDetail, rememberApplication } from './known';
import { permittedScopes, scopeOf } from './scopes';
import type { ApplicationSearchParams } from './search';

/** The calls' paths, from the zod-free contracts/application-urls.ts. */
export const URLS = APPLICATION_URLS;

export const applicationKeys = {
  all: ['applications'] as const,
  details: ['applications', 'detail'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  options: (family: ApplicationFamily) => ['applications', 'options', family] as const,
  todoCount: ['applications', 'todo-count'] as const,
  staffSummary: ['applications', 'staff-summary'] as const,
};

export { isApplicationDetail, knownApplications, rememberApplication } from './known';

/**
 * The list page a screen shows (table A over /api/applications/list): the same input for the route's
 * loader (ensureQueryData(tableQueryOptions(...))) and the screen (useTableQuery(...)), so the first
 * page is read once and lands in the persisted cache.
 */
export function applicationListInput(kinds: readonly ApplicationKind[], scope: ListScope, search: Omit<ApplicationSearchParams, 'scope'>): TableQueryInput {
  const kind = search.kind && kinds.includes(search.kind) ? search.kind : undefined;
  const filters: Record<string, unknown> = { scope, kinds: kind ? [kind] : [...kinds] };
  if (search.state) filters.state = search.state;
  if (search.keyword) filters.keyword = search.keyword;
  if (search.from) filters.from = search.from;
  if (search.to) filters.to = search.to;
  return { url: URLS.list, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10 };
}

/** `POST /api/applications/get`: one application with its events and what the caller may do. */
export const applicationDetailQuery = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: async ({ signal }) => {
      const detail = await post<ApplicationDetail>(URLS.get, { id }, { signal });
      rememberApplication(detail);
      return detail;
    },
  });

/** `POST /api/applications/options`: the form's choices (students, leave types, batches, blocked periods). */
export const applicationOptionsQuery = (family: ApplicationFamily) =>
  queryOptions({
    queryKey: applicationKeys.options(family),
    queryFn: ({ signal }) => post<ApplicationOptions>(URLS.options, { family }, { signal }),
    staleTime: 60_000,
  });

/**
 * Save a draft or submit. Idempotent: the first save's key is the application's id (made when the
 * drawer opened), so a retry after a lost answer never makes a second application; a later save of the
 * same draft has a key of its own (a key is bound to one body).
 */
export const saveApplication = (body: ApplicationSaveRequest, key: string) => post<ApplicationDetail>(URLS.save, body, { headers: { 'Idempotency-Key': key } });
export const withdrawApplication = (id: string, version: number) => post<ApplicationDetail>(URLS.withdraw, { id, version });
export const cancelApplication = (id: string, version: number, cancelledAt: string) => post<ApplicationDetail>(URLS.cancel, { id, version, cancelledAt });
/** All or nothing; `auditState` = the state the user selected in: a row that moved on meanwhile → 40900 (the rows now). */
export const batchAudit = (ids: string[], decision: 'pass' | 'reject', opinion: string, auditState: string) =>
  post<BatchAuditResult>(URLS.batchAudit, { ids, decision, opinion, auditState });

/** After a write: the detail takes the answer, the lists, the dashboard count and the staff summary refresh. */
export async function refreshAfterWrite(queryClient: QueryClient, detail?: unknown): Promise<void> {
  if (isApplicationDetail(detail)) {
    rememberApplication(detail);
    queryClient.setQueryData(applicationKeys.detail(detail.id), detail);
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tableKeys.url(URLS.list) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.details }),
    // the dashboard's 待我审核的申请 card (features/applications/dashboard)
    queryClient.invalidateQueries({ queryKey: applicationKeys.todoCount }),
    // 教师考勤 月度汇总 (staff/api.ts staffKeys.summary)
    queryClient.invalidateQueries({ queryKey: applicationKeys.staffSummary }),
  ]);
}

/**
 * The todo page read offline (the brief: the auditor's todo list and the details are readable
 * offline): the details of the rows on the page (persisted like the list) and their certificate
 * pictures (kept in the Cache API by filePreviewQuery). Online only; a detail already cached and
 * fresh is not read again; failures are left to the drawer to show.
 */
export async function prefetchTodoDetails(queryClient: QueryClient, rows: readonly Pick<ApplicationRow, 'id' | 'version' | 'expired'>[]): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  await Promise.all(
    rows
      .filter((row) => !row.expired)
      .map(async (row) => {
        const cached = queryClient.getQueryData<ApplicationDetail>(applicationKeys.detail(row.id));
        const detail = cached && cached.version === row.version ? cached : await queryClient.fetchQuery(applicationDetailQuery(row.id)).catch(() => undefined);
        await Promise.all((detail?.attachments ?? []).map((item) => queryClient.prefetchQuery(filePreviewQuery(item.resId))));
      }),
  );
}

/**
 * A route's loader: the first page its screen shows (same input as the screen, so it lands in the
 * persisted cache and reads offline), and the open detail. A failure is left to the screen to show.
 */
export async function loadApplicationScreen(
  queryClient: QueryClient,
  permissions: readonly string[],
  kinds: readonly ApplicationKind[],
  scopes: readonly ListScope[],
  search: ApplicationSearchParams & { scope?: string },
): Promise<void> {
  const allowed = permittedScopes(kinds, scopes, permissions);
  if (allowed.length === 0) return;
  const scope = scopeOf(search.scope, allowed);
  await Promise.all([
    queryClient.ensureQueryData(tableQueryOptions<ApplicationRow>(applicationListInput(kinds, scope, search))).catch(() => undefined),
    search.id ? queryClient.ensureQueryData(applicationDetailQuery(search.id)).catch(() => undefined) : undefined,
  ]);
}
