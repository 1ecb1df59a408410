import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { GRADUATION_PERMS } from '../../../../contracts/graduation-constants';
import { requirePerms } from '../../../app/guards';
import { graduationsRouteOptions, GraduationsScreenLazy } from '../../../features/graduations/route';
import type { GraduationSearchParams } from '../../../features/graduations/search';

/** 毕业管理 (menu /xjgl/bygl, permission bygl): ?tab=candidates&year=&class=&keyword=&page=&size=. */
export const Route = createFileRoute('/_app/xjgl/bygl')({
  beforeLoad: requirePerms(GRADUATION_PERMS.menu),
  ...graduationsRouteOptions,
  component: GraduationsRoute,
});

function GraduationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: GraduationSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <GraduationsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
