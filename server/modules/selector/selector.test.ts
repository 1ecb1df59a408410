import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AreaData,
  GetOrgsData,
  GetRolesData,
  OrgNode,
  PeopleByIdsData,
  PeopleSearchData,
  TeacherTypeData,
  XqData,
} from '../../../contracts/selector';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

let t: TestApp;
let demo: string;
let kg: string;
let demoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [demo, kg] = await Promise.all([login(t.app, 'demo', 'teacher'), login(t.app, 'kg', 'admin')]);
  demoId = await tenantIdOf(t.db, 'demo');
});
afterAll(() => t.close());

const search = (token: string, body: Record<string, unknown>) => call<PeopleSearchData>(t.app, 'POST', '/saas/components/getUserAllData', { token, json: body });

describe('campuses, roles, orgs, teacher types', () => {
  it('GET /saas/components/getXq: the tenant campuses', async () => {
    const { body } = await call<XqData>(t.app, 'GET', '/saas/components/getXq', { token: demo });
    expect(body.code).toBe(1);
    const expected = await ownerQuery<{ id: string; name: string }>(t.db, 'SELECT id, name FROM campuses WHERE tenant_id = $1 ORDER BY sort, code', [demoId]);
    expect(body.data.xqList.map(({ XQID, XQMC }) => ({ id: XQID, name: XQMC }))).toEqual(expected);
    expect(body.data.xqList.length).toBeGreaterThanOrEqual(2);
    const other = await call<XqData>(t.app, 'GET', '/saas/components/getXq', { token: kg });
    expect(other.body.data.xqList.some((c) => expected.some((e) => e.id === c.XQID))).toBe(false);
  });

  it('POST /components/getRoles: groups with CHILD, filtered by roleType', async () => {
    const all = await call<GetRolesData>(t.app, 'POST', '/components/getRoles', { token: demo, json: {} });
    expect(all.body.code).toBe(1);
    expect(all.body.data[0]).toMatchObject({ CODE: 'xiaowu', NAME: '校务系统' });
    const codes = all.body.data.flatMap((group) => group.CHILD.map((role) => role.CODE));
    expect(codes).toEqual(expect.arrayContaining(['admin', 'teacher', 'student', 'parent']));
    for (const role of all.body.data[0]!.CHILD) expect(Object.keys(role).sort()).toEqual(['CODE', 'NAME', 'TYPE']);
    const ordinary = await call<GetRolesData>(t.app, 'POST', '/components/getRoles', { token: demo, form: { roleType: 'ordinary' } });
    expect(ordinary.body.data.flatMap((g) => g.CHILD).every((role) => role.TYPE === 'ordinary')).toBe(true);
    const sqlRoles = await call<GetRolesData>(t.app, 'POST', '/components/getRoles', { token: demo, json: { roleType: 'sql' } });
    expect(sqlRoles.body.data.flatMap((g) => g.CHILD).every((role) => role.TYPE === 'sql')).toBe(true);
    const bad = await call(t.app, 'POST', '/components/getRoles', { token: demo, json: { roleType: 'x' } });
    expect(bad.body).toMatchObject({ code: 40000, msg: expect.stringContaining('roleType') });
  });

  it('GET and POST /components/getOrgsData: one tree with id, label, children, NAME, CODE, PID, CHILD', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { body } = await call<GetOrgsData>(t.app, method, '/components/getOrgsData', { token: demo });
      expect(body.code).toBe(1);
      expect(body.data).toHaveLength(1);
      const root = body.data[0]!;
      expect(root).toMatchObject({ label: '示范学校', NAME: '示范学校', PID: '', CHILD: '1', KIND: 'school' });
      const flat: OrgNode[] = [];
      const walk = (node: OrgNode) => {
        flat.push(node);
        node.children.forEach(walk);
      };
      walk(root);
      const [{ n }] = (await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM org_units WHERE tenant_id = $1', [demoId])) as [{ n: number }];
      expect(flat).toHaveLength(n);
      const klass = flat.find((node) => node.CODE === 'G7C1')!;
      expect(klass).toMatchObject({ CHILD: '0', children: [], KIND: 'class' });
      expect(flat.find((node) => node.id === klass.PID)!.CODE).toBe('G7');
    }
  });

  it('POST /components/getJzgTypeData: staff categories', async () => {
    const { body } = await call<TeacherTypeData>(t.app, 'POST', '/components/getJzgTypeData', { token: demo });
    expect(body.data[0]).toEqual({ CODE: '11', NAME: '专任教师' });
    const en = await call<TeacherTypeData>(t.app, 'POST', '/components/getJzgTypeData', { token: demo, headers: { 'x-lang': 'en' } });
    expect(en.body.data[0]).toEqual({ CODE: '11', NAME: 'Full-time teacher' });
  });

  it('every selector call needs a session (90001)', async () => {
    for (const [method, url] of [
      ['GET', '/saas/components/getXq'],
      ['POST', '/components/getRoles'],
      ['GET', '/components/getOrgsData'],
      ['POST', '/components/getOrgsData'],
      ['POST', '/saas/components/getUserAllData'],
      ['POST', '/saas/components/getUserData'],
      ['POST', '/components/getUserData'],
      ['POST', '/components/getAreaData'],
      ['POST', '/components/getAreaList'],
      ['POST', '/components/getJzgTypeData'],
    ] as const) {
      expect((await call(t.app, method, url)).body.code, url).toBe(90001);
    }
  });
});

describe('POST /saas/components/getUserAllData', () => {
  it('default page size 5, zero-based pages, total; rows carry only the SPEC fields', async () => {
    const first = await search(demo, {});
    expect(first.body.code).toBe(1);
    const [{ n }] = (await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND enabled', [demoId])) as [{ n: number }];
    expect(first.body.data.total).toBe(n);
    expect(first.body.data.rows).toHaveLength(5);
    for (const row of first.body.data.rows) expect(Object.keys(row).sort()).toEqual(['DWMC', 'ID', 'USERID', 'USERID_SHOW', 'USERNAME', 'USERTYPE']);
    const second = await search(demo, { page: 1 });
    expect(second.body.data.rows).toHaveLength(5);
    expect(second.body.data.rows[0]!.ID).not.toBe(first.body.data.rows[0]!.ID);
    const both = await search(demo, { page: 0, size: 10 });
    expect(both.body.data.rows.map((r) => r.ID)).toEqual([...first.body.data.rows, ...second.body.data.rows].map((r) => r.ID));
    const beyond = await search(demo, { page: 100000 });
    expect(beyond.body.data).toEqual({ rows: [], total: n });
  });

  it('filters by USERTYPE, KEYWORD (name, account, number), XQID, XQDM, DWDM (with ISBM), USERID', async () => {
    const teachers = await search(demo, { size: 500, search: JSON.stringify({ USERTYPE: '3' }) });
    expect(teachers.body.data.total).toBeGreaterThan(0);
    expect(teachers.body.data.rows.every((r) => r.USERTYPE === '3')).toBe(true);

    const byName = await search(demo, { search: JSON.stringify({ KEYWORD: '李明华' }) });
    expect(byName.body.data.rows.map((r) => [r.USERNAME, r.USERID, r.USERID_SHOW])).toContainEqual(['李明华', 'T1000', 'T1000']);
    const byNumber = await search(demo, { search: JSON.stringify({ KEYWORD: 't1000' }) });
    expect(byNumber.body.data.rows.map((r) => r.USERNAME)).toContain('李明华');
    const byAccount = await search(demo, { search: JSON.stringify({ KEYWORD: 'teacher', USERTYPE: '3' }) });
    expect(byAccount.body.data.rows.map((r) => r.USERNAME)).toContain('李明华');
    const wildcard = await search(demo, { search: JSON.stringify({ KEYWORD: '%' }) });
    expect(wildcard.body.data.total).toBe(0);

    const { body: xq } = await call<XqData>(t.app, 'GET', '/saas/components/getXq', { token: demo });
    const campus = xq.data.xqList[1]!;
    const [{ n: onCampus }] = (await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM users WHERE campus_id = $1 AND enabled', [campus.XQID])) as [
      { n: number },
    ];
    expect((await search(demo, { search: JSON.stringify({ XQID: campus.XQID }) })).body.data.total).toBe(onCampus);
    expect((await search(demo, { search: JSON.stringify({ XQDM: campus.XQDM }) })).body.data.total).toBe(onCampus);

    const klass = await search(demo, { size: 100, search: JSON.stringify({ DWDM: 'G7C1', USERTYPE: '2' }) });
    expect(klass.body.data.total).toBe(40);
    expect(klass.body.data.rows.every((r) => r.DWMC === klass.body.data.rows[0]!.DWMC && r.USERTYPE === '2')).toBe(true);
    const grade = await search(demo, { search: JSON.stringify({ DWDM: 'G7', USERTYPE: '2' }) });
    expect(grade.body.data.total).toBe(120);
    const gradeOnly = await search(demo, { search: JSON.stringify({ DWDM: 'G7', USERTYPE: '2', ISBM: '1' }) });
    expect(gradeOnly.body.data.total).toBe(0);

    expect((await search(demo, { search: JSON.stringify({ XQDM: 'nope' }) })).body.data).toEqual({ rows: [], total: 0 });
    expect((await search(demo, { search: JSON.stringify({ DWDM: 'nope' }) })).body.data).toEqual({ rows: [], total: 0 });

    const exact = await search(demo, { search: JSON.stringify({ USERID: 'T1000' }) });
    expect(exact.body.data.rows.map((r) => r.USERNAME)).toEqual(['李明华']);
  });

  it('one- and two-character keywords match inside names (the usual Chinese case), or a whole account or number', async () => {
    const one = await search(demo, { size: 500, search: JSON.stringify({ KEYWORD: '李', USERTYPE: '3' }) });
    expect(one.body.data.rows.map((r) => r.USERNAME)).toContain('李明华');
    expect(one.body.data.rows.every((r) => r.USERNAME.includes('李'))).toBe(true);
    const two = await search(demo, { size: 500, search: JSON.stringify({ KEYWORD: '明华' }) });
    expect(two.body.data.rows.map((r) => r.USERNAME)).toContain('李明华');
    const [{ n }] = (await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND enabled AND name LIKE '%明华%'`, [
      demoId,
    ])) as [{ n: number }];
    expect(two.body.data.total).toBe(n);
  });

  it('the search function sees only the transaction tenant; its owner role cannot log in and the app role is no member', async () => {
    const none = await t.db.withGlobal((tx) =>
      tx.execute<{ result: { total: number } }>(sql`SELECT xiaowu_people_search(NULL, NULL, NULL, NULL, NULL, false, NULL, 5, 0) AS result`),
    );
    expect(none.rows[0]!.result.total).toBe(0);
    const membership = await ownerQuery(
      t.db,
      `SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
        WHERE r.rolname = 'xiaowu_people_reader' AND u.rolname = 'xiaowu_app'`,
    );
    expect(membership).toEqual([]);
    const [reader] = await ownerQuery<{ rolbypassrls: boolean; rolcanlogin: boolean }>(t.db, `SELECT rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'xiaowu_people_reader'`);
    expect(reader).toEqual({ rolbypassrls: false, rolcanlogin: false });
  });

  it('form-encoded calls work too', async () => {
    const { body } = await call<PeopleSearchData>(t.app, 'POST', '/saas/components/getUserAllData', {
      token: demo,
      form: { size: '5', page: '0', search: JSON.stringify({ USERTYPE: '3', KEYWORD: '', XQID: '' }) },
    });
    expect(body.code).toBe(1);
    expect(body.data.rows.every((r) => r.USERTYPE === '3')).toBe(true);
  });

  it('only the caller tenant', async () => {
    const inKg = await search(kg, { search: JSON.stringify({ KEYWORD: '李明华' }) });
    expect(inKg.body.data.rows.map((r) => r.USERID)).not.toContain('T1000');
    const kgId = await tenantIdOf(t.db, 'kg');
    const [{ n }] = (await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND enabled', [kgId])) as [{ n: number }];
    expect((await search(kg, {})).body.data.total).toBe(n);
  });

  it('bad input → 40000 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ search: '{not json' }, 'search'],
      [{ search: JSON.stringify({ USERTYPE: '9' }) }, 'USERTYPE'],
      [{ search: JSON.stringify({ XQID: 'abc' }) }, 'XQID'],
      [{ search: JSON.stringify({ KEYWORD: 'x'.repeat(51) }) }, 'KEYWORD'],
      [{ size: 501 }, 'size'],
      [{ size: 0 }, 'size'],
      [{ page: -1 }, 'page'],
      [{ page: 'x' }, 'page'],
    ];
    for (const [body, field] of cases) {
      const response = await search(demo, body);
      expect(response.body.code, JSON.stringify(body)).toBe(40000);
      expect(response.body.msg).toContain(field);
    }
  });
});

describe('people by ids', () => {
  it('both paths answer ID, USERNAME, USERID, USERTYPE of the ids in the tenant (prefix optional), other tenants left out', async () => {
    const page = await search(demo, { size: 3 });
    const ids = page.body.data.rows.map((r) => r.ID);
    const kgPage = await search(kg, { size: 1 });
    const kgIdOfPerson = kgPage.body.data.rows[0]!.ID;
    for (const url of ['/saas/components/getUserData', '/components/getUserData']) {
      const { body } = await call<PeopleByIdsData>(t.app, 'POST', url, { token: demo, json: [`U_${ids[0]}`, ids[1], ids[2], kgIdOfPerson] });
      expect(body.code).toBe(1);
      expect(body.data.map((r) => r.ID)).toEqual(ids);
      expect(Object.keys(body.data[0]!).sort()).toEqual(['ID', 'USERID', 'USERNAME', 'USERTYPE']);
    }
    const asForm = await call<PeopleByIdsData>(t.app, 'POST', '/components/getUserData', { token: demo, form: { ids: ids.join(',') } });
    expect(asForm.body.data).toHaveLength(3);
    const onlyOther = await call<PeopleByIdsData>(t.app, 'POST', '/components/getUserData', { token: demo, json: { ids: [kgIdOfPerson] } });
    expect(onlyOther.body.data).toEqual([]);
    const bad = await call(t.app, 'POST', '/components/getUserData', { token: demo, json: ['nope'] });
    expect(bad.body).toMatchObject({ code: 40000, msg: expect.stringContaining('ids') });
  });
});

describe('areas', () => {
  it('loads lazily by level', async () => {
    const provinces = await call<AreaData>(t.app, 'POST', '/components/getAreaData', { token: demo, json: { levNum: 1 } });
    expect(provinces.body.data[0]).toEqual({ CODE: '110000', NAME: '北京市', CHILD: '1', LEVNUM: 1 });
    expect(provinces.body.data.every((a) => a.LEVNUM === 1)).toBe(true);
    const cities = await call<AreaData>(t.app, 'POST', '/components/getAreaData', { token: demo, form: { levNum: '2', parentCode: '440000' } });
    expect(cities.body.data.map((a) => a.NAME)).toEqual(['广州市', '深圳市']);
    const districts = await call<AreaData>(t.app, 'POST', '/components/getAreaData', { token: demo, json: { levNum: 3, parentCode: '440300' } });
    expect(districts.body.data).toEqual([
      { CODE: '440304', NAME: '福田区', CHILD: '0', LEVNUM: 3 },
      { CODE: '440305', NAME: '南山区', CHILD: '0', LEVNUM: 3 },
    ]);
    const bad = await call(t.app, 'POST', '/components/getAreaData', { token: demo, json: { levNum: 9 } });
    expect(bad.body).toMatchObject({ code: 40000, msg: expect.stringContaining('levNum') });
  });

  it('lists the codes from a leaf up', async () => {
    const { body } = await call<string>(t.app, 'POST', '/components/getAreaList', { token: demo, json: { code: '440305' } });
    expect(body.data).toBe('440305,440300,440000');
    expect((await call<string>(t.app, 'POST', '/components/getAreaList', { token: demo, form: { code: '110000' } })).body.data).toBe('110000');
    expect((await call(t.app, 'POST', '/components/getAreaList', { token: demo, json: { code: '999999' } })).body.code).toBe(40400);
    const bad = await call(t.app, 'POST', '/components/getAreaList', { token: demo, json: { code: 'x' } });
    expect(bad.body).toMatchObject({ code: 40000, msg: expect.stringContaining('code') });
  });
});

describe('who may look up people and the organisation tree', () => {
  let student: string;
  let parent: string;
  let admin: string;
  beforeAll(async () => {
    [student, parent, admin] = await Promise.all([login(t.app, 'demo', 'student'), login(t.app, 'demo', 'parent'), login(t.app, 'demo', 'admin')]);
  });

  it('a parent or student gets 40300 for people (any USERTYPE), people by ids and the org tree, in their language, with no rows', async () => {
    const [someone] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND user_type = '4' LIMIT 1`, [demoId]);
    for (const token of [parent, student]) {
      for (const USERTYPE of ['4', '2', '3', '1', '']) {
        const { body } = await search(token, { size: 500, search: JSON.stringify({ USERTYPE }) });
        expect(body, `USERTYPE ${USERTYPE}`).toEqual({ code: 40300, result: false, msg: '只有教职工可以查询人员和组织机构', data: null });
      }
      const en = await call(t.app, 'POST', '/saas/components/getUserAllData', { token, json: { search: '{"USERTYPE":"4"}' }, headers: { 'x-lang': 'en' } });
      expect(en.body).toMatchObject({ code: 40300, msg: 'Only staff can look up people and organisations', data: null });
      for (const url of ['/saas/components/getUserData', '/components/getUserData']) {
        expect((await call(t.app, 'POST', url, { token, json: { ids: [someone!.id] } })).body).toMatchObject({ code: 40300, data: null });
      }
      for (const method of ['GET', 'POST'] as const) {
        expect((await call(t.app, method, '/components/getOrgsData', { token })).body).toMatchObject({ code: 40300, data: null });
      }
      // reference data with no people in it stays open: role names name an application's audit step on their screens
      const roles = await call<GetRolesData>(t.app, 'POST', '/components/getRoles', { token, json: { roleType: '' } });
      expect(roles.body.code).toBe(1);
      expect(roles.body.data.flatMap((group) => group.CHILD.map((role) => role.CODE))).toContain('teacher');
      expect((await call<XqData>(t.app, 'GET', '/saas/components/getXq', { token })).body.code).toBe(1);
      expect((await call<TeacherTypeData>(t.app, 'POST', '/components/getJzgTypeData', { token })).body.code).toBe(1);
      expect((await call<AreaData>(t.app, 'POST', '/components/getAreaData', { token, json: { levNum: 1 } })).body.code).toBe(1);
    }
  });

  it('teachers and administrators still see the whole school: every parent with USERTYPE 4', async () => {
    const [{ n }] = (await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND enabled AND user_type = '4'`, [
      demoId,
    ])) as [{ n: number }];
    expect(n).toBeGreaterThan(1000);
    for (const token of [demo, admin]) {
      const { body } = await search(token, { size: 5, search: JSON.stringify({ USERTYPE: '4' }) });
      expect(body.code).toBe(1);
      expect(body.data.total).toBe(n);
      expect((await call<GetOrgsData>(t.app, 'GET', '/components/getOrgsData', { token })).body.code).toBe(1);
      expect((await call<GetRolesData>(t.app, 'POST', '/components/getRoles', { token, json: {} })).body.code).toBe(1);
    }
  });

  it('by the account type, whatever its roles: a new parent account is refused, a new staff account is not', async () => {
    const fresh = await createUser(t.db, 'demo', { userType: '4' });
    const token = await login(t.app, 'demo', fresh.username, fresh.password);
    expect((await search(token, { search: '{}' })).body.code).toBe(40300);
    const staff = await createUser(t.db, 'demo', { userType: '3' });
    const staffToken = await login(t.app, 'demo', staff.username, staff.password);
    expect((await search(staffToken, { search: '{"USERTYPE":"4"}' })).body.code).toBe(1);
  });
});
