import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { requirePerms } from '../../../app/guards';
import { categoryRouteOptions, CategoriesScreenLazy } from '../../../features/system/roles/route';

/** 角色类型 (menu /system/jslx, permission system_role_type): the role categories. */
export const Route = createFileRoute('/_app/system/jslx')({
  beforeLoad: requirePerms('system_role_type'),
  ...categoryRouteOptions,
  component: () => (
    <Suspense fallback={null}>
      <CategoriesScreenLazy />
    </Suspense>
  ),
});
