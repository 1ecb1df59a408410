import type { QueryClient } from '@tanstack/react-query';
import { lazyScreen } from '../../lib/lazy-screen';
import { graduationsCatalog } from './catalog';
import { graduationSearchParams, type GraduationSearchParams } from './search';

/** 毕业管理's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const graduationsRouteOptions = {
  validateSearch: graduationSearchParams,
  loaderDeps: ({ search }: { search: GraduationSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: GraduationSearchParams }) => {
    GraduationsScreenLazy.preload();
    await (await loadApi()).loadGraduations(context.queryClient, deps);
  },
};

export const GraduationsScreenLazy = lazyScreen(async () => (await import('./GraduationsScreen')).GraduationsScreen, graduationsCatalog);
