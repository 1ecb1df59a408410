import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter, useRouterState, useSearch } from '@tanstack/react-router';
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

/** History state of an answer view opened from the list by a push (closing it goes back, not forward). */
const FROM_LIST = 'surveyFromList';

/**
 * The screen's search changes: opening a questionnaire from the list is a new history entry (marked,
 * so the browser's back returns to the list); closing a view opened that way goes back in history (no
 * second list entry for the back button to repeat); closing one opened by a link (a message, a reload)
 * replaces it with the list; filters and pages replace.
 */
export function useAnswerSearchChange(search: AnswerSearchParams): (next: AnswerSearchParams) => void {
  const navigate = useNavigate();
  const router = useRouter();
  const fromList = useRouterState({ select: (state) => Boolean((state.location.state as unknown as Record<string, unknown>)[FROM_LIST]) });
  return useCallback(
    (next: AnswerSearchParams) => {
      if (next.id && !search.id) {
        void navigate({ to: '.', search: next as never, state: ((before: Record<string, unknown>) => ({ ...before, [FROM_LIST]: true })) as never });
      } else if (search.id && !next.id && fromList) {
        router.history.back();
      } else {
        void navigate({ to: '.', search: next as never, replace: true });
      }
    },
    [navigate, router, fromList, search.id],
  );
}

/** The route's component: the screen, its search in the URL (useAnswerSearchChange). */
export function AnswerRoute() {
  const search = useSearch({ strict: false }) as AnswerSearchParams;
  const onSearchChange = useAnswerSearchChange(search);
  return (
    <Suspense fallback={null}>
      <AnswerScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
