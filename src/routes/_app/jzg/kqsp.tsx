import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import type { ScreenSearch } from '../../../features/applications/ApplicationsScreen';
import { applicationRouteOptions, ApplicationsScreenLazy } from '../../../features/applications/route';
import { AUDIT_SCOPES, STAFF_KINDS } from '../../../features/applications/staff/route';

/** 考勤审批 (menu /jzg/kqsp, permission kqsp): staff applications to audit (todo / done / all, batch audit); ?scope=&kind=&state=&…&id=. */
export const Route = createFileRoute('/_app/jzg/kqsp')({
  beforeLoad: requirePerms('kqsp'),
  ...applicationRouteOptions(STAFF_KINDS, AUDIT_SCOPES),
  component: StaffAuditRoute,
});

function StaffAuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ScreenSearch) => void navigate({ search: next as typeof search, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <ApplicationsScreenLazy kinds={STAFF_KINDS} scopes={AUDIT_SCOPES} search={search} onSearchChange={onSearchChange} title={<Trans>考勤审批</Trans>} />
    </Suspense>
  );
}
