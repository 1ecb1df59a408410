import type { QueryClient } from '@tanstack/react-query';
import { roleSearchParams, type RoleSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { rolesCatalog } from './catalog';

/**
 * 角色管理 and 角色类型's route options: validated search and loaders that lazy-import the api (it
 * stays out of the entry chunk). Screens load lazily; route files spread these and render them.
 */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));
type Context = { context: { queryClient: QueryClient } };

export const roleRouteOptions = {
  validateSearch: roleSearchParams,
  loaderDeps: ({ search }: { search: RoleSearchParams }) => search,
  loader: async ({ context, deps }: Context & { deps: RoleSearchParams }) => {
    RolesScreenLazy.preload();
    await (await loadApi()).loadRoles(context.queryClient, deps);
  },
};

export const categoryRouteOptions = {
  loader: async ({ context }: Context) => {
    CategoriesScreenLazy.preload();
    await (await loadApi()).loadCategories(context.queryClient);
  },
};

export const RolesScreenLazy = lazyScreen(async () => (await import('./RolesScreen')).RolesScreen, rolesCatalog);
export const CategoriesScreenLazy = lazyScreen(async () => (await import('./CategoriesScreen')).CategoriesScreen, rolesCatalog);
