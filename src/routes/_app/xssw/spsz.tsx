import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { SETTINGS_PERMISSION } from '../../../../contracts/application-settings-constants';
import { settingsRouteOptions, SettingsScreenLazy } from '../../../features/applications/settings/route';
import type { SettingsSearchParams } from '../../../features/applications/settings/search';

/** 审批设置 (menu /xssw/spsz, permission spsz): ?tab=flows|periods|seal. */
export const Route = createFileRoute('/_app/xssw/spsz')({
  beforeLoad: requirePerms(SETTINGS_PERMISSION),
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
