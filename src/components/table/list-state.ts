import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * A list screen's search fields as typed (applied on 搜索): they start from the URL's and follow the
 * URL when it changes (back, a link, 重置). `fromUrl` is compared by value, so a new object with the
 * same fields keeps what is being typed.
 */
export function useSearchDraft<Draft>(fromUrl: Draft): [Draft, Dispatch<SetStateAction<Draft>>] {
  const [draft, setDraft] = useState(fromUrl);
  const urlFields = JSON.stringify(fromUrl);
  useEffect(() => setDraft(JSON.parse(urlFields) as Draft), [urlFields]);
  return [draft, setDraft];
}

/** The ids of a list's selected rows (selection.tsx), emptied when `list` (its search, compared by value) changes. */
export function useListSelection(list: unknown): [ReadonlySet<string>, Dispatch<SetStateAction<ReadonlySet<string>>>] {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const listKey = JSON.stringify(list);
  useEffect(() => setSelected(new Set()), [listKey]);
  return [selected, setSelected];
}
