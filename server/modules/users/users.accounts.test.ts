import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import {
  accountIssue,
  type AccountSettingsData,
  idCheckDigit,
  initialPasswordOf,
  type InitPreview,
  type InitReport,
  isValidIdNumber,
  parseStudentNoTemplate,
  studentNumberOf,
  USER_ID_PATTERN,
  USERS_INIT_MAX,
  type UserOptions,
  type UserRow,
} from '../../../contracts/users';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, encryptForServer, login, loginRaw, ownerQuery, type TestApp } from '../../test/helpers';
import { entryYearOf } from './users.accounts';

describe('rules (contracts/user-rules.ts)', () => {
  it('checks the GB 11643 check character and the birth date', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(isValidIdNumber('110105194912310021')).toBe(false); // wrong check character
    expect(isValidIdNumber('11010519490231002X'.slice(0, 17) + idCheckDigit('11010519490231002'))).toBe(false); // 31 February
    expect(isValidIdNumber('1101051949123100')).toBe(false);
    expect(initialPasswordOf('11010519491231002x')).toBe('31002X');
  });

  it('account rule (SPEC §5) and the user ID rule', () => {
    expect(accountIssue('')).toBe('usersAccountRequired');
    expect(accountIssue('张三_01')).toBeNull();
    expect(accountIssue('a b')).toBe('usersAccountPattern');
    expect(accountIssue('x'.repeat(50))).toBeNull();
    expect(accountIssue('x'.repeat(51))).toBe('usersAccountTooLong');
    expect(USER_ID_PATTERN.test('abc_DEF')).toBe(true);
    expect(USER_ID_PATTERN.test('abc1')).toBe(false);
  });

  it('parses the student-number template; the default gives 201911001', () => {
    const parts = parseStudentNoTemplate('{year}{gender}{campus}{serial:3}')!;
    expect(studentNumberOf(parts, { year: 2019, gender: '1', campus: 1 }, 1)).toBe('201911001');
    expect(studentNumberOf(parts, { year: 2019, gender: '1', campus: 1 }, 1000)).toBeNull();
    expect(studentNumberOf(parseStudentNoTemplate('S{year}{serial:4}')!, { year: 2024, gender: '2', campus: 2 }, 12)).toBe('S20240012');
    for (const bad of ['', '{year}', '{serial:3}{year}', '{serial:7}', '{yr}{serial:2}', '{serial:2}{serial:2}', 'a-b{serial:2}']) {
      expect(parseStudentNoTemplate(bad)).toBeNull();
    }
    expect(entryYearOf(2025, 3)).toBe(2023);
    expect(entryYearOf(2025, null)).toBe(2025);
  });
});

/** On a school of its own (the demo school stays as seeded). */
let t: TestApp;
let code: string;
let adminToken: string;
let tenantId: string;
let options: UserOptions;
beforeAll(async () => {
  t = await buildTestApp();
  code = `usr${randomBytes(4).toString('hex')}`;
  await seedSchool(t.db, { ...DEMO_SCHOOL, code, hosts: [`${code}.localhost`], grades: DEMO_SCHOOL.grades.filter((g) => g.level >= 7 && g.level <= 8), studentsPerClass: 2, otherStaff: 2 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
  adminToken = await login(t.app, code, 'admin');
  tenantId = (await ownerQuery<{ id: string }>(t.db, "SELECT id FROM tenants WHERE code = $1", [code]))[0].id;
  options = (await api<UserOptions>('/api/users/options', {})).body.data;
});
afterAll(() => t.close());

const api = <T = unknown>(url: string, json: unknown, token = adminToken) => call<T>(t.app, 'POST', url, { token, json });
const tag = () => randomBytes(3).toString('hex');
let seed = 100 + Math.floor(Math.random() * 800);
const idNumber = () => {
  seed += 1;
  const first = `11010120100612${String(seed % 1000).padStart(3, '0')}`;
  return first + idCheckDigit(first);
};
const create = async (over: Record<string, unknown>) => {
  const body = { username: `acc_${tag()}`, name: `人${tag()}`, userType: '2', gender: '1', userNo: '', phone: '', email: '', idNumber: idNumber(), roleIds: [], enabled: true, remark: '', ...over };
  const { body: answer } = await api<{ id: string }>('/api/users/save', body);
  expect(answer.code).toBe(1);
  return { ...body, id: answer.data.id };
};
const row = async (keyword: string) =>
  (await api<TableAData<UserRow>>('/api/users/list', { currPage: 0, limit: 10, search: JSON.stringify({ keyword }) })).body.data.rows[0];
const initialize = (ids: string[]) => api<InitReport>('/api/users/initialize', { ids });

describe('account initialisation (SPEC §9)', () => {
  it('staff: account = job number, password = ID number last 6 in capitals, must change', async () => {
    const teacher = await create({ userType: '3', userNo: `T${tag()}`, idNumber: '11010519491231002X' });
    const { body } = await initialize([teacher.id]);
    expect(body.data.rows).toEqual([{ name: teacher.name, userNo: teacher.userNo, account: teacher.userNo, kind: 'staff', result: 'created', reason: '' }]);
    const token = await login(t.app, code, teacher.userNo, '31002X');
    const me = await call<{ userInfo: { username: string; mustChangePassword?: boolean } }>(t.app, 'GET', '/ms/getPermission', { token });
    expect(me.body.data.userInfo).toMatchObject({ username: teacher.userNo, mustChangePassword: true });
    // until the password changes, the server answers only what the change needs
    expect((await call(t.app, 'POST', '/api/dict/revision', { token, json: {} })).body).toMatchObject({ code: ResponseCode.forbidden, msg: '请先修改初始密码', data: { mustChangePassword: true } });
    expect((await call(t.app, 'POST', '/api/dict/revision', { token, json: {}, headers: { 'x-lang': 'en' } })).body.msg).toBe('Please change your initial password first');
    expect((await call(t.app, 'GET', '/api/getExpires', { token })).body.code).toBe(1);
    const after = await row(teacher.userNo);
    expect(after.accountInitializedAt).toMatch(/\+08:00$/);
    expect(after.mustChangePassword).toBe(true);
    // once the user chose a password, the client no longer asks
    const changed = await call(t.app, 'POST', '/api/saas/db/update/pwd', {
      token,
      form: { oldPassword: await encryptForServer(t.app, '31002X'), newPassword: await encryptForServer(t.app, 'Chosen12345') },
    });
    expect(changed.body.code).toBe(1);
    const after2 = await call<{ userInfo: { mustChangePassword?: boolean } }>(t.app, 'GET', '/ms/getPermission', { token });
    expect(after2.body.data.userInfo.mustChangePassword).toBe(false);
    expect((await row(teacher.userNo)).mustChangePassword).toBe(false);
    expect((await call(t.app, 'POST', '/api/dict/revision', { token, json: {} })).body.code).toBe(1);
    // a second run skips an initialised account unless asked to reset it…
    expect((await initialize([teacher.id])).body.data.rows[0]).toMatchObject({ result: 'skipped', reason: '账号已初始化（未勾选重置已初始化的账号）' });
    expect((await call(t.app, 'POST', '/api/dict/revision', { token, json: {} })).body.code).toBe(1);
    // …which resets it and ends the sessions of the first
    expect((await api<InitReport>('/api/users/initialize', { ids: [teacher.id], includeInitialized: true })).body.data.rows[0].result).toBe('reset');
    expect((await call(t.app, 'GET', '/ms/getPermission', { token })).body.code).toBe(ResponseCode.loginExpired);
  });

  it('students: numbers from the template (entry year, gender, campus, serial); parent account P + account, linked', async () => {
    const klass = options.orgUnits.find((unit) => unit.kind === 'class')!;
    const grade = (await ownerQuery<{ grade_level: number; campus_id: string }>(t.db, 'SELECT grade_level, campus_id FROM org_units WHERE id = $1', [klass.id]))[0];
    const year = (await ownerQuery<{ y: number }>(t.db, 'SELECT extract(year FROM start_date)::int AS y FROM school_years WHERE tenant_id = $1 AND is_current', [tenantId]))[0].y;
    const campus = options.campuses.findIndex((c) => c.id === grade.campus_id) + 1;
    const boy = await create({ gender: '1', orgUnitId: klass.id });
    const girl = await create({ gender: '2', orgUnitId: klass.id });
    const boy2 = await create({ gender: '1', orgUnitId: klass.id });
    const { body } = await initialize([boy.id, girl.id, boy2.id]);
    const students = body.data.rows.filter((r) => r.kind === 'student');
    const boyPrefix = `${year - (grade.grade_level - 1)}1${campus}`;
    const girlPrefix = `${year - (grade.grade_level - 1)}2${campus}`;
    expect(students[0].account).toMatch(new RegExp(`^${boyPrefix}\\d{3}$`));
    expect(students[1].account).toMatch(new RegExp(`^${girlPrefix}\\d{3}$`));
    expect(Number(students[2].account.slice(-3))).toBe(Number(students[0].account.slice(-3)) + 1);
    const parents = body.data.rows.filter((r) => r.kind === 'parent');
    expect(parents.map((p) => p.account)).toEqual(students.map((s) => `P${s.account}`));
    expect(parents.every((p) => p.result === 'created')).toBe(true);
    expect(body.data.counts).toEqual({ created: 6, reset: 0, skipped: 0, failed: 0 });
    // the parent logs in with the student's ID number (the parent has none)
    await login(t.app, code, `P${students[0].account}`, initialPasswordOf(boy.idNumber));
    await login(t.app, code, students[0].account, initialPasswordOf(boy.idNumber));
    const link = await ownerQuery(t.db, 'SELECT 1 FROM parent_students ps JOIN users p ON p.id = ps.parent_id WHERE ps.student_id = $1 AND p.username = $2', [boy.id, `P${students[0].account}`]);
    expect(link).toHaveLength(1);
    expect((await row(students[0].account)).userNo).toBe(students[0].account);
  });

  it('skips people without a valid ID number, parents alone and yourself, with the reason', async () => {
    const noId = await create({ userType: '3', userNo: `T${tag()}`, idNumber: '' });
    const noGender = await create({ gender: null });
    const parent = await create({ userType: '4' });
    const me = (await row('admin'))!;
    const { body } = await initialize([noId.id, noGender.id, parent.id, me.id]);
    expect(body.data.rows.map((r) => [r.result, r.reason])).toEqual([
      ['skipped', '没有有效的身份证号'],
      ['skipped', '没有性别，无法生成学号'],
      ['skipped', '家长账号随学生一起初始化'],
      ['skipped', '不能初始化自己的账号'],
    ]);
    expect((await loginRaw(t.app, { username: noId.userNo, password: '000000', tenant: code })).body.code).toBe(ResponseCode.badCredentials);
  });

  it('fails a person whose account is held by someone else, and goes on with the rest', async () => {
    const holder = await create({ userType: '3', userNo: `T${tag()}` });
    const clash = await create({ userType: '3', userNo: `T${tag()}` });
    await api('/api/users/save', { ...clash, id: clash.id, version: (await row(clash.username)).version, username: `acc_${tag()}`, userNo: clash.userNo });
    // holder's account is clash's job number
    await api('/api/users/save', { ...holder, id: holder.id, version: (await row(holder.username)).version, username: clash.userNo });
    const fine = await create({ userType: '3', userNo: `T${tag()}` });
    const { body } = await initialize([clash.id, fine.id]);
    expect(body.data.rows[0]).toMatchObject({ result: 'failed', reason: `账号${clash.userNo} (${holder.name})已被占用` });
    expect(body.data.rows[1]).toMatchObject({ result: 'created', account: fine.userNo });
  });

  it('never takes over an existing parent account of someone else: that parent fails with the reason', async () => {
    const other = await create({ userType: '4', username: `P_${tag()}` });
    const student = await create({ userType: '2', userNo: other.username.slice(1) });
    const { body } = await initialize([student.id]);
    expect(body.data.rows.map((r) => [r.kind, r.result, r.reason])).toEqual([
      ['student', 'created', ''],
      ['parent', 'failed', `家长账号${other.username}已存在，但不是该学生的家长，未接管`],
    ]);
    expect((await loginRaw(t.app, { username: other.username, password: initialPasswordOf(student.idNumber), tenant: code })).body.code).toBe(ResponseCode.badCredentials);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM parent_students WHERE parent_id = $1', [other.id])).toHaveLength(0);
  });

  it('all: skips initialised accounts unless includeInitialized; the preview counts; more than the maximum is refused, nothing done', async () => {
    const name = `预览${tag()}`;
    const first = await create({ name, userType: '3', userNo: `T${tag()}` });
    await create({ name, userType: '3', userNo: `T${tag()}` });
    await initialize([first.id]);
    const search = JSON.stringify({ keyword: name });
    expect((await api<InitPreview>('/api/users/init-preview', { all: true, search })).body.data).toEqual({ fresh: 1, initialized: 1, max: USERS_INIT_MAX });
    expect((await api<InitPreview>('/api/users/init-preview', { ids: [first.id] })).body.data).toEqual({ fresh: 0, initialized: 1, max: USERS_INIT_MAX });
    const plain = await api<InitReport>('/api/users/initialize', { all: true, search });
    expect(plain.body.data.counts).toEqual({ created: 1, reset: 0, skipped: 0, failed: 0 });
    const both = await api<InitReport>('/api/users/initialize', { all: true, search, includeInitialized: true });
    expect(both.body.data.counts).toEqual({ created: 0, reset: 2, skipped: 0, failed: 0 });

    const many = `多人${tag()}`;
    await ownerQuery(
      t.db,
      `INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, id_number)
       SELECT $1, gen_random_uuid(), $2 || n, 'x', $2, '3', '' FROM generate_series(1, $3::int) AS n`,
      [tenantId, many, USERS_INIT_MAX + 1],
    );
    const refused = await api('/api/users/initialize', { all: true, search: JSON.stringify({ keyword: many }) });
    expect(refused.body).toMatchObject({ code: ResponseCode.invalidInput, msg: `一次最多初始化${USERS_INIT_MAX}人，当前查询结果有${USERS_INIT_MAX + 1}人，请缩小查询范围（如按组织机构、用户类型筛选）` });
    expect(await ownerQuery(t.db, 'SELECT 1 FROM users WHERE name = $1 AND account_initialized_at IS NOT NULL', [many])).toHaveLength(0);
  });

  it('initialises every match of the search (all: true), and needs system_user_init', async () => {
    const name = `批量${tag()}`;
    await create({ name, userType: '3', userNo: `T${tag()}` });
    await create({ name, userType: '3', userNo: `T${tag()}` });
    const { body } = await api<InitReport>('/api/users/initialize', { all: true, search: JSON.stringify({ keyword: name }) });
    expect(body.data.counts.created).toBe(2);
    const teacher = await login(t.app, code, 'teacher');
    expect((await api('/api/users/initialize', { all: true }, teacher)).body.code).toBe(ResponseCode.forbidden);
  });

  it('settings: prefix and template validated, preview of the next number; a new prefix makes the parent account', async () => {
    const settings = await api<AccountSettingsData>('/api/users/account-settings', {});
    expect(settings.body.data).toMatchObject({ parentPrefix: 'P', studentNoTemplate: '{year}{gender}{campus}{serial:3}' });
    expect(settings.body.data.preview).toMatch(/^\d{4}11\d{3}$/);
    const bad = await api('/api/users/account-settings/save', { parentPrefix: 'P', studentNoTemplate: '{serial:3}{year}' });
    expect(bad.body).toMatchObject({ code: ResponseCode.invalidInput });
    expect(bad.body.msg).toContain('学号模板无效');
    expect((await api('/api/users/account-settings/save', { parentPrefix: 'P-', studentNoTemplate: '{year}{serial:3}' })).body.msg).toBe('家长账号前缀只能包含字母、数字和下划线');
    expect((await api<{ preview: string }>('/api/users/preview-number', { template: 'X{year}{serial:5}' })).body.data.preview).toMatch(/^X\d{4}\d{5}$/);
  });

  it('the demo seed gives staff and students valid ID numbers (so they can be initialised)', async () => {
    const rows = await ownerQuery<{ id_number: string; user_type: string }>(
      t.db,
      "SELECT id_number, user_type FROM users WHERE tenant_id = (SELECT id FROM tenants WHERE code = 'demo') AND username IN ('admin', 'teacher', 'student')",
      [],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(isValidIdNumber(row.id_number)).toBe(true);
  });

  it('the report downloads as Excel', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/init-report',
      headers: { 'x-access-token': adminToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ rows: [{ name: '甲', userNo: '201911001', account: 'P201911001', kind: 'parent', result: 'created', reason: '' }] }),
    });
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(2).values).toEqual([undefined, '甲', '201911001', 'P201911001', '家长', '已创建', '']);
  });
});
