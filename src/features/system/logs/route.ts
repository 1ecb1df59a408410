import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { logSearchParams } from './search';

/**
 * 用户日志's route options: validated search, and a loader that lazy-imports the api (it stays out of
 * the entry chunk) to start the filter choices early. The screen loads lazily.
 */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const logRouteOptions = {
  validateSearch: logSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { logOptionsQuery } = await loadApi();
    void context.queryClient.prefetchQuery(logOptionsQuery);
  },
};

export const LogsScreenLazy = lazy(async () => ({ default: (await import('./LogsScreen')).LogsScreen }));
