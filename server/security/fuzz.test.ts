import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../db/seed';
import { seedSchool } from '../db/seed/school';
import { hashPassword } from '../modules/auth/passwords';
import { allRoutes, routeRegistry } from '../routes';
import { buildTestApp, createUser, login, ownerQuery, type TestApp, tenantIdOf, uniqueIp } from '../test/helpers';
import { sampleOf, stringPaths, withValueAt } from '../test/schema-sample';

/**
 * Hostile input against EVERY registered route, as an administrator (so access passes and the input
 * reaches the contract and the handler): malformed, oversized, wrongly typed and injection-shaped
 * JSON, form, raw, query and path input. Every answer is an envelope; never an unexpected fault
 * (59000 / HTTP 500); a failure has `result: false` and a message; the database does not change.
 */

const RUNS_PER_ROUTE = 40;

/**
 * Routes not fuzzed with a live session, and why:
 * - `/logout` ends the fuzzing session (any input is valid for it); the access walk covers it.
 */
const SKIPPED = new Set(['GET /logout']);

/**
 * Tables whose rows other test files add or remove while this one runs, or that legitimately change
 * on any call: sessions (the fuzz's own session slides; logins create sessions), files (files tests
 * delete their own uploads). Changes the fuzz user could cause there are covered by `byFuzzUser`.
 */
const VOLATILE_TABLES = new Set(['sessions', 'files']);

let t: TestApp;
let token: string;
let fuzzUser: { id: string; tenantId: string };
let startedAt: string;
let tenantTables: string[];

const SQL_INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)--',
  '" OR ""="',
  "%' AND 1=1 AND '%'='",
  "admin'--",
  "') UNION SELECT id, password_hash FROM users --",
  '$1',
  "\\'; set_config('app.tenant_id', '00000000-0000-0000-0000-000000000000', false); --",
  '1 OR tenant_id IS NOT NULL',
];
const OTHER_HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u200b\ufeff',
  '𝕏😀👨‍👩‍👧',
  'ＡＤＭＩＮ',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9'.repeat(400),
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'U_00000000-0000-7000-8000-000000000000',
  'STD_GB_XB',
  '110105',
];
const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'ids',
  'ids[]',
  'resIds',
  'resId',
  'userId',
  'userIds',
  'search',
  'size',
  'page',
  'limit',
  'currPage',
  'current',
  'typeArr',
  'typeArr[]',
  'title',
  'status',
  'type',
  'username',
  'password',
  'tenant',
  'captcha',
  'captchaId',
  'oldPassword',
  'newPassword',
  'code',
  'levNum',
  'parentCode',
  'roleType',
  'lang',
  'sortField',
  'order',
  'orders',
  'params',
  'query',
  'preview',
  'category',
];

const hostileString = fc.oneof(
  fc.constantFrom(...SQL_INJECTION, ...OTHER_HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 }));
const deep = fc.integer({ min: 50, max: 3000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
});
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    deep,
    fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => String(i))),
  ),
}));

type Input = { kind: 'json'; body: unknown } | { kind: 'form'; body: Record<string, string> } | { kind: 'raw'; contentType: string; body: string };

const bodyInput: fc.Arbitrary<Input> = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), body: fc.dictionary(key, hostileValue, { maxKeys: 6 }) }),
  fc.record({ kind: fc.constant('json' as const), body: hostileValue }),
  fc.record({ kind: fc.constant('form' as const), body: fc.dictionary(key, hostileString, { maxKeys: 6 }) }),
  fc.record({
    kind: fc.constant('raw' as const),
    contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/xml'),
    body: fc.oneof(
      hostileString,
      fc.constantFrom(
        '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
        '{"a":',
        '[[[[[[[[[[',
        '{"size":1e999}',
        '__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--x--',
      ),
    ),
  }),
);

const queryInput = fc.dictionary(
  key,
  hostileString.filter((s) => s.length < 3000),
  { maxKeys: 4 },
);
const pathParam = hostileString.filter((s) => s.length > 0 && s.length < 3000);

const buildPayload = (input: Input): { headers: Record<string, string>; payload?: string } => {
  if (input.kind === 'json') return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(input.body) ?? 'null' };
  if (input.kind === 'form') return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(input.body).toString() };
  return { headers: { 'content-type': input.contentType }, payload: input.body };
};

async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of tenantTables) {
    // rows the fuzz user created or last changed, anywhere
    const [mine] = await ownerQuery<{ n: string }>(t.db, `SELECT count(*) AS n FROM ${table} WHERE created_by = $1 OR updated_by = $1`, [fuzzUser.id]);
    counts[`${table} by fuzz user`] = Number(mine.n);
    if (VOLATILE_TABLES.has(table)) continue;
    // rows that existed before the fuzz, in every tenant, with their last change
    const [before] = await ownerQuery<{ n: string; latest: string | null }>(
      t.db,
      `SELECT count(*) AS n, max(updated_at)::text AS latest FROM ${table} WHERE created_at < $1::timestamptz AND updated_at < $1::timestamptz`,
      [startedAt],
    );
    counts[`${table} existing`] = Number(before.n);
  }
  const [account] = await ownerQuery<{ row: string }>(t.db, 'SELECT row_to_json(u)::text AS row FROM users u WHERE id = $1', [fuzzUser.id]);
  return { counts, account: account.row };
}

beforeAll(async () => {
  t = await buildTestApp();
  const created = await createUser(t.db, 'demo', { roles: ['admin'], userType: '1' });
  fuzzUser = { id: created.id, tenantId: await tenantIdOf(t.db, 'demo') };
  token = await login(t.app, 'demo', created.username);
  tenantTables = (
    await ownerQuery<{ table_name: string }>(
      t.db,
      `SELECT c.table_name FROM information_schema.columns c
        WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'
          AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = 'public' AND k.table_name = c.table_name AND k.column_name = 'updated_by')
        ORDER BY 1`,
    )
  ).map((row) => row.table_name);
  [{ now: startedAt }] = await ownerQuery<{ now: string }>(t.db, 'SELECT now()::text AS now');
});
afterAll(() => t.close());

const routes = routeRegistry().filter((route) => !SKIPPED.has(`${route.method} ${route.url}`));

describe('hostile input never faults and never writes', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot();
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_label, route) => {
    // a route answering a file (RouteSpec.answers) answers raw bytes when the input happens to be valid (an .xlsx export: an empty one for the fuzz user)
    const isDownload = route.answersFile;
    // a proof's verification page answers HTML whatever the input (404 for anything but a real code)
    const isPage = route.url === '/api/proofs/verify/:tenant/:code';
    // the runtime configuration is the config.json file itself (no envelope), whatever the query
    const isConfig = route.url === '/config.json';
    // the API description (modules/openapi): the document or its page, whatever the input
    const isDescription = route.url === '/api/openapi.json' || route.url === '/api/docs';
    await fc.assert(
      fc.asyncProperty(bodyInput, queryInput, pathParam, async (input, query, param) => {
        const search = new URLSearchParams(query).toString();
        const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(param)) + (search ? `?${search}` : '');
        const { headers, payload } = route.method === 'GET' ? { headers: {} } : buildPayload(input);
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: { ...headers, 'x-access-token': token },
          payload,
          remoteAddress: uniqueIp(),
        });
        const where = `${route.method} ${url.slice(0, 200)} ${String(payload).slice(0, 300)}`;
        expect(response.statusCode, where).not.toBe(500);
        // (a path parameter over the router's length limit still gets the envelope)
        if (isPage && response.headers['content-type'] === 'text/html; charset=utf-8') return;
        if (isDescription) {
          expect(response.statusCode, where).toBe(200);
          return;
        }
        if (isConfig) {
          expect(response.statusCode, where).toBe(200);
          expect(typeof response.json<{ requestEncryption: unknown }>().requestEncryption, where).toBe('boolean');
          return;
        }
        if (isDownload && response.statusCode === 200 && !String(response.headers['content-type']).startsWith('application/json')) return;
        const body = response.json<{ code: number; result: boolean; msg: string }>();
        expect(body.code, `${where} → ${response.body.slice(0, 300)}`).not.toBe(59000);
        expect(typeof body.msg, where).toBe('string');
        if (body.code === 1) {
          expect(body.result, where).toBe(true);
        } else {
          expect(body.result, where).toBe(false);
          expect(body.msg.length, where).toBeGreaterThan(0);
          // only the caller's own mistakes: never "log in again" or "forbidden" for an administrator
          expect([90001, 40300], `${where} → ${body.code} ${body.msg}`).not.toContain(body.code);
        }
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  });

  it('nothing changed: row counts of every tenant table, the fuzz account, no prototype pollution', async () => {
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

/**
 * What a black-box probe found (issue 18 §5): impossible dates, years 0 and 9999 and inherited property
 * names reached handlers that faulted (59000) or stored something else. Route by route, every string
 * of a plausible input made from the route's own contract (test/schema-sample.ts: so the input reaches
 * the handler whenever the contract accepts it) is replaced, one at a time, by each of these. Run as
 * the administrator of a school of its own: an accepted value may be stored, and nobody else sees it.
 */
const DATE_PROBES = [
  '2026-02-30',
  '2026-13-45',
  '0000-01-01',
  '9999-12-31',
  '0000-01',
  '9999-12',
  '0000-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30T00:00:00.000Z',
];
const NAME_PROBES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
const PROBES = [...DATE_PROBES, ...NAME_PROBES];

describe('impossible dates and inherited property names in every string field never fault', () => {
  let walkToken: string;
  let walkSchool: string;
  const walked = { routes: 0, fields: 0, requests: 0 };
  beforeAll(async () => {
    walkSchool = `walk${randomBytes(3).toString('hex')}`;
    await seedSchool(
      t.db,
      { ...DEMO_SCHOOL, code: walkSchool, hosts: [`${walkSchool}.localhost`], grades: DEMO_SCHOOL.grades.filter((g) => g.level === 7), studentsPerClass: 1, otherStaff: 4 },
      await hashPassword(DEMO_PASSWORD),
      new Date(),
    );
    const created = await createUser(t.db, walkSchool, { roles: ['admin'], userType: '1' });
    walkToken = await login(t.app, walkSchool, created.username);
  }, 120_000);

  const walkedRoutes = allRoutes.filter((route) => !SKIPPED.has(`${route.method} ${route.url}`) && (route.body || route.query || route.params));

  it.each(walkedRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_label, route) => {
    const sample = { body: route.body ? sampleOf(route.body) : undefined, query: route.query ? sampleOf(route.query) : undefined, params: route.params ? sampleOf(route.params) : undefined };
    const fields = stringPaths(sample);
    walked.routes += 1;
    walked.fields += fields.length;
    const failures: string[] = [];
    for (const path of fields) {
      for (const probe of PROBES) {
        const input = withValueAt(sample, path, probe) as typeof sample;
        const params = (input.params ?? {}) as Record<string, unknown>;
        const url =
          route.url.replace(/:([A-Za-z]+)/g, (_whole, name: string) => encodeURIComponent(String(params[name] ?? 'x'))) +
          (input.query ? `?${new URLSearchParams(Object.entries(input.query as Record<string, unknown>).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString()}` : '');
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: {
            'x-access-token': walkToken,
            'x-tenant': walkSchool,
            ...(route.idempotent ? { 'idempotency-key': uuidv7() } : {}),
            ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          payload: route.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
          remoteAddress: uniqueIp(),
        });
        walked.requests += 1;
        const where = `${path.join('.')}=${probe}`;
        if (response.statusCode === 500) {
          failures.push(`${where}: HTTP 500`);
          continue;
        }
        if (!String(response.headers['content-type']).startsWith('application/json')) continue;
        const body = response.json<{ code?: number; result?: boolean; msg?: string }>();
        if (body.code === 59000) failures.push(`${where}: 59000 ${body.msg}`);
        else if (typeof body.code === 'number' && body.code !== 1 && (body.result !== false || !body.msg)) failures.push(`${where}: ${body.code} without a message`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('walked every route with a contract', () => {
    // the figures of the walk (issue 18 asks for them): routes, string fields, requests
    console.info(`probe walk: ${walked.routes} routes, ${walked.fields} string fields × ${PROBES.length} values = ${walked.requests} requests`);
    expect(walked.routes).toBe(walkedRoutes.length);
    expect(walked.requests).toBe(walked.fields * PROBES.length);
  });
});

describe('limits', () => {
  it('a search JSON over JSON_INPUT_MAX characters is refused with a length message, not parsed', async () => {
    const search = JSON.stringify({ KEYWORD: 'a', pad: 'x'.repeat(5000) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/saas/components/getUserAllData',
      headers: { 'content-type': 'application/json', 'x-access-token': token, 'x-lang': 'en' },
      payload: JSON.stringify({ search }),
    });
    expect(response.json()).toMatchObject({ code: 40000, result: false, msg: expect.stringMatching(/at most 4000/) });
  });

  it('U+0000 in any text field is invalid input (PostgreSQL text cannot hold it), not a fault', async () => {
    const probes: [string, Record<string, string> | unknown][] = [
      ['/userManage/getUserInfo', { userId: 'a\u0000b' }],
      ['/saas/components/getUserAllData', { search: JSON.stringify({ KEYWORD: '\u0000' }) }],
      ['/api/login/v3', { username: 'admin\u0000', password: 'x\u0000', tenant: 'demo' }],
      ['/api/message/info/getInfoByRecipient', { title: '\u0000' }],
    ];
    for (const [url, json] of probes) {
      const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-access-token': token }, payload: JSON.stringify(json) });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject({ code: 40000, result: false });
    }
  });
});

describe('page sizes and list lengths are capped in every contract', () => {
  it('no route accepts a page size over 500 or a list of 10 000 ids', async () => {
    let checked = 0;
    for (const route of allRoutes) {
      for (const schema of [route.body, route.query]) {
        if (!schema) continue;
        for (const field of ['size', 'limit', 'pageSize', 'rows']) {
          const small = schema.safeParse({ [field]: 10 });
          if (!small.success || (small.data as Record<string, unknown>)[field] !== 10) continue;
          checked += 1;
          expect(schema.safeParse({ [field]: 501 }).success, `${route.url} ${field}=501`).toBe(false);
        }
        for (const field of ['ids', 'resIds', 'typeArr', 'userIds']) {
          const arrays = (data: unknown) => Object.values((data ?? {}) as Record<string, unknown>).filter(Array.isArray);
          const one = schema.safeParse({ [field]: ['00000000-0000-7000-8000-000000000000'] });
          // only when the field reaches the output as a list
          if (!one.success || !arrays(one.data).some((list) => list.length === 1)) continue;
          checked += 1;
          const many = schema.safeParse({ [field]: Array.from({ length: 10_000 }, () => '00000000-0000-7000-8000-000000000000') });
          expect(many.success && arrays(many.data).some((list) => list.length >= 10_000), `${route.url} ${field}×10000`).toBe(false);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
