import { DEFAULT_PAGE_SIZE } from '../../../contracts/envelope';
import { addDays, schoolToday } from '../../lib/school-time';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../lib/search-params';

/**
 * URL search params of the attendance screens (zod-free: route files' validateSearch lands in the
 * /login entry chunk). A missing or bad value is dropped, never an error page; defaults stay out
 * of the URL.
 */
const isoDate = searchField.pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
const statusCode = searchField.pattern(/^[A-Za-z0-9_]{1,16}$/);

/** The school's day of a moment as YYYY-MM-DD (default today; the school's zone, not the device's). */
export const isoDay = (date: Date = new Date()): string => schoolToday(date);

/** `iso` moved by `days` (calendar days). */
export { addDays };

/** /xssw/xskq: the day of the managers' overview (default today). */
const homeFields = { date: isoDate };
export const attendanceHomeSearch = searchSchema(homeFields);
export type AttendanceHomeSearch = SearchOf<typeof homeFields>;

/** /xssw/xskq/roll: one class's roll of one day (default today). */
const rollFields = { classId: searchField.uuid(), date: isoDate };
export const attendanceRollSearch = searchSchema(rollFields);
export type AttendanceRollSearch = SearchOf<typeof rollFields>;

/** /xssw/xskq/history: per class or per student, a date range, a status, paging (zero-based). */
const historyFields = {
  classId: searchField.uuid(),
  studentId: searchField.uuid(),
  from: isoDate,
  to: isoDate,
  status: statusCode,
  page: pageField,
  size: pageSizeField,
  /** 'summary': days per status and student over the range (a class); default the day-by-day rows */
  view: searchField.oneOf(['summary']),
};
export const attendanceHistorySearchParams = searchSchema(historyFields);
export type AttendanceHistoryParams = SearchOf<typeof historyFields>;

/** Days the history shows when the URL names no range: the last 30 days up to today. */
export const HISTORY_DEFAULT_DAYS = 30;

/** The history filters a search stands for (defaults filled in; `today` for tests). */
export function historyFiltersOf(search: AttendanceHistoryParams, today = isoDay()) {
  const to = search.to ?? today;
  const from = search.from ?? addDays(to, -(HISTORY_DEFAULT_DAYS - 1));
  return {
    ...(search.classId ? { classId: search.classId } : {}),
    ...(search.studentId ? { studentId: search.studentId } : {}),
    from: from <= to ? from : to,
    to,
    status: search.status ?? '',
  };
}

export const historyPageOf = (search: AttendanceHistoryParams) => ({ page: search.page ?? 0, size: search.size ?? DEFAULT_PAGE_SIZE });

/** Drops empty and default values, so the URL shows only what the user chose. */
export function compactHistorySearch(search: AttendanceHistoryParams): AttendanceHistoryParams {
  return {
    classId: search.classId || undefined,
    studentId: search.studentId || undefined,
    from: search.from || undefined,
    to: search.to || undefined,
    status: search.status || undefined,
    page: search.page ? search.page : undefined,
    size: search.size && search.size !== DEFAULT_PAGE_SIZE ? search.size : undefined,
    view: search.view || undefined,
  };
}
