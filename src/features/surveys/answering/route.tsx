import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { answerSearchParams, type AnswerSearchParams } from './search';

/** The feature's api module loads with the first visit, not with the entry chunk (route loaders stay in it). */
let api: typeof import('../answer-api') | undefined;

/** 问卷填报's route options: validated search and a loader reading what the screen reads (persisted for offline). */
export const answerRouteOptions = {
  validateSearch: answerSearchParams,
  loaderDeps: ({ search }: { search: AnswerSearchParams }) => search,
  loader: async ({ context, deps }: { context: { queryClient: QueryClient; permission: { permission: string[] } }; deps: AnswerSearchParams }) => {
    api ??= await import('../answer-api');
    await api.loadAnswerScreen(context.queryClient, context.permission.permission, deps);
  },
};

const AnswerScreenLazy = lazy(async () => ({ default: (await import('./AnswerScreen')).AnswerScreen }));

/**
 * The route's component: the screen, its search in the URL: opening a questionnaire from the list is a
 * new history entry (the browser's back returns to the list); filters, pages and closing replace it.
 */
export function AnswerRoute() {
  const search = useSearch({ strict: false }) as AnswerSearchParams;
  const navigate = useNavigate();
  const onSearchChange = useCallback(
    (next: AnswerSearchParams) => void navigate({ to: '.', search: next as never, replace: !(next.id && !search.id) }),
    [navigate, search.id],
  );
  return (
    <Suspense fallback={null}>
      <AnswerScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
