import type { QueryClient } from '@tanstack/react-query';
import { menuSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { menusCatalog } from './catalog';

/** 菜单管理's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const menuRouteOptions = {
  validateSearch: menuSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    MenusScreenLazy.preload();
    const { menuTreeQuery } = await loadApi();
    await context.queryClient.ensureQueryData(menuTreeQuery());
  },
};

export const MenusScreenLazy = lazyScreen(async () => (await import('./MenusScreen')).MenusScreen, menusCatalog);
