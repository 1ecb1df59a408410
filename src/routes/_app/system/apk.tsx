import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { apkRouteOptions, ApkScreenLazy } from '../../../features/system/apk/route';
import type { ApkSearchParams } from '../../../features/system/apk/search';

/** APK版本管理 (menu /system/apk, permission system_apk): ?versionName=&published=&page=&size=. */
export const Route = createFileRoute('/_app/system/apk')({
  beforeLoad: requirePerms('system_apk'),
  ...apkRouteOptions,
  component: ApkRoute,
});

function ApkRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ApkSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <ApkScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
