import { Box, chakra, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { MenuNode } from '../../../contracts/session';
import { ChevronRightIcon, MenuIcon, PanelCloseIcon, PanelOpenIcon } from '../../components/icons';
import { NamedIcon } from '../../components/NamedIcon';
import { OfflineStatus } from '../../components/offline/OfflineStatus';
import { Tooltip } from '../../components/Tooltip';
import { useDocumentTitle } from '../../lib/document-title';
import { menuTitle } from '../../lib/menus';
import { menuTrail, type NavEntry } from '../../lib/nav';
import { HOME_PATH, isHome } from '../../lib/tabs';
import { iconButtonProps } from './ShellActions';

export interface TopBarProps {
  menus: readonly MenuNode[];
  /** the menus placed in the top bar (remark cdwz 'top'), built like the sidebar's */
  topEntries: NavEntry[];
  /** wide screen: the toggle folds the sidebar; narrow: it opens the drawer */
  drawerMode: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** the actions at the end of the bar (full screen, language, theme, bell, user menu…) */
  actions: ReactNode;
}

/** The top bar of SPEC §2: sidebar toggle, breadcrumb, top-placed menus as icons, then the actions. */
export function TopBar({ menus, topEntries, drawerMode, sidebarOpen, onToggleSidebar, actions }: TopBarProps) {
  const { t } = useLingui();
  const toggleLabel = drawerMode ? t`打开菜单` : sidebarOpen ? t`收起侧边栏` : t`展开侧边栏`;
  return (
    <Flex as="header" h="14" px={{ base: '1', md: '3' }} gap={{ base: '0.5', md: '2' }} align="center" bg="bg.panel" borderBottomWidth="1px">
      <Tooltip content={toggleLabel}>
        <IconButton {...iconButtonProps} aria-label={toggleLabel} onClick={onToggleSidebar}>
          {drawerMode ? <MenuIcon /> : sidebarOpen ? <PanelCloseIcon /> : <PanelOpenIcon />}
        </IconButton>
      </Tooltip>
      <Box flex="1" minW="0" px="1">
        <Breadcrumb menus={menus} />
      </Box>
      <HStack gap="0.5" flexShrink={0}>
        {topEntries.map((entry) => (
          <TopMenu key={entry.id} entry={entry} />
        ))}
        {/* online / offline and the writes waiting to be sent (OFFLINE.md §7) */}
        <OfflineStatus />
        {actions}
      </HStack>
    </Flex>
  );
}

/**
 * Home plus the matched menus (directories as text, the page last), translated. Narrow screens
 * show only the current page's title.
 */
function Breadcrumb({ menus }: { menus: readonly MenuNode[] }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const trail = isHome(pathname) ? [] : menuTrail(menus, pathname);
  const crumbs = [t`首页`, ...trail.map((menu) => menuTitle(menu, i18n.locale))];
  // the browser tab names the screen, in the reader's language
  useDocumentTitle(crumbs.at(-1) ?? '');
  return (
    <>
      <Text display={{ base: 'block', md: 'none' }} fontWeight="semibold" truncate>
        {crumbs.at(-1)}
      </Text>
      <chakra.nav aria-label={t`面包屑`} display={{ base: 'none', md: 'block' }} data-testid="breadcrumb">
        <chakra.ol display="flex" alignItems="center" gap="1" fontSize="sm" color="fg.muted" minW="0">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <chakra.li key={index} display="flex" alignItems="center" gap="1" minW="0">
                {index > 0 && <ChevronRightIcon boxSize="3.5" flexShrink={0} />}
                {index === 0 && !last ? (
                  <Box asChild _hover={{ color: 'brand.fg' }}>
                    <Link to={HOME_PATH}>{crumb}</Link>
                  </Box>
                ) : (
                  <Text as="span" truncate color={last ? 'fg' : undefined} fontWeight={last ? 'medium' : undefined} aria-current={last ? 'page' : undefined}>
                    {crumb}
                  </Text>
                )}
              </chakra.li>
            );
          })}
        </chakra.ol>
      </chakra.nav>
    </>
  );
}

/** A top-placed menu: an icon with its title as tooltip; a submenu opens its pages as a dropdown. */
function TopMenu({ entry }: { entry: NavEntry }) {
  const { i18n } = useLingui();
  const triggerId = useId();
  const title = menuTitle(entry.menu, i18n.locale);
  const icon = <NamedIcon name={entry.icon} />;
  if (entry.kind === 'link') {
    return (
      <Tooltip content={title}>
        <IconButton asChild {...iconButtonProps} aria-label={title}>
          <Link to={entry.href as '/'}>{icon}</Link>
        </IconButton>
      </Tooltip>
    );
  }
  const links = flattenLinks(entry.children);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} ids={{ trigger: triggerId }}>
      <Tooltip content={title} triggerId={triggerId}>
        <Menu.Trigger asChild>
          <IconButton {...iconButtonProps} aria-label={title}>
            {icon}
          </IconButton>
        </Menu.Trigger>
      </Tooltip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {links.map((link) => (
              <Menu.Item key={link.id} value={link.id} asChild minH="10">
                <Link to={link.href as '/'}>
                  <NamedIcon name={link.icon} boxSize="4" />
                  {menuTitle(link.menu, i18n.locale)}
                </Link>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const flattenLinks = (entries: NavEntry[]): Extract<NavEntry, { kind: 'link' }>[] =>
  entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : flattenLinks(entry.children)));
