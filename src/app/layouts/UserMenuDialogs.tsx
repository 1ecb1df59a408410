import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLogout } from './useLogout';

export interface UserMenuDialogsProps {
  /** logging out with writes still queued: they stay on this device for this user (OFFLINE.md §8) */
  warnLogout: boolean;
  pending: number;
  onWarnLogoutClose: () => void;
  /** how to install the app on iOS (Safari offers no install prompt) */
  iosHelp: boolean;
  onIosHelpClose: () => void;
}

/** The user menu's dialogs, loaded lazily by UserMenu when one of them opens. */
export function UserMenuDialogs({ warnLogout, pending, onWarnLogoutClose, iosHelp, onIosHelpClose }: UserMenuDialogsProps) {
  const logout = useLogout();
  return (
    <>
      <ConfirmDialog
        open={warnLogout}
        title={<Trans>提示</Trans>}
        busy={logout.busy}
        confirmLabel={<Trans>仍然退出</Trans>}
        onCancel={onWarnLogoutClose}
        onConfirm={() => logout.logOut(onWarnLogoutClose)}
      >
        <Stack gap="2" data-testid="logout-pending-warning">
          <Text>
            <Trans>还有 {pending} 条修改尚未发送到服务器。</Trans>
          </Text>
          <Text>
            <Trans>退出后它们仍保存在本设备上，您再次登录后会自动发送；其他账号看不到它们。确定注销并退出系统吗？</Trans>
          </Text>
        </Stack>
      </ConfirmDialog>
      <Dialog.Root open={iosHelp} onOpenChange={(details) => !details.open && onIosHelpClose()} placement="center" size={{ base: 'xs', sm: 'sm' }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="ios-install-help">
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>添加到主屏幕</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="2" fontSize="sm">
                  <Text>
                    <Trans>在 Safari 中点按底部的“分享”按钮，然后选择“添加到主屏幕”。</Trans>
                  </Text>
                  <Text color="fg.muted">
                    <Trans>之后从主屏幕图标打开校务，即使没有网络也能使用。</Trans>
                  </Text>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="brand" onClick={onIosHelpClose}>
                  <Trans>知道了</Trans>
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
