import { SCHOOL_TIME_ZONE_OFFSET } from '../../contracts/application-rules';

/**
 * Times entered and shown in the school's time zone (+08:00, SCHOOL_TIME_ZONE_OFFSET), whatever the
 * device's zone: a datetime-local value 'YYYY-MM-DDTHH:mm' is school time. Used by the applications'
 * and the questionnaires' forms and lists (their `time.ts` add their own range wordings).
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;

/** '2026-11-24T08:00' (school time) → '2026-11-24T08:00:00+08:00'; '' when not one. */
export function isoOfLocal(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  return `${local}:00${SCHOOL_TIME_ZONE_OFFSET}`;
}

/** A moment → its datetime-local value in school time. */
export const localOfMs = (ms: number): string => new Date(ms + OFFSET_MS).toISOString().slice(0, 16);

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
export const showTimeSeconds = (iso: string): string => new Date(Date.parse(iso) + OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);

/** The epoch milliseconds of a datetime-local value in school time (NaN when not one). */
export const msOfLocal = (local: string): number => (isoOfLocal(local) ? Date.parse(isoOfLocal(local)) : Number.NaN);

/** The school's calendar year of a moment, e.g. '2026'. */
export const schoolYearOf = (ms: number): string => String(new Date(ms + OFFSET_MS).getUTCFullYear());
