import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { removeFile } from '../../lib/files';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';

/** Delete with confirmation (SPEC §7 /file/remove/{resId} "after confirmation", §8 texts). */
export function useRemoveFile(value: readonly string[], onChange: (value: string[]) => void) {
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const answer = await removeFile(pending);
      if (answer.result === false) {
        notify.warning(answer.msg || t`删除失败`);
      } else {
        onChange(value.filter((id) => id !== pending));
      }
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') notify.warning(error.msg);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const cancel = () => {
    setPending(null);
    notify.info(t`已取消删除操作`);
  };

  return { pending, busy, ask: setPending, confirm, cancel };
}
