// Installs declared routes (registerRoutes): rate limits, session and permission checks, input
// parsing, one transaction, idempotency keys, the envelope. What a route declares is in route-spec.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../contracts/envelope';
import { IDEMPOTENT_REPLAY_HEADER } from '../../contracts/idempotency';
import type { AppConfig } from '../config';
import type { AppScope, Database } from '../db/client';
import { type Lang, type SuccessMessage, successText, translate } from '../i18n/messages';
import type { Session, SessionTouch } from '../modules/auth/session.types';
import type { CallerAccess } from '../modules/permissions/permissions.service';
import type { Services } from '../services';
import { type AppLogRouteConfig, noteAnonymous, noteCaller, noteFailure, noteTarget } from './app-log';
import { AppError, okEnvelope } from './envelope';
import { IdempotencyStore, type IdempotentAnswer, readIdempotencyKey } from './idempotency';
import { outboxReplayer } from './outbox-replay';
import { createRateLimiter } from './rate-limit';
import { operationKeyOf, operationOf } from './route-operation';
import { applyIdempotent } from './route-idempotent';
import { type Access, type AnyRoute, type InputSchema, isAllowed, type PublicContext, RawReply, type RouteSpec, type SessionContext, type Staged } from './route-spec';
import { readSessionToken } from './session';
import { resolvePublicTenant } from './tenancy';
import { parseInput } from './validation';

// Route modules import everything about a route from here.
export { type Access, addOrEdit, type AnyRoute, changes, isAllowed, type PublicContext, RawReply, reads, type RouteOperation, type RouteSpec, type SessionContext, type Staged } from './route-spec';

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
  /** a successful call answers a file, not the envelope (RouteSpec.answers) */
  answersFile: boolean;
}

export const describeRoute = (route: AnyRoute): RouteDescription => ({
  method: route.method,
  url: route.url,
  access: route.access,
  summary: route.summary,
  idempotent: route.idempotent === true,
  answersFile: route.answers === 'file',
});

interface RouteDeps {
  db: Database;
  config: AppConfig;
  services: Services;
  /** the module that declared each route, for the app log (default: derived from the url) */
  moduleOf?: (route: AnyRoute) => string | undefined;
}

/** Installs routes: input validation, session and permission checks, one transaction, the envelope. */
export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[], deps: RouteDeps) {
  const { db, config, services } = deps;
  const idempotency = new IdempotencyStore();
  const replayOutbox = outboxReplayer(routes, deps, idempotency);
  const checkRateLimit = routes.some((route) => route.rateLimit) ? createRateLimiter(app, config.rateLimits) : null;

  for (const route of routes) {
    const appLogConfig: AppLogRouteConfig = {
      appLogModule: deps.moduleOf?.(route),
      appLogOperation: route.summary,
      appLogOperationKey: operationKeyOf(route),
      // a route without a declared operation is a read unless it writes by method (the registry test asks every route for one)
      appLogKind: operationOf(route)?.kind ?? (route.method === 'GET' ? 'read' : 'change'),
      appLogNoParams: route.appLog === 'noParams',
    };
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
        let messageKey: SuccessMessage = 'ok';
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
          setMessage: (key: SuccessMessage) => {
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
          if (route.target) noteTarget(request, await route.target(ctx as never));
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
              // named before the handler runs: a deleted record keeps its name in the log
              if (route.target) noteTarget(request, await route.target(ctx as never));
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
        return okEnvelope(data ?? null, successText(request.lang, messageKey));
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
