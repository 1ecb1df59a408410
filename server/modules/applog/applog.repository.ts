import { sql, type SQL } from "drizzle-orm";
import type { AppLogRow } from "../../../contracts/app-logs";
import { ResponseCode } from "../../../contracts/envelope";
import type { Tx } from "../../db/client";
import { AppError } from "../../plugins/envelope";
import { escapeLike } from '../../db/like';

/**
 * The app log viewer's SQL. Every query names the tenant explicitly (RLS applies as well) and pages
 * by keyset on (at desc, id desc), served by app_logs_at_idx (tenant_id, at desc, id desc).
 *
 * Under row-level security PostgreSQL only turns LEAKPROOF operators into index conditions (see
 * 0006_people_search.sql): =, <, >=, starts_with and the row comparison are; LIKE / ILIKE are not.
 * So exact and prefix filters are written with leakproof operators (a prefix as a range plus
 * starts_with; the database collation is C, byte order) and reach their indexes (0009, 0021);
 * the "contains" filters (address contains, params, operation) are checked on the rows the date
 * range and the other filters leave (see bench/app-logs.ts for what that costs): first by walking
 * the time index (quick when matches are common), and when that finds too little within
 * CONTAINS_WALK_MS, by one read of the range (rare texts), bounded by QUERY_LIMIT_MS.
 */

/** A filter the service has checked and normalised. */
export interface AppLogQuery {
  tenantId: string;
  /** ISO instants: at >= fromAt and at < toAt */
  fromAt: string;
  toAt: string;
  userId?: string;
  account?: string;
  url?: { mode: "prefix" | "contains"; text: string };
  ip?: { mode: "exact" | "prefix"; text: string };
  method?: string;
  handler?: string;
  params?: string;
  minDuration?: number;
  module?: string;
  clientType?: string;
  failed?: boolean;
  errorCode?: number;
  systemName?: string;
  /** false: changes only (and rows from before kinds were recorded) */
  reads: boolean;
  /**
   * the 操作 filter: rows of these operation keys (the routes whose zh or en name contains the
   * text), rows before 0027 of these "METHOD handler" keys, or a target containing the text
   */
  operationMatch?: { keys: string[]; legacyKeys: string[]; text: string };
}

export interface Cursor {
  /** microseconds since the epoch (exact; a JS Date would lose them) */
  micros: string;
  id: string;
}

export const cursorText = (cursor: Cursor) => `${cursor.micros}_${cursor.id}`;
export function parseCursor(text: string): Cursor {
  const at = text.indexOf("_");
  return { micros: text.slice(0, at), id: text.slice(at + 1) };
}

/** the last code point: every text starting with `prefix` sorts below prefix + U+10FFFF in C order */
const TOP = String.fromCodePoint(0x10ffff);

function prefixOf(column: SQL, prefix: string): SQL {
  return sql`${column} >= ${prefix} AND ${column} < ${prefix + TOP} AND starts_with(${column}, ${prefix})`;
}

function whereOf(q: AppLogQuery): SQL {
  const parts: SQL[] = [
    sql`l.tenant_id = ${q.tenantId}::uuid`,
    sql`l.at >= ${q.fromAt}::timestamptz`,
    sql`l.at < ${q.toAt}::timestamptz`,
  ];
  if (q.userId) parts.push(sql`l.user_id = ${q.userId}::uuid`);
  if (q.account)
    parts.push(
      sql`l.user_id = (SELECT u.id FROM users u WHERE u.tenant_id = ${q.tenantId}::uuid AND u.username = ${q.account})`,
    );
  if (q.url)
    parts.push(
      q.url.mode === "prefix"
        ? prefixOf(sql`l.url`, q.url.text)
        : sql`l.url ILIKE ${`%${escapeLike(q.url.text)}%`}`,
    );
  if (q.ip)
    parts.push(
      q.ip.mode === "exact"
        ? sql`l.ip = ${q.ip.text}`
        : prefixOf(sql`l.ip`, q.ip.text),
    );
  if (q.method) parts.push(sql`l.method = ${q.method}`);
  if (q.handler) parts.push(sql`l.handler = ${q.handler}`);
  if (q.params) parts.push(sql`l.params ILIKE ${`%${escapeLike(q.params)}%`}`);
  if (q.minDuration !== undefined)
    parts.push(sql`l.duration_ms >= ${q.minDuration}::int`);
  if (q.module) parts.push(sql`l.module = ${q.module}`);
  if (q.operationMatch) {
    const { keys, legacyKeys, text } = q.operationMatch;
    parts.push(sql`(l.operation_key = ANY(${sql.param(keys)}::text[])
      OR (l.operation_key IS NULL AND l.method || ' ' || l.handler = ANY(${sql.param(legacyKeys)}::text[]))
      OR l.target ILIKE ${`%${escapeLike(text)}%`})`);
  }
  // the partial index app_logs_change_idx has this very predicate
  if (!q.reads) parts.push(sql`l.kind IS DISTINCT FROM 'read'`);
  if (q.clientType) parts.push(sql`l.client_type = ${q.clientType}`);
  if (q.failed === true) parts.push(sql`l.error_code IS NOT NULL`);
  if (q.failed === false) parts.push(sql`l.error_code IS NULL`);
  if (q.errorCode !== undefined)
    parts.push(sql`l.error_code = ${q.errorCode}::int`);
  if (q.systemName) parts.push(sql`l.system_name = ${q.systemName}`);
  return sql.join(parts, sql` AND `);
}

/** a "contains" filter is set: no index serves it under RLS */
const hasContains = (q: AppLogQuery) =>
  q.url?.mode === "contains" ||
  q.params !== undefined ||
  q.operationMatch !== undefined;
/** how long the walk in time order may look for a "contains" filter's matches before the range is read once instead */
export const CONTAINS_WALK_MS = 300;
/** the longest a list, count or export batch may run; beyond it the caller is asked to narrow the filters */
export const QUERY_LIMIT_MS = 15_000;

const isTimeout = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "57014" || e?.cause?.code === "57014";
};

/**
 * Runs `work` in a savepoint with a statement timeout (restored afterwards: a released savepoint
 * keeps SET LOCAL). With a "contains" filter: first the planner's own plan for CONTAINS_WALK_MS,
 * then, if that ran out, without index scans (one read of the range and a top-N sort).
 */
async function bounded<T>(
  tx: Tx,
  q: AppLogQuery,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const attempt = (timeoutMs: number, noIndexScan: boolean) =>
    tx.transaction(async (savepoint) => {
      // set_config(…, true) is SET LOCAL with a bound value
      await savepoint.execute(sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      if (noIndexScan)
        await savepoint.execute(sql`SET LOCAL enable_indexscan = off`);
      const result = await work(savepoint);
      await savepoint.execute(sql`SET LOCAL statement_timeout = DEFAULT`);
      if (noIndexScan)
        await savepoint.execute(sql`SET LOCAL enable_indexscan = DEFAULT`);
      return result;
    });
  if (hasContains(q)) {
    try {
      return await attempt(CONTAINS_WALK_MS, false);
    } catch (error) {
      if (!isTimeout(error)) throw error;
    }
  }
  try {
    return await attempt(QUERY_LIMIT_MS, hasContains(q));
  } catch (error) {
    if (isTimeout(error))
      throw new AppError(ResponseCode.unprocessable, "appLogsQueryTooSlow");
    throw error;
  }
}

const cursorAt = (cursor: Cursor) =>
  sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;

interface RawRow extends Record<string, unknown> {
  id: string;
  at: string;
  micros: string;
  user_id: string | null;
  user_name: string | null;
  account: string | null;
  url: string;
  ip: string;
  method: string;
  handler: string;
  params: string;
  duration_ms: number;
  module: string;
  operation: string;
  client_type: string;
  error_code: number | null;
  error_message: string | null;
  system_name: string;
  operation_key: string | null;
  kind: 'change' | 'read' | null;
  target: string | null;
}

/** A stored row before the names are added (the service adds them from the route registry). */
export type StoredLogRow = Omit<AppLogRow, 'operationName' | 'moduleName' | 'kind'> & { operationKey: string | null; kind: 'change' | 'read' | null };

export interface LogPageRows {
  rows: (StoredLogRow & { cursor: string })[];
  /** one more row was there beyond `limit` in the direction read */
  more: boolean;
}

const toRow = (r: RawRow): StoredLogRow & { cursor: string } => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  userId: r.user_id,
  userName: r.user_name,
  account: r.account,
  url: r.url,
  ip: r.ip,
  method: r.method,
  handler: r.handler,
  params: r.params,
  durationMs: r.duration_ms,
  module: r.module,
  operation: r.operation,
  clientType: r.client_type,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  systemName: r.system_name,
  operationKey: r.operation_key,
  kind: r.kind,
  target: r.target,
  cursor: cursorText({ micros: r.micros, id: r.id }),
});

export const appLogRepository = {
  /**
   * One page, newest first. `after` = rows older than the cursor ('next'), `before` = rows newer
   * than it ('prev', read oldest-first and turned around). Reads limit + 1 to know whether more follow.
   */
  async page(
    tx: Tx,
    q: AppLogQuery,
    limit: number,
    cursor?: { cursor: Cursor; direction: "next" | "prev" },
  ): Promise<LogPageRows> {
    const backwards = cursor?.direction === "prev";
    // The plain bound on `at` beside the row comparison lets the index scan start at the cursor:
    // PostgreSQL does not always take a row comparison as the scan's start (a previous page then
    // read every older row of the range first).
    const keyset = cursor
      ? backwards
        ? sql` AND l.at >= ${cursorAt(cursor.cursor)} AND (l.at, l.id) > (${cursorAt(cursor.cursor)}, ${cursor.cursor.id}::uuid)`
        : sql` AND l.at <= ${cursorAt(cursor.cursor)} AND (l.at, l.id) < (${cursorAt(cursor.cursor)}, ${cursor.cursor.id}::uuid)`
      : sql``;
    // the order of the (… at DESC NULLS LAST, id DESC NULLS LAST) indexes, read forwards or backwards
    const order = backwards
      ? sql`l.at ASC NULLS FIRST, l.id ASC NULLS FIRST`
      : sql`l.at DESC NULLS LAST, l.id DESC NULLS LAST`;
    const { rows } = await bounded(tx, q, (scope) =>
      scope.execute<RawRow>(sql`
      SELECT p.*, (extract(epoch FROM p.at) * 1000000)::bigint::text AS micros, u.name AS user_name, u.username AS account
      FROM (SELECT l.id, l.at, l.user_id, l.url, l.ip, l.method, l.handler, l.params, l.duration_ms, l.module, l.operation,
                   l.client_type, l.error_code, l.error_message, l.system_name, l.operation_key, l.kind, l.target
            FROM app_logs l WHERE ${whereOf(q)}${keyset} ORDER BY ${order} LIMIT ${limit + 1}) p
      LEFT JOIN users u ON u.tenant_id = ${q.tenantId}::uuid AND u.id = p.user_id`),
    );
    const all = rows.map(toRow);
    // JS sort by the exact cursor (micros, then id) so the page reads newest first whatever the join did.
    const key = (row: { cursor: string }) => parseCursor(row.cursor);
    all.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const byAt = BigInt(kb.micros) - BigInt(ka.micros);
      if (byAt !== 0n) return byAt > 0n ? 1 : -1;
      return kb.id < ka.id ? -1 : kb.id > ka.id ? 1 : 0;
    });
    const more = all.length > limit;
    if (!more) return { rows: all, more };
    // the extra row is the furthest one in the reading direction
    return { rows: backwards ? all.slice(1) : all.slice(0, limit), more };
  },

  /** The number of matching rows, counted no further than cap + 1. */
  async cappedCount(tx: Tx, q: AppLogQuery, cap: number): Promise<number> {
    const { rows } = await bounded(tx, q, (scope) =>
      scope.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM app_logs l WHERE ${whereOf(q)} LIMIT ${cap + 1}) s`,
      ),
    );
    return rows[0]?.n ?? 0;
  },
};
