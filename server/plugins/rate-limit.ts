import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../contracts/envelope';
import { DEVICE_ID_HEADER } from '../../contracts/survey-rules';
import type { Database } from '../db/client';
import { scheduleSweep, type SweepSettings } from '../db/sweep';
import { AppError } from './envelope';
import { isUuid } from '../../contracts/ids';

/**
 * Rate limits of public calls (issue 9: abuse of the public survey page; issue 8's proof
 * verification page). A route names its limit (`rateLimit` of defineRoute); each limit counts per
 * client address (request.ip: XIAOWU_TRUST_PROXY decides whether X-Forwarded-For is believed) and,
 * when the request carries a well-formed device id (X-Device-Id), per device as well. Exceeding
 * either answers 42900 'rateLimited' with data.retryAfterSeconds. The counters are shared by every
 * server instance on the database (RateLimitCounters below).
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

/** The request's device id (X-Device-Id), lower case, when it is a uuid; else null. */
export function deviceIdOf(request: FastifyRequest): string | null {
  const raw = request.headers[DEVICE_ID_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && isUuid(value) ? value.toLowerCase() : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the counters of every limit, shared by all instances (registerRateLimit) */
    rateLimitCounters: RateLimitCounters;
  }
}

/** One counter to bump: its key and the window a first hit opens. */
export interface CounterHit {
  key: string;
  windowSeconds: number;
}
export interface CounterState {
  key: string;
  /** hits inside the current window, this one included */
  hits: number;
  /** until the window ends */
  secondsLeft: number;
}

/**
 * The counters live in PostgreSQL (`rate_limit_counters`, migration 0022), so N instances behind a
 * load balancer allow together what one would. A call bumps all its counters in one parameterised
 * statement (one round trip): an atomic INSERT … ON CONFLICT DO UPDATE … RETURNING, never a read
 * then a write, so simultaneous calls on several instances each get their own count. A window
 * starts at the first hit of its key and lasts windowSeconds (as @fastify/rate-limit's store did).
 */
export class RateLimitCounters {
  constructor(private readonly db: Database) {}

  async hit(counters: CounterHit[]): Promise<CounterState[]> {
    if (counters.length === 0) return [];
    // One parameterised statement, no transaction of its own: the pool's login role inherits
    // xiaowu_app's rights on this global table (migration 0023), so no role switch is needed.
    const result = await this.db.pool.query<{ key: string; hits: number; seconds_left: number }>(
      `INSERT INTO rate_limit_counters AS c (key, window_ends_at, hits)
      SELECT key, now() + make_interval(secs => seconds), 1 FROM unnest($1::text[], $2::int[]) AS hit(key, seconds)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.window_ends_at > now() THEN c.hits + 1 ELSE 1 END,
        window_ends_at = CASE WHEN c.window_ends_at > now() THEN c.window_ends_at ELSE excluded.window_ends_at END
      RETURNING key, hits, ceil(extract(epoch FROM window_ends_at - now()))::int AS seconds_left`,
      [counters.map((counter) => counter.key), counters.map((counter) => Math.round(counter.windowSeconds))],
    );
    return result.rows.map((row) => ({ key: row.key, hits: row.hits, secondsLeft: row.seconds_left }));
  }

  /** Removes the rows of windows that have ended (the rate-limit sweep); the number removed. */
  async removeEnded(): Promise<number> {
    const removed = await this.db.withGlobal((tx) => tx.execute(sql`DELETE FROM rate_limit_counters WHERE window_ends_at <= now()`));
    return removed.rowCount ?? 0;
  }
}

/** How often ended windows are removed from rate_limit_counters (one instance at a time). */
const COUNTERS_SWEEP_EVERY_MS = 10 * 60_000;

export function registerRateLimit(app: FastifyInstance, db: Database, sweeps: SweepSettings): void {
  const counters = new RateLimitCounters(db);
  app.decorate('rateLimitCounters', counters);
  scheduleSweep(app, db, sweeps, {
    name: 'rate-limit-counters',
    everyMs: COUNTERS_SWEEP_EVERY_MS,
    run: async () => {
      await counters.removeEnded();
    },
  });
}

/**
 * One checker per named limit. `check(name, request)` counts the call against its address and, when
 * it names a well-formed device, its device, and throws 42900 when either is over its limit.
 */
export function createRateLimiter(app: FastifyInstance, limits: RateLimits) {
  const counters = app.rateLimitCounters;
  return async (name: RateLimitName, request: FastifyRequest): Promise<void> => {
    const limit = limits[name];
    if (!limit) return;
    const device = limit.perDevice ? deviceIdOf(request) : null;
    const hits: (CounterHit & { max: number })[] = [
      { key: `${name}|${addressKey(request.ip)}`, windowSeconds: limit.perAddress.windowSeconds, max: limit.perAddress.max },
    ];
    if (limit.perDevice && device) hits.push({ key: `${name}|d:${device}`, windowSeconds: limit.perDevice.windowSeconds, max: limit.perDevice.max });
    const states = await counters.hit(hits);
    const over = states.filter((state) => state.hits > hits.find((hit) => hit.key === state.key)!.max);
    if (over.length > 0) {
      const retryAfterSeconds = Math.max(1, ...over.map((state) => state.secondsLeft));
      throw new AppError(ResponseCode.rateLimited, 'rateLimited', { seconds: retryAfterSeconds }, { retryAfterSeconds });
    }
  };
}
