import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { orgSearchParams } from './search';

/** 组织机构's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const orgRouteOptions = {
  validateSearch: orgSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    const { orgTreeQuery } = await loadApi();
    await context.queryClient.ensureQueryData(orgTreeQuery());
  },
};

export const OrgsScreenLazy = lazy(async () => ({ default: (await import('./OrgsScreen')).OrgsScreen }));
