import type { QueryClient } from '@tanstack/react-query';
import { userSearchParams, type UserSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { usersCatalog } from './catalog';

/** 用户管理's route options: validated search, a loader that lazy-imports the api; the screen loads lazily. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));
type Context = { context: { queryClient: QueryClient } };

export const userRouteOptions = {
  validateSearch: userSearchParams,
  loaderDeps: ({ search }: { search: UserSearchParams }) => search,
  loader: async ({ context, deps }: Context & { deps: UserSearchParams }) => {
    UsersScreenLazy.preload();
    await (await loadApi()).loadUsers(context.queryClient, deps);
  },
};

export const UsersScreenLazy = lazyScreen(async () => (await import('./UsersScreen')).UsersScreen, usersCatalog);
