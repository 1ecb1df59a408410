import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResponseCode } from '../../contracts/envelope';
import { IDEMPOTENT_REPLAY_HEADER, type OutboxBatchData, type OutboxBatchResult } from '../../contracts/idempotency';
import type { OutboxBatchRequest } from '../../contracts/outbox';
import type { AppConfig } from '../config';
import type { AppScope, Database, Tx } from '../db/client';
import { type Lang, type MessageKey, translate } from '../i18n/messages';
import type { Session, SessionTouch } from '../modules/auth/session.types';
import type { CallerAccess } from '../modules/permissions/permissions.service';
import type { Tenant } from '../modules/tenants/tenants.service';
import type { Services } from '../services';
import { type AppLogRouteConfig, noteAnonymous, noteCaller, noteFailure, noteNoParams } from './app-log';
import { AppError, okEnvelope } from './envelope';
import { IdempotencyStore, type IdempotentAnswer, readIdempotencyKey } from './idempotency';
import { createRateLimiter, type RateLimitName } from './rate-limit';
import { readSessionToken } from './session';
import { resolvePublicTenant } from './tenancy';
import { parseInput } from './validation';

/**
 * Who may call a route: anyone; any logged-in user; or a logged-in user holding any / all of the
 * permission codes (the same codes the client's guards use).
 */
export type Access = 'public' | 'session' | { anyOf: readonly string[] } | { allOf: readonly string[] };

type InputSchema = z.ZodType | undefined;
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
  /** replaces the default success message ('操作成功' / 'Success') */
  setMessage(key: MessageKey): void;
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

type OutboxReplayer = (batch: SessionContext, ops: OutboxBatchRequest['ops']) => Promise<OutboxBatchData>;

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

/** The over-limit answer of a `rateLimitHtml` route: a small page in the caller's language. */
function rateLimitedPage(lang: Lang, message: string): string {
  const text = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text}</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:28rem;padding:0 1rem;text-align:center"><p>${text}</p></body></html>`;
}

/** Declares a route. Pure data: registerRoutes installs it, tests enumerate it. */
export function defineRoute<
  const A extends Access,
  BS extends InputSchema = undefined,
  QS extends InputSchema = undefined,
  PS extends InputSchema = undefined,
>(spec: RouteSpec<A, BS, QS, PS>): RouteSpec<A, BS, QS, PS> {
  return spec;
}

/** What the registry tells about a route, for tests that walk every route with every role. */
export interface RouteDescription {
  method: string;
  url: string;
  access: Access;
  summary: string;
  idempotent: boolean;
}

export const describeRoute = (route: AnyRoute): RouteDescription => ({
  method: route.method,
  url: route.url,
  access: route.access,
  summary: route.summary,
  idempotent: route.idempotent === true,
});

export function isAllowed(access: Access, granted: ReadonlySet<string>): boolean {
  if (typeof access === 'string') return true;
  if ('anyOf' in access) return access.anyOf.some((code) => granted.has(code));
  return access.allOf.every((code) => granted.has(code));
}

interface RouteDeps {
  db: Database;
  config: AppConfig;
  services: Services;
  /** the module that declared each route, for the app log (default: derived from the url) */
  moduleOf?: (route: AnyRoute) => string | undefined;
}

/**
 * Runs an idempotent route's handler under its key (plugins/idempotency.ts): the stored answer of an
 * earlier identical request, or the handler's answer stored in the same transaction.
 */
async function applyIdempotent(
  store: IdempotencyStore,
  route: AnyRoute,
  ctx: SessionContext<unknown, unknown, unknown>,
  key: string,
  message: () => MessageKey,
): Promise<IdempotentAnswer> {
  let anonymous = false;
  const inner: SessionContext = {
    ...ctx,
    markAnonymous: () => {
      anonymous = true;
      ctx.markAnonymous();
    },
  };
  return store.apply(
    ctx.tx,
    {
      tenantId: ctx.session.tenantId,
      userId: ctx.session.userId,
      key,
      method: route.method,
      route: route.url,
      input: { body: ctx.body, query: ctx.query, params: ctx.params },
    },
    async () => {
      const result = await route.handler(inner as never);
      // a stored answer is an envelope; raw bytes (downloads) are never replayed
      if (result instanceof RawReply) throw new Error(`${route.url}: an idempotent route must answer an envelope`);
      return okEnvelope(result ?? null, translate(ctx.lang, message()));
    },
    // an anonymous answer: the key (with the user id) is not kept; the answer id makes it idempotent anyway
    () => !anonymous,
  );
}

/** Installs routes: input validation, session and permission checks, one transaction, the envelope. */
export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[], deps: RouteDeps) {
  const { db, config, services } = deps;
  const idempotency = new IdempotencyStore();
  const replayOutbox = outboxReplayer(routes, deps, idempotency);
  const checkRateLimit = routes.some((route) => route.rateLimit) ? createRateLimiter(app, config.rateLimits) : null;

  for (const route of routes) {
    const appLogConfig: AppLogRouteConfig = { appLogModule: deps.moduleOf?.(route), appLogOperation: route.summary, appLogNoParams: route.appLog === 'noParams' };
    app.route({
      method: route.method,
      url: route.url,
      config: appLogConfig,
      handler: async (request, reply) => {
        if (route.rateLimit && checkRateLimit) {
          try {
            await checkRateLimit(route.rateLimit, request);
          } catch (error) {
            if (!(route.rateLimitHtml && error instanceof AppError && error.code === ResponseCode.rateLimited)) throw error;
            const seconds = (error.data as { retryAfterSeconds: number }).retryAfterSeconds;
            noteFailure(request, error.code, error.messageIn(request.lang));
            return reply
              .code(429)
              .header('Content-Type', 'text/html; charset=utf-8')
              .header('Retry-After', String(seconds))
              .header('Cache-Control', 'no-store')
              .send(rateLimitedPage(request.lang, error.messageIn(request.lang)));
          }
        }
        let messageKey: MessageKey = 'ok';
        // Input is parsed after the session and permission checks: an expired session answers
        // 90001 whatever the body, and callers without access learn nothing about the contract.
        const base = () => ({
          request,
          reply,
          lang: request.lang,
          body: route.body ? parseInput(route.body, request.body) : undefined,
          query: route.query ? parseInput(route.query, request.query) : undefined,
          params: route.params ? parseInput(route.params, request.params) : undefined,
          services,
          config,
          setMessage: (key: MessageKey) => {
            messageKey = key;
          },
          markAnonymous: () => noteAnonymous(request),
        });

        let data: unknown;
        if (route.access === 'public') {
          const ctx: PublicContext = {
            ...base(),
            session: null,
            db,
            withRequestTenant: (work) =>
              db.withAppRole(async (scope) => {
                const tenant = await resolvePublicTenant(scope, request, deps);
                // A valid token already bound its tenant while resolving; Host / X-Tenant are bound here.
                if (tenant && scope.tenantId === null) await scope.enterTenant(tenant.id);
                if (tenant) noteCaller(request, tenant.id, null);
                return work(scope.tx, tenant);
              }),
          };
          data = await route.handler(ctx);
        } else {
          const token = readSessionToken(request, config);
          if (!token) throw new AppError(ResponseCode.loginExpired, 'notLoggedIn');
          const remembered = route.fromMemory && answerFromMemory(route, token, request, services);
          if (remembered) return reply.type('application/json; charset=utf-8').send(remembered);
          const checkAccess = async (scope: AppScope, session: Session | null) => {
            if (!session) throw await services.auth.endedSessionError(scope.tx, token);
            noteCaller(request, session.tenantId, session.userId);
            const refusal = accessRefusal(route, session, await services.permissions.accessOf(scope.tx, session), request);
            if (refusal) throw refusal;
          };
          let staged: Staged | undefined;
          if (route.receive) {
            await services.auth.withSession(token, checkAccess);
            staged = await route.receive(request, services);
          }
          try {
            let touched: (SessionTouch & { session: Session }) | null = null;
            let answer: IdempotentAnswer | null = null;
            data = await services.auth.withSession(token, async (scope: AppScope, session) => {
              if (!session) throw await services.auth.endedSessionError(scope.tx, token);
              if (route.touchSession !== false) touched = { session, ...(await services.auth.touchSession(scope.tx, session)) };
              await checkAccess(scope, session);
              const key = route.idempotent ? readIdempotencyKey(request) : null;
              const ctx: SessionContext = { ...base(), session, tx: scope.tx, staged, replayOutbox: (ops) => replayOutbox(ctx, ops) };
              if (!key) return route.handler(ctx as never);
              answer = await applyIdempotent(idempotency, route, ctx, key, () => messageKey);
              return null;
            });
            // Only after commit: a renewed token or written activity of a rolled-back transaction would not exist.
            if (touched) {
              const { session, renewedToken, activityWritten } = touched as SessionTouch & { session: Session };
              if (renewedToken) reply.header(config.tokenHeaderName, renewedToken);
              if (activityWritten) services.auth.sessions.markActivityWritten(session);
            }
            if (answer) {
              const { envelope, replayed } = answer as IdempotentAnswer;
              if (replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, '1');
              return envelope;
            }
          } finally {
            await staged?.discard();
          }
        }
        if (data instanceof RawReply) return reply.send(data.payload);
        return okEnvelope(data ?? null, translate(request.lang, messageKey));
      },
    });
  }
}

/** The success envelope up to its data, per language: `{"code":1,"result":true,"msg":"…","data":` */
const envelopeHeads = new Map<Lang, Buffer>();
const ENVELOPE_TAIL = Buffer.from('}');

/**
 * Why a live session may not call `route`, or null: the one list of checks both the database path
 * and the memory path (answerFromMemory) make, so neither can skip one.
 */
function accessRefusal(route: AnyRoute, session: Session, access: CallerAccess, request: FastifyRequest): AppError | null {
  // SPEC §7: an encrypted call signs its user id, which must be the session's
  if (request.encryptionKey && request.signedUserId !== session.userId) return new AppError(ResponseCode.badSignature, 'signatureUserMismatch');
  if (!route.beforePasswordChange && access.mustChangePassword) {
    return new AppError(ResponseCode.forbidden, 'usersMustChangePassword', {}, { mustChangePassword: true });
  }
  if (typeof route.access !== 'string' && !isAllowed(route.access, access.codes)) return new AppError(ResponseCode.forbidden, 'forbidden');
  return null;
}

/**
 * A route's `fromMemory` answer as the envelope's bytes, or undefined when memory cannot give it:
 * no live session not due for rotation, no cached access, or any refusal of accessRefusal. Any doubt
 * goes the database path, which also gives every refusal its proper answer.
 */
function answerFromMemory(route: AnyRoute, token: string, request: FastifyRequest, services: Services): Buffer | undefined {
  const session = services.auth.recallSession(token);
  if (!session) return undefined;
  const access = services.permissions.recallAccess(session);
  if (!access || accessRefusal(route, session, access, request)) return undefined;
  const data = route.fromMemory?.({ session, services });
  if (data === undefined) return undefined;
  if (route.touchSession !== false) services.auth.sessions.noteActivity(session);
  services.auth.sessions.answeredFromMemory += 1;
  noteCaller(request, session.tenantId, session.userId);
  let head = envelopeHeads.get(request.lang);
  if (!head) {
    const envelope = JSON.stringify(okEnvelope(null, translate(request.lang, 'ok')));
    head = Buffer.from(envelope.slice(0, envelope.length - 'null}'.length));
    envelopeHeads.set(request.lang, head);
  }
  return Buffer.concat([head, ...data, ENVELOPE_TAIL]);
}

/**
 * The runner behind `POST /api/outbox/batch` (modules/outbox, contracts/idempotency.ts): each queued
 * write runs in a savepoint of the batch request's transaction exactly as its own idempotent route
 * would (input parsed by that route's schema, its access checked, the key claimed with the effect),
 * so one failing operation rolls back alone and answers its own envelope while the others commit.
 */
function outboxReplayer(routes: readonly AnyRoute[], deps: RouteDeps, idempotency: IdempotencyStore): OutboxReplayer {
  const { config, services } = deps;
  // only body-carrying session POSTs declared idempotent can be replayed from the outbox
  const replayable = new Map(routes.filter((route) => route.idempotent && route.method === 'POST' && route.access !== 'public' && !route.receive).map((route) => [route.url, route]));

  return async (batch, ops) => {
    const { request, reply, session } = batch;
    const granted = await services.permissions.grantedCodes(batch.tx, session);
    const runOperation = async (op: OutboxBatchRequest['ops'][number]): Promise<OutboxBatchResult> => {
      try {
        const route = replayable.get(op.url);
        if (!route) throw new AppError(ResponseCode.notFound, 'outboxUnknownCall', { url: op.url });
        if (typeof route.access !== 'string' && !isAllowed(route.access, granted)) throw new AppError(ResponseCode.forbidden, 'forbidden');
        if (route.appLog === 'noParams') noteNoParams(request);
        const answer = await batch.tx.transaction(async (savepoint) => {
          let messageKey: MessageKey = 'ok';
          const ctx: SessionContext = {
            request,
            reply,
            lang: batch.lang,
            body: route.body ? parseInput(route.body, op.body) : undefined,
            query: undefined,
            params: undefined,
            services,
            config,
            setMessage: (key: MessageKey) => {
              messageKey = key;
            },
            markAnonymous: () => noteAnonymous(request),
            session,
            tx: savepoint,
            staged: undefined,
            replayOutbox: () => Promise.reject(new Error('no batch inside a batch')),
          };
          return applyIdempotent(idempotency, route, ctx, op.key, () => messageKey);
        });
        const { code, msg, data } = answer.envelope;
        return { key: op.key, code, msg, data: data ?? null, replayed: answer.replayed };
      } catch (error) {
        if (error instanceof AppError) return { key: op.key, code: error.code, msg: error.messageIn(batch.lang), data: error.data ?? null, replayed: false };
        request.log.error({ err: error, url: op.url }, 'outbox operation fault');
        return { key: op.key, code: ResponseCode.fault, msg: translate(batch.lang, 'fault'), data: null, replayed: false };
      }
    };
    const results: OutboxBatchResult[] = [];
    // in order: the client never puts two writes of one entity in a batch, but order is still theirs
    for (const op of ops) results.push(await runOperation(op));
    return { results };
  };
}
