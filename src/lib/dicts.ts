import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DICT_QUERY_KEY } from '../../contracts/dict-rules';
import type { DictItem, DictRevisionData, DictsData } from '../../contracts/dicts';
import { lastTenant } from './config';
import { post } from './http';

/**
 * Dictionaries (`POST /dicts`): the published entries of one type, cached for every screen that
 * shows its labels or offers it in a select (persisted on the device with the other cached reads).
 */
export const dictQuery = (typeCode: string) =>
  queryOptions({
    queryKey: [DICT_QUERY_KEY, typeCode] as const,
    queryFn: async ({ signal }) => (await post<DictsData>('/dicts', { typeArr: [typeCode] }, { signal }))[typeCode] ?? [],
    staleTime: 10 * 60_000,
  });

/** An entry's name in the reader's language (English name when there is one). */
export const dictItemName = (item: DictItem, locale: string): string => (locale === 'en' && item.nameEn ? item.nameEn : item.name);

/** The name of `code` in `items`, or the code itself when the dictionary has no such entry. */
export function dictLabel(items: readonly DictItem[] | undefined, code: string, locale: string): string {
  const item = items?.find((entry) => entry.code === code);
  return item ? dictItemName(item, locale) : code;
}

const revisionKey = () => `xiaowu-dicts-revision:${lastTenant()}`;

/**
 * "Dictionary changes reach offline caches on the next online start": asks the server's dictionary
 * revision (`POST /api/dict/revision`, a few counts) and, when it moved since this device last
 * looked, fetches every cached dictionary again, also those no screen shows now, so a later offline
 * visit finds the new names (an online start otherwise only refetches what is used). A dictionary
 * that cannot be fetched keeps its cached copy. Offline or on failure nothing changes. Resolves
 * whether the revision moved.
 */
export async function syncDictRevision(
  queryClient: QueryClient,
  fetchRevision: () => Promise<DictRevisionData> = () => post<DictRevisionData>('/api/dict/revision', {}, { quiet: true }),
): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  let revision: string;
  try {
    ({ revision } = await fetchRevision());
  } catch {
    return false;
  }
  let known: string | null;
  try {
    known = localStorage.getItem(revisionKey());
  } catch {
    known = null;
  }
  if (known === revision) return false;
  // fetched through dictQuery: a query restored from the device has no queryFn until a screen
  // uses it, so invalidating it would fail silently and leave the old names
  const cached = queryClient.getQueryCache().findAll({ queryKey: [DICT_QUERY_KEY] });
  await Promise.all(cached.map((query) => queryClient.fetchQuery({ ...dictQuery(String(query.queryKey[1])), staleTime: 0 }).catch(() => undefined)));
  try {
    localStorage.setItem(revisionKey(), revision);
  } catch {
    // private mode: the next start checks again
  }
  return true;
}
