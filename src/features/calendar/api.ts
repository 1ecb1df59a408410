import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CalendarSetCurrentResult, SchoolYear, SchoolYearInput, Semester, SemesterInput } from '../../../contracts/calendar';
import { tableKeys } from '../../components/table/table-query';
import { requestEnvelope } from '../../lib/http';

export const YEARS_URL = '/api/calendar/years';
export const SEMESTERS_URL = '/api/calendar/semesters';

export const calendarKeys = { years: ['calendar', 'years'] as const };

/** `POST /api/calendar/years`: every school year, newest first. */
export const schoolYearsQuery = () =>
  queryOptions({
    queryKey: calendarKeys.years,
    queryFn: async ({ signal }) => (await requestEnvelope<SchoolYear[]>(YEARS_URL, { method: 'POST', body: {}, signal })).data,
  });

/** A write's answer: the data and the server's msg (shown as the success toast). */
async function write<T>(url: string, body: unknown): Promise<{ data: T; msg: string }> {
  const envelope = await requestEnvelope<T>(url, { method: 'POST', body });
  return { data: envelope.data, msg: envelope.msg };
}

export const saveSchoolYear = (input: SchoolYearInput) => write<SchoolYear>(input.id ? '/api/calendar/years/edit' : '/api/calendar/years/add', input);
export const saveSemester = (input: SemesterInput) => write<Semester>(input.id ? '/api/calendar/semesters/edit' : '/api/calendar/semesters/add', input);
export const setCurrentSemester = (id: string) => write<CalendarSetCurrentResult>('/api/calendar/semesters/set-current', { id });

/** After a write: the years list and every semesters page read again. */
export const refreshCalendar = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: calendarKeys.years }), queryClient.invalidateQueries({ queryKey: tableKeys.url(SEMESTERS_URL) })]);

/**
 * After the current semester changed (and maybe every grade moved up and was renamed): every cached
 * read may name a class, a grade or a semester (attendance classes and rolls, rosters, exam batches…),
 * and features cannot reach each other's keys, so every query is invalidated: the active ones read
 * again now, the others (and the persisted copies) on their next use.
 */
export const refreshAfterSemesterChange = (queryClient: QueryClient) => queryClient.invalidateQueries();
