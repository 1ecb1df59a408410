// The school-year and semester constants and rules, without zod: the screens (imported by their route
// files, so part of the entry chunk's reach) use them as typed; the server checks the same input with
// them. contracts/calendar.ts re-exports everything here and adds the zod schemas of the wire.

import { isCalendarDate } from './date-rules';

/** menu and read permission; add, edit (also: set the current semester), delete */
export const CALENDAR_PERMISSION = 'xnxq';
export const CALENDAR_ADD_PERMISSION = 'xnxq_add';
export const CALENDAR_EDIT_PERMISSION = 'xnxq_edit';
export const CALENDAR_DELETE_PERMISSION = 'xnxq_delete';

export const CALENDAR_CODE_MAX = 30;
export const CALENDAR_NAME_MAX = 50;
/** SPEC §5: "Semester year integer 2000–9999 (above 2000, below 9999)" */
export const SEMESTER_YEAR_ABOVE = 2000;
export const SEMESTER_YEAR_BELOW = 9999;

const DAY_MS = 86_400_000;
/** days from `from` to `to`, both inclusive (YYYY-MM-DD) */
export const daysInclusive = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** SPEC-side rule for weeks: at most the number of (started) weeks the working range spans */
export const maxWeeks = (startDate: string, endDate: string) => Math.ceil(daysInclusive(startDate, endDate) / 7);

/** the fields of a school year's input the shared rules read (contracts/calendar.ts `SchoolYearInput`) */
export type SchoolYearField = 'code' | 'name' | 'nameEn' | 'startDate' | 'endDate';
/** the fields of a semester's input the shared rules read (contracts/calendar.ts `SemesterInput`) */
export type SemesterField = 'schoolYearId' | 'code' | 'name' | 'nameEn' | 'year' | 'startDate' | 'endDate' | 'teachStartDate' | 'teachEndDate' | 'weeks';

/** One broken rule: the field it belongs to and a message key (contracts keep no texts; both sides translate). */
export interface CalendarProblem {
  field: string;
  key:
    | 'calendarCodeRequired'
    | 'calendarCodeTooLong'
    | 'calendarCodeInvalid'
    | 'calendarNameRequired'
    | 'calendarNameTooLong'
    | 'calendarNameEnTooLong'
    | 'calendarDateInvalid'
    | 'calendarStartBeforeEnd'
    | 'calendarYearRange'
    | 'calendarTeachOutsideWork'
    | 'calendarWeeksPositive'
    | 'calendarWeeksRange';
  params?: Record<string, number>;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

function codeAndName(input: { code?: unknown; name?: unknown; nameEn?: unknown }, problems: CalendarProblem[]) {
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  // the English name is optional ('' shows the Chinese one in English), with the Chinese name's length
  const nameEn = typeof input.nameEn === 'string' ? input.nameEn.trim() : '';
  if (!code) problems.push({ field: 'code', key: 'calendarCodeRequired' });
  else if (code.length > CALENDAR_CODE_MAX) problems.push({ field: 'code', key: 'calendarCodeTooLong', params: { max: CALENDAR_CODE_MAX } });
  else if (!CODE_PATTERN.test(code)) problems.push({ field: 'code', key: 'calendarCodeInvalid' });
  if (!name) problems.push({ field: 'name', key: 'calendarNameRequired' });
  else if (name.length > CALENDAR_NAME_MAX) problems.push({ field: 'name', key: 'calendarNameTooLong', params: { max: CALENDAR_NAME_MAX } });
  if (nameEn.length > CALENDAR_NAME_MAX) problems.push({ field: 'nameEn', key: 'calendarNameEnTooLong', params: { max: CALENDAR_NAME_MAX } });
}

/** a start/end pair: both real days, start strictly before end (the message goes on the start field, as the date helper does) */
function range(input: Record<string, unknown>, start: string, end: string, problems: CalendarProblem[]): boolean {
  let ok = true;
  for (const field of [start, end]) {
    const value = input[field];
    if (typeof value !== 'string' || !isCalendarDate(value.trim())) {
      problems.push({ field, key: 'calendarDateInvalid' });
      ok = false;
    }
  }
  if (!ok) return false;
  if (String(input[start]) >= String(input[end])) {
    problems.push({ field: start, key: 'calendarStartBeforeEnd' });
    return false;
  }
  return true;
}

/** The rules of a school year the form and the server share (uniqueness is the server's). */
export function schoolYearProblems(input: Partial<Record<SchoolYearField, unknown>>): CalendarProblem[] {
  const problems: CalendarProblem[] = [];
  codeAndName(input, problems);
  range(input, 'startDate', 'endDate', problems);
  return problems;
}

/**
 * The rules of one semester the form and the server share. The server adds: the school year
 * exists, the working range lies inside it, no overlap with its other semesters, code unique.
 */
export function semesterProblems(input: Partial<Record<SemesterField, unknown>>): CalendarProblem[] {
  const problems: CalendarProblem[] = [];
  codeAndName(input, problems);
  const year = input.year;
  if (typeof year !== 'number' || !Number.isInteger(year) || year <= SEMESTER_YEAR_ABOVE || year >= SEMESTER_YEAR_BELOW) {
    problems.push({ field: 'year', key: 'calendarYearRange', params: { above: SEMESTER_YEAR_ABOVE, below: SEMESTER_YEAR_BELOW } });
  }
  const work = range(input, 'startDate', 'endDate', problems);
  const teach = range(input, 'teachStartDate', 'teachEndDate', problems);
  if (work && teach && (String(input.teachStartDate) < String(input.startDate) || String(input.teachEndDate) > String(input.endDate))) {
    problems.push({ field: 'teachStartDate', key: 'calendarTeachOutsideWork' });
  }
  const weeks = input.weeks;
  if (typeof weeks !== 'number' || !Number.isInteger(weeks) || weeks < 1) {
    problems.push({ field: 'weeks', key: 'calendarWeeksPositive' });
  } else if (work) {
    const max = maxWeeks(String(input.startDate), String(input.endDate));
    if (weeks > max) problems.push({ field: 'weeks', key: 'calendarWeeksRange', params: { max } });
  }
  return problems;
}
