import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRegistry } from '../routes';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../test/helpers';

/**
 * Tenant isolation through the API: a kg administrator (who holds every permission in kg) calls
 * every route that takes an id with ids of demo rows, and every list; no answer carries any demo id
 * and the demo rows aimed at are unchanged afterwards. (RLS itself: server/db/tenancy.test.ts.)
 */

let t: TestApp;
let demoId: string;
let kgToken: string;
/** every uuid of a demo row, in any tenant table */
const demoIds = new Set<string>();
const target: Record<'user' | 'message' | 'org' | 'role' | 'file' | 'dictType' | 'dictEntry' | 'roll' | 'rollClass' | 'rollDate' | 'rollStudent' | 'proof' | 'proofCode', string> = {} as never;

async function tenantTablesWithId(): Promise<string[]> {
  const rows = await ownerQuery<{ table_name: string }>(
    t.db,
    `SELECT c.table_name FROM information_schema.columns c
      WHERE c.table_schema = 'public' AND c.column_name = 'id' AND c.data_type = 'uuid'
        AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = 'public' AND k.table_name = c.table_name AND k.column_name = 'tenant_id')
      ORDER BY 1`,
  );
  return rows.map((row) => row.table_name);
}

const firstId = async (table: string, extra = '') =>
  (await ownerQuery<{ id: string }>(t.db, `SELECT id::text AS id FROM ${table} WHERE tenant_id = $1 ${extra} ORDER BY id LIMIT 1`, [demoId]))[0]?.id;

/** The demo rows the walk aims at, as JSON text: must be identical before and after. */
async function fingerprint(): Promise<string[]> {
  const tables: [string, string][] = [
    ['users', target.user],
    ['messages', target.message],
    ['org_units', target.org],
    ['roles', target.role],
    ['files', target.file],
    ['dict_types', target.dictType],
    ['dict_entries', target.dictEntry],
    ['attendance_rolls', target.roll],
  ];
  const out: string[] = [];
  for (const [table, id] of tables) {
    const rows = await ownerQuery<{ row: string }>(t.db, `SELECT row_to_json(x)::text AS row FROM ${table} x WHERE tenant_id = $1 AND id = $2`, [demoId, id]);
    expect(rows, `${table} ${id}`).toHaveLength(1);
    out.push(rows[0].row);
  }
  const recipients = await ownerQuery<{ row: string }>(
    t.db,
    `SELECT row_to_json(x)::text AS row FROM message_recipients x WHERE tenant_id = $1 AND message_id = $2 ORDER BY 1`,
    [demoId, target.message],
  );
  out.push(...recipients.map((r) => r.row));
  const entries = await ownerQuery<{ row: string }>(
    t.db,
    `SELECT row_to_json(x)::text AS row FROM attendance_entries x WHERE tenant_id = $1 AND roll_id = $2 ORDER BY 1`,
    [demoId, target.roll],
  );
  expect(entries.length).toBeGreaterThan(0);
  out.push(...entries.map((r) => r.row));
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  for (const table of await tenantTablesWithId()) {
    for (const { id } of await ownerQuery<{ id: string }>(t.db, `SELECT id::text AS id FROM ${table} WHERE tenant_id = $1`, [demoId])) demoIds.add(id);
  }
  target.user = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text AS id FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]))[0].id;
  target.message = (await firstId('messages'))!;
  target.org = (await firstId('org_units'))!;
  target.role = (await firstId('roles'))!;
  target.dictEntry = (await firstId('dict_entries'))!;
  target.dictType = (await ownerQuery<{ id: string }>(t.db, `SELECT type_id::text AS id FROM dict_entries WHERE tenant_id = $1 AND id = $2`, [demoId, target.dictEntry]))[0].id;
  // a seeded demo roll (its class, day and a student on it)
  const [roll] = await ownerQuery<{ id: string; class_id: string; date: string; student_id: string }>(
    t.db,
    `SELECT r.id::text AS id, r.class_id::text AS class_id, r.date::text AS date, e.student_id::text AS student_id
       FROM attendance_rolls r JOIN attendance_entries e ON e.tenant_id = r.tenant_id AND e.roll_id = r.id
      WHERE r.tenant_id = $1 ORDER BY r.date DESC, r.id LIMIT 1`,
    [demoId],
  );
  Object.assign(target, { roll: roll.id, rollClass: roll.class_id, rollDate: roll.date, rollStudent: roll.student_id });
  // a demo file row of its own (its bytes need not exist: nothing may reach them from kg)
  target.file = uuidv7();
  await ownerQuery(
    t.db,
    `INSERT INTO files (tenant_id, id, name, suffix, mime, size, sha256, path, category, owner_id)
     VALUES ($1, $2, 'demo-secret.png', 'png', 'image/png', 1, 'x', 'nowhere/demo-secret.png', 'logo', $3)`,
    [demoId, target.file, target.user],
  );
  demoIds.add(target.file);
  // an approved demo enrolment proof of its own (the printable PDF and its verification code)
  target.proof = uuidv7();
  target.proofCode = `ISO${uuidv7().replace(/-/g, '').slice(-12).toUpperCase()}`;
  await ownerQuery(
    t.db,
    `INSERT INTO applications (tenant_id, id, kind, applicant_id, submitted_by, details, state, submitted_at, decided_at, verify_code)
     VALUES ($1, $2, 'enrolment_proof', $3, $3, '{"purpose":"isolation"}'::jsonb, 'approved', now(), now(), $4)`,
    [demoId, target.proof, target.user, target.proofCode],
  );
  demoIds.add(target.proof);
  kgToken = await login(t.app, 'kg', 'admin');
});
afterAll(async () => {
  await ownerQuery(t.db, 'DELETE FROM files WHERE tenant_id = $1 AND id = $2', [demoId, target.file]);
  await ownerQuery(t.db, 'DELETE FROM applications WHERE tenant_id = $1 AND id = $2', [demoId, target.proof]);
  await t.close();
});

type Probe = {
  method: 'GET' | 'POST';
  url: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** the registry's url when the probe's path does not name it (path parameters other than a trailing resId) */
  route?: string;
};

/** Every route that takes an id, fed demo ids (explicit: the registry has no machine-readable "this field is an id"). */
const idProbes = (): Probe[] => [
  { method: 'GET', url: `/file/download/${target.file}` },
  { method: 'GET', url: `/file/download/${target.file}?preview=1` },
  {
    method: 'GET',
    url: `/file/download/${target.file}`,
    headers: { 'x-tenant': 'demo' },
  },
  { method: 'POST', url: `/file/remove/${target.file}` },
  { method: 'POST', url: '/file/getFiles', json: { resIds: [target.file] } },
  {
    method: 'POST',
    url: '/api/message/info/getInfoById',
    json: { id: target.message },
  },
  {
    method: 'POST',
    url: '/userManage/getUserInfo',
    form: { userId: target.user },
  },
  {
    method: 'POST',
    url: '/saas/components/getUserData',
    json: { ids: [target.user, `U_${target.user}`] },
  },
  {
    method: 'POST',
    url: '/components/getUserData',
    json: { ids: [target.user] },
  },
  {
    method: 'POST',
    url: '/saas/components/getUserAllData',
    json: { search: JSON.stringify({ USERID: target.user }) },
  },
  {
    method: 'POST',
    url: '/saas/components/getUserAllData',
    json: { search: JSON.stringify({ DWDM: target.org, KEYWORD: 'admin' }) },
  },
  { method: 'POST', url: '/api/attendance/roll', json: { classId: target.rollClass, date: target.rollDate } },
  {
    method: 'POST',
    url: '/api/attendance/submit',
    json: { classId: target.rollClass, date: target.rollDate, baseVersion: 1, entries: [{ studentId: target.rollStudent, status: '2', remark: 'kg' }] },
    headers: { 'idempotency-key': uuidv7() },
  },
  {
    method: 'POST',
    url: '/api/attendance/submit',
    json: { classId: target.rollClass, date: target.rollDate, baseVersion: 0, entries: [{ studentId: target.rollStudent, status: '2' }] },
  },
  { method: 'POST', url: '/api/attendance/changes', json: { classId: target.rollClass, date: target.rollDate } },
  { method: 'POST', url: '/api/attendance/summary', json: { classId: target.rollClass, from: target.rollDate, to: target.rollDate } },
  { method: 'POST', url: '/api/attendance/history', json: { search: JSON.stringify({ classId: target.rollClass, from: target.rollDate, to: target.rollDate }) } },
  { method: 'POST', url: '/api/attendance/history', json: { search: { studentId: target.rollStudent, from: target.rollDate, to: target.rollDate }, limit: 500 } },
  { method: 'POST', url: '/api/attendance/export', json: { classId: target.rollClass, from: target.rollDate, to: target.rollDate } },
  { method: 'POST', url: '/api/attendance/export', json: { studentId: target.rollStudent, from: target.rollDate, to: target.rollDate } },
  { method: 'GET', url: `/api/applications/proof/${target.proof}`, route: '/api/applications/proof/:id' },
  // the verification page names its school in the path: kg's finds nothing of demo's
  { method: 'GET', url: `/api/proofs/verify/kg/${target.proofCode}`, route: '/api/proofs/verify/:tenant/:code' },
  // 数据字典: demo types and entries cannot be edited, deleted or exported from kg
  { method: 'POST', url: '/api/dict/types/save', json: { id: target.dictType, version: 1, code: 'STD_XB_KGPROBE', name: 'kg' } },
  { method: 'POST', url: '/api/dict/types/delete', json: { ids: [target.dictType] } },
  { method: 'POST', url: '/api/dict/entries/save', json: { typeId: target.dictType, code: 'KG', name: 'kg' } },
  { method: 'POST', url: '/api/dict/entries/delete', json: { ids: [target.dictEntry] } },
  { method: 'GET', url: `/api/dict/export?typeId=${target.dictType}`, route: '/api/dict/export' },
  // a published APK's file is public for its own school only: kg's finds no demo file
  { method: 'GET', url: `/api/apk/download/${target.file}?tenant=kg`, route: '/api/apk/download/:id' },
];

/** Every list: whatever a kg user gets, no demo row is in it. */
const listProbes: Probe[] = [
  {
    method: 'POST',
    url: '/api/message/info/getInfoByRecipient',
    json: { size: 500 },
  },
  {
    method: 'POST',
    url: '/saas/components/getUserAllData',
    json: { size: 100 },
  },
  { method: 'POST', url: '/components/getOrgsData' },
  { method: 'GET', url: '/components/getOrgsData' },
  { method: 'POST', url: '/components/getRoles', json: {} },
  { method: 'GET', url: '/saas/components/getXq' },
  {
    method: 'POST',
    url: '/dicts',
    json: { typeArr: ['STD_GB_XB', 'MESSAGE_TYPE'] },
  },
  { method: 'POST', url: '/api/dict/getDictDataList', json: { limit: 500 } },
  { method: 'POST', url: '/api/dict/types/list', json: {} },
  { method: 'POST', url: '/api/dict/revision', json: {} },
  { method: 'POST', url: '/components/getJzgTypeData' },
  { method: 'GET', url: '/ms/getPermission' },
  {
    method: 'POST',
    url: '/api/internationalLanguage/getInternationalLanguageList',
    json: {},
  },
  { method: 'GET', url: '/api/k12saas/xxjbxx/getLogo' },
  { method: 'POST', url: '/api/attendance/classes', json: {} },
  { method: 'POST', url: '/api/attendance/missing', json: { date: new Date().toISOString().slice(0, 10) } },
  // the dashboard's figures name classes, batches and questionnaires of the caller's school only
  { method: 'POST', url: '/api/dashboard/attendance-today', json: {} },
  { method: 'POST', url: '/api/dashboard/applications-pending', json: {} },
  { method: 'POST', url: '/api/dashboard/score-progress', json: {} },
  { method: 'POST', url: '/api/dashboard/survey-responses', json: {} },
  // the deployment's backups: the platform school's administrators only (kg is not it: { visible: false })
  { method: 'GET', url: '/api/backups/status' },
];

function leaks(text: string): string[] {
  return [...(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [])].filter((id) => demoIds.has(id.toLowerCase()));
}

describe('a kg user never reaches demo rows', () => {
  it('the probes cover every id-taking and list route of the registry', () => {
    const probed = new Set([...idProbes(), ...listProbes].map((p) => `${p.method} ${p.route ?? p.url.split('?')[0].replace(/\/[0-9a-f-]{36}$/, '/:resId')}`));
    const idOrList = routeRegistry().filter((r) => /:|getFiles|getInfo|getUser|getOrgs|getRoles|getXq|dict|getJzg|attendance/i.test(r.url));
    for (const route of idOrList) expect(probed, `${route.method} ${route.url}`).toContain(`${route.method} ${route.url}`);
  });

  it('ids of demo rows: nothing found, nothing leaked, nothing changed', async () => {
    expect(demoIds.size).toBeGreaterThan(50);
    const before = await fingerprint();
    for (const probe of [...idProbes(), ...listProbes]) {
      const response = await t.app.inject({
        method: probe.method,
        url: probe.url,
        headers: {
          'x-access-token': kgToken,
          ...(probe.json !== undefined ? { 'content-type': 'application/json' } : probe.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...probe.headers,
        },
        payload: probe.json !== undefined ? JSON.stringify(probe.json) : probe.form ? new URLSearchParams(probe.form).toString() : undefined,
      });
      const label = `${probe.method} ${probe.url}`;
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).not.toBe(500);
      expect(leaks(response.body), label).toEqual([]);
      if (probe.url.startsWith('/api/applications/proof/')) expect(response.json(), label).toMatchObject({ result: false, code: 40400 });
      if (probe.url.startsWith('/api/proofs/verify/')) expect([response.statusCode, response.body], label).toEqual([404, expect.stringContaining('未找到该证明')]);
      if (/^\/api\/dict\/(types|entries)\/(save|delete)|^\/api\/dict\/export/.test(probe.url)) expect(response.json(), label).toMatchObject({ result: false, code: 40400 });
      if (probe.url.startsWith('/file/download/'))
        expect(response.json(), label).toMatchObject({
          result: false,
          code: 40400,
        });
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('a list answers with kg rows (the probes reach real data, not just errors)', async () => {
    const { body } = await call<{ rows: unknown[] }>(t.app, 'POST', '/saas/components/getUserAllData', { token: kgToken, json: { size: 50 } });
    expect(body.code).toBe(1);
    expect(body.data.rows.length).toBeGreaterThan(0);
  });
});

describe('sessions are bound to their tenant', () => {
  it('a demo token sent with Host kg.localhost or X-Tenant kg is still the demo session', async () => {
    const demoToken = await login(t.app, 'demo', 'admin');
    for (const headers of <Record<string, string>[]>[{ host: 'kg.localhost' }, { 'x-tenant': 'kg' }, { host: 'kg.localhost', 'x-tenant': 'kg' }]) {
      const { body } = await call<{ userInfo: { tenant: string; id: string } }>(t.app, 'GET', '/ms/getPermission', { token: demoToken, headers });
      expect(body.code).toBe(1);
      expect(body.data.userInfo).toMatchObject({
        tenant: 'demo',
        id: target.user,
      });
      const { body: people } = await call(t.app, 'POST', '/saas/components/getUserAllData', { token: demoToken, headers, json: { size: 100 } });
      expect(people.code).toBe(1);
      // demo rows only: every id in the answer is a demo id
      const ids = JSON.stringify(people.data).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [];
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => !demoIds.has(id.toLowerCase()))).toEqual([]);
    }
  });
});
