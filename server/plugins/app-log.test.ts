import { sql } from 'drizzle-orm';
import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../test/helpers';
import { AppLogWriter, clientTypeOf, describeParams, maskText, MAX_PARAMS_CHARS, purgeOldAppLogs } from './app-log';

interface LogRow extends Record<string, unknown> {
  tenant_id: string;
  user_id: string | null;
  url: string;
  ip: string;
  method: string;
  handler: string;
  params: string;
  duration_ms: number;
  module: string;
  operation: string;
  client_type: string;
  error_code: number | null;
  error_message: string | null;
  system_name: string;
}

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const marker = () => `m${Math.random().toString(36).slice(2, 10)}`;

describe('app log', () => {
  let t: TestApp;
  let demoId: string;
  let kgId: string;
  let teacherToken: string;
  let teacherId: string;

  beforeAll(async () => {
    // A long interval: rows are written only by the explicit flushes below.
    t = await buildTestApp({ appLog: { enabled: true, maxBuffered: 1000, flushIntervalMs: 600_000, batchSize: 500, retentionDays: 180 } });
    demoId = await tenantIdOf(t.db, 'demo');
    kgId = await tenantIdOf(t.db, 'kg');
    teacherToken = await login(t.app, 'demo', 'teacher');
    [{ id: teacherId }] = await ownerQuery<{ id: string }>(t.db, `SELECT id FROM users WHERE tenant_id = $1 AND username = 'teacher'`, [demoId]);
  });
  afterAll(() => t.close());

  const rowsWith = (table: 'app_logs' | 'app_logs_public', text: string) =>
    ownerQuery<LogRow>(t.db, `SELECT * FROM ${table} WHERE params LIKE $1 ORDER BY at`, [`%${text}%`]);

  it('records a call with its fields, off the request path: no row when the answer is back, one after the flush', async () => {
    const m = marker();
    const response = await call(t.app, 'GET', `/ms/getPermission?m=${m}`, { token: teacherToken, ip: '10.9.8.7', headers: { 'user-agent': IPAD } });
    expect(response.body.result).toBe(true);
    expect(await rowsWith('app_logs', m)).toHaveLength(0);

    await t.app.appLog!.flush();
    const rows = await rowsWith('app_logs', m);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: demoId,
      user_id: teacherId,
      url: '/ms/getPermission',
      ip: '10.9.8.7',
      method: 'GET',
      handler: '/ms/getPermission',
      module: 'permissions',
      operation: 'menus tree, permission codes, role codes and user info of the caller',
      client_type: 'tablet',
      error_code: null,
      error_message: null,
      system_name: 'xiaowu',
    });
    expect(JSON.parse(rows[0].params)).toEqual({ query: { m } });
    expect(rows[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('records a failed call with its code and message; passwords, tokens, ID and phone numbers are masked', async () => {
    const m = marker();
    const response = await call(t.app, 'POST', '/api/saas/db/update/pwd', {
      token: teacherToken,
      headers: { 'accept-language': 'en' },
      json: {
        oldPassword: 'Wrong-old-1',
        newPassword: 'Brand-new-2',
        password: 'Brand-new-2',
        token: 'secret-token-value',
        note: `${m} id 11010519491231002X phone 13812345678`,
      },
    });
    expect(response.body.result).toBe(false);
    await t.app.appLog!.flush();
    const [row] = await rowsWith('app_logs', m);
    expect(row).toBeDefined();
    expect(row.module).toBe('auth');
    expect(row.error_code).toBe(response.body.code);
    expect(row.error_message).toBe(response.body.msg);
    for (const secret of ['Wrong-old-1', 'Brand-new-2', 'secret-token-value', '11010519491231002X', '13812345678']) {
      expect(row.params).not.toContain(secret);
    }
    const body = JSON.parse(row.params).body as Record<string, string>;
    expect(body.oldPassword).toBe('***');
    expect(body.token).toBe('***');
    expect(body.note).toBe(`${m} id 110105********002X phone 138****5678`);
  });

  it('calls without a tenant go to the global app_logs_public', async () => {
    const m = marker();
    const response = await call(t.app, 'GET', `/api/getExpires?m=${m}`);
    expect(response.body.code).toBe(90001);
    await t.app.appLog!.flush();
    expect(await rowsWith('app_logs', m)).toHaveLength(0);
    const [row] = await rowsWith('app_logs_public', m);
    expect(row).toMatchObject({ url: '/api/getExpires', user_id: null, error_code: 90001, module: 'auth', client_type: 'pc' });
  });

  it('the static app and preflights are not recorded', async () => {
    const m = marker();
    await t.app.inject({ method: 'GET', url: `/dashboard?m=${m}` });
    await t.app.appLog!.flush();
    expect(await rowsWith('app_logs_public', m)).toHaveLength(0);
  });

  it('a login attempt is filed under its school: failed without a user, succeeded with one; an unknown school stays global', async () => {
    const username = `teacher-${marker()}`.slice(0, 40);
    const attempt = async (tenant: string, password: string, user = 'teacher') =>
      (await call(t.app, 'POST', '/api/login/v3', { form: { username: user, password, tenant }, ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` })).body;
    const since = new Date();
    expect((await attempt('demo', 'Wrong-password-1')).code).toBe(40100);
    expect((await attempt('demo', 'Xiaowu@2026')).code).toBe(1);
    expect((await attempt('no-such-school', 'Xiaowu@2026', username)).result).toBe(false);
    await t.app.appLog!.flush();
    const logins = await ownerQuery<LogRow>(t.db, `SELECT * FROM app_logs WHERE url = '/api/login/v3' AND at >= $1 ORDER BY at`, [since]);
    expect(logins.map((r) => [r.tenant_id, r.user_id, r.error_code])).toEqual([
      [demoId, null, 40100],
      [demoId, teacherId, null],
    ]);
    // the password never reaches the log
    expect(logins.every((r) => !r.params.includes('Xiaowu@2026') && r.params.includes('"password":"***"'))).toBe(true);
    const unknown = await rowsWith('app_logs_public', username);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ url: '/api/login/v3', user_id: null });
  });

  it("RLS: one school cannot read another's log", async () => {
    const m = marker();
    await call(t.app, 'GET', `/ms/getPermission?m=${m}`, { token: teacherToken });
    await t.app.appLog!.flush();
    const like = `%${m}%`;
    const asKg = await t.db.withTenant(kgId, (tx) => tx.execute(sql`SELECT id FROM app_logs WHERE params LIKE ${like}`));
    expect(asKg.rows).toHaveLength(0);
    const asDemo = await t.db.withTenant(demoId, (tx) => tx.execute(sql`SELECT id FROM app_logs WHERE params LIKE ${like}`));
    expect(asDemo.rows).toHaveLength(1);
    // Append-only for the app role.
    await expect(t.db.withTenant(demoId, (tx) => tx.execute(sql`DELETE FROM app_logs WHERE params LIKE ${like}`))).rejects.toThrow();
  });
});

describe('app log retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('removes rows older than the retention of every school and the global table, keeps younger ones, and never rows under a day', async () => {
    const m = marker();
    const day = 24 * 60 * 60_000;
    const demoId = await tenantIdOf(t.db, 'demo');
    const kgId = await tenantIdOf(t.db, 'kg');
    const columns = `id, at, url, ip, method, handler, params, duration_ms, module, operation, client_type, system_name`;
    const values = (ageDays: number) => [new Date(Date.now() - ageDays * day), `{"m":"${m}-${ageDays}"}`];
    for (const [tenantId, age] of [[demoId, 200], [kgId, 200], [demoId, 100], [kgId, 2]] as const) {
      await ownerQuery(t.db, `INSERT INTO app_logs (tenant_id, ${columns}) VALUES ($1, gen_random_uuid(), $2, '/x', '::1', 'GET', '', $3, 1, 'x', '', 'pc', 'xiaowu')`, [tenantId, ...values(age)]);
    }
    for (const age of [200, 2]) {
      await ownerQuery(t.db, `INSERT INTO app_logs_public (${columns}) VALUES (gen_random_uuid(), $1, '/x', '::1', 'GET', '', $2, 1, 'x', '', 'pc', 'xiaowu')`, values(age));
    }
    const left = async () =>
      (
        await ownerQuery<{ params: string; tenant_id: string | null }>(
          t.db,
          `SELECT params, tenant_id FROM app_logs WHERE params LIKE $1 UNION ALL SELECT params, NULL FROM app_logs_public WHERE params LIKE $1 ORDER BY 1, 2`,
          [`%${m}%`],
        )
      ).map((r) => `${r.tenant_id === demoId ? 'demo' : r.tenant_id === kgId ? 'kg' : 'public'} ${r.params.replace(`${m}-`, '')}`);

    expect(await purgeOldAppLogs(t.db, 180)).toBeGreaterThanOrEqual(3);
    expect(await left()).toEqual(['demo {"m":"100"}', 'kg {"m":"2"}', 'public {"m":"2"}'].sort());
    expect(await purgeOldAppLogs(t.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await left()).toEqual(['kg {"m":"2"}', 'public {"m":"2"}']);
    // the app role cannot use the function to wipe recent history
    await expect(t.db.withGlobal((tx) => tx.execute(sql`SELECT xiaowu_purge_app_logs(now(), 10)`))).rejects.toThrow();
    expect(await left()).toHaveLength(2);
  });
});

describe('app log writer', () => {
  it('with the database down it never blocks: the buffer is bounded, the oldest rows are dropped and counted', async () => {
    const url = new URL(inject('databaseUrl'));
    url.port = '1'; // nothing listens there
    const db = connectDatabase(url.toString(), { maxConnections: 1 });
    const errors: unknown[] = [];
    const writer = new AppLogWriter(db, { maxBuffered: 3, flushIntervalMs: 600_000, batchSize: 100, onError: (e) => errors.push(e) });
    try {
      const row = (n: number) => ({
        tenantId: '00000000-0000-7000-8000-000000000000',
        id: `00000000-0000-7000-8000-00000000000${n}`,
        at: new Date(),
        userId: null,
        url: `/x/${n}`,
        ip: '127.0.0.1',
        method: 'GET',
        handler: '/x',
        params: '{}',
        durationMs: 1,
        module: 'x',
        operation: '',
        clientType: 'pc',
        errorCode: null,
        errorMessage: null,
        systemName: 'xiaowu',
      });
      for (let n = 1; n <= 5; n++) writer.push(row(n));
      expect(writer.stats).toMatchObject({ buffered: 3, dropped: 2 });

      await writer.flush();
      expect(errors).toHaveLength(1);
      expect(writer.stats).toMatchObject({ buffered: 3, dropped: 2, written: 0, failedFlushes: 1 });
      writer.push(row(6));
      expect(writer.stats).toMatchObject({ buffered: 3, dropped: 3 });
    } finally {
      await writer.close();
      await db.close();
    }
  });
});

describe('app log writer and a row the database refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('drops and counts the refused row; the rows of its batch and later ones of the school are written', async () => {
    const m = marker();
    const demoId = await tenantIdOf(t.db, 'demo');
    const errors: unknown[] = [];
    const writer = new AppLogWriter(t.db, { maxBuffered: 100, flushIntervalMs: 600_000, batchSize: 100, onError: (e) => errors.push(e) });
    const row = (n: number, durationMs = 1) => ({
      tenantId: demoId,
      id: crypto.randomUUID(),
      at: new Date(),
      userId: null,
      url: `/x/${n}`,
      ip: '127.0.0.1',
      method: 'GET',
      handler: '/x',
      params: `{"m":"${m}-${n}"}`,
      durationMs,
      module: 'x',
      operation: '',
      clientType: 'pc',
      errorCode: null,
      errorMessage: null,
      systemName: 'xiaowu',
    });
    const written = async () =>
      (await ownerQuery<{ params: string }>(t.db, `SELECT params FROM app_logs WHERE params LIKE $1 ORDER BY params`, [`%${m}%`])).map((r) => r.params);
    try {
      // duration_ms is an int column: 2^40 is out of range (22003), on every attempt.
      writer.push(row(1));
      writer.push(row(2, 2 ** 40));
      writer.push(row(3));
      await writer.flush();
      expect(writer.stats).toMatchObject({ buffered: 0, written: 2, rejected: 1, failedFlushes: 0 });
      expect(errors).toHaveLength(1);
      writer.push(row(4));
      await writer.flush();
      expect(writer.stats).toMatchObject({ buffered: 0, written: 3, rejected: 1 });
      expect(await written()).toEqual([1, 3, 4].map((n) => `{"m":"${m}-${n}"}`));
    } finally {
      await writer.close();
    }
  });
});

describe('app log helpers', () => {
  it('masks ID numbers (18 and 15 digits) and mobile numbers in text, not other numbers', () => {
    expect(maskText('身份证 110105194912310021 和 11010519491231002x')).toBe('身份证 110105********0021 和 110105********002x');
    expect(maskText('old 110105491231002')).toBe('old 110105******002');
    expect(maskText('tel 13812345678, +8613812345678')).toBe('tel 138****5678, +86138****5678');
    expect(maskText('order 20261120 and uuid 0190a3c1-7e2f-7abc-8def-123456789012')).toBe('order 20261120 and uuid 0190a3c1-7e2f-7abc-8def-123456789012');
  });

  it('masks secret keys anywhere in the params, also in nested objects, and truncates', () => {
    const text = describeParams({ captcha: 'ab12' }, { user: { password: 'x', sfzh: '110105194912310021', lxdh: '13812345678' }, list: [{ token: 't' }] });
    expect(JSON.parse(text)).toEqual({ query: { captcha: '***' }, body: { user: { password: '***', sfzh: '***', lxdh: '***' }, list: [{ token: '***' }] } });
    const long = describeParams({}, { text: 'a'.repeat(10_000) });
    expect(long.length).toBe(MAX_PARAMS_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('tells the client type from the User-Agent', () => {
    expect(clientTypeOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe('pc');
    expect(clientTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(clientTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe('mobile');
    expect(clientTypeOf('Mozilla/5.0 (Linux; Android 13; SM-X700) Chrome/120 Safari/537.36')).toBe('tablet');
    expect(clientTypeOf(IPAD)).toBe('tablet');
    expect(clientTypeOf('Mozilla/5.0 (iPhone) MicroMessenger/8.0 wxwork/4.1')).toBe('app');
    expect(clientTypeOf(undefined)).toBe('pc');
  });
});
