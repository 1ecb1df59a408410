import { i18n } from '@lingui/core';
import { htmlLang } from './locale';

/**
 * Dates and numbers in the reader's language (zh-CN or en), through Intl. Formatters are cached per
 * locale and options: building an Intl formatter costs far more than using one.
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

/** A date (default: year, month and day), e.g. 2026年11月20日 / Nov 20, 2026. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale: string = currentLocale(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options)).format(date);
}

/** A date with the time of day (minutes). */
export const formatDateTime = (value: Date | string | number, locale?: string): string =>
  formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, locale);

/** A number with the locale's grouping, e.g. 12,345. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale: string = currentLocale()): string {
  return formatter('number', locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(value);
}
