import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import type { ApplicationSearchParams } from '../../../features/applications/search';
import { staffSearchParams } from '../../../features/applications/staff/search';
import { StaffAuditScreen } from '../../../features/applications/staff/StaffAttendanceScreen';

/** 考勤审批 (menu /jzg/kqsp, permission kqsp): staff applications to audit (todo / done / all, batch audit). */
export const Route = createFileRoute('/_app/jzg/kqsp')({
  beforeLoad: requirePerms('kqsp'),
  validateSearch: (raw: Record<string, unknown>): ApplicationSearchParams => {
    const { month: _month, departmentId: _department, scope, ...list } = staffSearchParams(raw);
    return scope === 'summary' ? list : { ...list, scope };
  },
  component: StaffAuditRoute,
});

function StaffAuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ApplicationSearchParams) => void navigate({ search: next }), [navigate]);
  return <StaffAuditScreen search={search} onSearchChange={onSearchChange} />;
}
