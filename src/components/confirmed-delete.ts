import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '../lib/notify';
import { reportFailure } from '../lib/report-failure';

export interface ConfirmedDeleteOptions<Target> {
  /** the screen's delete call for what was asked about (a row, or the selected rows) */
  remove: (target: Target) => Promise<unknown>;
  /** after it went through and 删除成功 was said (clear the selection, leave a deleted type…) */
  onDeleted?: () => void;
  /** a refusal: by default the server's msg as a warning (SPEC §8), nothing twice (lib/report-failure) */
  onFailed?: (error: unknown) => unknown;
  /** after either outcome, the dialog closed: read the list again as the server has it */
  onSettled?: () => Promise<unknown>;
  /** what is said when it went through; default 删除成功 */
  successText?: string;
}

/**
 * A list screen's delete behind ConfirmDelete (SPEC §8): `ask` opens the question for a target,
 * `dialog` is spread on ConfirmDelete (open, busy, cancel, confirm), and confirming runs the delete,
 * says how it went and refreshes. One piece for every screen that deletes rows it lists.
 */
export function useConfirmedDelete<Target>({ remove, onDeleted, onFailed = reportFailure, onSettled, successText }: ConfirmedDeleteOptions<Target>) {
  const { t } = useLingui();
  const [target, setTarget] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      notify.success(successText ?? t`删除成功`);
      onDeleted?.();
    } catch (error) {
      await onFailed(error);
    } finally {
      setTarget(null);
      setBusy(false);
    }
    await onSettled?.();
  };

  return {
    /** what the open question is about (null: closed) */
    target,
    /** opens the question (stable: safe in a memoised column) */
    ask: setTarget as (target: Target) => void,
    /** ConfirmDelete's open / busy / onCancel / onConfirm */
    dialog: { open: target !== null, busy, onCancel: () => setTarget(null), onConfirm: () => void confirm() },
  };
}
