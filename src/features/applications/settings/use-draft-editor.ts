import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { hasErrors } from './rules';

export interface DraftEditing<Row, Draft> {
  /** absent for a new record */
  row?: Row;
  draft: Draft;
  /** a save was tried: every rule's message shows, not only the as-typed ones */
  tried: boolean;
  /** a fresh drawer per opening */
  key: number;
}

/**
 * The drawer editing of a settings list (audit flows, non-selectable periods): open a new or existing
 * record, change its draft, save it (the rules first, then the server; a refusal keeps the drawer and
 * the input), then close and refresh the list.
 */
export function useDraftEditor<Row, Draft>({
  errorsOf,
  submit,
  onSaved,
}: {
  errorsOf: (draft: Draft) => object;
  submit: (draft: Draft, row: Row | undefined) => Promise<unknown>;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<DraftEditing<Row, Draft> | null>(null);
  // stable, so the lists' columns (which open the drawer) are not rebuilt on every render
  const open = useCallback((draft: Draft, row?: Row) => setEditing({ row, draft, tried: false, key: Date.now() }), []);
  const close = useCallback(() => setEditing(null), []);
  const setDraft = useCallback((draft: Draft) => setEditing((current) => (current ? { ...current, draft } : current)), []);
  /** FormShell's onSave: a rejection keeps the drawer open */
  const save = async () => {
    if (!editing) return;
    if (hasErrors(errorsOf(editing.draft))) {
      setEditing({ ...editing, tried: true });
      throw new Error('rules');
    }
    try {
      await submit(editing.draft, editing.row);
    } catch (error) {
      notify.error(error instanceof HttpError ? error.msg : t`保存失败`);
      throw error;
    }
    notify.success(t`保存成功`);
    setEditing(null);
    await onSaved();
  };
  return { editing, open, close, setDraft, save };
}
