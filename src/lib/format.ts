import { i18n } from '@lingui/core';
import { SCHOOL_TIME_ZONE, SCHOOL_TIME_ZONE_OFFSET } from '../../contracts/school-time';
import { htmlLang } from './locale';

/**
 * Dates and numbers in the reader's language (zh-CN or en), through Intl, and dates in the school's
 * time zone (contracts/school-time.ts) whatever the device's: a teacher abroad sees the school's
 * day and hours, the same as the server words them. Formatters are cached per locale and options:
 * building an Intl formatter costs far more than using one.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: 'date' | 'number',
  locale: string,
  options: object,
  create: (tag: string) => T,
): T {
  const cacheKey = `${kind}|${locale}|${JSON.stringify(options)}`;
  let found = cache.get(cacheKey) as T | undefined;
  if (!found) {
    found = create(htmlLang(locale));
    cache.set(cacheKey, found);
  }
  return found;
}

const currentLocale = () => i18n.locale || 'zh';

/** A school day or school wall time written without a zone ('2026-11-28', '2026-11-28T08:00'). */
const SCHOOL_WALL_TIME = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/**
 * The instant of a value: a Date, epoch milliseconds, an ISO text with its zone, or a school day /
 * school wall time without one (read in the school's zone, never the device's).
 */
export function instantOf(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const wall = SCHOOL_WALL_TIME.exec(value);
  if (wall) return new Date(`${wall[1]}${wall[2] ?? 'T00:00'}${wall[3] ? '' : ':00'}${SCHOOL_TIME_ZONE_OFFSET}`);
  return new Date(value);
}

/** A date (default: year, month and day) in the school's zone, e.g. 2026年11月20日 / Nov 20, 2026. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale: string = currentLocale(),
): string {
  const date = instantOf(value);
  if (Number.isNaN(date.getTime())) return '';
  const zoned = options.timeZone ? options : { ...options, timeZone: SCHOOL_TIME_ZONE };
  return formatter('date', locale, zoned, (tag) => new Intl.DateTimeFormat(tag, zoned)).format(date);
}

/** A date with the time of day (minutes), e.g. 2026年11月20日 14:05 / Nov 20, 2026, 2:05 PM. */
export const formatDateTime = (value: Date | string | number, locale?: string): string =>
  formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, locale);

/** The time of day (24-hour, minutes), e.g. 08:00. */
export const formatTime = (value: Date | string | number, locale?: string): string =>
  formatDate(value, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, locale);

/**
 * A day with its weekday, as a heading says it: 2026年11月28日星期六 / Sat, Nov 28, 2026 (each
 * language's usual form: Chinese spells the weekday out, English abbreviates).
 */
export function formatDay(value: Date | string | number, locale: string = currentLocale()): string {
  const options: Intl.DateTimeFormatOptions =
    locale === 'en' ? { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' } : { dateStyle: 'full' };
  return formatDate(value, options, locale);
}

/** Names in a row, as each language lists them: 语文、数学、英语 / Chinese, Mathematics, English. */
export const formatList = (items: readonly string[], locale: string = currentLocale()): string => items.join(locale === 'en' ? ', ' : '、');

/** A number with the locale's grouping, e.g. 12,345. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale: string = currentLocale()): string {
  return formatter('number', locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(value);
}
