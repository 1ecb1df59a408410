import type { QueryClient } from '@tanstack/react-query';
import { cardSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { cardsCatalog } from './catalog';

/** 首页卡片's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const cardRouteOptions = {
  validateSearch: cardSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    CardsScreenLazy.preload();
    const { homeCardRolesQuery } = await loadApi();
    await context.queryClient.ensureQueryData(homeCardRolesQuery).catch(() => undefined);
  },
};

export const CardsScreenLazy = lazyScreen(async () => (await import('./CardsScreen')).CardsScreen, cardsCatalog);
