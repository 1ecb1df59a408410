import { z } from 'zod';
import { type DateIssue, isCalendarDate, isCalendarMonth, isDateTime } from './date-rules';

// The wire's date types, one family for every route (the checks: contracts/date-rules.ts). A failure's
// message is a key of DATE_ISSUE_TEXT; the server names the field in the caller's language.

const checked = (check: (text: string) => boolean, message: DateIssue) => z.string().trim().refine(check, { message });

/** `YYYY-MM-DD`, a real day of a year in range */
export const calendarDate = checked(isCalendarDate, 'dateInvalid');
/** `YYYY-MM` of a year in range */
export const calendarMonth = checked(isCalendarMonth, 'monthInvalid');
/** ISO 8601 with seconds and an offset, on a real day of a year in range */
export const dateTime = checked(isDateTime, 'dateTimeInvalid');
/** a calendar date or '' (a filter left open) */
export const calendarDateOrBlank = checked((text) => text === '' || isCalendarDate(text), 'dateInvalid');
