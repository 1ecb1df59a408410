import type { QueryClient } from '@tanstack/react-query';
import { lazyScreen } from '../../../lib/lazy-screen';
import { logsCatalog } from './catalog';
import { schoolToday } from '../../../lib/school-time';
import { appliedLogFilter, type LogSearchParams, logSearchParams } from './search';

/**
 * 用户日志's route options: validated search, and a loader that starts at once, side by side, what the
 * screen would otherwise ask for one after another: its chunk, its catalog, the filter choices, the
 * first page and its count (the api is imported lazily: it stays out of the entry chunk).
 */
let api: typeof import('./api') | undefined;
const loadApi = async () => (api ??= await import('./api'));

export const logRouteOptions = {
  validateSearch: logSearchParams,
  loaderDeps: ({ search }: { search: LogSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: LogSearchParams }) => {
    LogsScreenLazy.preload();
    const { logCountQuery, logOptionsQuery, logPageQuery } = await loadApi();
    const filter = appliedLogFilter(deps, schoolToday());
    void context.queryClient.prefetchQuery(logOptionsQuery);
    void context.queryClient.prefetchQuery(logPageQuery({ filter, size: deps.size ?? 10, cursor: deps.cursor, dir: deps.dir }));
    void context.queryClient.prefetchQuery(logCountQuery(filter));
  },
};

export const LogsScreenLazy = lazyScreen(async () => (await import('./LogsScreen')).LogsScreen, logsCatalog);
