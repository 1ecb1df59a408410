import { Avatar, Box, Button, CloseButton, Drawer, Flex, HStack, IconButton, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PermissionPayload } from '../../../contracts/session';
import { BlockingDialog } from '../../components/BlockingDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LogoutIcon, MenuIcon } from '../../components/icons';
import { LanguageToggle } from '../../components/LanguageToggle';
import { findMenuByPath, menuTitle } from '../../lib/menus';
import { assessPermission } from '../navigation';
import { forgetAndLeave, logoutAndLeave } from '../session-actions';
import { Sidebar } from './Sidebar';

const SIDEBAR_WIDTH = '240px';

/**
 * The main (authenticated) layout, minimal until the full shell issue: sidebar with the menu tree
 * (a drawer below md), top bar with the current title, user name, language toggle and logout.
 * Missing user info or no menus block the app with a dialog that only offers logging in again.
 */
export function MainLayout({ permission }: { permission: PermissionPayload }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const toLogin = () => navigate({ to: '/login', replace: true });

  const assessment = assessPermission(permission);
  if (assessment !== 'ok') {
    return (
      <BlockingDialog
        open
        testId="permission-blocked-dialog"
        title={<Trans>提示</Trans>}
        actionLabel={<Trans>重新登录</Trans>}
        onAction={() => void forgetAndLeave(queryClient, toLogin)}
      >
        {assessment === 'no-user' ? <Trans>系统中没有该用户的信息</Trans> : <Trans>抱歉，您没有权限</Trans>}
      </BlockingDialog>
    );
  }

  const user = permission.userInfo;
  const menu = findMenuByPath(permission.menus, pathname);
  const title = pathname === '/dashboard' ? t`首页` : menu ? menuTitle(menu, i18n.locale) : '';
  const displayName = user.name || user.username;

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Box
        display={{ base: 'none', md: 'block' }}
        w={SIDEBAR_WIDTH}
        flexShrink={0}
        position="sticky"
        top="0"
        h="100dvh"
      >
        <Sidebar menus={permission.menus} />
      </Box>

      <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="280px">
              <Drawer.CloseTrigger asChild position="absolute" top="2" insetEnd="2" zIndex="1">
                <CloseButton size="sm" color="white" aria-label={t`关闭菜单`} />
              </Drawer.CloseTrigger>
              <Sidebar menus={permission.menus} onNavigate={() => setDrawerOpen(false)} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          position="sticky"
          top="0"
          zIndex="sticky"
          h="14"
          px={{ base: '2', md: '4' }}
          gap="2"
          align="center"
          bg="bg.panel"
          borderBottomWidth="1px"
        >
          <IconButton
            display={{ base: 'inline-flex', md: 'none' }}
            variant="ghost"
            size="sm"
            aria-label={t`打开菜单`}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Text fontWeight="semibold" truncate flex="1" minW="0">
            {title}
          </Text>
          <HStack gap={{ base: '1', md: '3' }} flexShrink={0}>
            <LanguageToggle />
            <HStack gap="2" display={{ base: 'none', sm: 'flex' }} data-testid="current-user">
              <Avatar.Root size="xs" colorPalette="brand">
                <Avatar.Fallback name={displayName} />
              </Avatar.Root>
              <Text fontSize="sm" maxW="40" truncate>
                {displayName}
              </Text>
            </HStack>
            <Button size="sm" variant="outline" onClick={() => setConfirmLogout(true)}>
              <LogoutIcon />
              <Trans>退出登录</Trans>
            </Button>
          </HStack>
        </Flex>
        <Box as="main" flex="1" p={{ base: '3', md: '6' }} minW="0">
          <Outlet />
        </Box>
      </Flex>

      <ConfirmDialog
        open={confirmLogout}
        title={<Trans>提示</Trans>}
        busy={loggingOut}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={async () => {
          setLoggingOut(true);
          try {
            await logoutAndLeave(queryClient, toLogin);
          } finally {
            setLoggingOut(false);
            setConfirmLogout(false);
          }
        }}
      >
        <Trans>确定注销并退出系统吗？</Trans>
      </ConfirmDialog>
    </Flex>
  );
}
