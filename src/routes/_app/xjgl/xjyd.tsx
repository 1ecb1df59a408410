import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { statusChangeRouteOptions, StatusChangesScreenLazy } from '../../../features/applications/status-changes/route';
import type { StatusChangeSearchParams } from '../../../features/applications/status-changes/search';

/** 学籍异动 (menu /xjgl/xjyd, permission xjyd): ?scope=todo&keyword=&type=&state=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xjgl/xjyd')({
  beforeLoad: requirePerms('xjyd'),
  ...statusChangeRouteOptions,
  component: StatusChangesRoute,
});

function StatusChangesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: StatusChangeSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <StatusChangesScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
