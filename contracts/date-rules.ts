// The one check of dates, months and date-times every layer runs, without zod: zod-free rule modules
// (calendar-rules, app-log-rules, survey-rules) and screens use these functions; contracts/dates.ts
// builds the wire's zod types on them, so a date the form accepts is a date the API accepts.

/**
 * Years a date may have. 1900: the oldest date the school records hold is a retired teacher's birth
 * date; 2100: far past any school year, questionnaire or leave being planned. Outside it is a typo or
 * a probe (0000, 9999), and years below 100 are where JavaScript's and drivers' date parsing go wrong.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
/** ISO 8601 with seconds, at most milliseconds (what a Date holds: more would be silently rounded) and an offset */
const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,3})?(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)$/;

const yearInRange = (year: number) => year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;

/** days in `month` (1–12) of `year`, Gregorian */
const daysInMonth = (year: number, month: number) => (month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** `YYYY-MM-DD` naming a real day (no 2026-02-30, no month 13) of a year in DATE_YEAR_MIN–DATE_YEAR_MAX. */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return yearInRange(year) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `YYYY-MM` with a month 01–12 of a year in range. */
export function isCalendarMonth(text: string): boolean {
  const match = MONTH_PATTERN.exec(text);
  if (!match) return false;
  const month = Number(match[2]);
  return yearInRange(Number(match[1])) && month >= 1 && month <= 12;
}

/** An ISO date-time with an offset (`2026-03-01T08:00:00.000Z`, `…+08:00`) on a real day of a year in range. */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME_PATTERN.exec(text);
  return !!match && isCalendarDate(match[1]!);
}

/** Message keys of a broken date rule: the server's catalogue and the forms translate them, naming the field. */
export type DateIssue = 'dateInvalid' | 'monthInvalid' | 'dateTimeInvalid';

export const DATE_ISSUE_TEXT: Record<DateIssue, { zh: string; en: string }> = {
  dateInvalid: {
    zh: `{field}不是有效的日期（YYYY-MM-DD，${DATE_YEAR_MIN}–${DATE_YEAR_MAX}年）`,
    en: `{field} is not a valid date (YYYY-MM-DD, years ${DATE_YEAR_MIN}–${DATE_YEAR_MAX})`,
  },
  monthInvalid: {
    zh: `{field}不是有效的月份（YYYY-MM，${DATE_YEAR_MIN}–${DATE_YEAR_MAX}年）`,
    en: `{field} is not a valid month (YYYY-MM, years ${DATE_YEAR_MIN}–${DATE_YEAR_MAX})`,
  },
  dateTimeInvalid: {
    zh: `{field}不是有效的时间（ISO 8601，含时区，${DATE_YEAR_MIN}–${DATE_YEAR_MAX}年）`,
    en: `{field} is not a valid time (ISO 8601 with an offset, years ${DATE_YEAR_MIN}–${DATE_YEAR_MAX})`,
  },
};
