import { SCHOOL_TIME_ZONE_OFFSET, schoolDate, schoolWallTime } from '../../contracts/school-time';

/**
 * Times entered and shown in the school's time zone (contracts/school-time.ts), whatever the
 * device's zone: a datetime-local value 'YYYY-MM-DDTHH:mm' is school time. Used by the applications'
 * and the questionnaires' forms and lists (their `time.ts` add their own range wordings), the
 * attendance days and the app log. Dates for reading go through lib/format.ts (Intl, same zone).
 */
export { addDays, schoolDate } from '../../contracts/school-time';

/** The school's today, YYYY-MM-DD (what a date input holds), whatever the device's zone. */
export const schoolToday = (now: Date | number = Date.now()): string => schoolDate(now);

/** The school's month of a moment, YYYY-MM. */
export const schoolMonth = (now: Date | number = Date.now()): string => schoolDate(now).slice(0, 7);

/** '2026-11-24T08:00' (school time) → '2026-11-24T08:00:00+08:00'; '' when not one. */
export function isoOfLocal(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  return `${local}:00${SCHOOL_TIME_ZONE_OFFSET}`;
}

/** A moment → its datetime-local value in school time. */
export const localOfMs = (ms: number): string => schoolWallTime(ms).slice(0, 16);

/** An ISO time → 'YYYY-MM-DDTHH:mm' in school time (for a datetime-local input); '' when not one. */
export function localOfIso(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : localOfMs(ms);
}

/** An ISO time → '2026-11-24 08:00' in school time; '—' when absent. */
export function showTime(iso: string | null | undefined): string {
  const local = localOfIso(iso);
  return local ? local.replace('T', ' ') : '—';
}

/** An ISO time → '2026-11-24 08:00:12' in school time, with seconds (the app log). */
export const showTimeSeconds = (iso: string): string => schoolWallTime(Date.parse(iso)).replace('T', ' ').slice(0, 19);

/** The epoch milliseconds of a datetime-local value in school time (NaN when not one). */
export const msOfLocal = (local: string): number => (isoOfLocal(local) ? Date.parse(isoOfLocal(local)) : Number.NaN);

/** The school's calendar year of a moment, e.g. '2026'. */
export const schoolYearOf = (ms: number): string => schoolWallTime(ms).slice(0, 4);
