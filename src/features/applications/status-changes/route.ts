import type { QueryClient } from '@tanstack/react-query';
import { lazyScreen } from '../../../lib/lazy-screen';
import { applicationsCatalog } from '../catalog';
import { statusChangeSearchParams, type StatusChangeSearchParams } from './search';

let api: typeof import('./api') | undefined;

/** 学籍异动's route options: validated search, a loader that lazy-imports the api (out of the entry chunk) and starts the screen. */
export const statusChangeRouteOptions = {
  validateSearch: statusChangeSearchParams,
  loaderDeps: ({ search }: { search: StatusChangeSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: StatusChangeSearchParams }) => {
    StatusChangesScreenLazy.preload();
    api ??= await import('./api');
    await api.loadStatusChangeScreen(context.queryClient, deps);
  },
};

export const StatusChangesScreenLazy = lazyScreen(async () => (await import('./StatusChangesScreen')).StatusChangesScreen, applicationsCatalog);
