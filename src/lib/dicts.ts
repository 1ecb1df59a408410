import { queryOptions } from '@tanstack/react-query';
import type { DictItem, DictsData } from '../../contracts/dicts';
import { post } from './http';

/**
 * Dictionaries (`POST /dicts`): the published entries of one type, cached for every screen that
 * shows its labels or offers it in a select.
 */
export const dictQuery = (typeCode: string) =>
  queryOptions({
    queryKey: ['dicts', typeCode] as const,
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
