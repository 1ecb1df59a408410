import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '../../contracts/envelope';
import type { PermissionPayload } from '../../contracts/session';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp } from '../test/helpers';
import { CacheBus } from '../db/cache-bus';
import { REMEMBER_MS, SessionMemory } from './session';

/**
 * Sessions answered from memory (SessionMemory, the route helper's fromMemory path): what the
 * database knows still decides, and activity seen in memory reaches it in batches.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const sessionRow = async (token: string) =>
  (
    await ownerQuery<{ idle: number; left_minutes: number }>(
      t.db,
      `SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle, extract(epoch FROM expires_at - now())::float8 / 60 AS left_minutes FROM sessions WHERE token_hash = $1`,
      [tokenHash(token)],
    )
  )[0]!;
const getPermission = (token: string) => call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token });
/** The call's answer and whether the route helper gave it from memory (else the database path did). */
const getPermissionCounted = async (token: string) => {
  const before = t.app.services.auth.sessions.answeredFromMemory;
  const answer = await getPermission(token);
  return { ...answer, fromMemory: t.app.services.auth.sessions.answeredFromMemory > before };
};

describe('sessions from memory', () => {
  it('getPermission from memory slides the idle expiry; the activity is written with the next batch, not by the call', async () => {
    const user = await createUser(t.db, 'demo');
    const token = await login(t.app, 'demo', user.username);
    // seen 28 s ago, 2 minutes left: the next call (database path) is within the 30 s touch interval
    await ownerQuery(t.db, `UPDATE sessions SET last_seen_at = now() - interval '28 seconds', expires_at = now() + interval '2 minutes' WHERE token_hash = $1`, [tokenHash(token)]);
    expect((await getPermission(token)).body.code).toBe(1);
    expect((await sessionRow(token)).idle).toBeGreaterThan(27);

    await new Promise((resolve) => setTimeout(resolve, 2100)); // past the 30 s interval
    const remembered = await getPermissionCounted(token);
    expect(remembered.body.code).toBe(1);
    expect(remembered.fromMemory).toBe(true); // nothing written yet
    const before = await sessionRow(token);
    expect(before.left_minutes).toBeLessThan(2);

    await t.app.services.auth.sessions.flush();
    const after = await sessionRow(token);
    expect(after.idle).toBeLessThan(2);
    expect(after.left_minutes).toBeGreaterThan(t.config.sessionIdleMinutes - 1);
  });

  it('a batch never brings back a session that ended meanwhile', async () => {
    const user = await createUser(t.db, 'demo');
    const token = await login(t.app, 'demo', user.username);
    await ownerQuery(t.db, `UPDATE sessions SET last_seen_at = now() - interval '29 seconds' WHERE token_hash = $1`, [tokenHash(token)]);
    expect((await getPermission(token)).body.code).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await getPermission(token)).body.code).toBe(1); // activity noted in memory
    // ended behind the app's back (no notice): the batch must not extend it
    await ownerQuery(t.db, `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [tokenHash(token)]);
    await t.app.services.auth.sessions.flush();
    expect((await sessionRow(token)).left_minutes).toBeLessThan(0);
  });

  it('a session ended behind the app\'s back (no notice) answers from memory at most REMEMBER_MS, then from the database', async () => {
    const user = await createUser(t.db, 'demo');
    const ended = await login(t.app, 'demo', user.username);
    const other = await login(t.app, 'demo', user.username);
    expect((await getPermissionCounted(ended)).fromMemory).toBe(false);
    await ownerQuery(t.db, `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [tokenHash(ended)]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      expect(await getPermissionCounted(ended)).toMatchObject({ fromMemory: true, body: { code: 1 } });
      vi.setSystemTime(Date.now() + REMEMBER_MS + 1000);
      // the user's other session reloads the grant (its own expiry is as long), so only the session's bound is left to end it
      expect(await getPermissionCounted(other)).toMatchObject({ fromMemory: false, body: { code: 1 } });
      expect(await getPermissionCounted(ended)).toMatchObject({ fromMemory: false, body: { code: ResponseCode.loginExpired } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a batch that fails to write is tried again by itself', async () => {
    const attempts: number[] = [];
    const memory = new SessionMemory(new CacheBus(t.db), t.config, async (_tenantId, seen) => {
      attempts.push(seen.length);
      if (attempts.length === 1) throw new Error('database away');
    });
    const session = { tenantId: 'school', sessionId: 'session', userId: 'user', tokenHash: 'hash', viaPreviousToken: false, tokenAgeSeconds: 0, idleSeconds: 40, expiresInSeconds: 600 };
    vi.useFakeTimers();
    try {
      memory.remember(session, memory.mark());
      memory.noteActivity(memory.recall('hash')!);
      await vi.advanceTimersByTimeAsync(5000);
      expect(attempts).toEqual([1]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(attempts).toEqual([1, 1]);
    } finally {
      vi.useRealTimers();
      await memory.close();
    }
  });

  it('a token rotation forgets only the rotated session: the user\'s other device keeps answering from memory', async () => {
    const user = await createUser(t.db, 'demo');
    const rotating = await login(t.app, 'demo', user.username);
    const other = await login(t.app, 'demo', user.username);
    await ownerQuery(t.db, `UPDATE sessions SET token_issued_at = now() - make_interval(mins => $2) WHERE token_hash = $1`, [tokenHash(rotating), t.config.tokenRotateMinutes + 1]);
    expect(await getPermissionCounted(other)).toMatchObject({ fromMemory: false, body: { code: 1 } });
    const rotated = await getPermissionCounted(rotating);
    expect(rotated).toMatchObject({ fromMemory: false, body: { code: 1 } });
    expect(rotated.headers[t.config.tokenHeaderName.toLowerCase()]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getPermissionCounted(other)).toMatchObject({ fromMemory: true, body: { code: 1 } });
    // the replaced token, in its grace, still works but never from memory
    expect(await getPermissionCounted(rotating)).toMatchObject({ fromMemory: false, body: { code: 1 } });
  });

  it('logout through this instance: getPermission, answered from memory until then, says 90001 at once', async () => {
    const user = await createUser(t.db, 'demo');
    const token = await login(t.app, 'demo', user.username);
    expect(await getPermissionCounted(token)).toMatchObject({ fromMemory: false, body: { code: 1 } });
    expect(await getPermissionCounted(token)).toMatchObject({ fromMemory: true, body: { code: 1 } });
    expect((await call(t.app, 'GET', '/logout', { token })).body.code).toBe(1);
    expect((await getPermission(token)).body.code).toBe(ResponseCode.loginExpired);
  });

  it('the answer from memory is the same as from the database, with a fresh requestId each time', async () => {
    const token = await login(t.app, 'demo', 'teacher');
    const first = await getPermissionCounted(token);
    const second = await getPermissionCounted(token);
    expect([first.fromMemory, second.fromMemory]).toEqual([false, true]);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    const { requestId: firstId, ...firstRest } = first.body.data;
    const { requestId: secondId, ...secondRest } = second.body.data;
    expect(secondRest).toEqual(firstRest);
    expect(secondId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondId).not.toBe(firstId);
    expect({ ...second.body, data: null }).toEqual({ ...first.body, data: null });
    const english = await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token, headers: { 'accept-language': 'en' } });
    expect(english.body.msg).toBe('Success');
  });
});
