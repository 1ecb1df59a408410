import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ATTENDANCE_PERMISSION } from '../../../../../contracts/attendance-constants';
import { requirePerms } from '../../../../app/guards';
import { RollScreen } from '../../../../features/attendance/RollScreen';
import { attendanceRollSearch, isoDay } from '../../../../features/attendance/search';

/**
 * The feature's api module loads with the first visit, not with the entry chunk (route loaders stay
 * in it); once loaded, the loader starts its fetch synchronously, as a static import would.
 */
type AttendanceApi = typeof import('../../../../features/attendance/api');
let attendanceApi: AttendanceApi | undefined;
const loadAttendanceApi = async () => (attendanceApi ??= await import('../../../../features/attendance/api'));

/** One class's roll of one day (?classId=&date=, default today); without a class: the landing page. */
export const Route = createFileRoute('/_app/xssw/xskq/roll')({
  validateSearch: attendanceRollSearch,
  beforeLoad: (options) => {
    requirePerms(ATTENDANCE_PERMISSION)(options);
    if (!options.search.classId) throw redirect({ to: '/xssw/xskq', replace: true });
  },
  loaderDeps: ({ search }) => ({ classId: search.classId ?? '', date: search.date ?? isoDay() }),
  loader: ({ context, deps }) => {
    const prefetch = ({ attendanceRollQuery }: AttendanceApi) => context.queryClient.prefetchQuery(attendanceRollQuery(deps.classId, deps.date));
    return attendanceApi ? prefetch(attendanceApi) : loadAttendanceApi().then(prefetch);
  },
  component: RollRoute,
});

function RollRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const classId = search.classId ?? '';
  const date = search.date ?? isoDay();
  const onDateChange = useCallback((next: string) => void navigate({ search: { classId, date: next }, replace: true }), [navigate, classId]);
  return <RollScreen key={`${classId}:${date}`} classId={classId} date={date} onDateChange={onDateChange} />;
}
