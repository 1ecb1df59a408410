import { sql, type SQL } from 'drizzle-orm';
import type { AppLogRow } from '../../../contracts/app-logs';
import type { Tx } from '../../db/client';

/**
 * The app log viewer's SQL. Every query names the tenant explicitly (RLS applies as well) and pages
 * by keyset on (at desc, id desc), served by app_logs_at_idx (tenant_id, at desc, id desc).
 *
 * Under row-level security PostgreSQL only turns LEAKPROOF operators into index conditions (see
 * 0006_people_search.sql): =, <, >=, starts_with and the row comparison are; LIKE / ILIKE are not.
 * So exact and prefix filters are written with leakproof operators (a prefix as a range plus
 * starts_with; the database collation is C, byte order) and reach their indexes (0009, 0021);
 * the "contains" filters (address contains, params, operation) are checked on the rows the date
 * range and the other filters leave (see bench/app-logs.ts for what that costs).
 */

/** A filter the service has checked and normalised. */
export interface AppLogQuery {
  tenantId: string;
  /** ISO instants: at >= fromAt and at < toAt */
  fromAt: string;
  toAt: string;
  userId?: string;
  account?: string;
  url?: { mode: 'prefix' | 'contains'; text: string };
  ip?: { mode: 'exact' | 'prefix'; text: string };
  method?: string;
  handler?: string;
  params?: string;
  minDuration?: number;
  module?: string;
  operation?: string;
  clientType?: string;
  failed?: boolean;
  errorCode?: number;
  systemName?: string;
}

export interface Cursor {
  /** microseconds since the epoch (exact; a JS Date would lose them) */
  micros: string;
  id: string;
}

export const cursorText = (cursor: Cursor) => `${cursor.micros}_${cursor.id}`;
export function parseCursor(text: string): Cursor {
  const at = text.indexOf('_');
  return { micros: text.slice(0, at), id: text.slice(at + 1) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** the last code point: every text starting with `prefix` sorts below prefix + U+10FFFF in C order */
const TOP = String.fromCodePoint(0x10ffff);

function prefixOf(column: SQL, prefix: string): SQL {
  return sql`${column} >= ${prefix} AND ${column} < ${prefix + TOP} AND starts_with(${column}, ${prefix})`;
}

function whereOf(q: AppLogQuery): SQL {
  const parts: SQL[] = [sql`l.tenant_id = ${q.tenantId}::uuid`, sql`l.at >= ${q.fromAt}::timestamptz`, sql`l.at < ${q.toAt}::timestamptz`];
  if (q.userId) parts.push(sql`l.user_id = ${q.userId}::uuid`);
  if (q.account) parts.push(sql`l.user_id = (SELECT u.id FROM users u WHERE u.tenant_id = ${q.tenantId}::uuid AND u.username = ${q.account})`);
  if (q.url) parts.push(q.url.mode === 'prefix' ? prefixOf(sql`l.url`, q.url.text) : sql`l.url ILIKE ${`%${escapeLike(q.url.text)}%`}`);
  if (q.ip) parts.push(q.ip.mode === 'exact' ? sql`l.ip = ${q.ip.text}` : prefixOf(sql`l.ip`, q.ip.text));
  if (q.method) parts.push(sql`l.method = ${q.method}`);
  if (q.handler) parts.push(sql`l.handler = ${q.handler}`);
  if (q.params) parts.push(sql`l.params ILIKE ${`%${escapeLike(q.params)}%`}`);
  if (q.minDuration !== undefined) parts.push(sql`l.duration_ms >= ${q.minDuration}::int`);
  if (q.module) parts.push(sql`l.module = ${q.module}`);
  if (q.operation) parts.push(sql`l.operation ILIKE ${`%${escapeLike(q.operation)}%`}`);
  if (q.clientType) parts.push(sql`l.client_type = ${q.clientType}`);
  if (q.failed === true) parts.push(sql`l.error_code IS NOT NULL`);
  if (q.failed === false) parts.push(sql`l.error_code IS NULL`);
  if (q.errorCode !== undefined) parts.push(sql`l.error_code = ${q.errorCode}::int`);
  if (q.systemName) parts.push(sql`l.system_name = ${q.systemName}`);
  return sql.join(parts, sql` AND `);
}

const cursorAt = (cursor: Cursor) => sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;

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
}

export interface LogPageRows {
  rows: (AppLogRow & { cursor: string })[];
  /** one more row was there beyond `limit` in the direction read */
  more: boolean;
}

const toRow = (r: RawRow): AppLogRow & { cursor: string } => ({
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
  cursor: cursorText({ micros: r.micros, id: r.id }),
});

export const appLogRepository = {
  /**
   * One page, newest first. `after` = rows older than the cursor ('next'), `before` = rows newer
   * than it ('prev', read oldest-first and turned around). Reads limit + 1 to know whether more follow.
   */
  async page(tx: Tx, q: AppLogQuery, limit: number, cursor?: { cursor: Cursor; direction: 'next' | 'prev' }): Promise<LogPageRows> {
    const backwards = cursor?.direction === 'prev';
    const keyset = cursor
      ? backwards
        ? sql` AND (l.at, l.id) > (${cursorAt(cursor.cursor)}, ${cursor.cursor.id}::uuid)`
        : sql` AND (l.at, l.id) < (${cursorAt(cursor.cursor)}, ${cursor.cursor.id}::uuid)`
      : sql``;
    const order = backwards ? sql`l.at ASC, l.id ASC` : sql`l.at DESC, l.id DESC`;
    const { rows } = await tx.execute<RawRow>(sql`
      SELECT p.*, (extract(epoch FROM p.at) * 1000000)::bigint::text AS micros, u.name AS user_name, u.username AS account
      FROM (SELECT l.id, l.at, l.user_id, l.url, l.ip, l.method, l.handler, l.params, l.duration_ms, l.module, l.operation,
                   l.client_type, l.error_code, l.error_message, l.system_name
            FROM app_logs l WHERE ${whereOf(q)}${keyset} ORDER BY ${order} LIMIT ${limit + 1}) p
      LEFT JOIN users u ON u.tenant_id = ${q.tenantId}::uuid AND u.id = p.user_id`);
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
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM app_logs l WHERE ${whereOf(q)} LIMIT ${cap + 1}) s`);
    return rows[0]?.n ?? 0;
  },
};
