import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
// survey-constants, not survey-rules: a module a route file reaches lands in the entry chunk whole
import { SURVEY_PATHS } from '../../../../contracts/survey-constants';
import { resultsSearchParams, type ResultsSearchParams } from './search';

/** The results api loads with the first visit, not with the entry chunk. */
let api: typeof import('../results-api') | undefined;

/** 问卷统计's route options: validated search and a loader reading what the screen reads. */
export const resultsRouteOptions = {
  validateSearch: resultsSearchParams,
  loaderDeps: ({ search }: { search: ResultsSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient; permission: { permission: string[] } }; deps: ResultsSearchParams }) => {
    api ??= await import('../results-api');
    await api.loadResultsScreen(context.queryClient, context.permission.permission, deps);
  },
};

const ResultsScreenLazy = lazy(async () => ({ default: (await import('./ResultsScreen')).ResultsScreen }));

/** The route's component: the screen, its search (org, tab, page) in the URL, replaced as it changes. */
export function ResultsRoute() {
  const search = useSearch({ strict: false }) as ResultsSearchParams;
  const navigate = useNavigate();
  const onSearchChange = useCallback((next: ResultsSearchParams) => void navigate({ to: '.', search: next as never, replace: true }), [navigate]);
  const onBack = useCallback(() => void navigate({ to: SURVEY_PATHS.manage as never }), [navigate]);
  return (
    <Suspense fallback={null}>
      <ResultsScreenLazy search={search} onSearchChange={onSearchChange} onBack={onBack} />
    </Suspense>
  );
}
