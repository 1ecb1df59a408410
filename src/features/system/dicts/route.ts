import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { dictSearchParams } from './search';

/** 数据字典's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const dictRouteOptions = {
  validateSearch: dictSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { dictTypesQuery } = await loadApi();
    await context.queryClient.ensureQueryData(dictTypesQuery);
  },
};

export const DictsScreenLazy = lazy(async () => ({ default: (await import('./DictsScreen')).DictsScreen }));
