import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { menuRouteOptions, MenusScreenLazy } from '../../../features/system/menus/route';
import type { MenuSearchParams } from '../../../features/system/menus/search';

/** 菜单管理 (menu /system/menu, permission system_menu): ?keyword=. */
export const Route = createFileRoute('/_app/system/menu')({
  beforeLoad: requirePerms('system_menu'),
  ...menuRouteOptions,
  component: MenusRoute,
});

function MenusRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: MenuSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <MenusScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
