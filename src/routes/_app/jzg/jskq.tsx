import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { staffSearchParams, type StaffSearchParams } from '../../../features/applications/staff/search';
import { StaffAttendanceScreen } from '../../../features/applications/staff/StaffAttendanceScreen';

/** 教师考勤 (menu /jzg/jskq, permission jskq): my staff applications, apply, 月度汇总 (?scope=summary&month=&departmentId=). */
export const Route = createFileRoute('/_app/jzg/jskq')({
  beforeLoad: requirePerms('jskq'),
  validateSearch: staffSearchParams,
  component: StaffAttendanceRoute,
});

function StaffAttendanceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: StaffSearchParams) => void navigate({ search: next }), [navigate]);
  return <StaffAttendanceScreen search={search} onSearchChange={onSearchChange} />;
}
