import { Button, type ButtonProps } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { HttpError, requestEnvelope, type HttpMethod } from '../lib/http';
import { notify } from '../lib/notify';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'form'> {
  url: string;
  /** default POST */
  method?: HttpMethod;
  /** the body (e.g. { id }) */
  params?: Record<string, unknown>;
  /** send params form-encoded instead of JSON */
  formEncoded?: boolean;
  /** after the server said result true (msg already shown) */
  onDeleted?: (msg: string) => void;
  children?: ReactNode;
}

/**
 * Deletes after a confirmation (SPEC §7 "Delete button", §8): result true → the server's msg and
 * onDeleted; a failure → a warning with msg; cancelling says 已取消删除操作.
 */
export function DeleteButton({ url, method = 'POST', params, formEncoded, onDeleted, children, ...buttonProps }: DeleteButtonProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      const answer = await requestEnvelope<unknown>(url, method === 'GET' ? { method, params: params as Record<string, string> } : { method, body: params ?? {}, form: formEncoded });
      setAsking(false);
      if (answer.result === false) {
        notify.warning(answer.msg || t`删除失败`);
        return;
      }
      notify.success(answer.msg || t`删除成功`);
      onDeleted?.(answer.msg);
    } catch (error) {
      setAsking(false);
      // transport failures and expiry already told the user
      if (error instanceof HttpError && error.kind === 'failure') notify.warning(error.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button colorPalette="red" variant="outline" size="sm" {...buttonProps} onClick={() => setAsking(true)}>
        {children ?? <Trans>删除</Trans>}
      </Button>
      <ConfirmDialog
        open={asking}
        title={<Trans>提示</Trans>}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => {
          setAsking(false);
          notify.info(t`已取消删除操作`);
        }}
      >
        <Trans>此操作将永久删除所选数据, 是否继续?</Trans>
      </ConfirmDialog>
    </>
  );
}
