import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { ChevronDownIcon, ChevronRightIcon, HomeIcon, KeyIcon, LogoutIcon, makeIcon, PaletteIcon, RefreshIcon } from '../../components/icons';
import { refreshMenusNow } from '../../lib/menu-refresh';
import { promptInstall, useInstallMode } from '../../lib/offline/install';
import { usePendingCount } from '../../lib/offline/outbox';
import { LanguageItems, ThemeItems, type ThemeChoice } from './ShellActions';

// the two dialogs load when one opens: they are not part of every page (the /dashboard JS budget);
// the service worker precaches their chunk, so they open offline too
const UserMenuDialogs = lazy(() => import('./UserMenuDialogs').then((module) => ({ default: module.UserMenuDialogs })));

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
      {(warnLogout || iosHelp) && (
        <Suspense fallback={null}>
          <UserMenuDialogs
            warnLogout={warnLogout}
            pending={pending}
            onWarnLogoutClose={() => setWarnLogout(false)}
            iosHelp={iosHelp}
            onIosHelpClose={() => setIosHelp(false)}
          />
        </Suspense>
      )}
    </>
  );
}

