import { z } from 'zod';
import type { SchoolYearField, SemesterField } from './calendar-rules';
import { jsonObjectInput } from './input';

/**
 * School years and semesters (SPEC §1 'Calendar and places', §3 field list, §4 'semester', §5, §8;
 * menu 学年学期 /xlcd/xnxq). Paths are not in the SPEC, so POST + JSON in its style.
 *
 * - A school year: code, name, start, end, current flag. Its current flag is never edited directly:
 *   it follows the current semester (setting a semester current makes its school year current).
 * - A semester: school year, code, name, year, working start/end, teaching start/end, number of
 *   weeks, current flag. Rules (one list, `semesterProblems` in the zod-free calendar-rules.ts,
 *   re-exported here, used by the form and the server):
 *   code and name required; year an integer above 2000 and below 9999; every start before its end
 *   (开始时间应早于结束时间); the teaching range inside the working range; weeks an integer from 1
 *   to the number of weeks the working range spans (a 20-week term inside a 22-week working range
 *   is fine, 30 weeks in it is not); the working range inside its school year; semesters of one
 *   school year never overlap; codes unique per school (a concurrent duplicate gets the same 40900).
 * - An edit sends the `version` of the row it loaded; a row changed meanwhile answers 40900
 *   (请刷新后重试) and nothing is written.
 * - Setting the current semester (xnxq_edit) is irreversible: only a semester later (by start date)
 *   than the current one; when it belongs to another school year, every grade moves up one level in
 *   the same transaction and the top grade graduates (see `CalendarSetCurrentResult`). The top is the
 *   end of the school's stage, not the highest grade it has: 九年级 (12 when it has 高中 grades), 大班.
 */

export * from './calendar-rules';

/** A YYYY-MM-DD text; an impossible day is refused by the rules with a clear message. */
const dayText = z.string().trim().max(10);

/** `POST /api/calendar/years`: no filters (a school has a few dozen years at most) */
export const calendarYearsRequest = z.object({});

export const calendarIdsRequest = z.object({ ids: z.array(z.uuid()).max(200) });
export type CalendarIdsRequest = z.infer<typeof calendarIdsRequest>;

export const calendarIdRequest = z.object({ id: z.string().trim().max(64).default('') });
export type CalendarIdRequest = z.infer<typeof calendarIdRequest>;

/** a row's `version` as the form loaded it: an edit of a row changed since answers 40900 */
const version = z.number().int().min(1);

/** `POST /api/calendar/years/add` (no id) and `/edit` (`schoolYearEditInput`: id and version required). */
export const schoolYearInput = z.object({
  id: z.uuid().optional(),
  version: version.optional(),
  code: z.string().trim().max(200),
  name: z.string().trim().max(200),
  /** optional: '' (or absent) shows the Chinese name in English */
  nameEn: z.string().trim().max(200).default(''),
  startDate: dayText,
  endDate: dayText,
});
export type SchoolYearInput = z.infer<typeof schoolYearInput>;
export const schoolYearEditInput = schoolYearInput.extend({ id: z.uuid(), version });

/** `POST /api/calendar/semesters/add` (no id) and `/edit` (`semesterEditInput`: id and version required). */
export const semesterInput = z.object({
  id: z.uuid().optional(),
  version: version.optional(),
  schoolYearId: z.uuid(),
  code: z.string().trim().max(200),
  name: z.string().trim().max(200),
  nameEn: z.string().trim().max(200).default(''),
  year: z.number(),
  startDate: dayText,
  endDate: dayText,
  teachStartDate: dayText,
  teachEndDate: dayText,
  weeks: z.number(),
});
export type SemesterInput = z.infer<typeof semesterInput>;
export const semesterEditInput = semesterInput.extend({ id: z.uuid(), version });

// the zod-free rules (calendar-rules.ts) name the same fields as the wire: a renamed field fails typecheck here
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies SameKeys<SchoolYearField, Exclude<keyof SchoolYearInput, 'id' | 'version'>>;
true satisfies SameKeys<SemesterField, Exclude<keyof SemesterInput, 'id' | 'version'>>;

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
  /** '' when none: the client shows `name` then (lib/locale.ts localName) */
  nameEn: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
  semesterCount: number;
  /** the name of its current semester, '' when none of its semesters is current */
  currentSemesterName: string;
  currentSemesterNameEn: string;
  /** sent back with an edit */
  version: number;
}

export interface Semester {
  id: string;
  schoolYearId: string;
  schoolYearName: string;
  schoolYearNameEn: string;
  code: string;
  name: string;
  /** '' when none: the client shows `name` then */
  nameEn: string;
  year: number;
  startDate: string;
  endDate: string;
  teachStartDate: string;
  teachEndDate: string;
  weeks: number;
  isCurrent: boolean;
  /** sent back with an edit */
  version: number;
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
  /** studying students of the graduating classes who graduated with them (毕业管理) */
  graduatedStudents: number;
  /** those who could not (enrolled or joined their class after today): left studying, listed in 毕业管理's 待毕业 */
  notGraduatedStudents: number;
}

