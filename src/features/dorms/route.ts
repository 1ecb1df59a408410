import type { QueryClient } from '@tanstack/react-query';
import { lazyScreen } from '../../lib/lazy-screen';
import { dormsCatalog } from './catalog';
import { dormsSearchParams } from './search';

/** 宿舍管理's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const dormsRouteOptions = {
  validateSearch: dormsSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    DormsScreenLazy.preload();
    const { dormOverviewQuery } = await loadApi();
    await context.queryClient.ensureQueryData(dormOverviewQuery).catch(() => undefined);
  },
};

export const DormsScreenLazy = lazyScreen(async () => (await import('./DormsScreen')).DormsScreen, dormsCatalog);
