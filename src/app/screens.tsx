import { Center, Spinner } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { permissionQuery } from '../features/auth/api';
import { MissingModuleScreen } from '../features/placeholders/MissingModuleScreen';
import { NotBuiltScreen } from '../features/placeholders/NotBuiltScreen';
import { findMenuByPath, menuTitle, type MenuScreenResolution, type ScreenInventory } from '../lib/menus';

/**
 * Menu URL → screen registry (SPEC §2 dynamic routes). The rule lives in lib/menus.ts
 * `resolveMenuScreen`; this file holds its two inputs:
 *
 * BUILT_SCREENS  menu URLs with a real screen, loaded lazily. A screen becomes reachable from a
 *                server menu by adding its URL here (or by giving it its own file route).
 * PLANNED_AREAS  first path segments of the screens the product plans (contracts/menus.ts
 *                MENU_CATALOGUE, the SPEC's areas). A menu under one of these shows "not built
 *                yet" with its title; screens.test.ts checks every catalogue URL resolves.
 *
 * A menu whose URL is neither built nor in a planned area shows "Cannot find module" (SPEC §8):
 * no view exists for it in this client, as when the original client failed to import a menu's view
 * file. The catalogue's '/demo/missing-screen' (area segment 'demo') is that case on purpose, and
 * so is any menu an administrator points at a path no screen will ever have.
 */
export const BUILT_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  // The fixed /dashboard route renders the same page; the entry makes a menu pointing there resolve.
  '/dashboard': lazy(() => import('./DashboardPage')),
};

export const PLANNED_AREAS: readonly string[] = [
  'dashboard',
  // students and classes
  'jcsj', 'xjgl', 'ssgl',
  // teaching
  'jxgl', 'xxk', 'xkzb', 'tkgl',
  // calendar and places
  'xlcd',
  // staff
  'jzg',
  // student affairs
  'xssw', 'cpgl',
  // communication
  'messageCenter', 'survey', 'gtjl', 'pztm',
  // admissions
  'zsgl', 'jyzc',
  // kindergarten and operations
  'hqgl', 'wlry', 'ewmrz', 'yey',
  // system
  'system',
];

export const SCREEN_INVENTORY: ScreenInventory = {
  built: Object.keys(BUILT_SCREENS),
  plannedAreas: PLANNED_AREAS,
};

const fallback = (
  <Center py="20">
    <Spinner color="brand.solid" />
  </Center>
);

/** Renders what `resolveMenuScreen` decided for a menu path inside the main layout. */
export function MenuScreen({ resolution, path }: { resolution: MenuScreenResolution; path: string }) {
  const { i18n } = useLingui();
  switch (resolution.kind) {
    case 'built': {
      const Screen = BUILT_SCREENS[resolution.key];
      return <Suspense fallback={fallback}>{Screen ? <Screen /> : null}</Suspense>;
    }
    case 'not-built':
      return <NotBuiltScreen title={menuTitle(resolution.menu, i18n.locale)} path={path} />;
    case 'missing':
      return <MissingModuleScreen title={menuTitle(resolution.menu, i18n.locale)} path={path} />;
    case 'not-found':
      return null;
  }
}

/** A fixed SPEC §2 route whose screen is not built: "not built yet" with the matching menu's title. */
export function FixedRoutePlaceholder() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const { data } = useQuery(permissionQuery);
  const menu = data ? findMenuByPath(data.menus, pathname) : undefined;
  return <NotBuiltScreen title={menu ? menuTitle(menu, i18n.locale) : undefined} path={pathname} />;
}

