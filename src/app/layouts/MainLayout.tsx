import { Box, CloseButton, Drawer, Flex, HStack, Portal, useMediaQuery } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PermissionPayload } from '../../../contracts/session';
import { BlockingDialog } from '../../components/BlockingDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { GrantsProvider } from '../../components/Permission';
import { authKeys } from '../../features/auth/api';
import { MessageBell } from '../../features/messages/MessageBell';
import { getConfig } from '../../lib/config';
import { normalisePath } from '../../lib/menus';
import { buildNavEntries, splitByPlacement } from '../../lib/nav';
import { getStoredTheme, switchTheme, type ThemeId } from '../../lib/themes';
import { HOME_PATH } from '../../lib/tabs';
import { assessPermission } from '../navigation';
import { forgetAndLeave } from '../session-actions';
import { useLogout } from './useLogout';
import { FullscreenToggle, LanguageMenu, RefreshMenusButton, ThemeMenu } from './ShellActions';
import { Sidebar, SIDEBAR_FOLDED_WIDTH, SIDEBAR_WIDTH } from './Sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { DRAWER_BELOW_PX, readSidebarOpen, storeSidebarOpen } from './sidebar-state';
import { TabStrip } from './TabStrip';
import { TopBar } from './TopBar';
import { UpdatePrompt } from '../UpdatePrompt';
import { UserMenu } from './UserMenu';

// loads when the user opens it: its form is not part of every page (the /dashboard JS budget)
const ChangePasswordDialog = lazy(() => import('../../features/auth/ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })));

/**
 * The main (authenticated) layout of SPEC §2 Shell: side menu, top bar, tab strip, content.
 * Missing user info or no menus block the app with a dialog that only offers logging in again.
 */
export function MainLayout({ permission }: { permission: PermissionPayload }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
  return <Shell permission={permission} />;
}

function Shell({ permission }: { permission: PermissionPayload }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const config = getConfig();
  const [wide, medium] = useMediaQuery([`(min-width: ${DRAWER_BELOW_PX}px)`, '(min-width: 768px)'], { ssr: false });
  const [sidebarOpen, setSidebarOpen] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [theme, setTheme] = useState<ThemeId>(getStoredTheme);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logout = useLogout();
  // an initial or reset password (用户管理): a new one first (the server refuses other calls until
  // then); after the change the payload and its kept copy say so, so the dialog never comes back
  const queryClient = useQueryClient();
  const [passwordChanged, setPasswordChanged] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const mustChangePassword = permission.userInfo.mustChangePassword === true && !passwordChanged;
  const onPasswordChanged = () => {
    setPasswordChanged(true);
    queryClient.setQueryData<PermissionPayload>(authKeys.permission, (old) => (old ? { ...old, userInfo: { ...old.userInfo, mustChangePassword: false } } : old));
    void queryClient.invalidateQueries({ queryKey: authKeys.permission });
  };

  const { left, top } = useMemo(() => {
    const placed = splitByPlacement(permission.menus);
    return {
      // home has its own fixed entry at the top of the sidebar
      left: buildNavEntries(placed.left.filter((menu) => normalisePath(menu.menuurl) !== HOME_PATH)),
      top: buildNavEntries(placed.top),
    };
  }, [permission.menus]);

  const setSidebar = (open: boolean) => {
    setSidebarOpen(open);
    storeSidebarOpen(open);
  };
  const changeTheme = (next: ThemeId) => {
    switchTheme(next);
    setTheme(next);
  };
  const user = permission.userInfo;
  const displayName = user.name || user.username;
  const folded = wide && !sidebarOpen;
  // what <Permission> gates and permission-gated widgets (import button…) check against
  const grants = useMemo(() => ({ permissions: permission.permission, roles: permission.roles }), [permission]);
  // the sticky header's height as --shell-header-h, so a screen's own pinned bar sits under it
  const headerRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const header = headerRef.current;
    const column = header?.parentElement;
    if (!header || !column || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => column.style.setProperty('--shell-header-h', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  return (
    <GrantsProvider value={grants}>
      <Flex minH="100dvh" bg="bg.subtle">
        <SkipLink />
        {wide ? (
          <Box
            as="aside"
            w={folded ? SIDEBAR_FOLDED_WIDTH : SIDEBAR_WIDTH}
            flexShrink={0}
            position="sticky"
            top="0"
            h="100dvh"
            transition="width 0.2s"
            data-folded={folded || undefined}
          >
            <Sidebar entries={left} folded={folded} onUnfold={() => setSidebar(true)} />
          </Box>
        ) : (
          <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW="280px">
                  <Drawer.CloseTrigger asChild position="absolute" top="3" insetEnd="2" zIndex="1">
                    <CloseButton size="sm" color="brand.contrast" aria-label={t`关闭菜单`} />
                  </Drawer.CloseTrigger>
                  <Sidebar entries={left} onNavigate={() => setDrawerOpen(false)} />
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        )}

        <Flex direction="column" flex="1" minW="0">
          <Box ref={headerRef} position="sticky" top="0" zIndex="sticky">
            <TopBar
              menus={permission.menus}
              topEntries={top}
              drawerMode={!wide}
              sidebarOpen={sidebarOpen}
              onToggleSidebar={() => (wide ? setSidebar(!sidebarOpen) : setDrawerOpen(true))}
              actions={
                <HStack gap="0.5">
                  {medium && (
                    <>
                      <RefreshMenusButton />
                      <FullscreenToggle />
                      <LanguageMenu />
                      <ThemeMenu theme={theme} onThemeChange={changeTheme} />
                    </>
                  )}
                  <MessageBell />
                  <UserMenu
                    displayName={displayName}
                    canChangePassword={config.loginType !== 'ids'}
                    compact={!medium}
                    theme={theme}
                    onThemeChange={changeTheme}
                    onHome={() => void navigate({ to: HOME_PATH })}
                    onChangePassword={() => setChangingPassword(true)}
                    onLogout={() => setConfirmLogout(true)}
                  />
                </HStack>
              }
            />
            <TabStrip permission={permission} />
          </Box>
          <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" p={{ base: '3', md: '5' }} minW="0">
            <Outlet />
          </Box>
        </Flex>

        {/* registers the service worker; an update waits for the user, so typed input is never lost */}
        <UpdatePrompt />
        {(mustChangePassword || changingPassword) && (
          <Suspense fallback={null}>
            <ChangePasswordDialog
              open
              required={mustChangePassword ? { onLogout: () => void logout.logOut(() => undefined) } : undefined}
              onChanged={onPasswordChanged}
              onClose={() => setChangingPassword(false)}
            />
          </Suspense>
        )}
        <ConfirmDialog
          open={confirmLogout}
          title={<Trans>提示</Trans>}
          busy={logout.busy}
          onCancel={() => setConfirmLogout(false)}
          onConfirm={() => logout.logOut(() => setConfirmLogout(false))}
        >
          <Trans>确定注销并退出系统吗？</Trans>
        </ConfirmDialog>
      </Flex>
    </GrantsProvider>
  );
}
