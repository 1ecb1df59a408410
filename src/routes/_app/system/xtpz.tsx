import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { settingsRouteOptions, SettingsScreenLazy } from '../../../features/system/settings/route';
import type { SettingsSearchParams } from '../../../features/system/settings/search';

/** 系统配置 (menu /system/xtpz, permission system_config): ?tab=config|language&keyword=&lang=&page=&size=. */
export const Route = createFileRoute('/_app/system/xtpz')({
  beforeLoad: requirePerms('system_config'),
  ...settingsRouteOptions,
  component: SettingsRoute,
});

function SettingsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: SettingsSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <SettingsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
