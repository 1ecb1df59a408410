import { Box, chakra, Collapsible, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ChevronDownIcon, HomeIcon } from '../../components/icons';
import { NamedIcon } from '../../components/NamedIcon';
import { Tooltip } from '../../components/Tooltip';
import { schoolLogoQuery } from '../../features/school/api';
import { configText, getConfig } from '../../lib/config';
import { menuTitle, normalisePath } from '../../lib/menus';
import { openGroupsFor, type NavEntry } from '../../lib/nav';
import { HOME_PATH } from '../../lib/tabs';

export const SIDEBAR_WIDTH = '220px';
export const SIDEBAR_FOLDED_WIDTH = '64px';

// Colours come from the theme: the bar is the theme colour, its text the colour that reads on it.
const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  minH: '11',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  fontSize: 'sm',
  color: 'brand.contrast',
  textAlign: 'start',
  _hover: { bg: 'brand.contrast/15' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.contrast', outlineOffset: '-2px' },
} as const;

/**
 * A menu title wraps onto a second line rather than being cut ("Students and c…"): English titles
 * run longer than the Chinese ones the width was drawn for. A single long word breaks too.
 */
const labelStyles = { minW: '0', lineHeight: 'short', overflowWrap: 'anywhere' } as const;

const samePath = (a: string, b: string) => normalisePath(a).toLowerCase() === normalisePath(b).toLowerCase();

export interface SidebarProps {
  /** the left-placed menus, built by buildNavEntries */
  entries: NavEntry[];
  /** folded to icons (wide screens only) */
  folded?: boolean;
  /** a folded sidebar asks to open (a submenu icon was chosen) */
  onUnfold?: () => void;
  /** after following a link (the drawer closes) */
  onNavigate?: () => void;
}

/**
 * The side menu (SPEC §2 Shell): the school's logo, home, then the user's menus. One submenu is
 * open at a time at each level (opening one closes its siblings and their descendants); the trail
 * to the current page opens by itself. Folded, it shows the icons with their titles as tooltips.
 */
export function Sidebar({ entries, folded = false, onUnfold, onNavigate }: SidebarProps) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const [openPath, setOpenPath] = useState<string[]>(() => openGroupsFor(entries, pathname));
  // Arriving at another page (from a tab, a link, the address bar) opens the way to it.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const trail = openGroupsFor(entries, pathname);
    if (trail.length > 0) setOpenPath(trail);
  }

  const toggleGroup = (depth: number, id: string, open: boolean) =>
    setOpenPath((current) => (open ? [...current.slice(0, depth), id] : current.slice(0, depth)));

  return (
    <Flex as="nav" direction="column" h="full" bg="brand.solid" color="brand.contrast" aria-label={t`菜单`} data-testid="sidebar">
      <SchoolLogo folded={folded} />
      <Box flex="1" overflowY="auto" overflowX="hidden" px="2" pb="4">
        <Stack gap="0.5">
          <NavLink
            href={HOME_PATH}
            title={t`首页`}
            icon={<HomeIcon boxSize="5" />}
            depth={0}
            folded={folded}
            active={samePath(pathname, HOME_PATH)}
            onNavigate={onNavigate}
          />
          <NavTree
            entries={entries}
            depth={0}
            folded={folded}
            openPath={openPath}
            onToggle={toggleGroup}
            onUnfold={onUnfold}
            onNavigate={onNavigate}
          />
        </Stack>
      </Box>
    </Flex>
  );
}

/** GET /api/k12saas/xxjbxx/getLogo; no logo ('') or a failure shows the configured default. */
function SchoolLogo({ folded }: { folded: boolean }) {
  const config = getConfig();
  const logo = useQuery(schoolLogoQuery);
  const [broken, setBroken] = useState<string | null>(null);
  const src = logo.data && logo.data !== broken ? logo.data : config.logoUrl;
  return (
    <Flex align="center" gap="2" h="14" px={folded ? '0' : '4'} justify={folded ? 'center' : 'start'} flexShrink={0}>
      {src && (
        <Image
          src={src}
          alt=""
          boxSize="8"
          borderRadius="md"
          bg="white"
          objectFit="contain"
          data-testid="school-logo"
          onError={() => logo.data && setBroken(logo.data)}
        />
      )}
      {!folded && (
        <Text fontWeight="bold" fontSize="lg" truncate>
          {configText(config.pageTitle)}
        </Text>
      )}
    </Flex>
  );
}

interface NavTreeProps {
  entries: NavEntry[];
  depth: number;
  folded: boolean;
  openPath: string[];
  onToggle: (depth: number, id: string, open: boolean) => void;
  onUnfold?: () => void;
  onNavigate?: () => void;
}

function NavTree({ entries, depth, folded, openPath, onToggle, onUnfold, onNavigate }: NavTreeProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return entries.map((entry) => {
    const title = menuTitle(entry.menu, i18n.locale);
    const icon = <NamedIcon name={entry.icon} boxSize={depth === 0 ? '5' : '4'} flexShrink={0} />;
    if (entry.kind === 'link') {
      return (
        <NavLink
          key={entry.id}
          href={entry.href}
          title={title}
          icon={icon}
          depth={depth}
          folded={folded}
          active={samePath(pathname, entry.href)}
          onNavigate={onNavigate}
        />
      );
    }
    const open = !folded && openPath[depth] === entry.id;
    if (folded) {
      // Folded: the icon opens the sidebar with this submenu open.
      return (
        <Tooltip key={entry.id} content={title} placement="right">
          <chakra.button
            type="button"
            {...itemStyles}
            justifyContent="center"
            aria-label={title}
            onClick={() => {
              onToggle(depth, entry.id, true);
              onUnfold?.();
            }}
          >
            {icon}
          </chakra.button>
        </Tooltip>
      );
    }
    return (
      <Collapsible.Root key={entry.id} open={open} onOpenChange={(details) => onToggle(depth, entry.id, details.open)}>
        <Collapsible.Trigger asChild>
          <chakra.button type="button" {...itemStyles} ps={`${3 + depth * 4}`} aria-expanded={open}>
            {icon}
            <Text as="span" flex="1" {...labelStyles}>
              {title}
            </Text>
            <ChevronDownIcon boxSize="4" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />
          </chakra.button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="0.5" pt="0.5" bg="blackAlpha.200" borderRadius="l2">
            {entry.children.length === 0 ? (
              // an always-show directory whose pages are all hidden
              <Text fontSize="xs" opacity={0.8} ps={`${7 + depth * 4}`} py="2">
                <Trans>暂无可显示的页面</Trans>
              </Text>
            ) : (
              <NavTree
                entries={entry.children}
                depth={depth + 1}
                folded={false}
                openPath={openPath}
                onToggle={onToggle}
                onUnfold={onUnfold}
                onNavigate={onNavigate}
              />
            )}
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    );
  });
}

interface NavLinkProps {
  href: string;
  title: string;
  icon: ReactNode;
  depth: number;
  folded: boolean;
  active: boolean;
  onNavigate?: () => void;
}

function NavLink({ href, title, icon, depth, folded, active, onNavigate }: NavLinkProps) {
  const link = (
    <Box
      asChild
      {...itemStyles}
      ps={folded ? undefined : `${3 + depth * 4}`}
      justifyContent={folded ? 'center' : undefined}
      // (a lighter overlay, brand.contrast/20, left white text at 4.4:1 on the green theme)
      bg={active ? 'brand.selected' : undefined}
      fontWeight={active ? 'semibold' : 'normal'}
      boxShadow={active && !folded ? 'inset 3px 0 0 0 currentColor' : undefined}
    >
      <Link
        // Menu URLs come from the server: a path string, matched against the route tree at run time
        // (a fixed route when one exists, else the dynamic menu route).
        to={href as '/'}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        aria-label={folded ? title : undefined}
      >
        {icon}
        {!folded && (
          <Text as="span" flex="1" {...labelStyles}>
            {title}
          </Text>
        )}
      </Link>
    </Box>
  );
  return folded ? (
    <Tooltip content={title} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

