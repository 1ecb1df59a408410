import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { SETTINGS_PERMISSION } from '../../../features/applications/settings/codes';
import { settingsSearchParams, type SettingsSearchParams } from '../../../features/applications/settings/search';
import { SettingsScreen } from '../../../features/applications/settings/SettingsScreen';

/** 审批设置 (menu /xssw/spsz, permission spsz): ?tab=flows|periods|seal. */
export const Route = createFileRoute('/_app/xssw/spsz')({
  beforeLoad: requirePerms(SETTINGS_PERMISSION),
  validateSearch: settingsSearchParams,
  component: SettingsRoute,
});

function SettingsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: SettingsSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return <SettingsScreen search={search} onSearchChange={onSearchChange} />;
}
