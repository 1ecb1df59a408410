import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import { idCheckDigit, type UserOptions, type UserRow } from '../../../contracts/users';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, createUser, login, loginRaw, ownerQuery, type TestApp, uniqueIp } from '../../test/helpers';
import { multipartBody } from '../../test/multipart';

/** On a school of its own (the demo school stays as seeded). */
let t: TestApp;
let code: string;
let adminToken: string;
let teacherToken: string;
let options: UserOptions;
beforeAll(async () => {
  t = await buildTestApp({ lockout: { attempts: 3, minutes: 30 } });
  code = `usr${randomBytes(4).toString('hex')}`;
  await seedSchool(t.db, { ...DEMO_SCHOOL, code, hosts: [`${code}.localhost`], grades: DEMO_SCHOOL.grades.filter((g) => g.level >= 7 && g.level <= 8), studentsPerClass: 2, otherStaff: 2 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
  adminToken = await login(t.app, code, 'admin');
  teacherToken = await login(t.app, code, 'teacher');
  options = (await api<UserOptions>('/api/users/options', {})).body.data;
});
afterAll(() => t.close());

const api = <T = unknown>(url: string, json: unknown, token = adminToken, lang = 'zh') =>
  call<T>(t.app, 'POST', url, { token, json, headers: { 'x-lang': lang } });
const tag = () => randomBytes(3).toString('hex');
/** A valid ID number (GB 11643 check digit) born on 2010-05-0x. */
const idNumber = (seed = Math.floor(Math.random() * 900)) => {
  const first = `110101201005${String(10 + (seed % 18)).padStart(2, '0')}${String(seed).padStart(3, '0')}`;
  return first + idCheckDigit(first);
};
const base = (over: Record<string, unknown> = {}) => ({
  username: `acc_${tag()}`,
  name: '张三',
  userType: '3',
  gender: '1',
  userNo: `J${tag()}`,
  phone: '13800138000',
  email: 'zs@example.com',
  idNumber: idNumber(),
  roleIds: [],
  enabled: true,
  remark: '',
  ...over,
});
const listBy = async (keyword: string, extra: Record<string, string> = {}) =>
  (await api<TableAData<UserRow>>('/api/users/list', { currPage: 0, limit: 10, search: JSON.stringify({ keyword, ...extra }) })).body.data;
const save = (body: Record<string, unknown>, lang = 'zh') => api<{ id: string }>('/api/users/save', body, adminToken, lang);

describe('users: create, list, edit', () => {
  it('creates a user with roles and finds it by name, account and job number', async () => {
    const teacherRole = options.roles.find((role) => role.code === 'teacher')!;
    const input = base({ name: '李老师', roleIds: [teacherRole.id] });
    const created = await save(input);
    expect(created.body).toMatchObject({ code: 1, result: true });
    for (const keyword of [input.username, input.userNo as string]) {
      const { rows } = await listBy(keyword);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: input.username, name: '李老师', userType: '3', enabled: true, lockedUntil: null, accountInitializedAt: null, roleNames: [teacherRole.name] });
    }
    const byType = await listBy(input.username, { userType: '2' });
    expect(byType.total).toBe(0);
  });

  it('refuses the SPEC §5 account rule, names with special characters, bad ID numbers, phones and emails, in zh and en', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '' }, '账号不能为空', 'The account must not be empty'],
      [{ username: 'a-b' }, '账号只能包含中文、字母、数字和下划线', 'The account may hold only Chinese characters, letters, digits and underscores'],
      [{ username: 'a'.repeat(51) }, '账号最多50个字符', 'The account is at most 50 characters'],
      [{ name: '张<三>' }, '姓名不能包含特殊字符', 'The name must not contain special characters'],
      [{ idNumber: '11010120100510001X' }, '请输入正确的18位身份证号', 'Please enter a valid 18-character ID number'],
      [{ phone: '12345' + 'abc' }, '请输入正确的手机号或电话号码', 'Please enter a valid mobile or phone number'],
      [{ email: 'nope@' }, '请输入正确的邮箱地址', 'Please enter a valid email address'],
    ];
    for (const [over, zh, en] of cases) {
      const input = base(over);
      expect((await save(input)).body).toMatchObject({ code: ResponseCode.invalidInput, msg: zh });
      expect((await save(input, 'en')).body.msg).toBe(en);
      expect((await listBy(input.userNo as string)).total).toBe(0);
    }
    // Chinese characters and underscores are fine in an account; a valid ID number with X
    expect((await save(base({ username: `张_${tag()}`, idNumber: '11010519491231002X' }))).body.code).toBe(1);
  });

  it('keeps accounts and job numbers unique', async () => {
    const first = base();
    await save(first);
    const sameAccount = await save(base({ username: first.username.toUpperCase() }));
    expect(sameAccount.body).toMatchObject({ code: ResponseCode.conflict, msg: `账号“${first.username.toUpperCase()}”已存在` });
    const sameNo = await save(base({ userNo: first.userNo }));
    expect(sameNo.body).toMatchObject({ code: ResponseCode.conflict, msg: `工号/学号“${first.userNo}”已存在` });
  });

  it('edits with the version it was read at; a stale version answers 40900', async () => {
    const input = base();
    const { id } = (await save(input)).body.data;
    const row = (await listBy(input.username)).rows[0];
    const edited = await save({ ...input, id, version: row.version, name: '张三丰', remark: '改' });
    expect(edited.body.code).toBe(1);
    expect((await listBy(input.username)).rows[0]).toMatchObject({ name: '张三丰', remark: '改', version: row.version + 1 });
    const stale = await save({ ...input, id, version: row.version, name: '旧的' });
    expect(stale.body).toMatchObject({ code: ResponseCode.conflict, msg: '该用户已被他人修改，请刷新后重试' });
    expect((await listBy(input.username)).rows[0].name).toBe('张三丰');
  });

  it('refuses dynamic roles and unknown orgs', async () => {
    const roleId = (await ownerQuery<{ id: string }>(t.db, "SELECT r.id FROM roles r JOIN tenants t ON t.id = r.tenant_id WHERE t.code = 'kg' LIMIT 1"))[0].id;
    expect((await save(base({ roleIds: [roleId] }))).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '只能选择本校的普通角色' });
    expect((await save(base({ orgUnitId: '01890000-0000-7000-8000-000000000000' }))).body.msg).toBe('所选组织机构不存在');
  });

  it('a save passes the roles module guards: not your own admin membership, not the last admin', async () => {
    const adminRole = options.roles.find((role) => role.code === 'admin')!;
    const inputOf = (row: UserRow) => ({
      id: row.id,
      version: row.version,
      username: row.username,
      name: row.name,
      userType: row.userType,
      gender: row.gender,
      userNo: row.userNo,
      orgUnitId: row.orgUnitId,
      campusId: row.campusId,
      phone: row.phone,
      email: row.email,
      idNumber: row.idNumber,
      roleIds: row.roleIds,
      enabled: row.enabled,
      remark: row.remark,
    });
    const adminRow = async () => (await listBy('admin')).rows.find((row) => row.username === 'admin')!;
    const own = await save({ ...inputOf(await adminRow()), roleIds: [] });
    expect(own.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '不能移除自己的管理员身份' });
    expect((await save({ ...inputOf(await adminRow()), roleIds: [] }, 'en')).body.msg).toBe('You cannot remove your own administrator role');
    expect((await adminRow()).roleIds).toContain(adminRole.id);
    expect((await api('/api/users/list', {})).body.code).toBe(1);

    // another administrator loses admin through a save: allowed
    const second = await createUser(t.db, code, { roles: ['admin'] });
    const secondRow = (await listBy(second.username)).rows[0];
    expect((await save({ ...inputOf(secondRow), idNumber: '', phone: '', email: '', roleIds: [] })).body.code).toBe(1);
    expect((await listBy(second.username)).rows[0].roleIds).toEqual([]);

    // a user editor (no admin) may not take admin from the last administrator
    const roleId = (
      await ownerQuery<{ id: string }>(t.db, "INSERT INTO roles (tenant_id, id, code, name, type) VALUES ($1, gen_random_uuid(), $2, '用户编辑', 'ordinary') RETURNING id", [
        (await ownerQuery<{ id: string }>(t.db, 'SELECT id FROM tenants WHERE code = $1', [code]))[0].id,
        `ued_${tag()}`,
      ])
    )[0].id;
    await ownerQuery(t.db, "INSERT INTO role_menus (tenant_id, role_id, menu_id) SELECT tenant_id, $1, id FROM menus WHERE tenant_id = (SELECT tenant_id FROM roles WHERE id = $1) AND perms && ARRAY['system_user', 'system_user_edit']", [roleId]);
    const editorRole = (await ownerQuery<{ code: string }>(t.db, 'SELECT code FROM roles WHERE id = $1', [roleId]))[0].code;
    const editor = await createUser(t.db, code, { roles: [editorRole] });
    const editorToken = await login(t.app, code, editor.username);
    const last = await api('/api/users/save', { ...inputOf(await adminRow()), roleIds: [] }, editorToken);
    expect(last.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '不能移除最后一位管理员' });
    expect((await adminRow()).roleIds).toContain(adminRole.id);
  });

  it('needs the permissions', async () => {
    expect((await api('/api/users/list', {}, teacherToken)).body.code).toBe(ResponseCode.forbidden);
    expect((await api('/api/users/save', base(), teacherToken)).body.code).toBe(ResponseCode.forbidden);
  });
});

describe('users: delete, enable, unlock, reset', () => {
  it('never deletes or disables yourself', async () => {
    const me = (await listBy('admin')).rows.find((row) => row.username === 'admin')!;
    expect((await api('/api/users/delete', { ids: [me.id] })).body).toMatchObject({ code: ResponseCode.conflict, msg: '不能删除自己的账号' });
    expect((await api('/api/users/enable', { ids: [me.id], enabled: false })).body).toMatchObject({ code: ResponseCode.conflict, msg: '不能停用自己的账号' });
    expect((await listBy('admin')).rows.find((row) => row.username === 'admin')!.enabled).toBe(true);
  });

  it('deletes a user without business data; refuses one with data and suggests disabling', async () => {
    const free = await createUser(t.db, code);
    expect((await api('/api/users/delete', { ids: [free.id] })).body.code).toBe(1);
    expect((await listBy(free.username)).total).toBe(0);

    const busy = await createUser(t.db, code);
    await ownerQuery(
      t.db,
      `INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty) SELECT $1, id, $2, 'subject_teacher' FROM org_units WHERE tenant_id = $1 AND kind = 'class' LIMIT 1`,
      [busy.tenantId, busy.id],
    );
    const refused = await api('/api/users/delete', { ids: [busy.id] });
    expect(refused.body).toMatchObject({ code: ResponseCode.conflict, msg: '用户“测试用户”已有业务数据（申请、成绩、答卷等），不能删除，请改为停用' });
    expect((await listBy(busy.username)).total).toBe(1);
  });

  it('disabling ends the sessions; enabling lets them log in again', async () => {
    const user = await createUser(t.db, code);
    const token = await login(t.app, code, user.username);
    expect((await call(t.app, 'GET', '/ms/getPermission', { token })).body.code).toBe(1);
    expect((await api('/api/users/enable', { ids: [user.id], enabled: false })).body.code).toBe(1);
    expect((await call(t.app, 'GET', '/ms/getPermission', { token })).body.code).toBe(ResponseCode.loginExpired);
    expect((await loginRaw(t.app, { username: user.username, password: user.password, tenant: code })).body.code).toBe(ResponseCode.accountDisabled);
    expect((await listBy(user.username, { enabled: '0' })).total).toBe(1);
    await api('/api/users/enable', { ids: [user.id], enabled: true });
    expect(await login(t.app, code, user.username)).toBeTruthy();
  });

  it('unlock clears the lockout so the right password works at once', async () => {
    const user = await createUser(t.db, code);
    for (let i = 0; i < 3; i += 1) await loginRaw(t.app, { username: user.username, password: 'wrong-1', tenant: code }, { ip: uniqueIp() });
    expect((await loginRaw(t.app, { username: user.username, password: user.password, tenant: code })).body.code).toBe(ResponseCode.locked);
    const locked = (await listBy(user.username, { locked: '1' })).rows[0];
    expect(locked.lockedUntil).toMatch(/\+08:00$/);
    expect((await api('/api/users/unlock', { ids: [user.id] })).body.code).toBe(1);
    expect((await listBy(user.username, { locked: '1' })).total).toBe(0);
    expect(await login(t.app, code, user.username)).toBeTruthy();
  });

  it('resets to the initial password (ID number last 6, capitals) or a typed one; must change; sessions end', async () => {
    const input = base({ idNumber: '11010519491231002x' });
    const { id } = (await save(input)).body.data;
    const reset = await api<{ initial: boolean }>('/api/users/reset-password', { id });
    expect(reset.body).toMatchObject({ code: 1, msg: '密码已重置，用户下次登录须修改密码', data: { initial: true } });
    const token = await login(t.app, code, input.username, '31002X');
    expect((await listBy(input.username)).rows[0].mustChangePassword).toBe(true);

    const weak = await api('/api/users/reset-password', { id, password: 'abc' });
    expect(weak.body.code).toBe(ResponseCode.invalidInput);
    expect(weak.body.msg.length).toBeGreaterThan(0);
    expect((await api('/api/users/reset-password', { id, password: 'Typed1234' })).body.code).toBe(1);
    expect((await call(t.app, 'GET', '/ms/getPermission', { token })).body.code).toBe(ResponseCode.loginExpired);
    expect(await login(t.app, code, input.username, 'Typed1234')).toBeTruthy();

    const noId = await createUser(t.db, code);
    expect((await api('/api/users/reset-password', { id: noId.id })).body).toMatchObject({ code: ResponseCode.conflict, msg: '该用户没有有效的身份证号，无法重置为初始密码，请输入新密码' });
    expect((await api('/api/users/reset-password', { id }, teacherToken)).body.code).toBe(ResponseCode.forbidden);
  });

  it('exports the search as Excel', async () => {
    const input = base({ name: '导出人' });
    await save(input);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/export',
      headers: { 'x-access-token': adminToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ search: JSON.stringify({ keyword: input.username }) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('导出人');
    expect(sheet.getRow(2).getCell(2).value).toBe(input.username);
  });
});

describe('users: import', () => {
  async function upload(content: Buffer, filename = 'users.xlsx', lang = 'zh') {
    const { payload, contentType } = multipartBody([{ name: 'file', filename, content }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { 'content-type': contentType, 'x-access-token': adminToken, 'x-lang': lang },
      payload,
      remoteAddress: uniqueIp(),
    });
    return response.json() as { code: number; msg: string; data: { imported: number; errors?: { row: number; message: string }[] } | null };
  }
  async function template(rows: (string | number)[][]) {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/import-template', headers: { 'x-access-token': adminToken }, remoteAddress: uniqueIp() });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '账号', '用户类型', '性别', '工号/学号', '身份证号', '手机号', '邮箱', '备注']);
    sheet.spliceRows(2, 1);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('imports every row of the template, or none when one row is wrong (per-row errors)', async () => {
    const a = `imp_${tag()}`;
    const b = `imp_${tag()}`;
    const bad = await template([
      ['导入甲', a, '教师', '男', `N${a}`, idNumber(), '13800138000', '', ''],
      ['导入乙', 'bad-account', '学生', '女', '', '', '', 'x@', ''],
      ['导入丙', a, '外星人', '', '', '', '', '', ''],
    ]);
    const refused = await upload(bad);
    expect(refused.code).toBe(ResponseCode.invalidInput);
    expect(refused.msg).toBe('导入失败：2行有错误，没有导入任何用户');
    expect(refused.data!.errors!.map((e) => e.row)).toEqual([3, 4]);
    expect(refused.data!.errors![0].message).toContain('账号只能包含中文、字母、数字和下划线');
    expect(refused.data!.errors![0].message).toContain('请输入正确的邮箱地址');
    expect(refused.data!.errors![1].message).toContain('用户类型应为管理员、学生、教师或家长');
    expect(refused.data!.errors![1].message).toContain('与第2行重复');
    expect((await listBy(a)).total).toBe(0);

    const good = await template([
      ['导入甲', a, '教师', '男', `N${a}`, idNumber(), '13800138000', '', ''],
      ['导入乙', b, 'Student', 'Female', '', '', '', '', '备注'],
    ]);
    const done = await upload(good);
    expect(done).toMatchObject({ code: 1, msg: '导入成功', data: { imported: 2 } });
    expect((await listBy(a)).rows[0]).toMatchObject({ name: '导入甲', userType: '3', gender: '1', userNo: `N${a}` });
    expect((await listBy(b)).rows[0]).toMatchObject({ name: '导入乙', userType: '2', gender: '2', remark: '备注' });
    // the same file again: the accounts exist now
    const again = await upload(good, 'users.xlsx', 'en');
    expect(again.data!.errors![0].message).toBe(`The account "${a}" exists already; The job / student number "N${a}" exists already`);
  });

  it('refuses other files and an empty template', async () => {
    expect((await upload(Buffer.from('hello'), 'users.csv')).msg).toBe('只能上传.xlsx类型的文件');
    expect((await upload(Buffer.from('not a workbook'))).msg).toBe('请使用用户导入模板');
    expect((await upload(await template([]))).msg).toBe('导入文件为空，请按模板填写');
  });
});
