import { z } from 'zod';
import { PAGE_SIZES } from './envelope';
import { jsonObjectInput } from './input';
import { APP_LOG_FILTER_KEYS, type AppLogName } from './app-log-rules';

/**
 * The app log viewer (用户日志, menu /system/log; system_log, export system_log_export). SPEC §3 'Log
 * filter fields (app log)'. Millions of rows: the list pages by keyset on (at desc, id desc) with an
 * opaque cursor (first / next / previous page), and counts the total only up to APP_LOG_COUNT_CAP.
 * The filters are strings checked by appLogFilterIssues (app-log-rules.ts), whose codes are the
 * server's messages, so the form and the API say the same thing.
 */

export * from './app-log-rules';

/** Each filter a string ('' = any); unknown keys refused. Lengths and forms: appLogFilterIssues. */
export const appLogSearch = z.strictObject(Object.fromEntries(APP_LOG_FILTER_KEYS.map((key) => [key, z.string().max(1000).optional()])) as Record<
  (typeof APP_LOG_FILTER_KEYS)[number],
  z.ZodOptional<z.ZodString>
>);
export type AppLogSearch = z.infer<typeof appLogSearch>;

/**
 * `POST /api/app-logs/list`: `search` the filters (JSON text or object); no cursor = the first page;
 * `direction` 'next' = the rows after `cursor` (older), 'prev' = the rows before it (newer).
 * `count` false skips counting (the screen counts once per filter).
 */
export const appLogListRequest = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: PAGE_SIZES.join(', ') })
    .default(10),
  search: jsonObjectInput(appLogSearch),
  cursor: z
    .string()
    // microseconds since 1970 (16 digits reach the year 2286) and a row id: a strict uuid, so nothing
    // malformed reaches the database's casts (a bad cursor is 40000, not 59000)
    .regex(/^\d{1,16}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional(),
  direction: z.enum(['next', 'prev']).default('next'),
  count: z.boolean().default(true),
});
export type AppLogListRequest = z.infer<typeof appLogListRequest>;

export interface AppLogRow {
  id: string;
  /** ISO time */
  at: string;
  userId: string | null;
  userName: string | null;
  account: string | null;
  url: string;
  ip: string;
  method: string;
  handler: string;
  params: string;
  durationMs: number;
  module: string;
  /** the module in words (a menu's name), null when the server has none for it */
  moduleName: AppLogName | null;
  /** the route's summary (developer words; the API description's) */
  operation: string;
  /** the operation in people's words, null for calls no route names (unknown paths) */
  operationName: AppLogName | null;
  kind: 'change' | 'read';
  /** the record the call concerned, named when it was made */
  target: string | null;
  clientType: string;
  errorCode: number | null;
  errorMessage: string | null;
  systemName: string;
}

export interface AppLogPage {
  rows: AppLogRow[];
  /** null when not counted; at most APP_LOG_COUNT_CAP */
  total: number | null;
  /** true: there are more than `total` rows ("10000+") */
  totalCapped: boolean;
  /** the cursor of the first and last row shown (for 'prev' and 'next'); null on an empty page */
  firstCursor: string | null;
  lastCursor: string | null;
  hasNext: boolean;
  hasPrev: boolean;
}

/**
 * `POST /api/app-logs/export`: the current filters → .xlsx, newest first, at most APP_LOG_EXPORT_MAX
 * rows. `search` is required (the screen always names what it exports; an empty object = today).
 */
export const appLogExportRequest = z.object({
  search: z
    .unknown()
    .refine((value) => value !== undefined && value !== null && value !== '', { message: 'required' })
    .pipe(jsonObjectInput(appLogSearch)),
});
export type AppLogExportRequest = z.infer<typeof appLogExportRequest>;

/** `POST /api/app-logs/options`: the choices of the module and class filters (from the route registry). */
export interface AppLogOptions {
  /** every module (value) with its name in both languages */
  modules: ({ value: string } & AppLogName)[];
  handlers: string[];
  systemNames: string[];
}
