import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { parseSelectorCode } from '../../../../contracts/selector-constants';
import { tableKeys, useTableQuery, type TableQueryInput } from '../../../components/table/table-query';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';

/** The people ids of a selector value (`U_<id>,…`); other codes (orgs, roles) are left out. */
export const peopleIdsOf = (value: string): string[] =>
  value
    .split(',')
    .map((code) => parseSelectorCode(code.trim()))
    .flatMap((parsed) => (parsed?.type === 'people' && parsed.value ? [parsed.value] : []));

export interface MembersDrawerOptions {
  /** the member list's query for the search in force */
  list: (search: { keyword: string; page: number; size: number }) => TableQueryInput;
  add: (userIds: string[]) => Promise<unknown>;
  remove: (userIds: string[]) => Promise<unknown>;
  /** after a change went through, besides the list read again (the caller's counts are stale) */
  changed: () => unknown;
  /** what notify says (the area's catalog holds the strings) */
  said: { added: string; removed: string; cancelled: string };
}

/**
 * What the 成员 drawers of 系统管理 (组织机构, 角色管理) do alike: the member list with its search and
 * paging, the ticked members, the people chosen to add, and removal asked first. Every action runs with
 * the busy flag; one that went through says so, empties the selection and reads the list again, one the
 * server refused shows its msg as an error.
 */
export function useMembersDrawer<Row>({ list, add, remove, changed, said }: MembersDrawerOptions) {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const input = list({ keyword: applied, page, size });
  const table = useTableQuery<Row>(input);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  /** runs `action` with the busy flag; `settle` runs after it either way (before the reload) */
  const run = async (action: () => Promise<unknown>, done: string, settle?: () => void) => {
    setBusy(true);
    try {
      await action();
      settle?.();
      notify.success(done);
      setSelected(new Set());
      await Promise.all([queryClient.invalidateQueries({ queryKey: tableKeys.url(input.url) }), changed()]);
    } catch (error) {
      settle?.();
      reportFailure(error, 'error');
    } finally {
      setBusy(false);
    }
  };

  return {
    table,
    page,
    size,
    keyword,
    setKeyword,
    /** applies the typed keyword from the first page */
    search: () => {
      setApplied(keyword.trim());
      setPage(0);
    },
    onPageChange: (nextPage: number, nextSize: number) => {
      setPage(nextPage);
      setSize(nextSize);
    },
    selected,
    setSelected,
    /** the selector's value: the people to add */
    adding,
    setAdding: (value: string) => setAdding(value),
    addable: peopleIdsOf(adding).length > 0,
    add: async () => {
      const ids = peopleIdsOf(adding);
      if (ids.length) await run(() => add(ids).then(() => setAdding('')), said.added);
    },
    /** the ids the confirm dialog is about to remove (null: no dialog) */
    removing,
    askRemove: (ids: string[]) => setRemoving(ids),
    cancelRemove: () => {
      notify.info(said.cancelled);
      setRemoving(null);
    },
    confirmRemove: async () => {
      const ids = removing;
      if (ids) await run(() => remove(ids), said.removed, () => setRemoving(null));
    },
    busy,
    run,
  };
}

export type MembersDrawerState<Row> = ReturnType<typeof useMembersDrawer<Row>>;
