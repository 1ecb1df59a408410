// The app log viewer's (用户日志, /system/log) constants and filter rules, without zod: the screen and
// its route file use them; contracts/app-logs.ts re-exports everything here. The server refuses a
// filter with the same issue codes the form shows as typed.

import { isCalendarDate } from './date-rules';

export const APP_LOG_PERMISSION = 'system_log';
export const APP_LOG_EXPORT_PERMISSION = 'system_log_export';

/** The total is counted up to this many rows; beyond it the pager says "10000+". */
export const APP_LOG_COUNT_CAP = 10_000;
/** An export holds at most this many rows (newest first); a longer result says so in the file. */
export const APP_LOG_EXPORT_MAX = 50_000;

// The filter choices and limits live in contracts/system-codes.ts (the route file imports them from there).
export { APP_LOG_CLIENT_TYPES, APP_LOG_DURATION_MAX, APP_LOG_METHODS, APP_LOG_TEXT_MAX, APP_LOG_URL_MODES } from './system-codes';
import { APP_LOG_CLIENT_TYPES, APP_LOG_DURATION_MAX, APP_LOG_FILTER_KEYS, APP_LOG_METHODS, APP_LOG_TEXT_MAX, APP_LOG_URL_MODES } from './system-codes';

/**
 * The filters of SPEC §3 'Log filter fields (app log)', as the screen keeps them (strings; '' = any).
 * from / to: school days YYYY-MM-DD (+08:00), both ends included; '' means today.
 * userId (the people selector) or account (exact login name); url with urlMode prefix (default) or
 * contains; ip exact, or a prefix ending in '*'; handler (the route pattern, "class") exact;
 * params contains; minDuration at least N ms; module exact; operation: the operation's zh or en name
 * or the target contains; failed '1' = only failed calls; errorCode exact; systemName exact; reads
 * '1' = reads too (default: changes only).
 */
export interface AppLogFilter {
  from: string;
  to: string;
  userId: string;
  account: string;
  url: string;
  urlMode: string;
  ip: string;
  method: string;
  handler: string;
  params: string;
  minDuration: string;
  module: string;
  operation: string;
  clientType: string;
  failed: string;
  errorCode: string;
  systemName: string;
  /** '1': reads too (lists, page loads, downloads); '' = changes only (and rows older than the kinds) */
  reads: string;
}

// the filter's keys live in system-codes.ts (import-free): 用户日志's route search lands in the entry chunk
export { APP_LOG_FILTER_KEYS } from './system-codes';

/** A name in both languages (an operation's, a module's). */
export interface AppLogName {
  zh: string;
  en: string;
}

/**
 * What the 操作 column says: the operation's name in the reader's language and what it concerned
 * (重置密码：黄涛建 (201812102) / Reset password: 黄涛建 (201812102)); a row no route names shows its address.
 */
export function appLogOperationText(row: { operationName: AppLogName | null; target: string | null; url: string }, lang: 'zh' | 'en'): string {
  if (!row.operationName) return row.target ? `${row.url} ${row.target}` : row.url;
  const name = row.operationName[lang];
  return row.target ? `${name}${lang === 'zh' ? '：' : ': '}${row.target}` : name;
}

export const emptyAppLogFilter = (): AppLogFilter =>
  Object.fromEntries(APP_LOG_FILTER_KEYS.map((key) => [key, ''])) as unknown as AppLogFilter;

export type AppLogIssueCode =
  | 'appLogsDateInvalid'
  | 'appLogsRangeReversed'
  | 'appLogsUserIdInvalid'
  | 'appLogsIpInvalid'
  | 'appLogsMethodInvalid'
  | 'appLogsClientTypeInvalid'
  | 'appLogsUrlModeInvalid'
  | 'appLogsDurationInvalid'
  | 'appLogsErrorCodeInvalid'
  | 'appLogsFailedInvalid'
  | 'appLogsTooLong';

export interface AppLogIssue {
  field: keyof AppLogFilter;
  code: AppLogIssueCode;
  /** appLogsTooLong: the limit */
  max?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** digits, hex, dots and colons (IPv4 / IPv6), optionally ending in one '*' (prefix) */
const IP = /^[0-9A-Fa-f.:]+\*?$/;

export const isSchoolDate = isCalendarDate;

const wholeNumber = (text: string, max: number) => /^\d{1,10}$/.test(text) && Number(text) <= max;

/** Every rule a filter breaks (empty: fine). The same codes on the form and at the API. */
export function appLogFilterIssues(filter: Partial<AppLogFilter>): AppLogIssue[] {
  const issues: AppLogIssue[] = [];
  const value = (key: keyof AppLogFilter) => (filter[key] ?? '').trim();
  for (const [key, max] of Object.entries(APP_LOG_TEXT_MAX) as [keyof AppLogFilter, number][]) {
    if (value(key).length > max) issues.push({ field: key, code: 'appLogsTooLong', max });
  }
  const from = value('from');
  const to = value('to');
  if (from && !isSchoolDate(from)) issues.push({ field: 'from', code: 'appLogsDateInvalid' });
  if (to && !isSchoolDate(to)) issues.push({ field: 'to', code: 'appLogsDateInvalid' });
  if (from && to && isSchoolDate(from) && isSchoolDate(to) && to < from) issues.push({ field: 'to', code: 'appLogsRangeReversed' });
  if (value('userId') && !UUID.test(value('userId'))) issues.push({ field: 'userId', code: 'appLogsUserIdInvalid' });
  const ip = value('ip');
  if (ip && ip !== '*' && !IP.test(ip)) issues.push({ field: 'ip', code: 'appLogsIpInvalid' });
  if (value('method') && !(APP_LOG_METHODS as readonly string[]).includes(value('method').toUpperCase())) issues.push({ field: 'method', code: 'appLogsMethodInvalid' });
  if (value('clientType') && !(APP_LOG_CLIENT_TYPES as readonly string[]).includes(value('clientType'))) issues.push({ field: 'clientType', code: 'appLogsClientTypeInvalid' });
  if (value('urlMode') && !(APP_LOG_URL_MODES as readonly string[]).includes(value('urlMode'))) issues.push({ field: 'urlMode', code: 'appLogsUrlModeInvalid' });
  if (value('minDuration') && !wholeNumber(value('minDuration'), APP_LOG_DURATION_MAX)) issues.push({ field: 'minDuration', code: 'appLogsDurationInvalid' });
  if (value('errorCode') && !wholeNumber(value('errorCode'), 99_999)) issues.push({ field: 'errorCode', code: 'appLogsErrorCodeInvalid' });
  if (value('failed') && value('failed') !== '1' && value('failed') !== '0') issues.push({ field: 'failed', code: 'appLogsFailedInvalid' });
  if (value('reads') && value('reads') !== '1' && value('reads') !== '0') issues.push({ field: 'reads', code: 'appLogsFailedInvalid' });
  return issues;
}
