import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, loadConfig } from '../config';
import { buildTestApp, call, createUser, login, loginRaw, ownerQuery, type TestApp } from '../test/helpers';

/**
 * Account lockout (users.locked_until, XIAOWU_LOCKOUT_*) as distinct from the short-term login
 * throttling, and XIAOWU_SINGLE_SESSION (a new login ends the others: their next call is 50012).
 * Tenant binding of tokens: server/security/isolation.test.ts. Password strategy on change:
 * server/modules/auth/auth.test.ts ('enforces the strategy, …').
 */

describe('configuration', () => {
  it('lockout defaults to 10 failures in 30 minutes, single session off; both configurable', () => {
    expect(defaultConfig().lockout).toEqual({ attempts: 10, minutes: 30 });
    expect(defaultConfig().singleSession).toBe(false);
    const config = loadConfig({ XIAOWU_LOCKOUT_ATTEMPTS: '4', XIAOWU_LOCKOUT_MINUTES: '5', XIAOWU_SINGLE_SESSION: 'on' });
    expect(config.lockout).toEqual({ attempts: 4, minutes: 5 });
    expect(config.singleSession).toBe(true);
    expect(() => loadConfig({ XIAOWU_LOCKOUT_ATTEMPTS: '0' })).toThrow(/XIAOWU_LOCKOUT_ATTEMPTS/);
    expect(() => loadConfig({ XIAOWU_SINGLE_SESSION: 'yes' })).toThrow(/XIAOWU_SINGLE_SESSION/);
  });
});

describe('account lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    // throttling loosened so the lockout is what answers
    t = await buildTestApp({ lockout: { attempts: 3, minutes: 2 }, loginThrottle: { windowMinutes: 15, maxPerAccount: 100, maxPerIp: 100 } });
  });
  afterAll(() => t.close());

  it('locks after the configured failures (42300, with minutes), refuses even the right password, and unlocks by itself', async () => {
    const user = await createUser(t.db, 'demo');
    const attempt = (password: string, lang = 'zh') =>
      loginRaw(t.app, { username: user.username, password, tenant: 'demo' }, { headers: { 'x-lang': lang } }).then((r) => r.body);

    expect((await attempt('wrong-1')).code).toBe(40100);
    expect((await attempt('wrong-2')).code).toBe(40100);
    const locked = await attempt('wrong-3');
    expect(locked).toMatchObject({ code: 42300, result: false, data: { retryAfterSeconds: 120 } });
    expect(locked.msg).toBe('账号已锁定，请2分钟后再试');
    expect(await attempt(user.password, 'en')).toMatchObject({ code: 42300, msg: 'This account is locked, please try again in 2 minute(s)' });
    const [row] = await ownerQuery<{ locked: boolean }>(t.db, 'SELECT locked_until > now() AS locked FROM users WHERE id = $1', [user.id]);
    expect(row.locked).toBe(true);

    // the lock's time passes
    await ownerQuery(t.db, 'UPDATE users SET locked_until = now() WHERE id = $1', [user.id]);
    // failures from before the lock ended no longer count: one more wrong password is just wrong
    expect((await attempt('wrong-4')).code).toBe(40100);
    expect((await attempt(user.password)).code).toBe(1);
  });

  it('an unknown account is never "locked" (no account existence leak through 42300)', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { body } = await loginRaw(t.app, { username: 'nobody_here_at_all', password: 'Wrong@2026x', tenant: 'demo' });
      expect(body.code).toBe(40100);
    }
  });

  it('throttling stays separate: short-term, per account and address, answers 42900 without locking the account', async () => {
    const throttled = await buildTestApp({ lockout: { attempts: 10, minutes: 30 } });
    try {
      const user = await createUser(throttled.db, 'demo');
      const ip = '10.99.1.2';
      for (let i = 0; i < 5; i += 1)
        expect((await loginRaw(throttled.app, { username: user.username, password: 'wrong', tenant: 'demo' }, { ip })).body.code).toBe(40100);
      expect((await loginRaw(throttled.app, { username: user.username, password: 'wrong', tenant: 'demo' }, { ip })).body.code).toBe(42900);
      const [row] = await ownerQuery<{ locked_until: string | null }>(throttled.db, 'SELECT locked_until FROM users WHERE id = $1', [user.id]);
      expect(row.locked_until).toBeNull();
    } finally {
      await throttled.close();
    }
  });
});

describe('XIAOWU_SINGLE_SESSION', () => {
  it('on: a new login ends the older sessions, whose next call answers 50012 (not 90001)', async () => {
    const t = await buildTestApp({ singleSession: true });
    try {
      const user = await createUser(t.db, 'demo');
      const first = await login(t.app, 'demo', user.username);
      expect((await call(t.app, 'GET', '/api/getExpires', { token: first })).body.code).toBe(1);
      const second = await login(t.app, 'demo', user.username);
      expect((await call(t.app, 'GET', '/api/getExpires', { token: first })).body).toMatchObject({ code: 50012, result: false });
      expect((await call(t.app, 'GET', '/ms/getPermission', { token: first, headers: { 'x-lang': 'en' } })).body.msg).toMatch(/elsewhere/);
      expect((await call(t.app, 'GET', '/api/getExpires', { token: second })).body.code).toBe(1);
      // downloads resolve their own session and say the same
      const fileId = '0190a0a0-0000-7000-8000-000000000001';
      for (const headers of [{}, { 'x-tenant': 'demo' }]) {
        const download = await t.app.inject({ method: 'GET', url: `/file/download/${fileId}`, headers: { 'x-access-token': first, ...headers } });
        expect(download.json()).toMatchObject({ code: 50012, result: false });
      }
      // a session ended by logout is just expired
      await call(t.app, 'GET', '/logout', { token: second });
      expect((await call(t.app, 'GET', '/api/getExpires', { token: second })).body.code).toBe(90001);
      // another user's sessions are untouched
      const other = await createUser(t.db, 'demo');
      const otherToken = await login(t.app, 'demo', other.username);
      await login(t.app, 'demo', user.username);
      expect((await call(t.app, 'GET', '/api/getExpires', { token: otherToken })).body.code).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('off (default): sessions on several devices live side by side', async () => {
    const t = await buildTestApp();
    try {
      const user = await createUser(t.db, 'demo');
      const first = await login(t.app, 'demo', user.username);
      const second = await login(t.app, 'demo', user.username);
      expect((await call(t.app, 'GET', '/api/getExpires', { token: first })).body.code).toBe(1);
      expect((await call(t.app, 'GET', '/api/getExpires', { token: second })).body.code).toBe(1);
    } finally {
      await t.close();
    }
  });
});
