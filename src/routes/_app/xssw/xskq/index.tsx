import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ATTENDANCE_PERMISSION } from '../../../../../contracts/attendance-constants';
import { requirePerms } from '../../../../app/guards';
import { AttendanceHomeScreen } from '../../../../features/attendance/AttendanceHomeScreen';
import { attendanceHomeSearch, isoDay, type AttendanceHomeSearch } from '../../../../features/attendance/search';

/** 学生考勤 (menu /xssw/xskq, permission xskq): the teacher's classes and today's rolls; managers' overview. */
export const Route = createFileRoute('/_app/xssw/xskq/')({
  beforeLoad: requirePerms(ATTENDANCE_PERMISSION),
  validateSearch: attendanceHomeSearch,
  // today's classes and their rolls go into the persisted cache, for a lesson without network;
  // not awaited: the page shows at once (prefetch never throws); the feature's api module loads
  // here, not with the entry chunk (route loaders stay in it)
  loader: ({ context }) => {
    void import('../../../../features/attendance/api').then(
      ({ prefetchTodaysRolls }) => prefetchTodaysRolls(context.queryClient, isoDay()),
      () => undefined,
    );
  },
  component: AttendanceHomeRoute,
});

function AttendanceHomeRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: AttendanceHomeSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <AttendanceHomeScreen search={search} onSearchChange={onSearchChange} />;
}
