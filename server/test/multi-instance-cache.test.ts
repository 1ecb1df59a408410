import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope, ResponseCode } from '../../contracts/envelope';
import type { PermissionPayload } from '../../contracts/session';
import type { SettingsData } from '../../contracts/settings';
import type { Database } from '../db/client';
import { createUser, DEMO_PASSWORD, openOwnDatabase, ownerQuery, tenantIdOf } from './helpers';
import { type Instances, startInstances } from './instances';

/**
 * Issue 18 §4: two real server processes (A and B) on one database keep their memory caches
 * current through the cache bus (server/db/cache-bus.ts, LISTEN/NOTIFY): a change made through A
 * is seen by B within 1 s, although B serves sessions, grants, getPermission and the encryption
 * flag from memory (60 s expiry as a fallback only).
 *
 * A database of its own (same server, migrated and seeded here): the encryption flag is global, and
 * turning it on must not reach the other test files.
 */

/** the bound for a change on A to show on B */
const WITHIN_MS = 1000;

let db: Database;
let dropDatabase: () => Promise<void>;
let instances: Instances;
let A: string;
let B: string;
let adminOnA: string;

beforeAll(async () => {
  let url: string;
  ({ url, db, drop: dropDatabase } = await openOwnDatabase('xiaowu_cache'));
  instances = await startInstances(2, { databaseUrl: url, env: { XIAOWU_PLATFORM_TENANT: 'demo', XIAOWU_SINGLE_SESSION: 'on' } });
  [A, B] = instances.urls as [string, string];
  adminOnA = await loginAt(A, 'admin');
}, 180_000);

afterAll(async () => {
  await instances?.stopAll();
  await dropDatabase?.();
});

async function send<T>(base: string, method: 'GET' | 'POST', path: string, token?: string, json?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = token ? { 'x-access-token': token } : {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  return (await response.json()) as Envelope<T>;
}

async function loginAt(base: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/login/v3`, { method: 'POST', body: new URLSearchParams({ tenant: 'demo', username, password }) });
  const answer = (await response.json()) as Envelope<{ token: string }>;
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.token;
}

/** Asks until `done` holds; resolves with the milliseconds it took (fails after 5 s). */
async function msUntil(ask: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await ask())) {
    if (performance.now() - started > 5000) throw new Error('not seen within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

const userList = (base: string, token: string) => send(base, 'POST', '/api/users/list', token, { currPage: 0, limit: 1 });
const permissionsOf = (base: string, token: string) => send<PermissionPayload>(base, 'GET', '/ms/getPermission', token);

describe('a change made through A is seen by B within 1 s', () => {
  it('a permission taken from a role on A is refused on B', async () => {
    // a role of its own holding 用户管理 (system_user), and a member of it
    const code = `cache_${randomBytes(4).toString('hex')}`;
    const saved = await send<{ id: string; version: number }>(A, 'POST', '/api/roles/save', adminOnA, { code, name: '缓存测试', businessSystem: 'xiaowu', type: 'ordinary' });
    expect(saved.code, saved.msg).toBe(1);
    const [menu] = await ownerQuery<{ id: string }>(db, `SELECT id::text AS id FROM menus WHERE tenant_id = $1 AND 'system_user' = ANY(perms) AND type = 'menu'`, [
      await tenantIdOf(db, 'demo'),
    ]);
    const granted = await send(A, 'POST', '/api/roles/menus/save', adminOnA, { id: saved.data.id, version: saved.data.version, menuIds: [menu!.id] });
    expect(granted.code, granted.msg).toBe(1);
    const member = await createUser(db, 'demo', { roles: [code] });
    const token = await loginAt(B, member.username);

    // B now holds the member's session and grant in memory, and answers getPermission from it
    expect((await userList(B, token)).code).toBe(1);
    expect((await permissionsOf(B, token)).data.permission).toContain('system_user');
    expect((await permissionsOf(B, token)).data.permission).toContain('system_user');

    const taken = await send(A, 'POST', '/api/roles/menus/save', adminOnA, { id: saved.data.id, version: saved.data.version + 1, menuIds: [] });
    expect(taken.code, taken.msg).toBe(1);
    const refusedAfter = await msUntil(async () => (await userList(B, token)).code === ResponseCode.forbidden);
    console.log(`[cache bus] permission taken on A, refused on B after ${refusedAfter.toFixed(0)} ms`);
    expect(refusedAfter).toBeLessThan(WITHIN_MS);
    expect((await permissionsOf(B, token)).data.permission).not.toContain('system_user');
  });

  it('a user disabled on A is logged out on B (getPermission, answered from memory until then, says 90001)', async () => {
    const user = await createUser(db, 'demo');
    const token = await loginAt(B, user.username);
    expect((await permissionsOf(B, token)).code).toBe(1);
    expect((await permissionsOf(B, token)).code).toBe(1);

    const disabled = await send(A, 'POST', '/api/users/enable', adminOnA, { ids: [user.id], enabled: false });
    expect(disabled.code, disabled.msg).toBe(1);
    const loggedOutAfter = await msUntil(async () => (await permissionsOf(B, token)).code === ResponseCode.loginExpired);
    console.log(`[cache bus] user disabled on A, logged out on B after ${loggedOutAfter.toFixed(0)} ms`);
    expect(loggedOutAfter).toBeLessThan(WITHIN_MS);
    // and it stays out: the session is gone in the database too
    expect((await userList(A, token)).code).toBe(ResponseCode.loginExpired);
  });

  it('a password reset on A ends the session on B, and the new login on B must change the password first', async () => {
    const user = await createUser(db, 'demo', { roles: ['admin'] });
    const before = await loginAt(B, user.username);
    expect((await userList(B, before)).code).toBe(1);
    expect((await permissionsOf(B, before)).data.userInfo.mustChangePassword).toBe(false);

    const password = 'Cache@2026x';
    const reset = await send(A, 'POST', '/api/users/reset-password', adminOnA, { id: user.id, password });
    expect(reset.code, reset.msg).toBe(1);
    expect(await msUntil(async () => (await permissionsOf(B, before)).code === ResponseCode.loginExpired)).toBeLessThan(WITHIN_MS);
    // B had the account cached as not having to change its password: that went with the notice
    const after = await loginAt(B, user.username, password);
    expect(await userList(B, after)).toMatchObject({ code: ResponseCode.forbidden, msg: '请先修改初始密码', data: { mustChangePassword: true } });
    expect((await permissionsOf(B, after)).data.userInfo.mustChangePassword).toBe(true);
  });

  it('XIAOWU_SINGLE_SESSION: a login on A ends the session B answers from memory; its next call there says 50012', async () => {
    const user = await createUser(db, 'demo');
    const first = await loginAt(B, user.username);
    expect((await permissionsOf(B, first)).code).toBe(1);
    expect((await permissionsOf(B, first)).code).toBe(1);

    await loginAt(A, user.username);
    const endedAfter = await msUntil(async () => (await permissionsOf(B, first)).code === ResponseCode.loggedInElsewhere);
    console.log(`[cache bus] login on A, older session refused on B after ${endedAfter.toFixed(0)} ms`);
    expect(endedAfter).toBeLessThan(WITHIN_MS);
  });

  it('the encryption flag and the login title saved on A show in /config.json on B', async () => {
    const config = async (base: string) => (await (await fetch(`${base}/config.json?tenant=demo`)).json()) as Record<string, unknown>;
    expect(await config(B)).toMatchObject({ requestEncryption: false });
    const current = (await send<SettingsData>(A, 'POST', '/api/settings/get', adminOnA, {})).data;
    const title = `登录 ${randomBytes(3).toString('hex')}`;
    const saved = await send(A, 'POST', '/api/settings/save', adminOnA, {
      ...current.tenant,
      loginTitle: title,
      deployment: { ...current.deployment, requestEncryption: true },
    });
    expect(saved.code, saved.msg).toBe(1);
    const seenAfter = await msUntil(async () => {
      const onB = await config(B);
      return onB.requestEncryption === true && onB.loginTitle === title;
    });
    console.log(`[cache bus] encryption flag saved on A, on in B's /config.json after ${seenAfter.toFixed(0)} ms`);
    expect(seenAfter).toBeLessThan(WITHIN_MS);
    // B enforces it: an unsealed call is refused (41001 signature missing)
    expect((await userList(B, adminOnA)).code).toBe(ResponseCode.missingSignature);
  });
});
