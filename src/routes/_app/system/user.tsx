import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { userRouteOptions, UsersScreenLazy } from '../../../features/system/users/route';
import type { UserSearchParams } from '../../../features/system/users/search';

/** 用户管理 (menu /system/user, permission system_user): ?keyword=&userType=&org=&enabled=&locked=&initialized=&page=&size=. */
export const Route = createFileRoute('/_app/system/user')({
  beforeLoad: requirePerms('system_user'),
  ...userRouteOptions,
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: UserSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <UsersScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
