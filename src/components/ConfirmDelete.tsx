import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { notify } from '../lib/notify';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmDeleteProps {
  open: boolean;
  busy?: boolean;
  /** what is deleted, e.g. 删除角色 */
  title: ReactNode;
  /** more to say under the SPEC question (e.g. what goes with it) */
  children?: ReactNode;
  /** after 取消 (已取消删除操作 was said): close it */
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The delete confirm of SPEC §8 for a screen's own delete calls (one row or the selected ones): asks
 * 此操作将永久删除所选数据, 是否继续? and on 取消 says 已取消删除操作. (DeleteButton is the same for one
 * URL-described delete.) The screen runs the delete on confirm and reports a refusal as a warning
 * (lib/report-failure.ts).
 */
export function ConfirmDelete({ open, busy, title, children, onCancel, onConfirm }: ConfirmDeleteProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={title}
      onCancel={() => {
        notify.info(t`已取消删除操作`);
        onCancel();
      }}
      onConfirm={onConfirm}
    >
      <Trans>此操作将永久删除所选数据, 是否继续?</Trans>
      {children}
    </ConfirmDialog>
  );
}
