import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { encryptedBodySchema, isEncryptionWhitelisted, SIGN_HEADER, ENCRYPTED_HEADER, signedKeySchema } from '../../contracts/encryption';
import { ResponseCode } from '../../contracts/envelope';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { authRepository } from '../modules/auth/auth.repository';
import type { SecurityKeyRing } from '../modules/auth/keys';
import { AppError } from './envelope';
import type { AnyRoute } from './define-route';

/**
 * Request encryption (SPEC §7; protocol in contracts/encryption.ts), on with
 * XIAOWU_REQUEST_ENCRYPTION=on. Every non-GET route off the public whitelist requires:
 *
 *   X-Sign: <kid>.<base64 RSA-OAEP-SHA256 {k, i, t, u, n}>   body: { "data": base64 AES-256-CBC }
 *
 * A preValidation hook (after body parsing, before the route's handler and its zod parsing)
 * checks, in order: the header is there (41001), the key id is current or within its grace and the
 * signature decrypts (41002), the timestamp is within ±window (41003), the body decrypts (41002),
 * and last the nonce is new (41004; stored in `request_nonces` until the window has passed, so
 * every instance refuses a replay). Then the route sees the original body (JSON or form, as the
 * envelope's `type` says) and the answer is encrypted with the same key and a fresh IV:
 * `{ "encrypted": base64, "iv": base64 }` with `X-Encrypted: 1`.
 * Session routes then also require the signed user id to be the session's (41002, see
 * plugins/define-route.ts): a token lifted from one user cannot ride on another's sealed request.
 * Nothing reaches a handler, or the database (besides the nonce), when a check fails.
 *
 * Off: plain bodies are taken as they come (a sealed one is still opened). The flag is the effective one (`enabled`:
 * deployment_settings.request_encryption, set in 系统配置 by the platform school, else
 * XIAOWU_REQUEST_ENCRYPTION), read per call from a short cache, so it can go on or off at run time.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** the AES key of an encrypted request: its answer is encrypted with it */
    encryptionKey: Buffer | null;
    /** the user id signed into an encrypted request; session routes check it against the session */
    signedUserId: string | null;
  }
}

const PURGE_INTERVAL_MS = 60_000;

export function aesEncrypt(key: Buffer, iv: Buffer, plain: string): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

export function aesDecrypt(key: Buffer, iv: Buffer, base64: string): string {
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

/** Form text → fields the way @fastify/formbody parses them (a repeated key becomes an array). */
function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = fields[key];
    if (seen === undefined) fields[key] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else fields[key] = [seen, value];
  }
  return fields;
}

function rebuildBody(type: string, text: string): unknown {
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if (text.trim() === '') return undefined;
  if (mime === 'application/x-www-form-urlencoded') return parseForm(text);
  if (mime === 'application/json' || mime === '') return JSON.parse(text) as unknown;
  throw new Error(`unsupported inner content type ${mime}`);
}

export interface EncryptionDeps {
  db: Database;
  config: AppConfig;
  keys: SecurityKeyRing;
  routes: readonly AnyRoute[];
  /** the effective flag (SettingsService.requestEncryption); default: the start-up value */
  enabled?: () => Promise<boolean>;
}

/** The routes whose non-GET calls must be encrypted: `METHOD url`. */
export function encryptedRouteKeys(routes: readonly AnyRoute[]): Set<string> {
  return new Set(routes.filter((route) => route.method !== 'GET' && !isEncryptionWhitelisted(route.url)).map((route) => `${route.method} ${route.url}`));
}

export function registerRequestEncryption(app: FastifyInstance, deps: EncryptionDeps) {
  const { db, config, keys } = deps;
  app.decorateRequest('encryptionKey', null);
  app.decorateRequest('signedUserId', null);
  const enabled = deps.enabled ?? (() => Promise.resolve(config.requestEncryption.enabled));

  const protectedRoutes = encryptedRouteKeys(deps.routes);
  const windowMs = config.requestEncryption.windowSeconds * 1000;
  let lastPurge = 0;

  const open = async (request: FastifyRequest) => {
    const header = request.headers[SIGN_HEADER.toLowerCase()];
    const sign = Array.isArray(header) ? header[0] : header;
    if (!sign) throw new AppError(ResponseCode.missingSignature, 'missingSignature');
    const dot = sign.indexOf('.');
    if (dot <= 0) throw new AppError(ResponseCode.badSignature, 'badSignature');
    const kid = sign.slice(0, dot);
    const plain = await keys.decrypt(sign.slice(dot + 1), kid);
    if (!plain) throw new AppError(ResponseCode.badSignature, 'badSignature');
    let signed;
    try {
      signed = signedKeySchema.parse(JSON.parse(plain.toString('utf8')));
    } catch {
      throw new AppError(ResponseCode.badSignature, 'badSignature');
    }
    const now = Date.now();
    if (Math.abs(now - signed.t) > windowMs) throw new AppError(ResponseCode.staleTimestamp, 'staleTimestamp');

    const data = (request.body as { data?: unknown } | undefined)?.data;
    if (typeof data !== 'string') throw new AppError(ResponseCode.missingSignature, 'missingSignature');
    const key = Buffer.from(signed.k, 'base64');
    let body: unknown;
    try {
      const inner = encryptedBodySchema.parse(JSON.parse(aesDecrypt(key, Buffer.from(signed.i, 'base64'), data)));
      body = rebuildBody(inner.type, inner.body);
    } catch {
      throw new AppError(ResponseCode.badSignature, 'badSignature');
    }

    // Last: only a request that passed every other check spends its nonce.
    const expiresAt = new Date(Math.max(now, signed.t) + windowMs);
    const purge = now - lastPurge > PURGE_INTERVAL_MS;
    if (purge) lastPurge = now;
    const fresh = await db.withGlobal(async (tx) => {
      if (purge) await authRepository.purgeNonces(tx, new Date(now));
      return authRepository.claimNonce(tx, `${kid}:${signed.n}`, expiresAt);
    });
    if (!fresh) throw new AppError(ResponseCode.replayedRequest, 'replayedRequest');

    request.body = body;
    request.encryptionKey = key;
    request.signedUserId = signed.u;
  };

  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (request.method === 'GET' || request.method === 'HEAD' || !url) return;
    if (!protectedRoutes.has(`${request.method} ${url}`)) return;
    // a sealed call is opened even while the flag is off: a page that still thinks it is on keeps working
    if (!request.headers[SIGN_HEADER.toLowerCase()] && !(await enabled())) return;
    await open(request);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.encryptionKey;
    if (!key || typeof payload !== 'string') return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('application/json')) return payload;
    const iv = randomBytes(16);
    reply.header(ENCRYPTED_HEADER, '1');
    return JSON.stringify({ encrypted: aesEncrypt(key, iv, payload), iv: iv.toString('base64') });
  });
}
