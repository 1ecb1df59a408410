import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DICT_QUERY_KEY } from '../../../../contracts/dict-rules';
import type { DictEntryRow, DictEntrySaveRequest, DictTypeRow, DictTypeSaveRequest } from '../../../../contracts/dicts';
import type { TableAData } from '../../../../contracts/envelope';
import { tableARequestOf, tableKeys, type TableQueryInput } from '../../../components/table/table-query';
import { downloadFile } from '../../../lib/download';
import { post } from '../../../lib/http';
import type { DictSearchParams } from './search';

/** 数据字典's calls (contracts/dicts.ts; server/modules/dicts). */
export const DICT_URLS = {
  types: '/api/dict/types/list',
  typeSave: '/api/dict/types/save',
  typeDelete: '/api/dict/types/delete',
  entries: '/api/dict/getDictDataList',
  entrySave: '/api/dict/entries/save',
  entryDelete: '/api/dict/entries/delete',
  export: '/api/dict/export',
} as const;

const typesKey = ['system', 'dict-types'] as const;

/** Every type (the list on the left filters it on the device): kept off the device cache, it is admin data. */
export const dictTypesQuery = queryOptions({
  queryKey: typesKey,
  queryFn: ({ signal }) => post<DictTypeRow[]>(DICT_URLS.types, { keyword: '' }, { signal }),
  meta: { persist: false },
});

/** The chosen type's entries (table A of getDictDataList, every field). */
export function entryListInput(search: DictSearchParams, typeCode: string): TableQueryInput {
  const filters: Record<string, unknown> = { typeCode };
  if (search.keyword) filters.keyword = search.keyword;
  if (search.status) filters.status = search.status;
  return { url: DICT_URLS.entries, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10, enabled: Boolean(typeCode) };
}

/** Pages of this many entries are fetched one after another for the parent choices (the list's limit). */
const ALL_PAGE = 500;
/** A type with more entries than this is not offered whole as parents (the form says so). */
export const ALL_ENTRIES_MAX = 20_000;

/**
 * Every entry of a type (parent names in the table, parent choices in the entry form): page after page
 * of the list until the total is reached, so a large dictionary (administrative divisions, subjects) is
 * not cut at one page's 500. `complete` false: more than ALL_ENTRIES_MAX, the rest not fetched.
 */
export const allEntriesQuery = (typeCode: string) =>
  queryOptions({
    queryKey: [...tableKeys.url(DICT_URLS.entries), 'all', typeCode] as const,
    enabled: Boolean(typeCode),
    meta: { persist: false },
    queryFn: async ({ signal }): Promise<{ rows: DictEntryRow[]; total: number; complete: boolean }> => {
      const rows: DictEntryRow[] = [];
      let total = 0;
      for (let page = 0; page * ALL_PAGE < ALL_ENTRIES_MAX; page++) {
        const data = await post<TableAData<DictEntryRow>>(DICT_URLS.entries, tableARequestOf({ filters: { typeCode }, page, size: ALL_PAGE }), { signal });
        const chunk = data?.rows ?? [];
        total = Number(data?.total) || 0;
        rows.push(...chunk);
        if (chunk.length < ALL_PAGE || rows.length >= total) break;
      }
      return { rows, total, complete: rows.length >= total };
    },
  });

export const saveType = (body: DictTypeSaveRequest) => post<{ id: string }>(DICT_URLS.typeSave, body);
export const deleteTypes = (ids: string[]) => post<{ deleted: number }>(DICT_URLS.typeDelete, { ids });
export const saveEntry = (body: DictEntrySaveRequest) => post<{ id: string }>(DICT_URLS.entrySave, body);
export const deleteEntries = (ids: string[]) => post<{ deleted: number }>(DICT_URLS.entryDelete, { ids });
export const exportType = (typeId: string) => downloadFile(DICT_URLS.export, { method: 'GET', params: { typeId } });

/** After a change: the lists here, and every screen's cached dictionaries (selects, labels). */
export async function refreshDicts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: typesKey }),
    queryClient.invalidateQueries({ queryKey: tableKeys.url(DICT_URLS.entries) }),
    queryClient.invalidateQueries({ queryKey: [DICT_QUERY_KEY] }),
  ]);
}
