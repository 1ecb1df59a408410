import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableAData, TableARequest, TableBData, TableBRequest } from '../../../contracts/envelope';
import { HttpError, post } from '../../lib/http';
import { useFailureToast } from '../../lib/notify';

/** A column sort: its key and direction; null = the server's own order. */
export interface TableSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Which generic list contract of SPEC §7 the URL speaks. */
export type TableKind = 'A' | 'B';

export interface TableQueryInput {
  url: string;
  kind: TableKind;
  /** the filters: table A sends them as the `search` JSON string, table B as `params` */
  filters?: Record<string, unknown>;
  /** table B only: the `query` object (extra criteria) */
  query?: Record<string, unknown>;
  /** zero-based page index (the screen's; table B's `current` is derived one-based) */
  page: number;
  size: number;
  sort?: TableSort | null;
  enabled?: boolean;
}

export interface TablePage<Row> {
  rows: Row[];
  total: number;
}

type Paging = Pick<TableQueryInput, 'filters' | 'query' | 'page' | 'size' | 'sort'>;

/** Table A body: `currPage` zero-based, `limit`, `order` + `sortField` (both left out unsorted), `search` JSON, `page` = currPage. */
export function tableARequestOf({ filters, page, size, sort }: Paging): TableARequest {
  return {
    currPage: page,
    limit: size,
    ...(sort ? { order: sort.order, sortField: sort.field } : {}),
    search: JSON.stringify(filters ?? {}),
    page,
  };
}

/** Table B body: `current` ONE-based (MyBatis-Plus), `size`, `orders` [{ asc, column }], `params`, `query`, `page` = current. */
export function tableBRequestOf({ filters, query, page, size, sort }: Paging): TableBRequest {
  const current = page + 1;
  return {
    current,
    size,
    orders: sort ? [{ asc: sort.order === 'asc', column: sort.field }] : [],
    params: filters ?? {},
    query: query ?? {},
    page: current,
  };
}

/** Rows and total of either answer: table A's `data.rows`, table B's `data.list`. */
export function tablePageOf<Row>(kind: TableKind, data: TableAData<Row> | TableBData<Row> | null | undefined): TablePage<Row> {
  if (!data) return { rows: [], total: 0 };
  const rows = kind === 'A' ? (data as TableAData<Row>).rows : (data as TableBData<Row>).list;
  return { rows: Array.isArray(rows) ? rows : [], total: Number(data.total) || 0 };
}

export const tableKeys = {
  all: ['table'] as const,
  url: (url: string) => ['table', url] as const,
};

/** The query options of one table page (POST JSON through lib/http). */
export function tableQueryOptions<Row>(input: TableQueryInput) {
  const body = input.kind === 'A' ? tableARequestOf(input) : tableBRequestOf(input);
  return {
    queryKey: [...tableKeys.url(input.url), input.kind, body] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      tablePageOf<Row>(input.kind, await post<TableAData<Row> | TableBData<Row>>(input.url, body, { signal })),
  };
}

/**
 * One page of a generic table (SPEC §7 table A or B) with TanStack Query; the previous page stays on
 * screen while the next loads. A server failure shows its msg as an error toast and clears rows and
 * total (SPEC §8); no answer at all (offline, server away) keeps the page read last on screen. Page, size, sort and filters belong to the screen (usually its URL search params).
 */
export function useTableQuery<Row>(input: TableQueryInput) {
  const result = useQuery({
    ...tableQueryOptions<Row>(input),
    enabled: input.enabled ?? true,
    placeholderData: keepPreviousData,
  });
  useFailureToast(result.error, `table-error:${input.url}`);
  // SPEC §8 clears a table on a server failure; without an answer the last page read (e.g. persisted
  // for offline use) is still the best there is
  const unreachable = result.error instanceof HttpError && result.error.kind === 'network';
  const failed = result.isError && !unreachable;
  return {
    ...result,
    rows: failed ? [] : (result.data?.rows ?? []),
    total: failed ? 0 : (result.data?.total ?? 0),
    /** first load of this table (nothing to show yet) */
    loading: result.isPending && (input.enabled ?? true),
    /** a new page is on its way while the previous one is shown */
    refreshing: result.isFetching && result.isPlaceholderData,
  };
}

