import type { AppLogFilter } from '../../../../contracts/app-log-rules';
import { APP_LOG_CLIENT_TYPES, APP_LOG_DURATION_MAX, APP_LOG_FILTER_KEYS, APP_LOG_METHODS, APP_LOG_TEXT_MAX, APP_LOG_URL_MODES } from '../../../../contracts/system-codes';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * URL search params of /system/log (zod-free: the route file's validateSearch lands in the entry
 * chunk): the filters of contracts/app-log-rules.ts, the page size, and where the page is: `cursor`
 * + `dir` (keyset) and `page` (its number, for the pager's label). A bad value is dropped.
 */
const logFields = {
  from: searchField.date,
  to: searchField.date,
  userId: searchField.uuid(),
  account: searchField.text(APP_LOG_TEXT_MAX.account),
  url: searchField.text(APP_LOG_TEXT_MAX.url),
  urlMode: searchField.oneOf(APP_LOG_URL_MODES),
  ip: searchField.text(APP_LOG_TEXT_MAX.ip),
  method: searchField.oneOf(APP_LOG_METHODS),
  handler: searchField.text(APP_LOG_TEXT_MAX.handler),
  params: searchField.text(APP_LOG_TEXT_MAX.params),
  minDuration: searchField.int(0, APP_LOG_DURATION_MAX),
  module: searchField.text(APP_LOG_TEXT_MAX.module),
  operation: searchField.text(APP_LOG_TEXT_MAX.operation),
  clientType: searchField.oneOf(APP_LOG_CLIENT_TYPES),
  failed: searchField.oneOf(['0', '1']),
  errorCode: searchField.int(0, 99_999),
  systemName: searchField.text(APP_LOG_TEXT_MAX.systemName),
  reads: searchField.oneOf(['0', '1']),
  cursor: searchField.pattern(/^\d{1,17}_[0-9a-f-]{36}$/),
  dir: searchField.oneOf(['next', 'prev']),
  page: pageField,
  size: pageSizeField,
};
export const logSearchParams = searchSchema(logFields);
export type LogSearchParams = SearchOf<typeof logFields>;

/**
 * The filters in force: the URL's set ones, the dates defaulting to today (school time). One function
 * for the screen and the route's loader, so the loader's early request is the very one the screen makes.
 */
export function appliedLogFilter(search: LogSearchParams, today: string): Partial<AppLogFilter> {
  const value = (key: (typeof APP_LOG_FILTER_KEYS)[number]) => (search[key] === undefined ? '' : String(search[key]).trim());
  const filter: Partial<AppLogFilter> = {};
  for (const key of APP_LOG_FILTER_KEYS) if (value(key) !== '') filter[key] = value(key);
  filter.from ??= today;
  filter.to ??= filter.from > today ? filter.from : today;
  return filter;
}
