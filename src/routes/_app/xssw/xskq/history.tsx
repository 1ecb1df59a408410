import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ATTENDANCE_PERMISSION } from '../../../../../contracts/attendance-constants';
import { requirePerms } from '../../../../app/guards';
import { HistoryScreen } from '../../../../features/attendance/HistoryScreen';
import { attendanceHistorySearchParams, type AttendanceHistoryParams } from '../../../../features/attendance/search';

/** Attendance history per class or student (?classId=&studentId=&from=&to=&status=&page=&size=). */
export const Route = createFileRoute('/_app/xssw/xskq/history')({
  beforeLoad: requirePerms(ATTENDANCE_PERMISSION),
  validateSearch: attendanceHistorySearchParams,
  component: HistoryRoute,
});

function HistoryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: AttendanceHistoryParams, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace }),
    [navigate],
  );
  return <HistoryScreen search={search} onSearchChange={onSearchChange} />;
}
