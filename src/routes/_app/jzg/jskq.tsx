import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { KIND_PERMISSIONS } from '../../../../contracts/application-constants';
import { requirePerms } from '../../../app/guards';
import { StaffAttendanceScreenLazy, staffRouteOptions } from '../../../features/applications/staff/route';
import type { StaffSearchParams } from '../../../features/applications/staff/search';

/** 教师考勤 (menu /jzg/jskq, permission jskq): my staff applications, apply, 月度汇总 (?scope=summary&month=&departmentId=). */
export const Route = createFileRoute('/_app/jzg/jskq')({
  beforeLoad: requirePerms(KIND_PERMISSIONS.staff_leave.menu),
  ...staffRouteOptions,
  component: StaffAttendanceRoute,
});

function StaffAttendanceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: StaffSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <StaffAttendanceScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
