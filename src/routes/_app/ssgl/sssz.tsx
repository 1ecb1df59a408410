import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { dormsRouteOptions, DormsScreenLazy } from '../../../features/dorms/route';
import type { DormsSearchParams } from '../../../features/dorms/search';

/** 宿舍管理 (menu /ssgl/sssz, permission ssgl): ?tab=board|buildings|rooms&building=. */
export const Route = createFileRoute('/_app/ssgl/sssz')({
  beforeLoad: requirePerms('ssgl'),
  ...dormsRouteOptions,
  component: DormsRoute,
});

function DormsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DormsSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <DormsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
