import { Avatar, Button, Dialog, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ChevronDownIcon, ChevronRightIcon, HomeIcon, KeyIcon, LogoutIcon, makeIcon, PaletteIcon, RefreshIcon } from '../../components/icons';
import { refreshMenusNow } from '../../lib/menu-refresh';
import { promptInstall, useInstallMode } from '../../lib/offline/install';
import { usePendingCount } from '../../lib/offline/outbox';
import { useLogout } from './useLogout';
import { LanguageItems, ThemeItems, type ThemeChoice } from './ShellActions';

const InstallIcon = /* @__PURE__ */ makeIcon(<path d="M12 3v12m0 0 4-4m-4 4-4-4M5 21h14" />);

export interface UserMenuProps extends ThemeChoice {
  displayName: string;
  /** hidden for the identity-server login type (the password lives there) */
  canChangePassword: boolean;
  /** narrow screens: the top bar's language select and menu refresh move in here */
  compact: boolean;
  onHome: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

/**
 * The avatar dropdown of SPEC §2: dashboard, theme picker, change password, install the app (where
 * the browser allows it, or how to on iOS), log out. Logging out with writes still queued warns first:
 * they stay on this device for this user and are sent after the next login (OFFLINE.md §8).
 */
export function UserMenu({ displayName, canChangePassword, compact, onHome, onChangePassword, onLogout, ...theme }: UserMenuProps) {
  const { t } = useLingui();
  const pending = usePendingCount();
  const install = useInstallMode();
  const [warnLogout, setWarnLogout] = useState(false);
  const logout = useLogout();
  const [iosHelp, setIosHelp] = useState(false);
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'home') onHome();
          else if (value === 'password') onChangePassword();
          else if (value === 'logout') {
            if (pending > 0) setWarnLogout(true);
            else onLogout();
          } else if (value === 'install') {
            if (install === 'prompt') void promptInstall();
            else setIosHelp(true);
          } else if (value === 'refresh') void refreshMenusNow().catch(() => undefined);
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" size="md" px="1.5" gap="2" aria-label={t`用户菜单：${displayName}`} data-testid="user-menu">
            {/* the initials repeat the name: left out of the name's comparison with what is shown (label in name) */}
            <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
              <Avatar.Fallback name={displayName} />
            </Avatar.Root>
            <Text as="span" fontSize="sm" maxW="32" truncate display={{ base: 'none', sm: 'inline' }} data-testid="current-user">
              {displayName}
            </Text>
            <ChevronDownIcon boxSize="3" color="fg.muted" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="44">
              <Menu.Item value="home" minH="10">
                <HomeIcon boxSize="4" />
                <Trans>首页</Trans>
              </Menu.Item>
              <Menu.Root positioning={{ placement: 'left-start', gutter: 4 }}>
                <Menu.TriggerItem minH="10">
                  <PaletteIcon boxSize="4" />
                  <Text as="span" flex="1">
                    <Trans>主题</Trans>
                  </Text>
                  <ChevronRightIcon boxSize="3" />
                </Menu.TriggerItem>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content minW="36">
                      <ThemeItems {...theme} />
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
              {compact && (
                <>
                  <Menu.Item value="refresh" minH="10">
                    <RefreshIcon boxSize="4" />
                    <Trans>刷新菜单</Trans>
                  </Menu.Item>
                  <Menu.Separator />
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel>
                      <Trans>语言</Trans>
                    </Menu.ItemGroupLabel>
                    <LanguageItems />
                  </Menu.ItemGroup>
                </>
              )}
              {canChangePassword && (
                <Menu.Item value="password" minH="10">
                  <KeyIcon boxSize="4" />
                  <Trans>修改密码</Trans>
                </Menu.Item>
              )}
              {install && (
                <Menu.Item value="install" minH="10" data-testid="install-app">
                  <InstallIcon boxSize="4" />
                  <Trans>安装应用</Trans>
                </Menu.Item>
              )}
              <Menu.Separator />
              <Menu.Item value="logout" minH="10">
                <LogoutIcon boxSize="4" />
                <Trans>退出登录</Trans>
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={warnLogout}
        title={<Trans>提示</Trans>}
        busy={logout.busy}
        confirmLabel={<Trans>仍然退出</Trans>}
        onCancel={() => setWarnLogout(false)}
        onConfirm={() => logout.logOut(() => setWarnLogout(false))}
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
      <Dialog.Root open={iosHelp} onOpenChange={(details) => setIosHelp(details.open)} placement="center" size={{ base: 'xs', sm: 'sm' }}>
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
                <Button colorPalette="brand" onClick={() => setIosHelp(false)}>
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

