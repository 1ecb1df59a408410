import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogOperationText, type AppLogOptions, type AppLogPage } from '../../../contracts/app-logs';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

/**
 * 用户日志 over rows written straight into app_logs on days of March 2026 (the test app's own calls
 * land on today and stay out of those ranges): two schools of this file's own, a public row, and
 * one school's 50,001 rows on another day for the export cap.
 */
let t: TestApp;
let a: { id: string; code: string };
let b: { id: string; code: string };
let adminA: string;
let adminB: string;
let teacherA: string;
let viewerA: string;
let adminAUser: { id: string; name: string; username: string };
let teacherAUser: { id: string; name: string; username: string };

const DAY = '2026-03-10';
const TIE_DAY = '2026-03-11';
const BIG_DAY = '2026-03-12';

interface LogRow {
  id: string;
  at: string;
  userId: string | null;
  url: string;
  ip: string;
  method: string;
  handler: string;
  params: string;
  durationMs: number;
  module: string;
  operation: string;
  clientType: string;
  errorCode: number | null;
  errorMessage: string | null;
  systemName: string;
}

const row = (at: string, overrides: Partial<LogRow> = {}): LogRow => ({
  id: uuidv7(),
  at,
  userId: null,
  url: '/api/zeta/list',
  ip: '172.16.0.1',
  method: 'POST',
  handler: '/api/zeta/list',
  params: '{"body":{"limit":10}}',
  durationMs: 3,
  module: 'zeta',
  operation: 'lists zeta',
  clientType: 'pc',
  errorCode: null,
  errorMessage: null,
  systemName: 'xiaowu',
  ...overrides,
});

async function insert(tenantId: string | null, rows: LogRow[]) {
  for (const r of rows) {
    const values = [r.id, r.at, r.userId, r.url, r.ip, r.method, r.handler, r.params, r.durationMs, r.module, r.operation, r.clientType, r.errorCode, r.errorMessage, r.systemName];
    if (tenantId) {
      await ownerQuery(
        t.db,
        `INSERT INTO app_logs (tenant_id, id, at, user_id, url, ip, method, handler, params, duration_ms, module, operation, client_type, error_code, error_message, system_name)
         VALUES ($16, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [...values, tenantId],
      );
    } else {
      await ownerQuery(
        t.db,
        `INSERT INTO app_logs_public (id, at, user_id, url, ip, method, handler, params, duration_ms, module, operation, client_type, error_code, error_message, system_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        values,
      );
    }
  }
}

const list = (token: string, search: Record<string, string>, extra: Record<string, unknown> = {}, lang?: 'en') =>
  call<AppLogPage>(t.app, 'POST', '/api/app-logs/list', { token, json: { limit: 10, search: JSON.stringify(search), ...extra }, headers: lang ? { 'x-lang': lang } : {} });

const ids = async (search: Record<string, string>, token = adminA) => {
  const { body } = await list(token, { from: DAY, to: DAY, ...search });
  expect(body.code, body.msg).toBe(1);
  return body.data.rows.map((r) => r.url).sort();
};

// the named rows of school A on DAY (url names each row)
const alpha = row(`${DAY}T09:00:00+08:00`, { url: '/api/alpha/list', handler: '/api/alpha/list', ip: '10.1.2.3', method: 'GET', params: '{"query":{"q":"needle-42"}}', durationMs: 5, module: 'alpha', operation: 'lists alpha things', clientType: 'pc' });
const beta = row(`${DAY}T10:00:00+08:00`, { url: '/api/beta/save', handler: '/api/beta/save', ip: '10.1.9.9', method: 'POST', durationMs: 900, module: 'beta', operation: 'saves a beta', clientType: 'mobile', errorCode: 40000, errorMessage: '名称不能为空' });
const gamma = row(`${DAY}T11:00:00+08:00`, { url: '/saas/gamma/remove/7', handler: '/saas/gamma/remove/:id', ip: '192.168.0.5', method: 'DELETE', durationMs: 40, module: 'gamma', operation: 'removes gamma', clientType: 'tablet', errorCode: 59000, errorMessage: 'boom', systemName: 'legacy' });
const delta = row(`${DAY}T23:59:59.999+08:00`, { url: '/api/delta', handler: '/api/delta', ip: '10.2.0.1', clientType: 'app' });
// the day before and after in school time (but the same UTC day as DAY's early hours or late hours)
const before = row('2026-03-09T23:59:59.999+08:00', { url: '/api/outside/before' });
const after = row('2026-03-11T00:00:00+08:00', { url: '/api/outside/after' });

beforeAll(async () => {
  t = await buildTestApp();
  const suffix = randomBytes(4).toString('hex');
  const hash = await hashPassword(DEMO_PASSWORD);
  const today = new Date('2026-11-21T04:00:00Z');
  const small = { ...DEMO_SCHOOL, grades: DEMO_SCHOOL.grades.filter((g) => g.level === 7), studentsPerClass: 1, otherStaff: 2 };
  await seedSchool(t.db, { ...small, code: `loga${suffix}`, hosts: [`loga${suffix}.localhost`] }, hash, today);
  await seedSchool(t.db, { ...small, code: `logb${suffix}`, hosts: [`logb${suffix}.localhost`] }, hash, today);
  a = { id: await tenantIdOf(t.db, `loga${suffix}`), code: `loga${suffix}` };
  b = { id: await tenantIdOf(t.db, `logb${suffix}`), code: `logb${suffix}` };
  adminA = await login(t.app, a.code, 'admin');
  adminB = await login(t.app, b.code, 'admin');
  teacherA = await login(t.app, a.code, 'teacher');
  const [admin] = await ownerQuery<{ id: string; name: string; username: string }>(t.db, `SELECT id::text, name, username FROM users WHERE tenant_id = $1 AND username = 'admin'`, [a.id]);
  const [teacher] = await ownerQuery<{ id: string; name: string; username: string }>(t.db, `SELECT id::text, name, username FROM users WHERE tenant_id = $1 AND username = 'teacher'`, [a.id]);
  adminAUser = admin!;
  teacherAUser = teacher!;
  alpha.userId = adminAUser.id;
  beta.userId = teacherAUser.id;
  await insert(a.id, [alpha, beta, gamma, delta, before, after]);
  // school B: the same addresses on the same day, and a public (no school) row
  await insert(b.id, [row(`${DAY}T09:30:00+08:00`, { url: '/api/alpha/list', params: '{"query":{"q":"needle-42"}}' }), row(`${DAY}T12:00:00+08:00`, { url: '/api/b-only' })]);
  await insert(null, [row(`${DAY}T09:45:00+08:00`, { url: '/api/alpha/public' })]);
  // 25 rows of A at one and the same instant (keyset ties), ids in random order
  await insert(a.id, Array.from({ length: 25 }, (_, i) => row(`${TIE_DAY}T08:00:00+08:00`, { id: uuidv7(), url: `/api/tie/${String(i).padStart(2, '0')}` })));
  // 50,001 rows of B on BIG_DAY (export cap)
  await ownerQuery(
    t.db,
    `INSERT INTO app_logs (tenant_id, id, at, user_id, url, ip, method, handler, params, duration_ms, module, operation, client_type, error_code, error_message, system_name)
     SELECT $1, gen_random_uuid(), timestamptz '${BIG_DAY}T08:00:00+08:00' + n * interval '100 ms', NULL, '/api/big/' || n, '10.9.9.9', 'POST', '/api/big/:n', '{}', 1, 'big', 'big', 'pc', NULL, NULL, 'xiaowu'
     FROM generate_series(1, 50001) n`,
    [b.id],
  );
  const viewer = await createUser(t.db, a.code, { roles: [] });
  // a role holding system_log but not system_log_export
  await ownerQuery(
    t.db,
    `WITH r AS (INSERT INTO roles (tenant_id, id, code, name) VALUES ($1, gen_random_uuid(), $2, '日志查看') RETURNING id),
          m AS (INSERT INTO role_menus (tenant_id, role_id, menu_id) SELECT $1, r.id, menus.id FROM r, menus WHERE menus.tenant_id = $1 AND menus.perms @> ARRAY['system_log'] RETURNING 1)
     INSERT INTO user_roles (tenant_id, user_id, role_id) SELECT $1, $3, r.id FROM r`,
    [a.id, `logview${suffix}`, viewer.id],
  );
  viewerA = await login(t.app, a.code, viewer.username);
}, 180_000);
afterAll(() => t.close());

describe('filters', () => {
  it('the date range (school days, both ends included) finds the day’s rows only; another school’s and the public rows never', async () => {
    expect(await ids({})).toEqual(['/api/alpha/list', '/api/beta/save', '/api/delta', '/saas/gamma/remove/7']);
    expect(await ids({ from: '2026-03-09', to: DAY })).toContain('/api/outside/before');
    expect(await ids({ from: '2026-03-09', to: DAY })).not.toContain('/api/outside/after');
    const { body } = await list(adminB, { from: DAY, to: DAY });
    expect(body.data.rows.map((r) => r.url).sort()).toEqual(['/api/alpha/list', '/api/b-only']);
    expect(body.data.rows.every((r) => r.ip === '172.16.0.1')).toBe(true);
  });

  it('user (id or account) shows the name and account', async () => {
    expect(await ids({ userId: adminAUser.id })).toEqual(['/api/alpha/list']);
    expect(await ids({ account: teacherAUser.username })).toEqual(['/api/beta/save']);
    expect(await ids({ account: 'nobody-here' })).toEqual([]);
    const { body } = await list(adminA, { from: DAY, to: DAY, userId: adminAUser.id });
    expect(body.data.rows[0]).toMatchObject({ userName: adminAUser.name, account: 'admin', userId: adminAUser.id });
    // school B's admin naming A's admin sees nothing
    expect(await ids({ userId: adminAUser.id }, adminB)).toEqual([]);
  });

  it('request address by prefix (default) or contains', async () => {
    expect(await ids({ url: '/api/' })).toEqual(['/api/alpha/list', '/api/beta/save', '/api/delta']);
    expect(await ids({ url: '/saas', urlMode: 'prefix' })).toEqual(['/saas/gamma/remove/7']);
    expect(await ids({ url: 'save', urlMode: 'prefix' })).toEqual([]);
    expect(await ids({ url: 'save', urlMode: 'contains' })).toEqual(['/api/beta/save']);
    expect(await ids({ url: '%', urlMode: 'contains' })).toEqual([]);
  });

  it('IP exact or prefix (*)', async () => {
    expect(await ids({ ip: '10.1.2.3' })).toEqual(['/api/alpha/list']);
    expect(await ids({ ip: '10.1.2' })).toEqual([]);
    expect(await ids({ ip: '10.1.*' })).toEqual(['/api/alpha/list', '/api/beta/save']);
    expect(await ids({ ip: '10.*' })).toEqual(['/api/alpha/list', '/api/beta/save', '/api/delta']);
  });

  it('method, class, parameters, duration, module, operation, client type, system name', async () => {
    expect(await ids({ method: 'delete' })).toEqual(['/saas/gamma/remove/7']);
    expect(await ids({ method: 'GET' })).toEqual(['/api/alpha/list']);
    expect(await ids({ handler: '/saas/gamma/remove/:id' })).toEqual(['/saas/gamma/remove/7']);
    expect(await ids({ params: 'needle-42' })).toEqual(['/api/alpha/list']);
    expect(await ids({ params: 'NEEDLE' })).toEqual(['/api/alpha/list']);
    expect(await ids({ minDuration: '40' })).toEqual(['/api/beta/save', '/saas/gamma/remove/7']);
    expect(await ids({ minDuration: '901' })).toEqual([]);
    expect(await ids({ module: 'beta' })).toEqual(['/api/beta/save']);
    expect(await ids({ module: 'bet' })).toEqual([]);
    // 操作 searches operation names and targets: a row written before 0027 matches by its route's name
    expect(await ids({ operation: 'beta' })).toEqual([]);
    expect(await ids({ clientType: 'tablet' })).toEqual(['/saas/gamma/remove/7']);
    expect(await ids({ clientType: 'app' })).toEqual(['/api/delta']);
    expect(await ids({ systemName: 'legacy' })).toEqual(['/saas/gamma/remove/7']);
  });

  it('exception: only failed calls, or one error code; the detail carries the message', async () => {
    expect(await ids({ failed: '1' })).toEqual(['/api/beta/save', '/saas/gamma/remove/7']);
    expect(await ids({ failed: '0' })).toEqual(['/api/alpha/list', '/api/delta']);
    expect(await ids({ errorCode: '40000' })).toEqual(['/api/beta/save']);
    const { body } = await list(adminA, { from: DAY, to: DAY, errorCode: '40000' });
    expect(body.data.rows[0]).toMatchObject({ errorMessage: '名称不能为空', durationMs: 900, clientType: 'mobile', account: teacherAUser.username });
  });

  it('filters combine (all must hold)', async () => {
    expect(await ids({ url: '/api/', failed: '1', clientType: 'mobile', minDuration: '100' })).toEqual(['/api/beta/save']);
    expect(await ids({ url: '/api/', clientType: 'tablet' })).toEqual([]);
  });

  it('defaults to today (school time) when no date is given', async () => {
    const { body } = await list(adminA, {});
    expect(body.code).toBe(1);
    expect(body.data.rows.some((r) => r.url.startsWith('/api/alpha'))).toBe(false);
  });
});

describe('bad filters are refused with a clear message', () => {
  const refused = async (search: Record<string, string>, text: RegExp, lang?: 'en', extra: Record<string, unknown> = {}) => {
    const { body } = await list(adminA, search, extra, lang);
    expect(body.code).toBe(40000);
    expect(body.msg).toMatch(text);
  };
  it('each filter, zh and en', async () => {
    await refused({ from: '2026-02-30' }, /开始日期不是有效的日期/);
    await refused({ from: 'yesterday' }, /Start date is not a valid date/, 'en');
    await refused({ from: '2026-03-10', to: '2026-03-01' }, /结束日期不能早于开始日期/);
    await refused({ userId: 'admin' }, /用户不是有效的用户编号/);
    await refused({ ip: "1.2.3.4'; --" }, /IP只能包含数字/);
    await refused({ ip: '1.*.3' }, /IP may hold digits/, 'en');
    await refused({ method: 'FETCH' }, /请求方式不是有效的请求方式/);
    await refused({ minDuration: '-1' }, /耗时必须是 0 到 3600000 之间的整数/);
    await refused({ minDuration: '1.5' }, /Duration must be a whole number/, 'en');
    await refused({ clientType: 'phone' }, /客户端类型只能是 pc、mobile、tablet 或 app/);
    await refused({ errorCode: 'x' }, /异常代码必须是不超过 5 位的数字/);
    await refused({ urlMode: 'regex', url: '/a' }, /匹配方式只能是前缀或包含/);
    await refused({ params: 'x'.repeat(201) }, /参数长度不能超过200个字符/);
  });
  it('page size of SPEC §9, cursor and unknown keys', async () => {
    expect((await list(adminA, {}, { limit: 7 })).body.code).toBe(40000);
    expect((await list(adminA, {}, { cursor: "1'; DROP TABLE app_logs; --" })).body.code).toBe(40000);
    // malformed cursors the database would choke on: refused as bad input, never 59000
    for (const cursor of [`99999999999999999_${'-'.repeat(36)}`, `1_${'-'.repeat(36)}`, '1_0190aaaa-bbbb-7ccc-8ddd-eeeeffff000', `99999999999999999_0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000`]) {
      expect((await list(adminA, {}, { cursor })).body.code, cursor).toBe(40000);
    }
    expect((await list(adminA, {}, { cursor: '1_0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000' })).body.code).toBe(1);
    expect((await list(adminA, { sql: '1' })).body.code).toBe(40000);
  });
});

describe('keyset paging', () => {
  const page = async (extra: Record<string, unknown>, limit = 10) => {
    const { body } = await list(adminA, { from: TIE_DAY, to: TIE_DAY }, { limit, ...extra });
    expect(body.code, body.msg).toBe(1);
    return body.data;
  };
  it('next / previous are stable over rows with one and the same time', async () => {
    const first = await page({});
    expect(first.rows).toHaveLength(10);
    expect(first).toMatchObject({ total: 26, totalCapped: false, hasNext: true, hasPrev: false });
    const second = await page({ cursor: first.lastCursor, direction: 'next' });
    const third = await page({ cursor: second.lastCursor, direction: 'next' });
    expect(second).toMatchObject({ hasNext: true, hasPrev: true });
    expect(third.rows).toHaveLength(6);
    expect(third).toMatchObject({ hasNext: false, hasPrev: true });
    const seen = [...first.rows, ...second.rows, ...third.rows].map((r) => r.id);
    expect(new Set(seen).size).toBe(26);
    // newest first: at descending, then id descending among equal times
    const keys = [...first.rows, ...second.rows, ...third.rows].map((r) => `${r.at}|${r.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    // back from the third page gives exactly the second, then the first
    const back = await page({ cursor: third.firstCursor, direction: 'prev' });
    expect(back.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(back).toMatchObject({ hasPrev: true, hasNext: true });
    const backAgain = await page({ cursor: back.firstCursor, direction: 'prev' });
    expect(backAgain.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(backAgain).toMatchObject({ hasPrev: false, hasNext: true });
  });
  it('the count is capped (10000+) and can be skipped', async () => {
    const { body } = await list(adminB, { from: BIG_DAY, to: BIG_DAY }, { limit: 500 });
    expect(body.data).toMatchObject({ total: 10_000, totalCapped: true, hasNext: true });
    expect(body.data.rows).toHaveLength(500);
    expect(body.data.rows[0]!.url).toBe('/api/big/50001');
    const skipped = await list(adminB, { from: BIG_DAY, to: BIG_DAY }, { count: false });
    expect(skipped.body.data.total).toBeNull();
  });
});

const exportOf = async (token: string, search: Record<string, string>, lang: 'zh' | 'en' = 'zh') => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app-logs/export',
    headers: { 'x-access-token': token, 'content-type': 'application/json', 'x-lang': lang },
    payload: JSON.stringify({ search: JSON.stringify(search) }),
  });
  return response;
};

describe('export', () => {
  it('the current filter as .xlsx with names and accounts, newest first', async () => {
    const response = await exportOf(adminA, { from: DAY, to: DAY, url: '/api/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('用户日志_');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 5)).toEqual(['时间', '用户', '账号', '请求地址', 'IP']);
    expect(sheet.rowCount).toBe(4);
    expect(values(2).slice(0, 4)).toEqual(['2026-03-10 23:59:59.999', undefined, undefined, '/api/delta'].map((v) => v));
    expect(values(3)).toContain('/api/beta/save');
    expect(values(3)).toContain(teacherAUser.username);
    expect(values(3)).toContain('名称不能为空');
    expect(values(4)).toContain(adminAUser.name);
  });
  it('stops at 50,000 rows and says so in the file', async () => {
    const response = await exportOf(adminB, { from: BIG_DAY, to: BIG_DAY }, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/Only the newest 50000 rows were exported/);
    expect(sheet.getRow(2).getCell(1).value).toBe('Time');
    expect(sheet.rowCount).toBe(50_002);
    expect(sheet.getRow(3).getCell(4).value).toBe('/api/big/50001');
  }, 60_000);
  it('needs system_log_export; the list needs system_log', async () => {
    expect((await list(viewerA, { from: DAY, to: DAY })).body.code).toBe(1);
    const refused = await exportOf(viewerA, { from: DAY, to: DAY });
    expect((refused.json() as { code: number }).code).toBe(40300);
    expect((await list(teacherA, {})).body.code).toBe(40300);
    expect((await exportOf(teacherA, {})).json()).toMatchObject({ code: 40300 });
  });
  it('names its filters: no search is refused, an empty one means today', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/api/app-logs/export', headers: { 'x-access-token': adminA, 'content-type': 'application/json' }, payload: '{}' });
    expect((bare.json() as { code: number }).code).toBe(40000);
    const today = await t.app.inject({ method: 'POST', url: '/api/app-logs/export', headers: { 'x-access-token': adminA, 'content-type': 'application/json' }, payload: JSON.stringify({ search: {} }) });
    expect(today.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('options', () => {
  it('lists the declared modules by name and the route patterns', async () => {
    const { body } = await call<AppLogOptions>(t.app, 'POST', '/api/app-logs/options', { token: adminA, json: {} });
    expect(body.data.modules).toContainEqual({ value: 'applog', zh: '用户日志', en: 'User logs' });
    expect(body.data.modules).toContainEqual({ value: 'users', zh: '用户管理', en: 'Users' });
    expect(body.data.modules).toContainEqual({ value: 'campuses', zh: '校区管理', en: 'Campuses' });
    expect(body.data.handlers).toContain('/api/app-logs/list');
  });
});

describe('an audit trail', () => {
  const api = (url: string, json: unknown, token = adminA) => call(t.app, 'POST', url, { token, json });
  const today = async (search: Record<string, string>, lang?: 'en') => {
    await t.app.appLog!.flush();
    const { body } = await list(adminA, search, { limit: 50 }, lang);
    expect(body.code, body.msg).toBe(1);
    return body.data.rows;
  };

  it('a password reset is 重置密码 with the person it reset, found by either name or the person; a delete keeps the name', async () => {
    const person = await createUser(t.db, a.code);
    await ownerQuery(t.db, `UPDATE users SET name = '黄涛建', id_number = '11010519491231002x' WHERE tenant_id = $1 AND id = $2`, [a.id, person.id]);
    expect((await api('/api/users/reset-password', { id: person.id })).body).toMatchObject({ code: 1 });
    const target = `黄涛建 (${person.username})`;

    const [reset] = await today({ operation: '重置密码' });
    expect(reset).toMatchObject({ operationName: { zh: '重置密码', en: 'Reset password' }, target, kind: 'change', module: 'users', moduleName: { zh: '用户管理', en: 'Users' } });
    expect(appLogOperationText(reset!, 'zh')).toBe(`重置密码：${target}`);
    expect(appLogOperationText(reset!, 'en')).toBe(`Reset password: ${target}`);
    expect((await today({ operation: 'reset password' }, 'en')).map((row) => row.id)).toEqual([reset!.id]);
    expect((await today({ operation: person.username })).map((row) => row.id)).toEqual([reset!.id]);
    expect((await today({ operation: '重置密码', module: 'users' })).map((row) => row.id)).toEqual([reset!.id]);
    expect(await today({ operation: '重置密码', module: 'applog' })).toEqual([]);

    expect((await api('/api/users/delete', { ids: [person.id] })).body).toMatchObject({ code: 1 });
    const [deleted] = await today({ operation: '删除用户' });
    expect(deleted).toMatchObject({ operationName: { zh: '删除用户', en: 'Delete users' }, target });
  });

  it('a kit save is 新增 or 编辑 of its noun, named by the row', async () => {
    const code = `AU${randomBytes(3).toString('hex').toUpperCase()}`;
    const added = await api('/api/campuses/save', { code, name: '审计校区', sort: 1 });
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ code: 1 });
    const rows = await today({ operation: 'Add campus' });
    expect(rows[0]).toMatchObject({ operationName: { zh: '新增校区', en: 'Add campus' }, target: `审计校区 (${code})` });
  });

  it('shows changes unless reads are asked for', async () => {
    await list(adminA, {});
    const changesOnly = await today({});
    expect(changesOnly.length).toBeGreaterThan(0);
    expect(changesOnly.every((row) => row.kind === 'change')).toBe(true);
    const withReads = await today({ reads: '1' });
    expect(withReads.some((row) => row.kind === 'read' && row.operationName?.zh === '查询用户日志')).toBe(true);
  });
});
