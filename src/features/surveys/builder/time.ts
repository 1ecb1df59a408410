/**
 * Questionnaire times are entered and shown in the school's time zone (+08:00), whatever the device's
 * zone: a datetime-local value 'YYYY-MM-DDTHH:mm' is school time (contracts SCHOOL_TIME_ZONE_OFFSET).
 */
const OFFSET = '+08:00';
const OFFSET_MS = 8 * 60 * 60 * 1000;

/** '2026-11-24T08:00' (school time) → '2026-11-24T08:00:00+08:00'; '' when not one. */
export function isoOfLocal(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  return `${local}:00${OFFSET}`;
}

/** An ISO time → 'YYYY-MM-DDTHH:mm' in school time (for a datetime-local input). */
export function localOfIso(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 16);
}

/** A moment → its datetime-local value in school time. */
export const localOfMs = (ms: number): string => new Date(ms + OFFSET_MS).toISOString().slice(0, 16);

/** An ISO time → '2026-11-24 08:00' in school time; '—' when absent. */
export function showTime(iso: string | null | undefined): string {
  const local = localOfIso(iso);
  return local ? local.replace('T', ' ') : '—';
}

export const showRange = (startsAt: string, endsAt: string): string => `${showTime(startsAt)} ~ ${showTime(endsAt)}`;

/** The epoch milliseconds of a datetime-local value in school time (NaN when not one). */
export const msOfLocal = (local: string): number => (isoOfLocal(local) ? Date.parse(isoOfLocal(local)) : Number.NaN);

/** A range for narrow screens: '11-22 17:15 ~ 12-11 17:15' (the year only when not this year's). */
export function shortRange(startsAt: string, endsAt: string, now = new Date()): string {
  const year = String(new Date(now.getTime() + OFFSET_MS).getUTCFullYear());
  const short = (iso: string) => {
    const local = localOfIso(iso).replace('T', ' ');
    return local.startsWith(`${year}-`) ? local.slice(5) : local;
  };
  return `${short(startsAt)} ~ ${short(endsAt)}`;
}
