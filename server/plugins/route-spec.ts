// What a route declares (its access, input schemas, handler and the contexts handlers get), apart from
// the code that installs routes (define-route.ts) and replays the outbox (outbox-replay.ts), which both need it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OutboxBatchData } from '../../contracts/idempotency';
import type { OutboxBatchRequest } from '../../contracts/outbox';
import type { AppConfig } from '../config';
import type { Database, Tx } from '../db/client';
import type { Lang, SuccessMessage } from '../i18n/messages';
import type { Session } from '../modules/auth/session.types';
import type { Tenant } from '../modules/tenants/tenants.service';
import type { Services } from '../services';
import type { RateLimitName } from './rate-limit';

/**
 * Who may call a route: anyone; any logged-in user; or a logged-in user holding any / all of the
 * permission codes (the same codes the client's guards use).
 */
export type Access = 'public' | 'session' | { anyOf: readonly string[] } | { allOf: readonly string[] };

export type InputSchema = z.ZodType | undefined;

/**
 * What a call does in people's words, for 用户日志: its name in zh and en and whether it changes
 * something or only looks (the log shows changes unless asked for reads).
 */
export interface RouteOperation {
  zh: string;
  en: string;
  kind: 'change' | 'read';
  /** what one call turned out to be, named by its `target` (a save that adds or edits: 新增校区 / 编辑校区) */
  variants?: Readonly<Record<string, { zh: string; en: string }>>;
}
/** What a route's `target` names: the record, and which of the operation's variants the call is. */
export type RouteTarget = string | { text: string | null; variant?: string } | null | undefined;
/** The usual variants of a save: no id adds, an id edits. */
export const addOrEdit = (zh: string, en: string) => ({ add: { zh: `新增${zh}`, en: `Add ${en}` }, edit: { zh: `编辑${zh}`, en: `Edit ${en}` } });
/** a call that writes: 重置密码 / Reset password */
export const changes = (zh: string, en: string): RouteOperation => ({ zh, en, kind: 'change' });
/** a call that only looks (lists, reads, page loads, downloads) */
export const reads = (zh: string, en: string): RouteOperation => ({ zh, en, kind: 'read' });
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

interface BaseContext<B, Q, P> {
  request: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  body: B;
  query: Q;
  params: P;
  services: Services;
  config: AppConfig;
  /** replaces the default success message ('操作成功' / 'Success'): a catalogue key or a kit definition's words */
  setMessage(message: SuccessMessage): void;
  /**
   * The call concerns an answer to an anonymous questionnaire: its app-log row keeps no user, address
   * or params, and an idempotent call keeps no Idempotency-Key record after it commits.
   */
  markAnonymous(): void;
}

export interface PublicContext<B = unknown, Q = unknown, P = unknown> extends BaseContext<B, Q, P> {
  session: null;
  db: Database;
  /**
   * One app-role transaction bound to the caller's tenant when it can be told (session token, else
   * Host header, else X-Tenant header); with `tenant` null only global tables are visible.
   */
  withRequestTenant<T>(work: (tx: Tx, tenant: Tenant | null) => Promise<T>): Promise<T>;
}

export interface SessionContext<B = unknown, Q = unknown, P = unknown> extends BaseContext<B, Q, P> {
  session: Session;
  /** the request's transaction, bound to the session's tenant */
  tx: Tx;
  /** what the route's `receive` staged before the transaction (undefined without `receive`) */
  staged: unknown;
  /** `POST /api/outbox/batch` only: runs queued writes as their own idempotent routes would */
  replayOutbox(ops: OutboxBatchRequest['ops']): Promise<OutboxBatchData>;
}

/** What a route's `receive` leaves for its handler; `discard` runs after the answer, whatever happened. */
export interface Staged {
  discard(): Promise<void>;
}

type ContextFor<A extends Access, B, Q, P> = A extends 'public' ? PublicContext<B, Q, P> : SessionContext<B, Q, P>;

export interface RouteSpec<
  A extends Access = Access,
  BS extends InputSchema = InputSchema,
  QS extends InputSchema = InputSchema,
  PS extends InputSchema = InputSchema,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the SPEC's exact path */
  url: string;
  access: A;
  /** one line: what the call does (listed by the route registry) */
  summary: string;
  /**
   * The call's name in 用户日志 (zh, en, change or read). Kit routes and routes guarded by one named
   * menu button (重置密码) get theirs derived (plugins/route-operation.ts); every other route declares it.
   */
  operation?: RouteOperation;
  /**
   * Names the record the call affects, for its 用户日志 row ("黄涛建 (201812102)"): run in the call's
   * transaction after the access check and before the handler, so a deleted record keeps its name.
   * Data only (names, accounts, codes), no sentence: the log shows it beside the operation's name.
   */
  target?(ctx: ContextFor<A, Parsed<BS>, Parsed<QS>, Parsed<PS>>): Promise<RouteTarget>;
  body?: BS;
  query?: QS;
  params?: PS;
  /**
   * Session routes: whether the call counts as activity, extending the idle expiry and renewing an
   * old token. Default true; false for calls that only look (getExpires) or end the session.
   */
  touchSession?: boolean;
  /**
   * Session routes a user who must change the password (an initial or reset one) may call: what the
   * change needs (payload, password change, logout, expiry). Every other session call answers 40300
   * 请先修改初始密码 with data `{ mustChangePassword: true }`.
   */
  beforePasswordChange?: boolean;
  /**
   * Session routes with a large body (uploads): reads it after the session and permission check
   * (a short transaction of its own) and before the handler's transaction, so no database
   * connection waits on a slow client. The handler gets the result as `staged`.
   */
  receive?(request: FastifyRequest, services: Services): Promise<Staged>;
  /**
   * Session routes that the outbox replays (OFFLINE.md §5): with an `Idempotency-Key` header the
   * key is claimed in the handler's transaction, a repeat answers the stored answer
   * (`Idempotent-Replay: 1`) and the same key with another request 42200 (plugins/idempotency.ts).
   * Without the header the route runs as usual.
   */
  idempotent?: boolean;
  /**
   * Public calls open to abuse: the named limit of plugins/rate-limit.ts (per client address and per
   * device id), checked first; over it the call answers 42900.
   */
  rateLimit?: RateLimitName;
  /**
   * A page opened in a browser (the proof verification page): over the limit it answers a small
   * HTML page with status 429 and Retry-After instead of the 42900 envelope.
   */
  rateLimitHtml?: boolean;
  /**
   * 'noParams': the app log never records this call's query and body (answers to questionnaires:
   * they may be anonymous); an outbox batch replaying it records none either.
   */
  appLog?: 'noParams';
  /**
   * 'file': a call that succeeds answers a file (a workbook, a PDF, a picture, an upload's bytes: the
   * handler returns RawReply), not the envelope; its failures are envelopes as usual. The security
   * walks (server/security/access.test.ts, fuzz.test.ts) read it from the registry.
   */
  answers?: 'file';
  /**
   * Session routes answered from memory (issue 18 §4, getPermission): when the session, the caller's
   * grant and this answer (`data` as UTF-8 JSON, in pieces) are all in memory, kept current across instances by
   * the cache bus, the call runs without a transaction. undefined: the handler runs as usual; so do
   * callers memory cannot clear (refused, due for token rotation, not cached here).
   */
  fromMemory?(ctx: { session: Session; services: Services }): readonly Buffer[] | undefined;
  /** returns the envelope's `data`; throw AppError to answer a failure */
  handler(ctx: ContextFor<A, Parsed<BS>, Parsed<QS>, Parsed<PS>>): Promise<unknown>;
}

export type AnyRoute = RouteSpec<Access, InputSchema, InputSchema, InputSchema>;

/**
 * A handler's answer that is not an envelope (a file download): sent as is, with the headers the
 * handler set on the reply. Failures still throw AppError and get the envelope.
 */
export class RawReply {
  constructor(readonly payload: unknown) {}
}

export function isAllowed(access: Access, granted: ReadonlySet<string>): boolean {
  if (typeof access === 'string') return true;
  if ('anyOf' in access) return access.anyOf.some((code) => granted.has(code));
  return access.allOf.every((code) => granted.has(code));
}
