import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleFilterProblem } from '../../../contracts/roles';
import { type Database, connectDatabase } from '../../db/client';
import { inject } from 'vitest';
import { ROLE_URLS } from '../../../contracts/roles';
import { buildTestApp, call, login, ownerQuery, tenantIdOf } from '../../test/helpers';
import { sql } from 'drizzle-orm';
import { seededDigest } from './roles.test-support';
import { FILTER_RELATIONS, FILTER_TABLES, type FilterRefusalReport, RoleFilterError, onFilterRefusal, refusalProblem, runFilter, validateSelectFilter } from './roles.filter';

/**
 * Dynamic role filters, both layers, on the real database: the validator (libpg-query) refuses
 * what writes, reads off the allowed relations or calls functions off the list; and the database
 * on its own (the runner without the validator) refuses the same as xiaowu_role_filter. Nothing
 * is ever changed (a digest of the seeded rows before and after). Runs on the shared demo schools, reading only.
 * Filters run through the app's own login (xiaowu_server), as in production; checks read as the owner.
 */

let db: Database;
let owner: Database;
let demo: string;
let kg: string;

beforeAll(async () => {
  db = connectDatabase(inject('appDatabaseUrl'), { maxConnections: 3 });
  owner = connectDatabase(inject('databaseUrl'), { maxConnections: 2 });
  demo = await tenantIdOf(owner, 'demo');
  kg = await tenantIdOf(owner, 'kg');
});
afterAll(async () => {
  await db.close();
  await owner.close();
});

const counts = () => seededDigest(owner);

const problemOf = async (work: Promise<unknown>): Promise<{ problem: RoleFilterProblem; detail: string; databaseText: string }> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof RoleFilterError) return { problem: error.problem, detail: error.detail, databaseText: error.databaseText };
    throw error;
  }
  throw new Error('the filter was not refused');
};

describe('layer 1: the validator (PostgreSQL parser)', () => {
  const refused: [string, RoleFilterProblem][] = [
    ['INSERT INTO users (id) VALUES (gen_random_uuid()) RETURNING id', 'writes'],
    ["UPDATE users SET name = 'x' RETURNING id", 'writes'],
    ['DELETE FROM user_roles RETURNING user_id', 'writes'],
    ['WITH gone AS (DELETE FROM user_roles RETURNING user_id) SELECT user_id FROM gone', 'writes'],
    ['SELECT id FROM people WHERE id IN (WITH x AS (UPDATE users SET name = name RETURNING id) SELECT id FROM x)', 'writes'],
    ['MERGE INTO users u USING people p ON u.id = p.id WHEN MATCHED THEN DELETE', 'writes'],
    ['SELECT id INTO stolen FROM people', 'not_select'],
    ['SELECT id FROM people FOR UPDATE', 'not_select'],
    ['SELECT id FROM people; DROP TABLE users', 'not_select'],
    ['CALL role_filters.students(\'\', \'\', \'\')', 'not_select'],
    ["DO $$ BEGIN PERFORM 1; END $$", 'not_select'],
    ['COPY users TO STDOUT', 'not_select'],
    ['DROP TABLE users', 'not_select'],
    ['SELECT id FROM users', 'relation'],
    ['SELECT id FROM public.users', 'relation'],
    ['SELECT p.id FROM people p WHERE p.id IN (SELECT user_id FROM public.user_roles)', 'relation'],
    ['SELECT oid::text FROM pg_catalog.pg_authid', 'relation'],
    ['SELECT oid::text FROM pg_authid', 'relation'],
    ['SELECT oid::text FROM pg_class', 'relation'],
    ['SELECT oid::text FROM pg_roles', 'relation'],
    ['SELECT table_name FROM information_schema.tables', 'relation'],
    ['SELECT id FROM pg_temp.people', 'relation'],
    ['WITH pg_class AS (SELECT id FROM people) SELECT id FROM pg_class', 'relation'],
    ["SELECT id FROM people WHERE set_config('app.tenant_id', '00000000-0000-0000-0000-000000000000', true) IS NOT NULL", 'function'],
    ["SELECT id FROM people WHERE current_setting('app.tenant_id') <> ''", 'function'],
    ['SELECT id FROM people WHERE pg_sleep(10) IS NOT NULL', 'function'],
    ['SELECT id FROM people, LATERAL pg_sleep(10)', 'function'],
    ["SELECT id FROM people WHERE pg_catalog.lower(name) = 'x'", 'function'],
    ["SELECT id FROM people WHERE pg_read_file('/etc/passwd') <> ''", 'function'],
    ["SELECT id FROM people WHERE query_to_xml('select 1', true, true, '') IS NOT NULL", 'function'],
    ['SELECT id FROM people WHERE txid_current() > 0', 'function'],
    ["SELECT id FROM people WHERE 'pg_authid'::regclass IS NOT NULL", 'function'],
    ['SELECT xiaowu_resolve_session(name)::text FROM people', 'function'],
    // attribute notation: p.to_json is to_json(p), a function off the list
    ['SELECT p.id FROM people p WHERE p.to_json IS NOT NULL', 'function'],
    ['SELECT p.id FROM people p WHERE p.row_to_json IS NOT NULL', 'function'],
    ['SELECT people.id FROM people WHERE people.to_jsonb IS NOT NULL', 'function'],
    ['SELECT p.id FROM people p WHERE (p).to_json IS NOT NULL', 'function'],
    ['WITH s AS (SELECT id FROM people) SELECT s.id FROM s WHERE s.to_json IS NOT NULL', 'function'],
    // keywords naming the connection: a filter returning one would show it in its refusal
    ['SELECT session_user', 'function'],
    ['SELECT id FROM people WHERE current_user IS NOT NULL', 'function'],
    ['SELECT current_catalog', 'function'],
    ['SELECT id, name FROM people', 'columns'],
    ['SELEC id FROM people', 'syntax'],
  ];
  it.each(refused)('%s → %s', async (filter, problem) => {
    expect((await problemOf(validateSelectFilter(filter))).problem).toBe(problem);
  });

  it('accepts SELECTs over the allowed relations, CTEs, sub-queries and allowed functions', async () => {
    for (const filter of [
      "SELECT d.user_id FROM duties d JOIN orgs o ON o.id = d.org_unit_id WHERE d.duty = 'head_teacher' AND o.grade_level = 7",
      "WITH s AS (SELECT id FROM people WHERE user_type = '2') SELECT id FROM s UNION SELECT parent_id FROM parents WHERE student_id IN (SELECT id FROM s)",
      "SELECT id FROM people WHERE lower(trim(name)) LIKE '%王%' AND EXTRACT(year FROM now()) > 2000",
      'SELECT * FROM (SELECT id FROM people) AS x',
      // qualified columns: of the relations, of a CTE's or sub-query's own names
      "SELECT p.id FROM people p JOIN parents pa ON pa.student_id = p.id WHERE p.user_type = '2'",
      'WITH s(uid) AS (SELECT id FROM people) SELECT s.uid FROM s',
      'SELECT x.uid FROM (SELECT id AS uid FROM people) x',
      'SELECT x.a FROM (SELECT id FROM people) AS x(a)',
      "SELECT id FROM people WHERE current_date > '2000-01-01'",
    ]) {
      await expect(validateSelectFilter(filter), filter).resolves.toBeUndefined();
    }
  });
});

describe('runs: the members a filter returns', () => {
  it('a SELECT returns the school’s own people only, as ids', async () => {
    const ids = await runFilter(db, demo, 'select', "SELECT d.user_id FROM duties d JOIN orgs o ON o.id = d.org_unit_id WHERE d.duty = 'head_teacher' AND o.grade_level = 7");
    const expected = await ownerQuery<{ id: string }>(
      owner,
      `SELECT DISTINCT d.user_id::text AS id FROM staff_duties d JOIN org_units o ON o.tenant_id = d.tenant_id AND o.id = d.org_unit_id
       WHERE d.tenant_id = $1 AND d.duty = 'head_teacher' AND o.grade_level = 7 ORDER BY 1`,
      [demo],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected.map((row) => row.id));
    const all = await runFilter(db, kg, 'select', 'SELECT id FROM people');
    // everyone but the guardians without a usable account (家庭信息 keeps them; no role may hold them)
    const kgPeople = await ownerQuery<{ n: string }>(
      owner,
      `SELECT count(*) AS n FROM users WHERE tenant_id = $1 AND (user_type <> '4' OR (account_initialized_at IS NOT NULL AND enabled))`,
      [kg],
    );
    expect(all.length).toBe(Number(kgPeople[0]!.n));
  });

  it('九年级家长 (parents_of_students): parents with a usable account; the seeded guardians without one are left out', async () => {
    const ids = await runFilter(db, demo, 'procedure', 'parents_of_students', ['9', '', '']);
    const parentsOfGrade9 = (usable: boolean) =>
      ownerQuery<{ id: string }>(
        owner,
        `SELECT DISTINCT p.id::text AS id FROM parent_students ps
           JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id AND s.enabled
           JOIN org_units o ON o.tenant_id = s.tenant_id AND o.id = s.org_unit_id AND o.grade_level = 9
           JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
          WHERE ps.tenant_id = $1 AND (p.account_initialized_at IS NOT NULL AND p.enabled) = $2 ORDER BY 1`,
        [demo, usable],
      );
    const withAccount = await parentsOfGrade9(true);
    expect(withAccount.length).toBeGreaterThan(0);
    expect((await parentsOfGrade9(false)).length).toBeGreaterThan(0);
    expect(ids).toEqual(withAccount.map((row) => row.id));
  });

  it('a procedure is called with its three parameters bound', async () => {
    const ids = await runFilter(db, demo, 'procedure', 'students', ['7', '', '2']);
    const expected = await ownerQuery<{ id: string }>(
      owner,
      `SELECT u.id::text AS id FROM users u JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id
       WHERE u.tenant_id = $1 AND u.user_type = '2' AND u.enabled AND o.grade_level = 7 AND u.gender = '2' ORDER BY 1`,
      [demo],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected.map((row) => row.id));
    // a parameter is data, never SQL
    expect(await runFilter(db, demo, 'procedure', 'students', ["7' OR '1'='1", '', ''])).toEqual([]);
    expect((await problemOf(runFilter(db, demo, 'procedure', 'no_such_procedure', ['', '', '']))).problem).toBe('procedure');
    expect((await problemOf(runFilter(db, demo, 'procedure', 'xiaowu_run_filter', ['', '', '']))).problem).toBe('procedure');
  });

  it('refuses more than one column and values that are not people of this school', async () => {
    expect((await problemOf(runFilter(db, demo, 'select', 'SELECT * FROM people'))).problem).toBe('columns');
    expect((await problemOf(runFilter(db, demo, 'select', 'SELECT name FROM people'))).problem).toBe('not_ids');
    expect((await problemOf(runFilter(db, demo, 'select', 'SELECT org_unit_id FROM people WHERE org_unit_id IS NOT NULL'))).problem).toBe('not_ids');
    // another school's ids, typed in: not people of this school
    const other = await ownerQuery<{ id: string }>(owner, 'SELECT id::text AS id FROM users WHERE tenant_id = $1 LIMIT 1', [kg]);
    expect((await problemOf(runFilter(db, demo, 'select', `SELECT '${other[0]!.id}'::uuid`))).problem).toBe('not_ids');
  });

  it('stops a legal but endless query at the timeout', async () => {
    const before = await counts();
    const started = Date.now();
    const endless = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) SELECT p.id FROM people p, n WHERE n.i = 1000000000';
    expect((await problemOf(runFilter(db, demo, 'select', endless, [], { timeoutMs: 300 }))).problem).toBe('timeout');
    expect((await problemOf(runFilter(db, demo, 'select', 'SELECT p.id FROM people p, generate_series(1, 1000000000) g WHERE g = 0', [], { timeoutMs: 300 }))).problem).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await counts()).toEqual(before);
  });
});

describe('layer 2: the database refuses on its own (validator bypassed)', () => {
  it('the temporary tables are what the catalog describes', async () => {
    const described = FILTER_RELATIONS.map((relation) => [relation.name, relation.columns.map((column) => `${column.name} ${column.type}`)]);
    const built = await db.withTenant(demo, async (tx) => {
      for (const statement of FILTER_TABLES) await tx.execute(statement);
      const { rows } = await tx.execute<{ rel: string; cols: string[] }>(sql`
        SELECT c.relname AS rel, array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) ORDER BY a.attnum) AS cols
        FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relnamespace = pg_my_temp_schema() AND c.relkind = 'r' GROUP BY c.relname`);
      return rows;
    });
    expect(new Map(built.map((row) => [row.rel, row.cols]))).toEqual(new Map(described as [string, string[]][]));
  });

  const raw = (filter: string, timeoutMs?: number) => problemOf(runFilter(db, demo, 'select', filter, [], { skipValidation: true, timeoutMs }));

  it('cannot write, nor read our tables, other schools or the catalogs that matter, nor call our functions', async () => {
    const before = await counts();
    // [filter, problem, the database's own text (kept for the server log, never in the detail)]
    const cases: [string, RoleFilterProblem, RegExp][] = [
      ['SELECT id FROM public.users', 'permission', /permission denied/],
      ['SELECT user_id FROM public.user_roles', 'permission', /permission denied/],
      ['SELECT rolname::text FROM pg_catalog.pg_authid', 'permission', /permission denied/],
      ["SELECT s.user_id FROM public.xiaowu_resolve_session('x') AS s", 'permission', /permission denied/],
      ["SELECT NULL::uuid FROM public.xiaowu_people_search(ARRAY['2'], '', NULL, '', '', false, '', 10, 0) AS s", 'permission', /permission denied/],
      ["SELECT id FROM people WHERE set_config('role', 'xiaowu_app', true) IS NOT NULL", 'permission', /security-definer/],
      ["SELECT id FROM people WHERE set_config('role', 'postgres', true) IS NOT NULL", 'permission', /security-definer/],
      ["SELECT id FROM people WHERE set_config('transaction_read_only', 'off', true) IS NOT NULL", 'permission', /read-write/],
      ['SELECT id FROM people WHERE pg_sleep(5) IS NOT NULL', 'timeout', /canceling statement/],
      ["SELECT id FROM people WHERE pg_read_file('/etc/passwd') <> ''", 'permission', /permission denied/],
    ];
    for (const [filter, problem, text] of cases) {
      const result = await raw(filter, problem === 'timeout' ? 300 : undefined);
      expect(result.problem, filter).toBe(problem);
      expect(result.databaseText, filter).toMatch(text);
      expect(result.detail, filter).toMatch(problem === 'timeout' ? /^300$/ : /^[0-9A-Z]{5}$/);
    }
    // writes inside the statement: refused by the wrapper, the read-only transaction or the missing rights
    for (const filter of [
      'WITH x AS (DELETE FROM public.user_roles RETURNING user_id) SELECT user_id FROM x',
      "WITH x AS (UPDATE pg_temp.people SET name = 'x' RETURNING id) SELECT id FROM x",
      "WITH x AS (INSERT INTO pg_temp.people (id) VALUES ('00000000-0000-0000-0000-000000000000') RETURNING id) SELECT id FROM x",
    ]) {
      const result = await raw(filter);
      expect(result.problem, filter).toBe('permission');
      expect(result.databaseText, filter).toMatch(/read-only transaction|permission denied|data-modifying statement must be at the top level/);
    }
    // a large object: newer servers (the embedded 18) refuse it in a read-only transaction; older
    // ones (Debian's 15 in CI) create it, and the run's rollback must leave none behind
    const largeObjects = async () => (await ownerQuery<{ n: number }>(owner, 'SELECT count(*)::int AS n FROM pg_largeobject_metadata'))[0]!.n;
    const objectsBefore = await largeObjects();
    const largeObject = 'SELECT id FROM people WHERE lo_create(0) IS NOT NULL';
    const outcome = await runFilter(db, demo, 'select', largeObject, [], { skipValidation: true }).then(
      (ids) => ({ ids }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) {
      expect(outcome.error).toBeInstanceOf(RoleFilterError);
      expect((outcome.error as RoleFilterError).databaseText).toMatch(/read-only transaction/);
    }
    expect(await largeObjects()).toBe(objectsBefore);
    expect(await counts()).toEqual(before);
  });

  it('the filter role: no right on any table or function of ours, temp tables of the run only', async () => {
    const rights = await ownerQuery<{ relname: string }>(
      owner,
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p') AND has_table_privilege('xiaowu_role_filter', c.oid, 'SELECT')`,
    );
    expect(rights).toEqual([]);
    const functions = await ownerQuery<{ proname: string }>(
      owner,
      `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND has_function_privilege('xiaowu_role_filter', p.oid, 'EXECUTE')`,
    );
    expect(functions).toEqual([]);
    const role = await ownerQuery<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      owner,
      "SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'xiaowu_role_filter'",
    );
    expect(role).toEqual([{ rolsuper: false, rolbypassrls: false, rolcanlogin: false }]);
    // the app role keeps its functions
    const app = await ownerQuery<{ ok: boolean }>(
      owner,
      "SELECT has_function_privilege('xiaowu_app', 'xiaowu_resolve_session(text)', 'EXECUTE') AND has_function_privilege('xiaowu_app', 'xiaowu_purge_app_logs(timestamptz, integer)', 'EXECUTE') AS ok",
    );
    expect(app[0]!.ok).toBe(true);
  });

  it('cannot read another connection’s temporary tables', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('CREATE TEMPORARY TABLE secret_other AS SELECT id FROM users');
      const schema = (await client.query<{ s: string }>("SELECT nspname AS s FROM pg_namespace WHERE oid = pg_my_temp_schema()")).rows[0]!.s;
      await client.query(`GRANT SELECT ON secret_other TO xiaowu_role_filter`);
      const result = await raw(`SELECT id FROM ${schema}.secret_other`);
      expect(result.problem).toBe('permission');
      expect(result.databaseText).toMatch(/permission denied|temporary tables of other sessions/);
    } finally {
      await client.query('DROP TABLE IF EXISTS pg_temp.secret_other');
      client.release();
    }
  });
});

describe('what a caller is told of a database refusal', () => {
  it('maps the SQLSTATE to our own message, and the database text goes to the server log only', async () => {
    const reports: FilterRefusalReport[] = [];
    const stop = onFilterRefusal((report) => reports.push(report));
    try {
      // a cast error would name the value it met (a person's name here)
      const value = await problemOf(runFilter(db, demo, 'select', "SELECT ('x' || name)::uuid FROM people", [], { skipValidation: true }));
      expect(value).toMatchObject({ problem: 'value', detail: '22P02' });
      expect(value.databaseText).toMatch(/invalid input syntax for type uuid: "x/);
      const unknown = await problemOf(runFilter(db, demo, 'select', 'SELECT idd FROM people'));
      expect(unknown).toMatchObject({ problem: 'invalid', detail: '42703' });
      expect(reports.map((report) => [report.tenantId, report.sqlstate, report.problem])).toEqual([
        [demo, '22P02', 'value'],
        [demo, '42703', 'invalid'],
      ]);
      expect(reports[1]!.databaseText).toMatch(/column "idd" does not exist/);
    } finally {
      stop();
    }
  });

  it('refusalProblem: SQLSTATE classes', () => {
    expect(
      ['57014', '42501', '25006', '25001', '0A000', '22P02', '22012', '42601', '42P01', '42703', '42883', '53200', 'XX000'].map((code) => refusalProblem(code, 'select')),
    ).toEqual(['timeout', 'permission', 'permission', 'permission', 'permission', 'value', 'value', 'invalid', 'invalid', 'invalid', 'invalid', 'failed', 'failed']);
    expect(refusalProblem('42883', 'procedure')).toBe('procedure');
  });

  it('the filter test call answers in the caller’s language with no database text in msg or data', async () => {
    const t = await buildTestApp();
    try {
      const admin = await login(t.app, 'demo', 'admin');
      const [someone] = await ownerQuery<{ name: string }>(owner, "SELECT name FROM users WHERE tenant_id = $1 AND user_type = '2' ORDER BY id LIMIT 1", [demo]);
      const filter = `SELECT ('x' || name)::uuid FROM people WHERE name = '${someone!.name}'`;
      for (const [lang, message] of [
        ['en', 'The filter met a value it cannot handle (a text that cannot be converted, a division by zero…; SQLSTATE 22P02)'],
        ['zh', '筛选条件运行时遇到无法处理的值（如无法转换的文本、除以零；SQLSTATE 22P02）'],
      ] as const) {
        const { body } = await call<{ problem: string; detail: string }>(t.app, 'POST', ROLE_URLS.filterTest, {
          token: admin,
          json: { filterKind: 'select', filter },
          headers: { 'x-lang': lang },
        });
        expect(body).toMatchObject({ code: 40000, msg: message, data: { problem: 'value', detail: '22P02' } });
        expect(JSON.stringify(body)).not.toMatch(/invalid input syntax|uuid: "x/);
        expect(JSON.stringify(body)).not.toContain(someone!.name);
      }
    } finally {
      await t.close();
    }
  });
});
