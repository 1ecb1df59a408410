import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { useSearchDraft } from '../../../components/table/list-state';
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
  /** what notify says after a move (the screen's catalog holds the string) */
  movedText: string;
}

/**
 * What the tree screens of 系统管理 (菜单管理, 组织机构) do alike around their TreeTable: the search box
 * (typed text, synced from ?keyword=; search / reset), delete behind ConfirmDelete (useConfirmedDelete:
 * a refusal is a warning, the tree read again) and drag-to-move (a refusal reported as an error, the
 * tree read again).
 */
export function useTreeAdmin<Node extends { id: string }>({ search, onSearchChange, remove, move, changed, reload, movedText }: TreeAdminOptions) {
  const [keyword, setKeyword] = useSearchDraft(search.keyword ?? '');
  const removal = useConfirmedDelete<Node>({
    remove: (node) => remove(node.id),
    onDeleted: () => void changed(),
    onFailed: (error) => {
      reportFailure(error);
      return reload();
    },
  });

  const onMove = async (id: string, to: TreeMove) => {
    try {
      await move(id, to);
      notify.success(movedText);
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
    /** opens the delete question for a node */
    askDelete: removal.ask,
    /** ConfirmDelete's open / busy / onCancel / onConfirm */
    deleteDialog: removal.dialog,
    /** TreeTable's onMove */
    onMove: (id: string, to: TreeMove) => void onMove(id, to),
  };
}
