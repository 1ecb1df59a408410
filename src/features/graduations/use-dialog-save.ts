import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { HttpError } from '../../lib/http';

/**
 * The save of 毕业管理's dialogs (办理毕业, 留级): the error the dialog shows, a refusal of the
 * dialog's own checks (shown, nothing sent), and the server's answer — its message shown, the list
 * reloaded when someone else changed the student meanwhile (data.stale). FormShell keeps the dialog
 * open while the save throws.
 */
export function useDialogSave(onStale: () => void) {
  const { t } = useLingui();
  const [error, setError] = useState('');
  const refuse = (message: string): never => {
    setError(message);
    throw new Error('invalid');
  };
  const run = async (send: () => Promise<void>) => {
    setError('');
    try {
      await send();
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`操作失败`);
      if (failure instanceof HttpError && (failure.data as { stale?: boolean } | null)?.stale) onStale();
      throw failure;
    }
  };
  return { error: error || undefined, refuse, run };
}
