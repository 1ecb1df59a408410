import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../contracts/envelope';
import { DEVICE_ID_HEADER } from '../../contracts/survey-rules';
import { AppError } from './envelope';

/**
 * Rate limits of public calls (issue 9: abuse of the public survey page; issue 8's proof
 * verification page). A route names its limit (`rateLimit` of defineRoute); each limit counts per
 * client address (request.ip: XIAOWU_TRUST_PROXY decides whether X-Forwarded-For is believed) and,
 * when the request carries a well-formed device id (X-Device-Id), per device as well. Exceeding
 * either answers 42900 'rateLimited' with data.retryAfterSeconds. Counters are in memory, per server
 * instance (@fastify/rate-limit's local store).
 */

export interface Limit {
  max: number;
  windowSeconds: number;
}
export interface RouteRateLimit {
  perAddress: Limit;
  perDevice?: Limit;
}

/** The limits, in one place. Schools' parents often share a carrier NAT: per address stays generous. */
export const RATE_LIMITS = {
  /** POST /api/surveys/public/answer */
  surveyAnswer: { perAddress: { max: 120, windowSeconds: 600 }, perDevice: { max: 10, windowSeconds: 60 } },
  /** POST /api/surveys/public/upload */
  surveyUpload: { perAddress: { max: 120, windowSeconds: 600 }, perDevice: { max: 20, windowSeconds: 60 } },
  /** POST /api/surveys/public/list and /open */
  surveyRead: { perAddress: { max: 1200, windowSeconds: 600 }, perDevice: { max: 120, windowSeconds: 60 } },
  /** GET /api/proofs/verify/:tenant/:code (guessing codes) */
  proofVerify: { perAddress: { max: 60, windowSeconds: 600 } },
  /** GET /api/apk/latest and /api/apk/download/:id (the Android app, no login; a school's phones often share one address) */
  apkLatest: { perAddress: { max: 1200, windowSeconds: 600 } },
} satisfies Record<string, RouteRateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * IPv6 addresses are counted per /56 (review H4): one phone or home owns a whole /64 or more and
 * could use a new address per request; IPv4 (and IPv4-mapped) addresses one by one.
 */
export const IPV6_SUBNET = 56;
export const addressKey = (ip: string) => `a:${normalizeIP(ip, IPV6_SUBNET)}`;
export type RateLimits = Record<RateLimitName, RouteRateLimit>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request's device id (X-Device-Id), lower case, when it is a uuid; else null. */
export function deviceIdOf(request: FastifyRequest): string | null {
  const raw = request.headers[DEVICE_ID_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && UUID_PATTERN.test(value) ? value.toLowerCase() : null;
}

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

type Check = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/**
 * One checker per named limit (each with counters of its own). `check(name, request)` throws
 * 42900 when the address or the device is over its limit.
 */
export function createRateLimiter(app: FastifyInstance, limits: RateLimits) {
  const checkers = new Map<RateLimitName, { address: Check; device: Check | null }>();
  const make = (limit: Limit, key: (request: FastifyRequest) => string): Check =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowSeconds * 1000, keyGenerator: key }) as unknown as Check;
  for (const name of Object.keys(limits) as RateLimitName[]) {
    const { perAddress, perDevice } = limits[name];
    checkers.set(name, {
      address: make(perAddress, (request) => addressKey(request.ip)),
      device: perDevice ? make(perDevice, (request) => `d:${deviceIdOf(request) ?? ''}`) : null,
    });
  }
  return async (name: RateLimitName, request: FastifyRequest): Promise<void> => {
    const checker = checkers.get(name);
    if (!checker) return;
    const results = [await checker.address(request)];
    if (checker.device && deviceIdOf(request)) results.push(await checker.device(request));
    const over = results.filter((result) => !result.isAllowed && result.isExceeded);
    if (over.length > 0) {
      const retryAfterSeconds = Math.max(1, ...over.map((result) => result.ttlInSeconds ?? 1));
      throw new AppError(ResponseCode.rateLimited, 'rateLimited', { seconds: retryAfterSeconds }, { retryAfterSeconds });
    }
  };
}
