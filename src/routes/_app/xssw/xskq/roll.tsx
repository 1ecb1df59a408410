import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ATTENDANCE_PERMISSION } from '../../../../features/attendance/codes';
import { requirePerms } from '../../../../app/guards';
import { attendanceRollQuery } from '../../../../features/attendance/api';
import { RollScreen } from '../../../../features/attendance/RollScreen';
import { attendanceRollSearch, isoDay } from '../../../../features/attendance/search';

/** One class's roll of one day (?classId=&date=, default today); without a class: the landing page. */
export const Route = createFileRoute('/_app/xssw/xskq/roll')({
  validateSearch: attendanceRollSearch,
  beforeLoad: (options) => {
    requirePerms(ATTENDANCE_PERMISSION)(options);
    if (!options.search.classId) throw redirect({ to: '/xssw/xskq', replace: true });
  },
  loaderDeps: ({ search }) => ({ classId: search.classId ?? '', date: search.date ?? isoDay() }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(attendanceRollQuery(deps.classId, deps.date)),
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
