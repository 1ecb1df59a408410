import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import type { ScreenSearch } from '../../../features/applications/ApplicationsScreen';
import { applicationRouteOptions, ApplicationsScreenLazy } from '../../../features/applications/route';
import { SCOPES } from '../../../features/applications/search';

const KINDS = ['student_leave'] as const;

/** 请假管理 (menu /xssw/qjgl, permission qjgl or qjgl_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/qjgl')({
  beforeLoad: requirePerms('qjgl', 'qjgl_audit'),
  ...applicationRouteOptions(KINDS),
  component: ApplicationsRoute,
});

function ApplicationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ScreenSearch) => void navigate({ search: next as typeof search, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <ApplicationsScreenLazy kinds={KINDS} scopes={SCOPES} search={search} onSearchChange={onSearchChange} title={<Trans>请假管理</Trans>} />
    </Suspense>
  );
}
