import { z } from 'zod';
import { jsonObjectInput } from './input';

/**
 * School years and semesters (SPEC §1 'Calendar and places', §3 field list, §4 'semester', §5, §8;
 * menu 学年学期 /xlcd/xnxq). Paths are not in the SPEC, so POST + JSON in its style.
 *
 * - A school year: code, name, start, end, current flag. Its current flag is never edited directly:
 *   it follows the current semester (setting a semester current makes its school year current).
 * - A semester: school year, code, name, year, working start/end, teaching start/end, number of
 *   weeks, current flag. Rules (one list, `semesterProblems`, used by the form and the server):
 *   code and name required; year an integer above 2000 and below 9999; every start before its end
 *   (开始时间应早于结束时间); the teaching range inside the working range; weeks an integer from 1
 *   to the number of weeks the working range spans (a 20-week term inside a 22-week working range
 *   is fine, 30 weeks in it is not); the working range inside its school year; semesters of one
 *   school year never overlap; codes unique per school.
 * - Setting the current semester (xnxq_edit) is irreversible: only a semester later (by start date)
 *   than the current one; when it belongs to another school year, every grade moves up one level in
 *   the same transaction and the top grade graduates (see `CalendarSetCurrentResult`).
 */

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
const isIsoDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text && day.getUTCFullYear() >= 1900;
};
/** days from `from` to `to`, both inclusive (YYYY-MM-DD) */
export const daysInclusive = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** SPEC-side rule for weeks: at most the number of (started) weeks the working range spans */
export const maxWeeks = (startDate: string, endDate: string) => Math.ceil(daysInclusive(startDate, endDate) / 7);

/** A YYYY-MM-DD text; an impossible day is refused by the rules with a clear message. */
const dayText = z.string().trim().max(10);

/** `POST /api/calendar/years`: no filters (a school has a few dozen years at most) */
export const calendarYearsRequest = z.object({});

export const calendarIdsRequest = z.object({ ids: z.array(z.uuid()).max(200) });
export type CalendarIdsRequest = z.infer<typeof calendarIdsRequest>;

export const calendarIdRequest = z.object({ id: z.string().trim().max(64).default('') });
export type CalendarIdRequest = z.infer<typeof calendarIdRequest>;

/** `POST /api/calendar/years/add` and `/edit` (edit: id). */
export const schoolYearInput = z.object({
  id: z.uuid().optional(),
  code: z.string().trim().max(200),
  name: z.string().trim().max(200),
  startDate: dayText,
  endDate: dayText,
});
export type SchoolYearInput = z.infer<typeof schoolYearInput>;

/** `POST /api/calendar/semesters/add` and `/edit` (edit: id). */
export const semesterInput = z.object({
  id: z.uuid().optional(),
  schoolYearId: z.uuid(),
  code: z.string().trim().max(200),
  name: z.string().trim().max(200),
  year: z.number(),
  startDate: dayText,
  endDate: dayText,
  teachStartDate: dayText,
  teachEndDate: dayText,
  weeks: z.number(),
});
export type SemesterInput = z.infer<typeof semesterInput>;

/** `POST /api/calendar/semesters` (generic table A): search JSON { schoolYearId? }, newest first. */
export const semesterListRequest = z.object({
  currPage: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  search: jsonObjectInput(z.object({ schoolYearId: z.union([z.uuid(), z.literal('')]).default('') })),
});
export type SemesterListRequest = z.infer<typeof semesterListRequest>;

export interface SchoolYear {
  id: string;
  code: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
  semesterCount: number;
  /** the name of its current semester, '' when none of its semesters is current */
  currentSemesterName: string;
}

export interface Semester {
  id: string;
  schoolYearId: string;
  schoolYearName: string;
  code: string;
  name: string;
  year: number;
  startDate: string;
  endDate: string;
  teachStartDate: string;
  teachEndDate: string;
  weeks: number;
  isCurrent: boolean;
}

/** `POST /api/calendar/semesters/set-current` { id }: what changed, in one transaction. */
export interface CalendarSetCurrentResult {
  semester: Semester;
  /** true when the new semester's school year differs from the previous current one's */
  upgraded: boolean;
  /** grades that moved up one level (renamed with their classes) */
  movedGrades: number;
  /** top grades that became graduated (with their classes) */
  graduatedGrades: number;
  /** classes renamed or graduated with their grades */
  classes: number;
}

/** One broken rule: the field it belongs to and a message key (contracts keep no texts; both sides translate). */
export interface CalendarProblem {
  field: string;
  key:
    | 'calendarCodeRequired'
    | 'calendarCodeTooLong'
    | 'calendarCodeInvalid'
    | 'calendarNameRequired'
    | 'calendarNameTooLong'
    | 'calendarDateInvalid'
    | 'calendarStartBeforeEnd'
    | 'calendarYearRange'
    | 'calendarTeachOutsideWork'
    | 'calendarWeeksPositive'
    | 'calendarWeeksRange';
  params?: Record<string, number>;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

function codeAndName(input: { code?: unknown; name?: unknown }, problems: CalendarProblem[]) {
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!code) problems.push({ field: 'code', key: 'calendarCodeRequired' });
  else if (code.length > CALENDAR_CODE_MAX) problems.push({ field: 'code', key: 'calendarCodeTooLong', params: { max: CALENDAR_CODE_MAX } });
  else if (!CODE_PATTERN.test(code)) problems.push({ field: 'code', key: 'calendarCodeInvalid' });
  if (!name) problems.push({ field: 'name', key: 'calendarNameRequired' });
  else if (name.length > CALENDAR_NAME_MAX) problems.push({ field: 'name', key: 'calendarNameTooLong', params: { max: CALENDAR_NAME_MAX } });
}

/** a start/end pair: both real days, start strictly before end (the message goes on the start field, as the date helper does) */
function range(input: Record<string, unknown>, start: string, end: string, problems: CalendarProblem[]): boolean {
  let ok = true;
  for (const field of [start, end]) {
    const value = input[field];
    if (typeof value !== 'string' || !isIsoDay(value.trim())) {
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
export function schoolYearProblems(input: Partial<Record<keyof SchoolYearInput, unknown>>): CalendarProblem[] {
  const problems: CalendarProblem[] = [];
  codeAndName(input, problems);
  range(input, 'startDate', 'endDate', problems);
  return problems;
}

/**
 * The rules of one semester the form and the server share. The server adds: the school year
 * exists, the working range lies inside it, no overlap with its other semesters, code unique.
 */
export function semesterProblems(input: Partial<Record<keyof SemesterInput, unknown>>): CalendarProblem[] {
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
