import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { cardSearchParams } from './search';

/** 首页卡片's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const cardRouteOptions = {
  validateSearch: cardSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { homeCardRolesQuery } = await loadApi();
    await context.queryClient.ensureQueryData(homeCardRolesQuery).catch(() => undefined);
  },
};

export const CardsScreenLazy = lazy(async () => ({ default: (await import('./CardsScreen')).CardsScreen }));
