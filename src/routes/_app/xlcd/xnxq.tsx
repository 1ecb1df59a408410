import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { CalendarScreen } from '../../../features/calendar/CalendarScreen';
import { CALENDAR_PERMISSION } from '../../../../contracts/calendar-rules';
import { calendarSearch, type CalendarSearch } from '../../../features/calendar/search';

/** 学年学期 (menu /xlcd/xnxq, permission xnxq): school years and semesters, the current semester. */
export const Route = createFileRoute('/_app/xlcd/xnxq')({
  beforeLoad: requirePerms(CALENDAR_PERMISSION),
  validateSearch: calendarSearch,
  // the feature's api module loads here, not with the entry chunk (route loaders stay in it)
  loader: ({ context }) => {
    void import('../../../features/calendar/api').then(
      ({ schoolYearsQuery }) => context.queryClient.prefetchQuery(schoolYearsQuery()),
      () => undefined,
    );
  },
  component: CalendarRoute,
});

function CalendarRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: CalendarSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <CalendarScreen search={search} onSearchChange={onSearchChange} />;
}
