import type { QueryClient } from '@tanstack/react-query';
import { orgSearchParams } from './search';
import { lazyScreen } from '../../../lib/lazy-screen';
import { orgsCatalog } from './catalog';

/** 组织机构's route options: validated search, a loader that lazy-imports the api (out of the entry chunk), the lazy screen. */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const orgRouteOptions = {
  validateSearch: orgSearchParams,
  loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
    OrgsScreenLazy.preload();
    const { orgTreeQuery } = await loadApi();
    await context.queryClient.ensureQueryData(orgTreeQuery());
  },
};

export const OrgsScreenLazy = lazyScreen(async () => (await import('./OrgsScreen')).OrgsScreen, orgsCatalog);
