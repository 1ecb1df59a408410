import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { ResponseCode } from '../contracts/envelope';
import { MAX_UPLOAD_KB } from '../contracts/files';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { pickLang, translate } from './i18n/messages';
import { registerAppLog } from './plugins/app-log';
import { registerEnvelopeErrorHandler, sendFailure } from './plugins/envelope';
import { registerRequestEncryption } from './plugins/encryption';
import { registerLanguageDetection } from './plugins/i18n';
import { trackServedRoutes } from './plugins/route-audit';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRoutes } from './plugins/define-route';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticAndFallback } from './plugins/static';
import { registerUnreadBodyGuard } from './plugins/unread-body';
import { allRoutes, moduleOfRoute } from './routes';
import { MAX_FILES_PER_UPLOAD } from './modules/files/files.service';
import { registerNightlyBackup } from './modules/backups/backups.schedule';
import { registerDynamicRoleRefresh } from './modules/roles/roles.sweep';
import { registerSurveyPictureSweep } from './modules/surveys/surveys.sweep';
import { registerStatusChangeSweep } from './modules/status-changes/status-changes.sweep';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  /** Fastify logger option; default: pino at config.logLevel */
  logger?: FastifyServerOptions['logger'];
}

/** XIAOWU_TRUST_PROXY as a hop count: the socket's peer and the next hops - 1 entries of X-Forwarded-For are proxies. */
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the Fastify app without listening: main.ts listens, tests call app.inject. */
export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One log line per request costs more than the request itself at load; faults are still logged.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // A hop count as a function: Fastify 5.12 turns a plain number into "trust nothing", which put
    // every client behind the proxy on the proxy's address (one login throttle and rate limit for all).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : (config.trustProxy as FastifyServerOptions['trustProxy']),
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    // Router-level rejections (a path parameter over maxParamLength, a malformed URL) skip the error
    // handler: answer them as envelopes too (found by server/security/fuzz.test.ts).
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'rejected request');
      return sendFailure(reply, ResponseCode.invalidInput, translate(pickLang(request.headers), 'requestMalformed', { detail: error.code ?? 'URL' }));
    },
  });

  trackServedRoutes(app);
  // an answer sent before the body was read (refused uploads) must not leave the connection half-read
  registerUnreadBodyGuard(app);
  registerSecurityHeaders(app, { corsOrigins: config.corsOrigins, tokenHeaderName: config.tokenHeaderName });
  registerLanguageDetection(app);
  registerEnvelopeErrorHandler(app);
  registerAppLog(app, db, config.appLog, config.sweeps);

  // JSON like Fastify's, except that an empty body is no body (clients often send the header anyway).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });
  await app.register(formbody);
  // Uploads (POST /file/upload) stream past the 1 MB JSON body limit up to the largest upload
  // profile (video, 100 MB); each profile's own limit is checked while the bytes arrive.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_KB * 1024, files: MAX_FILES_PER_UPLOAD, fields: 50, fieldSize: 64 * 1024, parts: 100, headerPairs: 200 },
  });

  const services = createServices(db, config);
  app.decorate('services', services);
  // caches answer only while this instance listens for other instances' changes (db/cache-bus.ts)
  services.auth.sessions.useLog(app.log);
  app.addHook('onReady', () => services.cacheBus.start(app.log));
  app.addHook('onClose', async () => {
    await services.auth.sessions.close();
    await services.cacheBus.stop();
  });
  registerSurveyPictureSweep(app, db, services.files.storage, config.sweeps);
  registerDynamicRoleRefresh(app, db, services.roles, config.sweeps);
  registerStatusChangeSweep(app, db, services.statusChanges, config.sweeps);
  registerNightlyBackup(app, db, config);
  registerRequestEncryption(app, { db, config, keys: services.auth.keys, routes: allRoutes, enabled: () => services.settings.requestEncryption() });
  registerRateLimit(app, db, config.sweeps);
  registerRoutes(app, allRoutes, { db, config, services, moduleOf: moduleOfRoute });
  await registerStaticAndFallback(app, config.staticDir);
  return app;
}
