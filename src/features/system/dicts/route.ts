import type { QueryClient } from '@tanstack/react-query';
import { dictSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { dictsCatalog } from './catalog';

/** 数据字典's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const dictRouteOptions = {
  validateSearch: dictSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    DictsScreenLazy.preload();
    const { dictTypesQuery } = await loadApi();
    await context.queryClient.ensureQueryData(dictTypesQuery);
  },
};

export const DictsScreenLazy = lazyScreen(async () => (await import('./DictsScreen')).DictsScreen, dictsCatalog);
