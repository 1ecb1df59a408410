import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENT_REPLAY_HEADER } from '../../contracts/idempotency';

/**
 * The Content-Security-Policy of every answer (API and app alike). Only our own origin: the built
 * index.html loads one module script from /assets and has no inline script (vite-plugin-pwa's
 * injectRegister is off; the service worker registers from code). Styles allow 'unsafe-inline'
 * because Chakra UI's emotion injects <style> tags at run time. Images also allow data: (captcha
 * SVGs) and blob: (thumbnails of files being uploaded).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

const STATIC_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** Methods and headers a listed origin may use (preflight answer). */
const CORS_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const CORS_MAX_AGE = '600';

function allowedOrigin(request: FastifyRequest, origins: ReadonlySet<string>): string | null {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origins.has(origin) ? origin : null;
}

/**
 * Security headers on every answer, HSTS only over https (request.protocol honours
 * XIAOWU_TRUST_PROXY's X-Forwarded-Proto), and CORS: closed unless `corsOrigins` lists the caller's
 * Origin, in which case the answer names it and a preflight (OPTIONS with
 * Access-Control-Request-Method) is answered 204. Unlisted origins get no CORS header at all, so the
 * browser refuses to show them the answer; a preflight from them gets 403.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { corsOrigins: readonly string[]; tokenHeaderName: string }) {
  const origins = new Set(options.corsOrigins);
  // the renewed token, and the outbox's replay marker (contracts/idempotency.ts)
  const exposed = `${options.tokenHeaderName}, ${IDEMPOTENT_REPLAY_HEADER}`;

  const applyCors = (request: FastifyRequest, reply: FastifyReply) => {
    if (origins.size === 0) return null;
    reply.header('vary', 'Origin');
    const origin = allowedOrigin(request, origins);
    if (!origin) return null;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', exposed);
    return origin;
  };

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(STATIC_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const origin = applyCors(request, reply);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      if (!origin) return reply.code(403).send();
      reply.header('access-control-allow-methods', CORS_METHODS);
      const requested = request.headers['access-control-request-headers'];
      if (typeof requested === 'string' && requested) reply.header('access-control-allow-headers', requested);
      reply.header('access-control-max-age', CORS_MAX_AGE);
      return reply.code(204).send();
    }
  });
}
