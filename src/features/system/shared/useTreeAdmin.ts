import { useEffect, useState } from 'react';
import type { TreeMove } from '../../../components/tree/TreeTable';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';

export interface TreeAdminOptions {
  /** the screen's ?keyword= and how to change it */
  search: { keyword?: string };
  onSearchChange: (next: { keyword?: string }) => void;
  remove: (id: string) => Promise<unknown>;
  move: (id: string, move: TreeMove) => Promise<unknown>;
  /** after a delete or move that went through */
  changed: () => Promise<unknown>;
  /** after a refused one: the tree as the server has it */
  reload: () => Promise<unknown>;
  /** what notify says after a delete / a move (the screen's catalog holds the strings) */
  said: { deleted: string; moved: string };
}

/**
 * What the tree screens of 系统管理 (菜单管理, 组织机构) do alike around their TreeTable: the search box
 * (typed text, synced from ?keyword=; search / reset), delete with ConfirmDelete (a refusal reported as
 * a warning, the tree read again) and drag-to-move (a refusal reported as an error, the tree read again).
 */
export function useTreeAdmin<Node extends { id: string }>({ search, onSearchChange, remove, move, changed, reload, said }: TreeAdminOptions) {
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  useEffect(() => setKeyword(search.keyword ?? ''), [search.keyword]);
  const [deleting, setDeleting] = useState<Node | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmRemove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting.id);
      notify.success(said.deleted);
      setDeleting(null);
      await changed();
    } catch (error) {
      setDeleting(null);
      reportFailure(error);
      await reload();
    } finally {
      setBusy(false);
    }
  };

  const onMove = async (id: string, to: TreeMove) => {
    try {
      await move(id, to);
      notify.success(said.moved);
      await changed();
    } catch (error) {
      reportFailure(error, 'error');
      await reload();
    }
  };

  return {
    /** the filter in force (?keyword=) */
    filter: search.keyword ?? '',
    /** SearchTextField's value / onChange */
    keyword,
    setKeyword,
    /** SearchHeader's onSearch / onReset */
    onSearch: () => onSearchChange(keyword.trim() ? { keyword: keyword.trim() } : {}),
    onReset: () => {
      setKeyword('');
      onSearchChange({});
    },
    /** the row whose delete asks (ConfirmDelete open while set) */
    deleting,
    setDeleting,
    /** ConfirmDelete's busy / onConfirm */
    busy,
    confirmRemove: () => void confirmRemove(),
    /** TreeTable's onMove */
    onMove: (id: string, to: TreeMove) => void onMove(id, to),
  };
}
