import { Box, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { PermissionPayload } from '../../../contracts/session';
import { CloseIcon, MoreIcon } from '../../components/icons';
import { findMenuForPage, menuTitle, normalisePath } from '../../lib/menus';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  isHome,
  loadTabs,
  saveTabs,
  samePath,
  tabStorageKey,
  visitTab,
  type PageTab,
  type TabChange,
} from '../../lib/tabs';

/**
 * The open pages of a user (rules in lib/tabs.ts), stored per school and account in localStorage.
 * Each page the layout shows becomes (or updates) a tab, with its full address.
 */
function usePageTabs(permission: PermissionPayload) {
  const navigate = useNavigate();
  const location = useRouterState({ select: (state) => state.location });
  const storageKey = tabStorageKey(permission.userInfo.tenant, permission.userInfo.id);
  // Only the user's pages become tabs: not /login while leaving, nor a path a guard sends to /404.
  const isOpenable = (path: string) => isHome(path) || Boolean(findMenuForPage(permission.menus, path));
  // A screen's sub-pages (/xssw/xskq/roll) share their menu's tab, which keeps the last address.
  const tabPathOf = (path: string) => {
    const menu = isHome(path) ? undefined : findMenuForPage(permission.menus, path);
    return menu ? normalisePath(menu.menuurl) : path;
  };
  const activePath = tabPathOf(location.pathname);
  const visit = (current: PageTab[]) =>
    isOpenable(location.pathname) ? visitTab(current, tabPathOf(location.pathname), location.href) : current;
  const [tabs, setTabs] = useState<PageTab[]>(() => visit(loadTabs(localStorage, storageKey, isOpenable)));
  // A visit (or new search parameters on the same page) updates the strip during render.
  const [seenHref, setSeenHref] = useState(location.href);
  if (seenHref !== location.href) {
    setSeenHref(location.href);
    setTabs(visit);
  }
  useEffect(() => saveTabs(localStorage, storageKey, tabs), [storageKey, tabs]);

  const apply = ({ tabs: next, navigateTo }: TabChange) => {
    setTabs(next);
    if (navigateTo) void navigate({ href: navigateTo });
  };
  return {
    tabs,
    activePath,
    close: (path: string) => apply(closeTab(tabs, path, location.pathname)),
    closeOthers: (path: string) => apply(closeOtherTabs(tabs, path, location.pathname)),
    closeAll: () => apply(closeAllTabs(tabs, location.pathname)),
  };
}

/** The tab strip of SPEC §2: visited pages, home first and fixed; close one, the others, or all. */
export function TabStrip({ permission }: { permission: PermissionPayload }) {
  const { t, i18n } = useLingui();
  const { tabs, activePath, close, closeOthers, closeAll } = usePageTabs(permission);
  const titleOf = (tab: PageTab) => {
    if (isHome(tab.path)) return t`首页`;
    const menu = findMenuForPage(permission.menus, tab.path);
    return menu ? menuTitle(menu, i18n.locale) : tab.path;
  };
  const activeIsHome = isHome(activePath);
  const listRef = useRef<HTMLDivElement>(null);
  // The active tab scrolls into view on narrow screens, where the strip scrolls sideways.
  useEffect(() => {
    listRef.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);

  return (
    <Flex as="nav" aria-label={t`已打开的页面`} align="stretch" h="11" bg="bg.panel" borderBottomWidth="1px" data-testid="tab-strip">
      <Flex
        as="ul"
        ref={listRef}
        flex="1"
        minW="0"
        gap="1"
        px="2"
        py="1"
        overflowX="auto"
        css={{ scrollbarWidth: 'thin' }}
        listStyleType="none"
      >
        {tabs.map((tab) => {
          const active = samePath(tab.path, activePath);
          const title = titleOf(tab);
          return (
            <Box as="li" key={tab.path} flexShrink={0}>
              <Flex
                align="center"
                h="full"
                borderRadius="l2"
                borderWidth="1px"
                borderColor={active ? 'brand.solid' : 'border'}
                bg={active ? 'brand.solid' : 'bg'}
                color={active ? 'brand.contrast' : 'fg'}
                fontSize="sm"
                data-testid="page-tab"
                data-active={active || undefined}
              >
                <Box
                  asChild
                  display="flex"
                  alignItems="center"
                  h="full"
                  ps="3"
                  pe={isHome(tab.path) ? '3' : '1'}
                  maxW="48"
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                >
                  <Link to={tab.href as '/'} aria-current={active ? 'page' : undefined}>
                    <Text as="span" truncate>
                      {title}
                    </Text>
                  </Link>
                </Box>
                {!isHome(tab.path) && (
                  <IconButton
                    variant="ghost"
                    size="xs"
                    minW="7"
                    h="7"
                    // touch screens: a 44 px target
                    css={{ '@media (pointer: coarse)': { minW: '11', h: '11' } }}
                    me="0.5"
                    color="inherit"
                    _hover={{ bg: active ? 'brand.contrast/20' : 'bg.emphasized' }}
                    aria-label={t`关闭 ${title}`}
                    onClick={() => close(tab.path)}
                  >
                    <CloseIcon boxSize="3" />
                  </IconButton>
                )}
              </Flex>
            </Box>
          );
        })}
      </Flex>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'close') close(activePath);
          else if (value === 'others') closeOthers(activePath);
          else if (value === 'all') closeAll();
        }}
      >
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" h="full" borderRadius="0" borderStartWidth="1px" aria-label={t`标签操作`}>
            <MoreIcon />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="36">
              <Menu.Item value="close" minH="10" disabled={activeIsHome}>
                {t`关闭当前`}
              </Menu.Item>
              <Menu.Item value="others" minH="10">
                {t`关闭其他`}
              </Menu.Item>
              <Menu.Item value="all" minH="10">
                {t`关闭全部`}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
