import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { roleRouteOptions, RolesScreenLazy } from '../../../features/system/roles/route';
import type { RoleSearchParams } from '../../../features/system/roles/search';

/** 角色管理 (menu /system/role, permission system_role): ?keyword=&type=&category=&page=&size=. */
export const Route = createFileRoute('/_app/system/role')({
  beforeLoad: requirePerms('system_role'),
  ...roleRouteOptions,
  component: RolesRoute,
});

function RolesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: RoleSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <RolesScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
