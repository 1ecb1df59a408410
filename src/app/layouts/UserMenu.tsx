import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDownIcon, ChevronRightIcon, HomeIcon, KeyIcon, LogoutIcon, PaletteIcon, RefreshIcon } from '../../components/icons';
import { refreshPermissions } from '../../features/auth/account-api';
import { LanguageItems, ThemeItems, type ThemeChoice } from './ShellActions';

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

/** The avatar dropdown of SPEC §2: dashboard, theme picker, change password, log out. */
export function UserMenu({ displayName, canChangePassword, compact, onHome, onChangePassword, onLogout, ...theme }: UserMenuProps) {
  const { t } = useLingui();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'home') onHome();
        else if (value === 'password') onChangePassword();
        else if (value === 'logout') onLogout();
        else if (value === 'refresh') void refreshPermissions().then((reload) => reload && location.reload(), () => undefined);
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="md" px="1.5" gap="2" aria-label={t`用户菜单：${displayName}`} data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="brand">
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
            <Menu.Separator />
            <Menu.Item value="logout" minH="10">
              <LogoutIcon boxSize="4" />
              <Trans>退出登录</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

