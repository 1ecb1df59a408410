/**
 * The school's time zone, the one both sides read "today" and show times in, whatever the device's
 * or the server's zone. Every school Xiaowu serves today is in China: one constant zone,
 * Asia/Shanghai (no daylight saving, hence also a fixed offset for instants typed as school time).
 * A per-school setting would replace these when a tenant elsewhere needs it. Zod-free: the entry
 * chunk, the service worker and the server import it.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Shanghai';
/** The zone's offset, as ISO texts write it ('2026-11-24T08:00:00+08:00'). */
export const SCHOOL_TIME_ZONE_OFFSET = '+08:00';
/** The same offset in milliseconds (school wall time = UTC + this). */
export const SCHOOL_OFFSET_MS = 8 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The school's wall time of an instant (epoch ms), 'YYYY-MM-DDTHH:mm:ss.sss' (no zone). */
export const schoolWallTime = (at: number): string => new Date(at + SCHOOL_OFFSET_MS).toISOString().slice(0, 23);

/** YYYY-MM-DD of `at` (default now) in the school's zone: the school's today. */
export const schoolDate = (at: Date | number = Date.now()): string => schoolWallTime(+at).slice(0, 10);

/** Days since 1970-01-01 of a YYYY-MM-DD date (NaN when it is not one). */
export const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The YYYY-MM-DD date `days` after `date` (negative: before). */
export const addDays = (date: string, days: number): string => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday of a YYYY-MM-DD date. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
