import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { APPLICATION_URLS } from '../../../../contracts/application-urls';
import { STATUS_CHANGE_URLS } from '../../../../contracts/status-change-rules';
import type { StatusChangeApplyRequest, StatusChangeDetail, StatusChangeStudent, StatusChangeTypeRow } from '../../../../contracts/status-changes';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../../components/table/table-query';
import { post } from '../../../lib/http';
import type { StatusChangeSearchParams } from './search';

export const statusChangeKeys = {
  detail: (id: string) => ['status-changes', 'detail', id] as const,
  details: ['status-changes', 'detail'] as const,
  types: ['status-changes', 'types'] as const,
};

/** The search as the list call takes it (also the export's). */
export function statusChangeFilters(search: StatusChangeSearchParams): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  if (search.scope === 'todo') filters.scope = 'todo';
  if (search.keyword) filters.keyword = search.keyword;
  if (search.type) filters.changeType = search.type;
  if (search.state) filters.state = search.state;
  if (search.from) filters.from = search.from;
  if (search.to) filters.to = search.to;
  return filters;
}

/** Table A over /api/status-changes/list: the same input for the loader and the screen. */
export const statusChangeListInput = (search: StatusChangeSearchParams): TableQueryInput => ({
  url: STATUS_CHANGE_URLS.list,
  kind: 'A',
  filters: statusChangeFilters(search),
  page: search.page ?? 0,
  size: search.size ?? 10,
});

export const statusChangeDetailQuery = (id: string) =>
  queryOptions({ queryKey: statusChangeKeys.detail(id), queryFn: ({ signal }) => post<StatusChangeDetail>(STATUS_CHANGE_URLS.get, { id }, { signal }) });

/** What the form needs of the chosen student (复学's target classes). */
export const statusChangeStudentQuery = (studentId: string) =>
  queryOptions({ queryKey: ['status-changes', 'student', studentId], queryFn: ({ signal }) => post<StatusChangeStudent>(STATUS_CHANGE_URLS.student, { studentId }, { signal }) });

export const statusChangeTypesQuery = queryOptions({
  queryKey: statusChangeKeys.types,
  queryFn: ({ signal }) => post<StatusChangeTypeRow[]>(STATUS_CHANGE_URLS.types, {}, { signal }),
  staleTime: 60_000,
});

/** Files and submits a change; the id is the Idempotency-Key (a retry never files twice). */
export const applyStatusChange = (body: StatusChangeApplyRequest) => post<StatusChangeDetail>(STATUS_CHANGE_URLS.apply, body, { headers: { 'Idempotency-Key': body.id } });
/** The audit is the applications engine's. */
export const auditStatusChange = (id: string, version: number, decision: 'pass' | 'reject', opinion: string) => post(APPLICATION_URLS.audit, { id, version, decision, opinion });
export const saveStatusChangeType = (row: StatusChangeTypeRow, effective: boolean) =>
  post<StatusChangeTypeRow[]>(STATUS_CHANGE_URLS.saveType, { code: row.code, effective, version: Math.max(1, row.version) });

/** After a write: the list and the details read again. */
export async function refreshStatusChanges(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tableKeys.url(STATUS_CHANGE_URLS.list) }),
    queryClient.invalidateQueries({ queryKey: statusChangeKeys.details }),
    queryClient.invalidateQueries({ queryKey: ['applications', 'todo-count'] }),
  ]);
}

/** The route's loader: the first page, beside the screen's chunk. */
export async function loadStatusChangeScreen(queryClient: QueryClient, search: StatusChangeSearchParams): Promise<void> {
  await queryClient.ensureQueryData(tableQueryOptions(statusChangeListInput(search))).catch(() => undefined);
}
