import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isApiPath } from '../../contracts/paths';
import type { Database } from '../db/client';
import { scheduleSweep, type SweepSettings } from '../db/sweep';
import { appLogs, appLogsPublic } from '../modules/applog/applog.table';
import type { RouteTarget } from './route-spec';

/** The `system_name` of every row this server writes. */
export const SYSTEM_NAME = 'xiaowu';
/** params longer than this (after masking) are cut, ending in '…' */
export const MAX_PARAMS_CHARS = 2000;
const MAX_ERROR_CHARS = 500;
const MAX_DEPTH = 6;

/** What the request learns on its way, for its app-log row. */
export interface AppLogNote {
  tenantId: string | null;
  userId: string | null;
  failure: { code: number; message: string } | null;
  /** record no params (a route's `appLog: 'noParams'`, or an outbox batch carrying a call to one) */
  noParams: boolean;
  /** an answer to an anonymous questionnaire: no user, no address, no params (noteAnonymous) */
  anonymous: boolean;
  /** the record the call concerns, named by the route's `target` (several joined) */
  target: string | null;
  /** an outbox batch: the operation keys of the calls it replayed (the row takes theirs when they are one) */
  replayed: string[];
  /** which of the operation's variants the call was (RouteOperation.variants), e.g. add */
  variant: string | null;
}

/** The route facts the app log records, put on each defineRoute route's Fastify `config`. */
export interface AppLogRouteConfig {
  appLogModule?: string;
  appLogOperation?: string;
  /** "METHOD url": names the operation (plugins/route-operation.ts) */
  appLogOperationKey?: string;
  appLogKind?: 'change' | 'read';
  /** the route's params are never recorded (answers to questionnaires) */
  appLogNoParams?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    appLogNote: AppLogNote | null;
  }
  interface FastifyInstance {
    appLog: AppLogWriter | null;
  }
}

/** Records who made the call, once the session or the public call's tenant is known. */
export function noteCaller(request: FastifyRequest, tenantId: string | null, userId: string | null) {
  const note = request.appLogNote;
  if (!note) return;
  note.tenantId = tenantId;
  if (userId && !note.anonymous) note.userId = userId;
}

/** This call's params are not recorded (e.g. an outbox batch replaying a call whose params are never logged). */
export function noteNoParams(request: FastifyRequest) {
  if (request.appLogNote) request.appLogNote.noParams = true;
}

/**
 * This call files (or concerns) an answer to an anonymous questionnaire: its row records no user,
 * no address and no params, so nothing in the log leads from the answer back to the person.
 */
export function noteAnonymous(request: FastifyRequest) {
  const note = request.appLogNote;
  if (!note) return;
  note.anonymous = true;
  note.noParams = true;
  note.userId = null;
}

/** longest target text kept (a bulk call naming many records is cut, ending in '…') */
export const MAX_TARGET_CHARS = 500;

/** Names the record(s) the call concerns (a route's `target`, or each call an outbox batch replays). */
export function noteTarget(request: FastifyRequest, target: RouteTarget) {
  const note = request.appLogNote;
  if (!note || !target || note.anonymous) return;
  const { text, variant } = typeof target === 'string' ? { text: target, variant: undefined } : target;
  if (variant) note.variant = variant;
  if (text) note.target = note.target ? `${note.target}; ${text}` : text;
}

/** An outbox batch replayed the call of this operation key. */
export function noteReplayed(request: FastifyRequest, operationKey: string) {
  const note = request.appLogNote;
  if (note && !note.replayed.includes(operationKey)) note.replayed.push(operationKey);
}

/** Records a failed answer (result false, or a fault). */
export function noteFailure(request: FastifyRequest, code: number, message: string) {
  if (request.appLogNote) request.appLogNote.failure = { code, message };
}

// ——— masking ———

/** Keys whose values are never recorded: secrets, captcha answers, ID and phone numbers. */
const SECRET_KEY =
  /pass(word)?|pwd|token|secret|captcha|authorization|credential|signature|^code$|verif|otp|sfz|idcard|id_?card|id_?no|idnumber|zjhm|cert_?no|phone|mobile|^tel|sjh|lxdh/i;
/** 身份证号: 17 digits and a digit or X (15-digit old numbers too), not inside a longer number. */
const ID_NUMBER = /(?<![0-9A-Za-z])(\d{6})\d{8}(\d{3}[\dXx])(?![0-9A-Za-z])|(?<![0-9A-Za-z])(\d{6})\d{6}(\d{3})(?![0-9A-Za-z])/g;
/** mainland mobile numbers, optionally +86 */
const PHONE = /(?<!\d)((?:\+?86)?1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

export function maskText(text: string): string {
  return text
    .replace(ID_NUMBER, (_m, a: string | undefined, b: string | undefined, c: string | undefined, d: string | undefined) =>
      a !== undefined ? `${a}********${b}` : `${c}******${d}`,
    )
    .replace(PHONE, (_m, head: string, tail: string) => `${head}****${tail}`);
}

function maskValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => maskValue(item, depth + 1));
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== '' && item !== null && item !== undefined ? '***' : maskValue(item, depth + 1);
  }
  return out;
}

/** Query and body as one JSON text, masked and cut to MAX_PARAMS_CHARS. */
export function describeParams(query: unknown, body: unknown): string {
  const parts: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length > 0) parts.query = maskValue(query, 0);
  if (body !== undefined && body !== null) {
    // A JSON text inside a form field (generic table A's `search`) is masked as text.
    parts.body = typeof body === 'object' && !Buffer.isBuffer(body) ? maskValue(body, 0) : typeof body === 'string' ? maskText(body) : '<body>';
  }
  let text: string;
  try {
    text = JSON.stringify(parts);
  } catch {
    text = '{"unreadable":true}';
  }
  return text.length > MAX_PARAMS_CHARS ? `${text.slice(0, MAX_PARAMS_CHARS - 1)}…` : text;
}

type ClientType = 'pc' | 'mobile' | 'tablet' | 'app';
/** A server sees few distinct User-Agents: remember their answers (bounded). */
const clientTypes = new Map<string, ClientType>();

/** pc | mobile | tablet | app from the User-Agent. */
export function clientTypeOf(userAgent: string | undefined): ClientType {
  const ua = userAgent ?? '';
  let type = clientTypes.get(ua);
  if (type === undefined) {
    type = classifyClient(ua);
    if (clientTypes.size >= 1000) clientTypes.clear();
    clientTypes.set(ua, type);
  }
  return type;
}

function classifyClient(ua: string): ClientType {
  if (/XiaowuApp|wxwork|MicroMessenger|DingTalk|Html5Plus|uni-app/i.test(ua)) return 'app';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|HarmonyOS/i.test(ua)) return 'mobile';
  return 'pc';
}

/** Without a declared module (an unknown API path): the first path segment after /api, /saas, /ms. */
function moduleFromUrl(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const meaningful = segments.find((s) => !['api', 'saas', 'ms'].includes(s));
  return meaningful ?? segments[0] ?? '';
}

/** "POST /api/campuses/save" + 'add' → "POST /api/campuses/save#add" (route-operation.ts reads it back) */
const withVariant = (key: string | null, variant: string | null) => (key && variant ? `${key}#${variant}` : key);

// ——— the buffer and its writer ———

export type AppLogRow = typeof appLogs.$inferInsert;

export interface AppLogStats {
  buffered: number;
  written: number;
  /** rows dropped because the buffer was full (the database slow or down) */
  dropped: number;
  /** rows the database refused (a data or constraint error): written alone, dropped, counted */
  rejected: number;
  failedFlushes: number;
}

export interface AppLogWriterOptions {
  maxBuffered: number;
  flushIntervalMs: number;
  batchSize: number;
  onError?(error: unknown): void;
}

/**
 * One INSERT … SELECT FROM unnest(column arrays): 18 parameters whatever the batch size, where a
 * VALUES list would bind 16 per row (8,000 for a full batch) and cost the server noticeably more
 * to parse and plan under load.
 */
function insertRowsSql(rows: AppLogRow[], tenantId: string | null) {
  const column = <T>(pick: (row: AppLogRow) => T) => sql.param(rows.map(pick));
  const values = sql`unnest(
      ${column((r) => r.id)}::uuid[], ${column((r) => (r.at as Date).toISOString())}::timestamptz[], ${column((r) => r.userId ?? null)}::uuid[],
      ${column((r) => r.url)}::text[], ${column((r) => r.ip)}::text[], ${column((r) => r.method)}::text[], ${column((r) => r.handler)}::text[],
      ${column((r) => r.params)}::text[], ${column((r) => r.durationMs)}::int[], ${column((r) => r.module)}::text[], ${column((r) => r.operation)}::text[],
      ${column((r) => r.clientType)}::text[], ${column((r) => r.errorCode ?? null)}::int[], ${column((r) => r.errorMessage ?? null)}::text[],
      ${column((r) => r.systemName)}::text[], ${column((r) => r.operationKey ?? null)}::text[], ${column((r) => r.kind ?? null)}::text[],
      ${column((r) => r.target ?? null)}::text[])`;
  const columns = sql`id, at, user_id, url, ip, method, handler, params, duration_ms, module, operation, client_type, error_code, error_message, system_name, operation_key, kind, target`;
  return tenantId
    ? sql`INSERT INTO ${appLogs} (tenant_id, ${columns}) SELECT ${tenantId}::uuid, v.* FROM ${values} AS v`
    : sql`INSERT INTO ${appLogsPublic} (${columns}) SELECT v.* FROM ${values} AS v`;
}

/**
 * The database refused the rows themselves (a data exception, a constraint, row-level security),
 * as opposed to being unreachable or busy: writing them again would fail again.
 */
function isRowRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23') || code === '42501');
}

/**
 * Rows wait in memory and are written in the background: every flushIntervalMs, or as soon as
 * batchSize rows wait; one multi-row INSERT per tenant, each inside withTenant (RLS applies), rows
 * without a tenant into app_logs_public. A request only pushes to an array. When the database
 * fails, the rows go back to the buffer; past maxBuffered the oldest are dropped and counted. A
 * batch the database refuses is written row by row, and the rows refused alone are dropped and counted.
 */
export class AppLogWriter {
  private buffer: AppLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private closed = false;
  readonly stats: AppLogStats = { buffered: 0, written: 0, dropped: 0, rejected: 0, failedFlushes: 0 };

  constructor(
    private readonly db: Database,
    private readonly options: AppLogWriterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
    this.timer.unref();
  }

  push(row: AppLogRow) {
    if (this.closed) return;
    this.buffer.push(row);
    this.trim();
    if (this.buffer.length >= this.options.batchSize && !this.inFlight) void this.flush();
  }

  private trim() {
    const excess = this.buffer.length - this.options.maxBuffered;
    if (excess > 0) {
      this.buffer.splice(0, excess);
      this.stats.dropped += excess;
    }
    this.stats.buffered = this.buffer.length;
  }

  /** Writes everything buffered (waits for a flush already running first). */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    this.stats.buffered = 0;
    this.inFlight = this.write(rows).finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  private async write(rows: AppLogRow[]) {
    const byTenant = new Map<string | null, AppLogRow[]>();
    for (const row of rows) {
      const key = row.tenantId || null;
      const list = byTenant.get(key);
      if (list) list.push(row);
      else byTenant.set(key, [row]);
    }
    for (const [tenantId, tenantRows] of byTenant) {
      let done = 0;
      try {
        while (done < tenantRows.length) {
          const batch = tenantRows.slice(done, done + this.options.batchSize);
          try {
            await this.insert(batch, tenantId);
            this.stats.written += batch.length;
          } catch (error) {
            if (!isRowRefusal(error)) throw error;
            // One row the database refuses would fail its batch on every flush, and with it every
            // later row of the school: the batch is written row by row and the refused rows dropped.
            this.options.onError?.(error);
            await this.insertOneByOne(batch, tenantId);
          }
          done += batch.length;
        }
      } catch (error) {
        this.stats.failedFlushes += 1;
        this.options.onError?.(error);
        // The unwritten rows go back to the front of the buffer for the next flush.
        if (!this.closed) {
          this.buffer = [...tenantRows.slice(done), ...this.buffer];
          this.trim();
        }
      }
    }
  }

  private insert(rows: AppLogRow[], tenantId: string | null) {
    return this.db.withAppRole(async (scope) => {
      if (tenantId) await scope.enterTenant(tenantId);
      // A log row is not business data: the flush need not wait for its WAL to reach the disk.
      await scope.tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await scope.tx.execute(insertRowsSql(rows, tenantId));
    });
  }

  /** After a refused batch: each row alone; a refused row is dropped and counted, any other failure is thrown (the batch is kept). */
  private async insertOneByOne(rows: AppLogRow[], tenantId: string | null) {
    for (const row of rows) {
      try {
        await this.insert([row], tenantId);
        this.stats.written += 1;
      } catch (error) {
        if (!isRowRefusal(error)) throw error;
        this.stats.rejected += 1;
      }
    }
  }

  /** Stops the timer and writes what is left (app.close()). */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    this.closed = true;
  }
}

const RETENTION_EVERY_MS = 6 * 60 * 60_000;
/** rows removed per table per statement: short locks, and the log keeps being written meanwhile */
const RETENTION_CHUNK = 10_000;

/**
 * Removes app-log rows older than `days` through xiaowu_purge_app_logs() (migration 0011: a
 * SECURITY DEFINER function that may delete log rows only, and never younger than a day), chunk
 * by chunk, each chunk its own short transaction. Returns the number of rows removed.
 */
export async function purgeOldAppLogs(db: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60_000);
  let total = 0;
  for (;;) {
    const removed = await db.withGlobal(async (tx) => {
      const { rows } = await tx.execute<{ removed: number }>(sql`SELECT xiaowu_purge_app_logs(${cutoff.toISOString()}::timestamptz, ${RETENTION_CHUNK}) AS removed`);
      return Number(rows[0]?.removed ?? 0);
    });
    total += removed;
    if (removed < RETENTION_CHUNK) return total;
  }
}

/**
 * The app log: every API call (defineRoute routes and unknown API paths; not the static app) is
 * turned into one row in onResponse, after the answer has gone, and handed to the writer.
 */
export function registerAppLog(
  app: FastifyInstance,
  db: Database,
  options: AppLogWriterOptions & { enabled: boolean; retentionDays: number },
  sweeps: SweepSettings,
) {
  app.decorateRequest('appLogNote', null);
  // Retention runs whether or not new rows are recorded: old ones may be there from before.
  scheduleSweep(app, db, sweeps, {
    name: 'app-log-retention',
    everyMs: RETENTION_EVERY_MS,
    run: async () => {
      const removed = await purgeOldAppLogs(db, options.retentionDays);
      if (removed > 0) app.log.info({ removed, days: options.retentionDays }, 'app log: old rows removed');
    },
  });
  if (!options.enabled) {
    app.decorate('appLog', null);
    return;
  }
  const writer = new AppLogWriter(db, {
    ...options,
    onError: options.onError ?? ((error) => app.log.warn({ err: error }, 'app log: writing rows failed; kept for the next flush')),
  });
  app.decorate('appLog', writer);

  // Callback-style hooks: no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    request.appLogNote = { tenantId: null, userId: null, failure: null, noParams: false, anonymous: false, target: null, replayed: [], variant: null };
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    done();
    const note = request.appLogNote;
    if (!note || request.method === 'OPTIONS') return;
    const path = request.url.split('?')[0]!;
    const config = reply.routeOptions.config as AppLogRouteConfig;
    const declared = config.appLogOperation !== undefined;
    if (!declared && !isApiPath(path)) return;
    const durationMs = Math.round(reply.elapsedTime);
    writer.push({
      tenantId: note.tenantId as string,
      id: uuidv7(),
      at: new Date(Date.now() - durationMs),
      userId: note.userId,
      url: path.slice(0, 500),
      ip: note.anonymous ? '' : request.ip,
      method: request.method,
      handler: declared ? (reply.routeOptions.url ?? '') : '',
      params: note.noParams || config.appLogNoParams ? '' : describeParams(request.query, request.body),
      durationMs,
      module: config.appLogModule ?? moduleFromUrl(path),
      operation: config.appLogOperation ?? '',
      // a batch that replayed calls of one operation is filed as that operation (a roll submitted offline is 提交考勤)
      operationKey: withVariant(note.replayed.length === 1 ? note.replayed[0]! : (config.appLogOperationKey ?? null), note.variant),
      kind: note.replayed.length > 0 ? 'change' : (config.appLogKind ?? (request.method === 'GET' ? 'read' : 'change')),
      target: note.target && !note.anonymous ? (note.target.length > MAX_TARGET_CHARS ? `${note.target.slice(0, MAX_TARGET_CHARS - 1)}…` : note.target) : null,
      clientType: clientTypeOf(request.headers['user-agent']),
      errorCode: note.failure?.code ?? (reply.statusCode >= 500 ? reply.statusCode : null),
      errorMessage: note.failure ? note.failure.message.slice(0, MAX_ERROR_CHARS) : null,
      systemName: SYSTEM_NAME,
    });
  });

  app.addHook('onClose', async () => {
    await writer.close();
  });
}
