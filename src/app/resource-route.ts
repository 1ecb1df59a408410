import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { createElement, lazy, Suspense, useCallback } from 'react';
import type { ResourceFeature, ResourceScreenProps } from '../components/resource/feature';
import { resourceSearchParams, type ResourceSearch } from '../components/resource/resource-search';
import { loadFeatureCatalog } from '../lib/i18n';
import { requirePerms } from './guards';

/**
 * The options of a kit list route, one statement per route file:
 * `createFileRoute('/_app/xlcd/jxlgl')(resourceRoute('jxlgl', () => import('../../../features/places/buildings')))`.
 * The guard, a zod-free generic search parser, and a loader that imports the feature module (kept once
 * loaded) and asks the list page the screen reads; the screen itself is lazy. Route code never imports a
 * definition, zod or a screen: what a route's options import lands in the entry chunk (/login's budget).
 */
export function resourceRoute(permission: string, load: () => Promise<{ default: ResourceFeature }>) {
  let feature: ResourceFeature | undefined;
  const loadFeature = async () => (feature ??= (await load()).default);
  const Screen = lazy(async () => (await loadFeature()).loadScreen());

  function ResourceRouteScreen() {
    const search = useSearch({ strict: false }) as ResourceSearch;
    const navigate = useNavigate();
    const onSearchChange = useCallback((next: ResourceSearch) => void navigate({ to: '.', search: next as never, replace: true }), [navigate]);
    return createElement(Suspense, { fallback: null }, createElement<ResourceScreenProps>(Screen, { search: resourceSearchParams(search), onSearchChange }));
  }

  return {
    beforeLoad: requirePerms(permission),
    validateSearch: resourceSearchParams,
    loaderDeps: ({ search }: { search: ResourceSearch }) => ({ search }),
    loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: { search: ResourceSearch } }) => {
      const { listQuery, loadScreen, catalog } = await loadFeature();
      // the screen's chunk and strings load beside the list page rather than after it renders
      void loadScreen().catch(() => undefined);
      if (catalog) void loadFeatureCatalog(catalog).catch(() => undefined);
      await context.queryClient.ensureQueryData(listQuery(deps.search)).catch(() => undefined);
    },
    component: ResourceRouteScreen,
  };
}
