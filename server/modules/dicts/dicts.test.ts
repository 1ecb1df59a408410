import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DICT_TYPE_CODE_PATTERN, SUBJECT_DICT, type DictEntryRow, type DictRevisionData, type DictsData, type DictTypeRow } from '../../../contracts/dicts';
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

describe('数据字典 administration', () => {
  const api = <T>(url: string, json: unknown, token = adminToken, headers: Record<string, string> = {}) =>
    call<T>(t.app, 'POST', url, { token, json, headers });
  const newCode = () => `STD_XB_T${randomBytes(4).toString('hex').toUpperCase().replace(/\d/g, 'Q')}`;
  const saveType = (json: Record<string, unknown>, token?: string) => api<{ id: string }>('/api/dict/types/save', json, token);
  const saveEntry = (json: Record<string, unknown>) => api<{ id: string }>('/api/dict/entries/save', json);
  const typeRow = async (id: string) =>
    (await api<DictTypeRow[]>('/api/dict/types/list', { keyword: '' })).body.data.find((row) => row.id === id)!;
  const entryRows = async (typeCode: string) =>
    (await api<TableAData<DictEntryRow>>('/api/dict/getDictDataList', { limit: 100, search: JSON.stringify({ typeCode }) })).body.data.rows;

  it('accepts the SPEC prefixes followed by capitals and refuses anything else with the rule', async () => {
    for (const code of ['STD_GB_AB', 'STD_JB_X1', 'STD_XB_T_Z', 'STD_QQ']) expect(DICT_TYPE_CODE_PATTERN.test(code)).toBe(true);
    for (const code of ['STD_', 'STD_xb', 'STD_GB_', 'XB_AB', 'STD_1A', 'std_ab', 'STD-AB', 'STD_AB c']) {
      const { body } = await saveType({ code, name: '坏编码' });
      expect(body, code).toMatchObject({ code: ResponseCode.invalidInput, msg: '字典编码须以STD_GB_、STD_JB_、STD_XB_或STD_开头，后接大写字母' });
    }
    const en = await api('/api/dict/types/save', { code: 'abc', name: 'x' }, adminToken, { 'accept-language': 'en' });
    expect(en.body.msg).toBe('The dictionary code must start with STD_GB_, STD_JB_, STD_XB_ or STD_ followed by capital letters');
  });

  it('names: 40 characters pass, 41 are refused (types and entries)', async () => {
    const code = newCode();
    expect((await saveType({ code, name: '字'.repeat(41) })).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '名称不能超过40个字符' });
    const { body } = await saveType({ code, name: '字'.repeat(40) });
    expect(body.code).toBe(1);
    expect((await saveEntry({ typeId: body.data.id, code: 'A', name: 'x'.repeat(41) })).body.msg).toBe('名称不能超过40个字符');
    expect((await saveEntry({ typeId: body.data.id, code: 'A', name: 'x'.repeat(40) })).body.code).toBe(1);
  });

  it('runs a full type and entry cycle: unique codes, parents, levels, cycles, dates, versions', async () => {
    const code = newCode();
    const created = await saveType({ code, name: '测试类型', nameEn: 'Test type', sort: 5, remark: 'r' });
    expect(created.body.code).toBe(1);
    const typeId = created.body.data.id;
    expect((await saveType({ code, name: '重复' })).body).toMatchObject({ code: ResponseCode.conflict, msg: `字典编码“${code}”已存在` });
    expect(await typeRow(typeId)).toMatchObject({ code, name: '测试类型', nameEn: 'Test type', entryCount: 0, builtIn: false, version: 1 });

    const fields = { alias: 'al', shortName: 'sn', nameEn: 'Root', tag1: 'x', tag1Note: 'n1', tag5: 'y', tag5Note: 'n5', source: 'GB', remark: 'rm' };
    const root = await saveEntry({ typeId, code: 'R', name: '根', sort: 1, ...fields, startDate: '2020-01-01', endDate: '2020-01-01' });
    expect(root.body.code).toBe(1);
    const child = await saveEntry({ typeId, code: 'C', name: '子', parentCode: 'R' });
    const grandchild = await saveEntry({ typeId, code: 'G', name: '孙', parentCode: 'C' });
    expect(grandchild.body.code).toBe(1);
    let rows = await entryRows(code);
    expect(rows.map((row) => [row.code, row.parentCode, row.level])).toEqual([
      ['C', 'R', 2],
      ['G', 'C', 3],
      ['R', '', 1],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))) as never);
    expect(rows.find((row) => row.code === 'R')).toMatchObject({ ...fields, startDate: '2020-01-01', endDate: '2020-01-01', status: '1' });

    // code unique within the type (another type may reuse it)
    expect((await saveEntry({ typeId, code: 'C', name: '重复' })).body).toMatchObject({ code: ResponseCode.conflict, msg: '该字典中已有编码为“C”的条目' });
    // parent must be an entry of this type
    expect((await saveEntry({ typeId, code: 'X', name: 'x', parentCode: 'NOPE' })).body).toMatchObject({ msg: '父级编码“NOPE”不是本字典的条目' });
    // start not after end
    expect((await saveEntry({ typeId, code: 'X', name: 'x', startDate: '2024-02-02', endDate: '2024-02-01' })).body).toMatchObject({
      code: ResponseCode.invalidInput,
      msg: '开始时间应早于结束时间',
    });
    // cycles: the root under its grandchild, an entry under itself
    const r = rows.find((row) => row.code === 'R')!;
    expect((await saveEntry({ typeId, id: r.id, version: r.version, code: 'R', name: '根', parentCode: 'G' })).body).toMatchObject({
      code: ResponseCode.invalidInput,
      msg: '父级不能是条目自身或其下级条目',
    });
    expect((await saveEntry({ typeId, id: r.id, version: r.version, code: 'R', name: '根', parentCode: 'R' })).body.msg).toBe('父级不能是条目自身或其下级条目');

    // renaming the root's code carries its child along; moving C to the top relevels G
    expect((await saveEntry({ typeId, id: r.id, version: r.version, code: 'R2', name: '根2' })).body.code).toBe(1);
    rows = await entryRows(code);
    expect(rows.find((row) => row.code === 'C')).toMatchObject({ parentCode: 'R2', level: 2 });
    const c = rows.find((row) => row.code === 'C')!;
    expect((await saveEntry({ typeId, id: c.id, version: c.version, code: 'C', name: '子' })).body.code).toBe(1);
    rows = await entryRows(code);
    expect(rows.find((row) => row.code === 'G')).toMatchObject({ parentCode: 'C', level: 2 });
    // a stale version is refused
    expect((await saveEntry({ typeId, id: r.id, version: r.version, code: 'R2', name: '旧' })).body.code).toBe(ResponseCode.conflict);

    // deleting a parent without its child is refused, with it passes
    const g = rows.find((row) => row.code === 'G')!;
    expect((await api('/api/dict/entries/delete', { ids: [child.body.data.id] })).body).toMatchObject({
      code: ResponseCode.conflict,
      msg: '条目“C”下还有子条目，请先删除子条目',
    });
    // an unknown id among them: 40400, nothing deleted (zh and en)
    const unknown = '01900000-0000-7000-8000-00000000dead';
    expect((await api('/api/dict/entries/delete', { ids: [child.body.data.id, g.id, unknown] })).body).toMatchObject({ code: ResponseCode.notFound, msg: '所选条目中有1个不存在或已被删除，未删除任何数据' });
    expect((await api('/api/dict/entries/delete', { ids: [child.body.data.id, g.id, unknown] }, adminToken, { 'accept-language': 'en' })).body.msg).toBe('1 of the chosen entries do not exist or were deleted; nothing was deleted');
    expect((await entryRows(code)).map((row) => row.code).sort()).toEqual(['C', 'G', 'R2']);
    // the service checks the code itself, whatever calls it
    const teacher = await login(t.app, 'demo', 'teacher');
    const asTeacher = <T>(work: (granted: ReadonlySet<string>, tx: Parameters<typeof t.app.services.dicts.deleteEntries>[0]) => Promise<T>) =>
      t.app.services.auth.withSession(teacher, async (scope, session) => work(await t.app.services.permissions.grantedCodes(scope.tx, session!), scope.tx));
    await expect(asTeacher((granted, tx) => t.app.services.dicts.deleteEntries(tx, [g.id], granted))).rejects.toMatchObject({ code: ResponseCode.forbidden });
    await expect(asTeacher((granted, tx) => t.app.services.dicts.deleteTypes(tx, [typeId], granted))).rejects.toMatchObject({ code: ResponseCode.forbidden });
    expect((await api('/api/dict/entries/delete', { ids: [child.body.data.id, g.id] })).body.code).toBe(1);
    expect((await entryRows(code)).map((row) => row.code)).toEqual(['R2']);

    // the type: edit with version, delete with its entries
    const type = await typeRow(typeId);
    expect(type.entryCount).toBe(1);
    expect((await saveType({ id: typeId, version: type.version, code, name: '改名' })).body.code).toBe(1);
    expect((await saveType({ id: typeId, version: type.version, code, name: '又改' })).body.code).toBe(ResponseCode.conflict);
    expect((await api('/api/dict/types/delete', { ids: [typeId, unknown] })).body).toMatchObject({ code: ResponseCode.notFound, msg: '所选字典中有1个不存在或已被删除，未删除任何数据' });
    expect(await typeRow(typeId)).toBeDefined();
    expect((await api('/api/dict/types/delete', { ids: [typeId] })).body.code).toBe(1);
    expect(await typeRow(typeId)).toBeUndefined();
    expect(await ownerQuery(t.db, `SELECT 1 FROM dict_entries WHERE type_id = $1`, [typeId])).toEqual([]);
  });

  it('keeps the types the system reads: no delete, no code change', async () => {
    const subjects = (await api<DictTypeRow[]>('/api/dict/types/list', { keyword: SUBJECT_DICT })).body.data.find((row) => row.code === SUBJECT_DICT)!;
    expect(subjects.builtIn).toBe(true);
    expect((await api('/api/dict/types/delete', { ids: [subjects.id] })).body).toMatchObject({
      code: ResponseCode.forbidden,
      msg: `字典“${SUBJECT_DICT}”由系统使用，不能删除`,
    });
    expect((await saveType({ id: subjects.id, version: subjects.version, code: 'STD_KMX', name: subjects.name })).body.msg).toBe(
      `字典“${SUBJECT_DICT}”由系统使用，不能修改编码`,
    );
    expect((await typeRow(subjects.id)).code).toBe(SUBJECT_DICT);
  });

  it('refuses teachers and moves the revision on every change', async () => {
    expect((await saveType({ code: newCode(), name: 'x' }, teacherToken)).body.code).toBe(ResponseCode.forbidden);
    expect((await api('/api/dict/types/list', {}, teacherToken)).body.code).toBe(ResponseCode.forbidden);
    const revision = async () => (await api<DictRevisionData>('/api/dict/revision', {}, teacherToken)).body.data.revision;
    const before = await revision();
    expect(await revision()).toBe(before);
    const code = newCode();
    const typeId = (await saveType({ code, name: '版本' })).body.data.id;
    const afterType = await revision();
    expect(afterType).not.toBe(before);
    const entryId = (await saveEntry({ typeId, code: 'A', name: 'a' })).body.data.id;
    const afterEntry = await revision();
    expect(afterEntry).not.toBe(afterType);
    const row = (await entryRows(code))[0]!;
    await saveEntry({ typeId, id: entryId, version: row.version, code: 'A', name: 'b' });
    const afterEdit = await revision();
    expect(afterEdit).not.toBe(afterEntry);
    await api('/api/dict/entries/delete', { ids: [entryId] });
    expect(await revision()).not.toBe(afterEdit);
  });

  it('exports a type as a workbook with every field', async () => {
    const code = newCode();
    const typeId = (await saveType({ code, name: '导出' })).body.data.id;
    await saveEntry({ typeId, code: 'E1', name: '条目一', nameEn: 'One', tag3: 't3' });
    const response = await t.app.inject({ method: 'GET', url: `/api/dict/export?typeId=${typeId}`, headers: { 'x-access-token': adminToken } });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('备用字段3');
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['E1', '条目一', 'One', 't3', '已发布']));
  });
});
