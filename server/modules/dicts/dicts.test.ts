import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_TYPE_CODE_PATTERN, SUBJECT_DICT, type DictEntryRow, type DictsData } from '../../../contracts/dicts';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import { MESSAGE_TYPE_DICT } from '../../../contracts/messages';
import { SEED_DICTIONARIES } from '../../db/seed/dicts';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';
import { dictEntries, dictTypes } from './dicts.table';

let t: TestApp;
let adminToken: string;
let teacherToken: string;
/** a dictionary of the demo school only, with entries in every state */
let testType: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, 'demo', 'admin');
  teacherToken = await login(t.app, 'demo', 'teacher');
  testType = `STD_XB_T${randomBytes(4).toString('hex').toUpperCase()}`;
  const tenantId = await tenantIdOf(t.db, 'demo');
  await t.db.withTenant(tenantId, async (tx) => {
    const typeId = uuidv7();
    await tx.insert(dictTypes).values({ tenantId, id: typeId, code: testType, name: '测试字典' });
    const entry = (code: string, name: string, extra: Partial<typeof dictEntries.$inferInsert> = {}) => ({
      tenantId,
      id: uuidv7(),
      typeId,
      code,
      name,
      nameEn: `${name} en`,
      ...extra,
    });
    await tx.insert(dictEntries).values([
      entry('B', '乙', { sort: 20, tag1: 't1', tag1Note: '备注1' }),
      entry('A', '甲', { sort: 10, alias: 'alpha' }),
      entry('A1', '甲一', { sort: 5, parentCode: 'A', level: 2 }),
      entry('D', '草稿', { sort: 30, status: '0' }),
      entry('E', '已过期', { sort: 40, startDate: '2000-01-01', endDate: '2001-01-01' }),
      entry('F', '未生效', { sort: 50, startDate: '2999-01-01' }),
    ]);
  });
});
afterAll(() => t.close());

const dicts = (token: string | undefined, options: { json?: unknown; form?: Record<string, string>; body?: string; headers?: Record<string, string> }) =>
  call<DictsData>(t.app, 'POST', '/dicts', { token, ...options });

describe('POST /dicts', () => {
  it('answers the message types in sort order (JSON typeArr)', async () => {
    const { body } = await dicts(teacherToken, { json: { typeArr: [MESSAGE_TYPE_DICT] } });
    expect(body).toMatchObject({ code: 1, result: true });
    expect(body.data[MESSAGE_TYPE_DICT].map((entry) => [entry.code, entry.name, entry.nameEn])).toEqual([
      ['1', '系统通知', 'System notice'],
      ['2', '请假审批', 'Leave approval'],
      ['3', '成绩发布', 'Score release'],
      ['4', '问卷调查', 'Survey'],
      ['5', '作业通知', 'Homework'],
      ['6', '审批通知', 'Approval'],
    ]);
    expect(body.data[MESSAGE_TYPE_DICT][0]).toEqual({
      code: '1',
      name: '系统通知',
      nameEn: 'System notice',
      sort: 10,
      parentCode: '',
      level: 1,
      alias: '',
      shortName: '通知',
      tag1: '',
      tag2: '',
      tag3: '',
      tag4: '',
      tag5: '',
    });
  });

  it('accepts repeated form keys, typeArr[] and a comma list; unknown types map to []', async () => {
    const raw = (payload: string) =>
      t.app
        .inject({ method: 'POST', url: '/dicts', headers: { 'x-access-token': teacherToken, 'content-type': 'application/x-www-form-urlencoded' }, payload })
        .then((response) => response.json() as { code: number; data: DictsData });
    const repeated = await raw(`typeArr=${MESSAGE_TYPE_DICT}&typeArr=STD_GB_XB&typeArr=STD_NONE`);
    expect(Object.keys(repeated.data)).toEqual([MESSAGE_TYPE_DICT, 'STD_GB_XB', 'STD_NONE']);
    expect(repeated.data.STD_GB_XB.map((entry) => entry.name)).toEqual(['男', '女']);
    expect(repeated.data.STD_NONE).toEqual([]);
    expect((await raw(`typeArr%5B%5D=${MESSAGE_TYPE_DICT}&typeArr%5B%5D=STD_GB_XB`)).data).toEqual(
      Object.fromEntries(Object.entries(repeated.data).slice(0, 2)),
    );
    expect((await dicts(teacherToken, { form: { typeArr: `${MESSAGE_TYPE_DICT}, STD_GB_XB` } })).body.data).toEqual(
      Object.fromEntries(Object.entries(repeated.data).slice(0, 2)),
    );
    expect((await dicts(teacherToken, { form: { typeArr: JSON.stringify(['STD_GB_XB']) } })).body.data.STD_GB_XB).toHaveLength(2);
  });

  it('lists only published entries valid today', async () => {
    const { body } = await dicts(teacherToken, { json: { typeArr: [testType] } });
    expect(body.data[testType].map((entry) => entry.code)).toEqual(['A1', 'A', 'B']);
    expect(body.data[testType][0]).toMatchObject({ parentCode: 'A', level: 2 });
  });

  it("sees only the caller's school", async () => {
    const kg = await login(t.app, 'kg', 'admin');
    const { body } = await dicts(kg, { json: { typeArr: [testType, MESSAGE_TYPE_DICT] } });
    expect(body.data[testType]).toEqual([]);
    expect(body.data[MESSAGE_TYPE_DICT]).toHaveLength(6);
  });

  it('rejects bad input naming the field', async () => {
    expect((await dicts(teacherToken, { json: {} })).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '字典类型(typeArr)不能为空' });
    expect((await dicts(teacherToken, { form: { typeArr: '' } })).body.msg).toBe('字典类型(typeArr)至少需要1项');
    expect((await dicts(teacherToken, { json: { typeArr: Array.from({ length: 51 }, (_, i) => `T${i}`) } })).body.msg).toBe('字典类型(typeArr)最多50项');
    expect((await dicts(teacherToken, { json: { typeArr: ["X'; DROP TABLE dict_types; --"] } })).body.code).toBe(ResponseCode.invalidInput);
    expect((await dicts(teacherToken, { json: { typeArr: 'A', x: 1 }, headers: { 'x-lang': 'en' } })).body.code).toBe(1);
  });

  it('answers 90001 without a session', async () => {
    expect((await dicts(undefined, { json: { typeArr: [MESSAGE_TYPE_DICT] } })).body.code).toBe(ResponseCode.loginExpired);
  });

  it('seeds both schools with the same dictionaries, type codes of the SPEC form', async () => {
    for (const dictionary of SEED_DICTIONARIES) expect(dictionary.code).toMatch(DICT_TYPE_CODE_PATTERN);
    // the two seeded schools (other test files add schools of their own to the shared database)
    const rows = await ownerQuery<{ code: string; n: number }>(
      t.db,
      `SELECT code, count(*)::int n FROM dict_types WHERE code NOT LIKE 'STD\\_XB\\_T%' AND tenant_id IN (SELECT id FROM tenants WHERE code IN ('demo', 'kg')) GROUP BY code ORDER BY code`,
    );
    // plus each school's subjects (SUBJECT_DICT, from its profile)
    const expected = [...SEED_DICTIONARIES.map((d) => d.code), SUBJECT_DICT].sort((a, b) => a.localeCompare(b));
    expect(rows).toEqual(expected.map((code) => ({ code, n: 2 })));
  });
});

describe('POST /api/dict/getDictDataList', () => {
  const dataList = (token: string | undefined, json: Record<string, unknown>) =>
    call<TableAData<DictEntryRow>>(t.app, 'POST', '/api/dict/getDictDataList', { token, json });
  const codes = (rows: DictEntryRow[]) => rows.map((row) => row.code);

  it('lists every entry with every field for system_dict holders, zero-based pages', async () => {
    const { body } = await dataList(adminToken, { currPage: 0, limit: 4, search: JSON.stringify({ typeCode: testType }) });
    expect(body.data.total).toBe(6);
    expect(codes(body.data.rows)).toEqual(['A1', 'A', 'B', 'D']);
    expect(body.data.rows[2]).toMatchObject({
      typeCode: testType,
      typeName: '测试字典',
      tag1: 't1',
      tag1Note: '备注1',
      status: '1',
      startDate: null,
      version: 1,
      id: expect.any(String),
    });
    const second = await dataList(adminToken, { currPage: 1, limit: 4, search: JSON.stringify({ typeCode: testType }) });
    expect(codes(second.body.data.rows)).toEqual(['E', 'F']);
    expect(second.body.data.rows[0]).toMatchObject({ startDate: '2000-01-01', endDate: '2001-01-01' });
    expect((await dataList(adminToken, { currPage: 9, limit: 4, search: JSON.stringify({ typeCode: testType }) })).body.data).toEqual({ total: 6, rows: [] });
  });

  it('filters by keyword, parent and status, and sorts', async () => {
    const search = (s: Record<string, string>) => JSON.stringify({ typeCode: testType, ...s });
    expect(codes((await dataList(adminToken, { search: search({ keyword: 'ALPHA' }) })).body.data.rows)).toEqual(['A']);
    expect(codes((await dataList(adminToken, { search: search({ keyword: '甲' }) })).body.data.rows)).toEqual(['A1', 'A']);
    expect(codes((await dataList(adminToken, { search: search({ parentCode: 'A' }) })).body.data.rows)).toEqual(['A1']);
    expect(codes((await dataList(adminToken, { search: search({ status: '0' }) })).body.data.rows)).toEqual(['D']);
    expect(codes((await dataList(adminToken, { search: search({}), sortField: 'code', order: 'descending' })).body.data.rows)).toEqual([
      'F', 'E', 'D', 'B', 'A1', 'A',
    ]);
  });

  it('shows others only published entries', async () => {
    const { body } = await dataList(teacherToken, { search: JSON.stringify({ typeCode: testType }) });
    expect(codes(body.data.rows)).toEqual(['A1', 'A', 'B', 'E', 'F']);
    expect((await dataList(teacherToken, { search: JSON.stringify({ typeCode: testType, status: '0' }) })).body.data).toEqual({ total: 0, rows: [] });
  });

  it('rejects bad input and answers 90001 without a session', async () => {
    expect((await dataList(adminToken, { currPage: -1 })).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '页码(currPage)不能小于0' });
    expect((await dataList(adminToken, { search: '{not json' })).body.code).toBe(ResponseCode.invalidInput);
    expect((await dataList(adminToken, { search: JSON.stringify({ status: 'x' }) })).body.msg).toContain('发布状态(search.status)');
    expect((await dataList(adminToken, { sortField: 'password' })).body.msg).toContain('排序字段(sortField)');
    expect((await dataList(undefined, {})).body.code).toBe(ResponseCode.loginExpired);
  });

  it('works for an account without any role (reference data), published only', async () => {
    const nobody = await createUser(t.db, 'demo', { roles: [] });
    const token = await login(t.app, 'demo', nobody.username);
    expect((await dataList(token, { search: JSON.stringify({ typeCode: MESSAGE_TYPE_DICT }) })).body.data.total).toBe(6);
  });
});
