/**
 * "Today" for attendance is the school's local date, not the server's: every school Xiaowu serves
 * today is in China, so one constant zone, Asia/Shanghai (no daylight saving, hence also a fixed
 * offset for leave times). A per-school setting would replace these when a tenant elsewhere needs it.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Shanghai';
export const SCHOOL_UTC_OFFSET = '+08:00';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of `at` in the school's zone. */
export const schoolDate = (at: Date): string => dayFormat.format(at);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a YYYY-MM-DD date (NaN when it is not one). */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The YYYY-MM-DD date `days` after `date` (negative: before). */
export const addDays = (date: string, days: number) => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
