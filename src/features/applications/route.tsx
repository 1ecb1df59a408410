import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useCallback } from 'react';
import type { ApplicationKind } from '../../../contracts/application-rules';
import type { ListScope } from '../../../contracts/applications';
import type { ScreenSearch } from './ApplicationsScreen';
import { applicationSearchParams, SCOPES, type ApplicationSearchParams } from './search';

/** The feature's api module loads with the first visit, not with the entry chunk (route loaders stay in it). */
let api: typeof import('./api') | undefined;

/**
 * The shared part of the student application routes (/xssw/qjgl, cxsq, zdsq, zdzm, cjzm): validated
 * search and a loader ensuring the first page (and the open detail) with the queryOptions the screen
 * reads, so they land in the persisted cache. One copy for the five routes: route options stay in
 * /login's entry chunk.
 */
export function applicationRouteOptions(kinds: readonly ApplicationKind[], scopes: readonly ListScope[] = SCOPES) {
  return {
    validateSearch: applicationSearchParams,
    loaderDeps: ({ search }: { search: ApplicationSearchParams }) => search,
    loader: async ({ context, deps }: { context: { queryClient: QueryClient; permission: { permission: string[] } }; deps: ApplicationSearchParams }) => {
      api ??= await import('./api');
      await api.loadApplicationScreen(context.queryClient, context.permission.permission, kinds, scopes, deps);
    },
  };
}

/**
 * The screen, loaded when first shown. Route files render this instead of importing the screen: a
 * route's lazy chunk lists its preloaded dependencies in the entry chunk, and the screen's are many;
 * this lists them once for the five routes.
 */
export const ApplicationsScreenLazy = lazy(async () => ({ default: (await import('./ApplicationsScreen')).ApplicationsScreen }));

/**
 * The component of a list route (the five student routes, 考勤审批): the screen for these kinds and
 * scopes, its search in the URL (replaced, not pushed, as filters and pages change).
 */
export function ApplicationsRoute({ kinds, scopes = SCOPES, title }: { kinds: readonly ApplicationKind[]; scopes?: readonly ListScope[]; title: ReactNode }) {
  const search = useSearch({ strict: false }) as ApplicationSearchParams;
  const navigate = useNavigate();
  const onSearchChange = useCallback((next: ScreenSearch) => void navigate({ to: '.', search: next as never, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <ApplicationsScreenLazy kinds={kinds} scopes={scopes} search={search} onSearchChange={onSearchChange} title={title} />
    </Suspense>
  );
}
