import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { dictRouteOptions, DictsScreenLazy } from '../../../features/system/dicts/route';
import type { DictSearchParams } from '../../../features/system/dicts/search';

/** 数据字典 (menu /system/dict, permission system_dict): ?type=&typeKeyword=&keyword=&status=&page=&size=. */
export const Route = createFileRoute('/_app/system/dict')({
  beforeLoad: requirePerms('system_dict'),
  ...dictRouteOptions,
  component: DictsRoute,
});

function DictsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DictSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <DictsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
