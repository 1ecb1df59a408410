import { Box, Collapsible, HStack, Image, Stack, Text, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import type { MenuNode } from '../../../contracts/session';
import { ChevronDownIcon, DotIcon, HomeIcon } from '../../components/icons';
import { getConfig } from '../../lib/config';
import { menuHref, menuTitle, normalisePath, visibleMenus } from '../../lib/menus';

const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: 'full',
  minH: '10',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  fontSize: 'sm',
  color: 'whiteAlpha.900',
  textAlign: 'start',
  _hover: { bg: 'whiteAlpha.200' },
  _focusVisible: { outline: '2px solid', outlineColor: 'white' },
} as const;

function containsPath(menu: MenuNode, pathname: string): boolean {
  if (normalisePath(menuHref(menu)).toLowerCase() === pathname.toLowerCase()) return true;
  return menu.children.some((child) => containsPath(child, pathname));
}

function MenuLink({ menu, depth, onNavigate }: { menu: MenuNode; depth: number; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const href = menuHref(menu);
  const active = normalisePath(href).toLowerCase() === normalisePath(pathname).toLowerCase();
  return (
    <Box
      asChild
      {...itemStyles}
      ps={`${3 + depth * 4}`}
      bg={active ? 'whiteAlpha.300' : undefined}
      fontWeight={active ? 'semibold' : 'normal'}
    >
      <Link
        // Menu URLs come from the server: a path string, matched against the route tree at run time
        // (a fixed route when one exists, else the dynamic menu route).
        to={href as '/'}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
      >
        <DotIcon boxSize="3" flexShrink={0} />
        <Text as="span" truncate>
          {menuTitle(menu, i18n.locale)}
        </Text>
      </Link>
    </Box>
  );
}

function MenuGroup({
  menu,
  depth,
  open,
  onOpenChange,
  onNavigate,
}: {
  menu: MenuNode;
  depth: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <Collapsible.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Collapsible.Trigger asChild>
        <chakra.button type="button" {...itemStyles} ps={`${3 + depth * 4}`}>
          <Text as="span" flex="1" truncate>
            {menuTitle(menu, i18n.locale)}
          </Text>
          <ChevronDownIcon boxSize="4" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />
        </chakra.button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <MenuTree menus={menu.children} depth={depth + 1} onNavigate={onNavigate} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * One level of the menu tree. One submenu open at a time per level (SPEC §2 shell); a directory
 * with a single child and no always-show flag is shown as that child's link.
 */
function MenuTree({ menus, depth, onNavigate }: { menus: MenuNode[]; depth: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [openId, setOpenId] = useState<string | null>(
    () => menus.find((menu) => menu.children.length > 0 && containsPath(menu, pathname))?.id ?? null,
  );
  return (
    <Stack gap="0.5">
      {menus.map((menu) => {
        if (menu.children.length === 1 && !menu.alwaysShow && menu.children[0].children.length === 0) {
          return <MenuLink key={menu.id} menu={menu.children[0]} depth={depth} onNavigate={onNavigate} />;
        }
        // A directory flagged always-show stays a submenu even when all its children are hidden.
        if (menu.children.length > 0 || (menu.alwaysShow && !menuHref(menu))) {
          return (
            <MenuGroup
              key={menu.id}
              menu={menu}
              depth={depth}
              open={openId === menu.id}
              onOpenChange={(open) => setOpenId(open ? menu.id : null)}
              onNavigate={onNavigate}
            />
          );
        }
        if (!menuHref(menu)) return null;
        return <MenuLink key={menu.id} menu={menu} depth={depth} onNavigate={onNavigate} />;
      })}
    </Stack>
  );
}

/** Left sidebar: logo, home, the user's menu tree (hidden menus left out, titles by language). */
export function Sidebar({ menus, onNavigate }: { menus: MenuNode[]; onNavigate?: () => void }) {
  const { t } = useLingui();
  const config = getConfig();
  const { pathname } = useLocation();
  const tree = visibleMenus(menus).filter((menu) => normalisePath(menu.menuurl) !== '/dashboard');
  return (
    <Box as="nav" h="full" overflowY="auto" bg="brand.solid" color="white" px="2" py="3" aria-label={t`菜单`}>
      <HStack px="3" pb="4" gap="2">
        {config.logoUrl && <Image src={config.logoUrl} alt="" boxSize="8" borderRadius="md" bg="white" />}
        <Text fontWeight="bold" fontSize="lg" truncate>
          {config.pageTitle}
        </Text>
      </HStack>
      <Stack gap="0.5">
        <Box
          asChild
          {...itemStyles}
          bg={pathname === '/dashboard' ? 'whiteAlpha.300' : undefined}
          fontWeight={pathname === '/dashboard' ? 'semibold' : 'normal'}
        >
          <Link to="/dashboard" onClick={onNavigate} aria-current={pathname === '/dashboard' ? 'page' : undefined}>
            <HomeIcon boxSize="4" />
            <Text as="span">
              <Trans>首页</Trans>
            </Text>
          </Link>
        </Box>
        <MenuTree menus={tree} depth={0} onNavigate={onNavigate} />
      </Stack>
    </Box>
  );
}
