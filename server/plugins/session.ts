import type { FastifyRequest } from 'fastify';
import { DEFAULT_TOKEN_HEADER } from '../../contracts/session';
import type { AppConfig } from '../config';
import type { CacheBus, SharedCache } from '../db/cache-bus';
import type { Tx } from '../db/client';
import type { Session } from '../modules/auth/session.types';

/** Tokens are 32 random bytes in base64url; anything else cannot be one and never reaches the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * The session token of a request: the configured header (the login answer's headerName), the
 * runtime configuration's default header name, or `Authorization: Bearer`.
 */
export function readSessionToken(request: FastifyRequest, config: AppConfig): string | null {
  const bearer = headerValue(request, 'authorization');
  const candidate =
    headerValue(request, config.tokenHeaderName) ??
    headerValue(request, DEFAULT_TOKEN_HEADER) ??
    (bearer?.toLowerCase().startsWith('bearer ') ? bearer.slice(7).trim() : undefined);
  return candidate && TOKEN_PATTERN.test(candidate) ? candidate : null;
}

/** Activity is written to the database at most this often per session (idle expiry's granularity). */
export const TOUCH_INTERVAL_SECONDS = 30;
/** How often activity seen in memory is written (in one statement per school). */
const FLUSH_EVERY_MS = 5000;
/**
 * Fallback expiry of a remembered session: notices evict it at once when it ends through the app; one
 * ended behind the app's back (SQL by hand) answers from memory at most this long.
 */
export const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 50_000;

/** A session as the database last told it, with the activity seen here since (times on this clock, ms). */
interface Remembered {
  tenantId: string;
  sessionId: string;
  userId: string;
  tokenHash: string;
  tokenIssuedAt: number;
  /** idle expiry as known here (the database's, slid by activity seen here) */
  expiresAt: number;
  /** last_seen_at as the database holds it (read, or written by us) */
  writtenAt: number;
  lastActivityAt: number;
}

interface SessionMemoryLog {
  warn(object: object, message: string): void;
}

/** Sessions of one school seen active `agoSeconds` ago: written by the auth module (its SQL). */
export type WriteSessionsSeen = (tenantId: string, seen: { sessionId: string; agoSeconds: number }[]) => Promise<unknown>;

/**
 * Live sessions by token hash, so a logged-in call can be checked without the database (issue 18 §4;
 * the route helper's `fromMemory` path). Filled by every database lookup of a current token; a
 * session that ends (logout, a login elsewhere with XIAOWU_SINGLE_SESSION, a password change or reset,
 * the account disabled, deleted or initialised, a token rotation) is evicted on every instance
 * through the cache bus (`forgetUser` / `forgetSession`, in the ending transaction). Expiry needs no notice: a
 * session past its idle expiry as known here goes back to the database, which may know of later
 * activity on another instance. Activity seen here is written in batches, each session at most once
 * per TOUCH_INTERVAL_SECONDS, so idle expiry stays correct within that granularity (as before).
 * A token due for rotation, or used during its grace after one, always goes to the database.
 */
export class SessionMemory {
  private readonly sessions: SharedCache<Remembered>;
  private readonly unwritten = new Set<Remembered>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private log: SessionMemoryLog = { warn: () => undefined };
  /** calls the route helper answered from memory (tests read it to tell the two paths apart) */
  answeredFromMemory = 0;

  constructor(
    private readonly bus: CacheBus,
    private readonly config: AppConfig,
    private readonly writeSeen: WriteSessionsSeen,
  ) {
    this.sessions = bus.sharedCache({ name: 'sessions', ttlMs: REMEMBER_MS, maxEntries: MAX_REMEMBERED });
  }

  useLog(log: SessionMemoryLog): void {
    this.log = log;
  }

  /** Taken before the database lookup whose result `remember` stores. */
  mark(): number {
    return this.sessions.mark();
  }

  /** What a database lookup found (only current tokens: a replaced one in its grace is never kept). */
  remember(session: Session, mark: number): void {
    if (session.viaPreviousToken) return;
    const now = Date.now();
    const remembered: Remembered = {
      tenantId: session.tenantId,
      sessionId: session.sessionId,
      userId: session.userId,
      tokenHash: session.tokenHash,
      tokenIssuedAt: now - session.tokenAgeSeconds * 1000,
      expiresAt: now + session.expiresInSeconds * 1000,
      writtenAt: now - session.idleSeconds * 1000,
      lastActivityAt: now - session.idleSeconds * 1000,
    };
    this.sessions.set(session.tokenHash, { tenantId: session.tenantId, subject: session.userId }, remembered, mark);
  }

  /** The database path's write of the session's activity (touchSession) committed: it is now seen and written. */
  markActivityWritten(session: Session): void {
    const remembered = this.sessions.get(session.tokenHash);
    if (!remembered) return;
    const now = Date.now();
    remembered.writtenAt = remembered.lastActivityAt = now;
    remembered.expiresAt = now + this.config.sessionIdleMinutes * 60_000;
    this.unwritten.delete(remembered);
  }

  /**
   * The live session of a token hash from memory, or null: not remembered, past its idle expiry as
   * known here, or due for token rotation (the database path decides those).
   */
  recall(tokenHash: string): Session | null {
    const remembered = this.sessions.get(tokenHash);
    if (!remembered) return null;
    const now = Date.now();
    const tokenAgeSeconds = (now - remembered.tokenIssuedAt) / 1000;
    if (remembered.expiresAt <= now || tokenAgeSeconds >= this.config.tokenRotateMinutes * 60) return null;
    return {
      tenantId: remembered.tenantId,
      sessionId: remembered.sessionId,
      userId: remembered.userId,
      tokenHash,
      viaPreviousToken: false,
      tokenAgeSeconds,
      idleSeconds: (now - remembered.lastActivityAt) / 1000,
      expiresInSeconds: (remembered.expiresAt - now) / 1000,
    };
  }

  /** Activity on a recalled session: slides its idle expiry here, written with the next batch when due. */
  noteActivity(session: Session): void {
    const remembered = this.sessions.get(session.tokenHash);
    if (!remembered) return;
    const now = Date.now();
    remembered.lastActivityAt = now;
    remembered.expiresAt = now + this.config.sessionIdleMinutes * 60_000;
    if (now - remembered.writtenAt < TOUCH_INTERVAL_SECONDS * 1000 || this.closed) return;
    this.unwritten.add(remembered);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.closed) return;
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, FLUSH_EVERY_MS).unref();
  }

  /**
   * In the transaction that ends or changes sessions of a user (no user: of the whole school):
   * evicted here at once and, on commit, on every instance.
   */
  forgetUser(tx: Tx, tenantId: string, userId?: string): Promise<void> {
    return this.bus.notify(tx, { caches: [this.sessions], tenantId, subject: userId });
  }

  /** Like forgetUser for one session only (its token was replaced): the user's other devices stay remembered. */
  forgetSession(tx: Tx, session: Session): Promise<void> {
    return this.bus.notify(tx, { caches: [this.sessions], tenantId: session.tenantId, subject: session.userId, id: session.tokenHash });
  }

  /** Writes the activity seen in memory: one statement per school. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.unwritten.size === 0) return;
    const batch = [...this.unwritten];
    this.unwritten.clear();
    const now = Date.now();
    const bySchool = new Map<string, Remembered[]>();
    for (const remembered of batch) {
      const rows = bySchool.get(remembered.tenantId);
      if (rows) rows.push(remembered);
      else bySchool.set(remembered.tenantId, [remembered]);
    }
    for (const [tenantId, rows] of bySchool) {
      const seen = rows.map((remembered) => ({ sessionId: remembered.sessionId, agoSeconds: Math.max(0, (now - remembered.lastActivityAt) / 1000), at: remembered.lastActivityAt }));
      try {
        await this.writeSeen(tenantId, seen);
        rows.forEach((remembered, index) => {
          remembered.writtenAt = Math.max(remembered.writtenAt, seen[index]!.at);
        });
      } catch (error) {
        // kept for the next batch; until written, idle expiry on other instances may come early
        this.log.warn({ err: error, sessions: rows.length }, 'session activity: writing failed; tried again with the next batch');
        for (const remembered of rows) this.unwritten.add(remembered);
        this.scheduleFlush();
      }
    }
  }

  /** At shutdown: the last activity is written, nothing later is scheduled. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flush();
  }
}
