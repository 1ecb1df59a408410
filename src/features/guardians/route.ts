import type { QueryClient } from '@tanstack/react-query';
import { lazyScreen } from '../../lib/lazy-screen';
import { guardiansCatalog } from './catalog';
import { guardianSearchParams, type GuardianSearchParams } from './search';

/** 家庭信息's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const guardiansRouteOptions = {
  validateSearch: guardianSearchParams,
  loaderDeps: ({ search }: { search: GuardianSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: GuardianSearchParams }) => {
    GuardiansScreenLazy.preload();
    await (await loadApi()).loadGuardians(context.queryClient, deps);
  },
};

export const GuardiansScreenLazy = lazyScreen(async () => (await import('./GuardiansScreen')).GuardiansScreen, guardiansCatalog);
