import { and, desc, eq, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Orm, Tx } from '../../db/client';
import { users } from '../users/users.table';
import { captchas, loginFailures, passwordPolicies, requestNonces, securityKeys, sessions } from './auth.table';
import { minutesInterval as minutes, secondsInterval as seconds } from '../../db/intervals';

/** sessions.revoke_reason */
export type RevokeReason = 'logout' | 'password' | 'elsewhere';

/** first key of the login-attempt advisory locks ('lgn') */
const LOGIN_ATTEMPTS_LOCK_SPACE = 0x6c676e;


export const authRepository = {
  // --- sessions (tenant tables; the lookup by hash goes through the SECURITY DEFINER function) ---

  createSession: (
    tx: Tx,
    row: { tenantId: string; id: string; userId: string; tokenHash: string; idleMinutes: number; ip: string; userAgent: string },
  ) =>
    tx.insert(sessions).values({
      tenantId: row.tenantId,
      id: row.id,
      userId: row.userId,
      tokenHash: row.tokenHash,
      expiresAt: sql`now() + ${minutes(row.idleMinutes)}`,
      ip: row.ip,
      userAgent: row.userAgent,
      createdBy: row.userId,
      updatedBy: row.userId,
    }),

  touchSession: (tx: Tx, sessionId: string, idleMinutes: number) =>
    tx
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + ${minutes(idleMinutes)}` })
      .where(eq(sessions.id, sessionId)),

  /**
   * Activity seen in memory (plugins/session.ts), written in one statement per school: each session
   * was last seen `agoSeconds` ago. Never extends a session that had ended by then, never moves
   * last_seen_at back.
   */
  touchSessionsSeen: (tx: Tx, seen: { sessionId: string; agoSeconds: number }[], idleMinutes: number) =>
    tx.execute(sql`
      UPDATE sessions AS s
         SET last_seen_at = now() - make_interval(secs => v.ago),
             expires_at = now() - make_interval(secs => v.ago) + ${minutes(idleMinutes)}
        FROM unnest(${sql.param(seen.map((row) => row.sessionId))}::uuid[], ${sql.param(seen.map((row) => row.agoSeconds))}::float8[]) AS v(id, ago)
       WHERE s.id = v.id
         AND s.revoked_at IS NULL
         AND s.expires_at > now() - make_interval(secs => v.ago)
         AND s.last_seen_at < now() - make_interval(secs => v.ago)`),

  /** Replaces the token only if it is still `oldHash` (a parallel request may have rotated it first). */
  rotateToken: async (
    tx: Tx,
    args: { sessionId: string; oldHash: string; newHash: string; graceSeconds: number; idleMinutes: number },
  ): Promise<boolean> => {
    const rows = await tx
      .update(sessions)
      .set({
        previousTokenHash: sessions.tokenHash,
        previousValidUntil: sql`now() + ${seconds(args.graceSeconds)}`,
        tokenHash: args.newHash,
        tokenIssuedAt: sql`now()`,
        lastSeenAt: sql`now()`,
        expiresAt: sql`now() + ${minutes(args.idleMinutes)}`,
        updatedAt: sql`now()`,
        version: sql`${sessions.version} + 1`,
      })
      .where(and(eq(sessions.id, args.sessionId), eq(sessions.tokenHash, args.oldHash)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  },

  revokeSession: (tx: Tx, sessionId: string, reason: RevokeReason = 'logout') =>
    tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokeReason: reason, updatedAt: sql`now()`, version: sql`${sessions.version} + 1` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),

  revokeOtherSessions: (tx: Tx, userId: string, keepSessionId: string, reason: RevokeReason) =>
    tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokeReason: reason, updatedAt: sql`now()`, version: sql`${sessions.version} + 1` })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt))),

  /** Why the session of a token was revoked (SECURITY DEFINER: the tenant is not known yet), or null. */
  sessionEndReason: async (tx: Tx, tokenHash: string): Promise<string | null> => {
    const result = await tx.execute<{ reason: string | null }>(sql`SELECT xiaowu_session_end_reason(${tokenHash}) AS reason`);
    return result.rows[0]?.reason ?? null;
  },

  // --- lockout (users.locked_until; failures counted from login_failures) ---

  /** Failures of the account inside the window and after its last lockout ended. */
  failuresForLockout: async (tx: Tx, accountKey: string, windowMinutes: number, lockedForSeconds: number | null) => {
    const rows = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, accountKey),
          sql`${loginFailures.failedAt} > now() - ${minutes(windowMinutes)}`,
          lockedForSeconds === null ? undefined : sql`${loginFailures.failedAt} > now() + ${seconds(lockedForSeconds)}`,
        ),
      );
    return rows[0]?.n ?? 0;
  },

  lockAccount: (tx: Tx, userId: string, lockMinutes: number) =>
    tx.update(users).set({ lockedUntil: sql`now() + ${minutes(lockMinutes)}` }).where(eq(users.id, userId)),

  /** Housekeeping at login: the user's sessions that ended more than a week ago. */
  purgeEndedSessions: (tx: Tx, userId: string) =>
    tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          or(lt(sessions.expiresAt, sql`now() - interval '7 days'`), lt(sessions.revokedAt, sql`now() - interval '7 days'`)),
        ),
      ),

  // --- captchas (global) ---

  insertCaptcha: (tx: Tx, row: { id: string; answerHash: string; ttlSeconds: number }) =>
    tx.insert(captchas).values({ id: row.id, answerHash: row.answerHash, expiresAt: sql`now() + ${seconds(row.ttlSeconds)}` }),

  /** Single use: the captcha is deleted whether or not the answer matches. */
  takeCaptcha: async (tx: Tx, id: string) => {
    const rows = await tx
      .delete(captchas)
      .where(eq(captchas.id, id))
      .returning({ answerHash: captchas.answerHash, live: sql<boolean>`${captchas.expiresAt} > now()` });
    return rows[0];
  },

  purgeExpiredCaptchas: (tx: Tx) => tx.delete(captchas).where(lt(captchas.expiresAt, sql`now()`)),

  // --- login failures (global) ---

  /**
   * Seconds until each of the most recent `limit` failures leaves the window, newest first.
   * With `limit` failures in the window, the last one tells when the next attempt is allowed.
   */
  recentFailures: async (tx: Tx, by: { accountKey: string } | { ip: string }, windowMinutes: number, limit: number) => {
    const rows = await tx
      .select({ secondsLeft: sql<number>`extract(epoch FROM ${loginFailures.failedAt} + ${minutes(windowMinutes)} - now())::float8` })
      .from(loginFailures)
      .where(
        and(
          'accountKey' in by ? eq(loginFailures.accountKey, by.accountKey) : eq(loginFailures.ip, by.ip),
          sql`${loginFailures.failedAt} > now() - ${minutes(windowMinutes)}`,
        ),
      )
      .orderBy(sql`${loginFailures.failedAt} DESC`)
      .limit(limit);
    return rows.map((row) => Number(row.secondsLeft));
  },

  /**
   * One attempt on an account key at a time, across instances (a transaction-level advisory lock,
   * released at commit): each attempt counts the failures committed before it, so simultaneous wrong
   * passwords sent to several instances cannot all pass the throttle or the lockout count. Taken
   * without waiting (false: another attempt holds it): a queue of attempts on one account would each
   * hold a pool connection while they wait, so a burst at one account could stall every request.
   * Two-int form: its own key space, apart from the single-bigint bootstrap and sweep locks.
   */
  claimAttempt: async (tx: Tx, accountKey: string): Promise<boolean> => {
    const result = await tx.execute<{ claimed: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${LOGIN_ATTEMPTS_LOCK_SPACE}::int, hashtext(${accountKey})) AS claimed`);
    return result.rows[0]?.claimed === true;
  },

  recordFailure: (tx: Tx, row: { id: string; accountKey: string; ip: string }) => tx.insert(loginFailures).values(row),

  clearAccountFailures: (tx: Tx, accountKey: string) => tx.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey)),

  purgeOldFailures: (tx: Tx) => tx.delete(loginFailures).where(lt(loginFailures.failedAt, sql`now() - interval '1 day'`)),

  // --- password strategy (tenant) ---

  passwordPolicy: (tx: Tx) =>
    tx
      .select({ rule: passwordPolicies.rule, descriptionZh: passwordPolicies.descriptionZh, descriptionEn: passwordPolicies.descriptionEn })
      .from(passwordPolicies)
      .limit(1)
      .then((rows) => rows[0]),

  // --- RSA key pair (global) ---

  securityKey: (tx: Tx | Orm, id: string) =>
    tx
      .select({ publicKey: securityKeys.publicKey, privateKey: securityKeys.privateKey })
      .from(securityKeys)
      .where(eq(securityKeys.id, id))
      .then((rows) => rows[0]),

  /** Owner only (bootstrap): the app role cannot write keys. */
  insertSecurityKey: (owner: Orm, row: { id: string; publicKey: string; privateKey: string }) =>
    owner.insert(securityKeys).values(row).onConflictDoNothing(),

  /** Every key, newest first: the first is current, the others open requests during their grace. */
  securityKeys: (tx: Tx | Orm) =>
    tx
      .select({ id: securityKeys.id, publicKey: securityKeys.publicKey, privateKey: securityKeys.privateKey, createdAt: securityKeys.createdAt })
      .from(securityKeys)
      .orderBy(desc(securityKeys.createdAt), desc(securityKeys.id)),

  /** Owner only (key rotation): deletes every key but the ones named (current and those within their grace). */
  deleteSecurityKeysExcept: (owner: Orm, keepIds: string[]) => owner.delete(securityKeys).where(notInArray(securityKeys.id, keepIds)),

  // --- nonces of encrypted requests (global) ---

  /** true when the nonce is new (stored now), false when it was seen before. */
  claimNonce: (tx: Tx, nonce: string, expiresAt: Date) =>
    tx
      .insert(requestNonces)
      .values({ nonce, expiresAt })
      .onConflictDoNothing()
      .returning({ nonce: requestNonces.nonce })
      .then((rows) => rows.length === 1),

  purgeNonces: (tx: Tx, now: Date) => tx.delete(requestNonces).where(lt(requestNonces.expiresAt, now)),
};
