import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import { ResponseCode } from '../../../contracts/envelope';
import type { Guardian, GuardianAccountLine, GuardianListRow, GuardianStudent } from '../../../contracts/guardians';
import { idCheckDigit } from '../../../contracts/user-rules';
import { buildTestApp, call, encryptForServer, login, ownerQuery, seedOwnSchool, type TestApp } from '../../test/helpers';

/**
 * 家庭信息 on a school of this file's own (the demo school's 七年级: seeded students, each with one
 * parent account record P + student number, not initialised). Concurrency is real: the calls run side
 * by side, each in its own transaction on the pool.
 */

let t: TestApp;
let tenantId: string;
let code: string;
let admin: string;
const EN = { 'x-lang': 'en' };
interface Pupil {
  id: string;
  no: string;
  name: string;
}
let pupils: Pupil[];
const post = <T = unknown>(url: string, json: unknown, headers: Record<string, string> = {}, token = admin) => call<T>(t.app, 'POST', url, { token, json, headers });
const ok = async <T = unknown>(url: string, json: unknown) => {
  const { body } = await post<T>(url, json);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
let serial = 0;
/** a valid resident ID number, different on every call */
const idNumber = (gender: '1' | '2' = '1') => {
  serial += 1;
  const first = `3201021980${String(1 + (serial % 12)).padStart(2, '0')}${String(1 + (serial % 28)).padStart(2, '0')}${String(serial % 50).padStart(2, '0')}${gender === '1' ? 1 : 2}`;
  return first + idCheckDigit(first);
};
const guardian = (over: Record<string, unknown> = {}) => ({
  name: '王建国',
  relation: '51',
  phone: `139${String(10000000 + serial * 7919).slice(-8)}`,
  workUnit: '市第一人民医院',
  idType: '1',
  idNumber: idNumber(),
  livesWith: true,
  emergencyOrder: null,
  ...over,
});
const guardiansOf = async (student: Pupil) => (await ok<{ student: GuardianStudent; guardians: Guardian[] }>('/api/guardians/of-student', { studentId: student.id })).guardians;
const personCount = async () => (await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int n FROM users WHERE tenant_id = $1 AND user_type = '4'`, [tenantId]))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'gd' }));
  admin = await login(t.app, code, 'admin');
  pupils = (
    await ownerQuery<{ id: string; user_no: string; name: string }>(t.db, `SELECT id, user_no, name FROM users WHERE tenant_id = $1 AND user_type = '2' ORDER BY user_no LIMIT 12`, [tenantId])
  ).map((row) => ({ id: row.id, no: row.user_no, name: row.name }));
});
afterAll(() => t?.close());

describe('家庭信息', () => {
  it('lists students with their guardians: by student number, by guardian phone, by class (the org tree)', async () => {
    const [first] = pupils;
    const byNo = await ok<TableAData<GuardianListRow>>('/api/guardians/list', { currPage: 0, limit: 10, search: JSON.stringify({ keyword: first.no }) });
    expect(byNo.total).toBe(1);
    expect(byNo.rows[0]).toMatchObject({ studentId: first.id, studentName: first.name, guardians: [expect.objectContaining({ relation: expect.stringMatching(/^5[12]$/), hasAccount: false })] });
    const phone = byNo.rows[0].guardians[0].phone;
    const byPhone = await ok<TableAData<GuardianListRow>>('/api/guardians/list', { currPage: 0, limit: 10, search: { guardian: phone } });
    expect(byPhone.rows.map((row) => row.studentId)).toContain(first.id);
    const [grade] = await ownerQuery<{ id: string }>(t.db, `SELECT id FROM org_units WHERE tenant_id = $1 AND kind = 'grade' LIMIT 1`, [tenantId]);
    const byGrade = await ok<TableAData<GuardianListRow>>('/api/guardians/list', { currPage: 1, limit: 5, search: { orgUnitId: grade.id } });
    expect(byGrade.total).toBeGreaterThanOrEqual(pupils.length);
    expect(byGrade.rows).toHaveLength(5);
  });

  it('refuses bad names, phones and ID numbers with every reason (zh and en) and writes nothing', async () => {
    const before = await personCount();
    const bad = { studentId: pupils[1].id, ...guardian({ name: '王<建国>', phone: '139-abc', idNumber: '11010119800101001Y', relation: '' }) };
    const zh = (await post('/api/guardians/save', bad)).body;
    expect(zh.code).toBe(ResponseCode.invalidInput);
    expect(zh.msg).toBe('姓名不能包含特殊字符；请选择与学生关系；请输入正确的手机号或电话号码；请输入正确的18位身份证号');
    expect(zh.data).toEqual({ issues: expect.arrayContaining([{ field: 'name', message: '姓名不能包含特殊字符' }, { field: 'idNumber', message: '请输入正确的18位身份证号' }]) });
    const en = (await post('/api/guardians/save', { ...bad, name: '', phone: '', emergencyOrder: 10 }, EN)).body;
    expect(en.msg).toBe(
      'Please enter the name; Please choose the relation to the student; Please enter the phone number; Please enter a valid 18-character ID number; The emergency contact order must be 1 to 9',
    );
    // another document type: letters and digits, no resident check
    const passport = (await post('/api/guardians/save', { studentId: pupils[1].id, ...guardian({ idType: 'A', idNumber: 'E1234-5678' }) })).body;
    expect(passport.msg).toBe('证件号码只能包含字母和数字，最多30个字符');
    const unknownRelation = (await post('/api/guardians/save', { studentId: pupils[1].id, ...guardian({ relation: 'XX' }) })).body;
    expect(unknownRelation.msg).toBe('请选择与学生关系');
    expect(await personCount()).toBe(before);
  });

  it('adds a guardian without an account, edits it at the version read, refuses the same ID number for a second person', async () => {
    const student = pupils[1];
    const input = guardian({ name: '李 秀英', relation: '52', emergencyOrder: 2, idNumber: idNumber('2') });
    const { parentId } = await ok<{ parentId: string }>('/api/guardians/save', { studentId: student.id, ...input });
    const added = (await guardiansOf(student)).find((row) => row.parentId === parentId)!;
    expect(added).toMatchObject({ name: '李 秀英', relation: '52', workUnit: '市第一人民医院', idType: '1', livesWith: true, emergencyOrder: 2, hasAccount: false, account: '' });
    const [person] = await ownerQuery<{ gender: string; initialized: boolean }>(t.db, 'SELECT gender, account_initialized_at IS NOT NULL AS initialized FROM users WHERE id = $1', [parentId]);
    expect(person).toEqual({ gender: '2', initialized: false });
    await ok('/api/guardians/save', { studentId: student.id, parentId, version: added.version, ...input, workUnit: '实验中学', livesWith: false });
    expect((await guardiansOf(student)).find((row) => row.parentId === parentId)).toMatchObject({ workUnit: '实验中学', livesWith: false });
    const stale = (await post('/api/guardians/save', { studentId: student.id, parentId, version: added.version, ...input })).body;
    expect([stale.code, stale.msg]).toEqual([ResponseCode.conflict, '监护人信息已被他人修改，请刷新后重试']);
    const twin = (await post('/api/guardians/save', { studentId: pupils[2].id, ...guardian({ idNumber: input.idNumber }) })).body;
    expect([twin.code, twin.msg]).toEqual([ResponseCode.conflict, '该证件号码已登记为监护人李 秀英，请使用“关联已有监护人”']);
    expect(twin.data).toMatchObject({ parentId });
  });

  it('gives one emergency place to one guardian of a student, under concurrency too, and reorders them in one call', async () => {
    const student = pupils[3];
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, index) => post('/api/guardians/save', { studentId: student.id, ...guardian({ name: `监护人${'甲乙丙丁戊己庚辛壬癸子丑'[index]}`, emergencyOrder: 3 }) })),
    );
    const codes = attempts.map((attempt) => attempt.body.code);
    expect(codes.filter((value) => value === 1)).toHaveLength(1);
    expect(codes.filter((value) => value === ResponseCode.conflict)).toHaveLength(11);
    expect(attempts.find((attempt) => attempt.body.code !== 1)!.body.msg).toBe('紧急联系顺序3已被该学生的其他监护人占用');
    const rows = await guardiansOf(student);
    expect(rows.filter((row) => row.emergencyOrder === 3)).toHaveLength(1);
    // the seeded parent and the new one swap places 1 and 3 → 1 and 2 in one call
    const newcomer = rows.find((row) => row.emergencyOrder === 3)!;
    const seeded = rows.find((row) => row.parentId !== newcomer.parentId)!;
    await ok('/api/guardians/reorder', { studentId: student.id, parentIds: [newcomer.parentId, seeded.parentId] });
    expect((await guardiansOf(student)).map((row) => [row.parentId, row.emergencyOrder])).toEqual([
      [newcomer.parentId, 1],
      [seeded.parentId, 2],
    ]);
    const stranger = (await post('/api/guardians/reorder', { studentId: student.id, parentIds: [pupils[0].id] })).body;
    expect([stranger.code, stranger.msg]).toEqual([ResponseCode.conflict, '紧急联系人名单已变化，请刷新后重试']);
  });

  it('shares a guardian between two children; unlinking keeps the person while linked elsewhere, then removes a person without an account', async () => {
    const [older, younger] = [pupils[4], pupils[5]];
    const input = guardian({ name: '赵 兄妹父', emergencyOrder: 2 });
    const { parentId } = await ok<{ parentId: string }>('/api/guardians/save', { studentId: older.id, ...input });
    const found = await ok<{ parentId: string; idNumber: string; children: string[] }[]>('/api/guardians/find', { phone: input.phone });
    expect(found).toEqual([expect.objectContaining({ parentId, children: [older.name] })]);
    expect(found[0].idNumber).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/);
    await ok('/api/guardians/link', { studentId: younger.id, parentId, relation: '51', livesWith: true, emergencyOrder: 2 });
    expect((await guardiansOf(younger)).find((row) => row.parentId === parentId)).toMatchObject({ name: '赵 兄妹父', otherChildren: [older.name] });
    const again = (await post('/api/guardians/link', { studentId: younger.id, parentId, relation: '51', livesWith: true, emergencyOrder: null })).body;
    expect(again.msg).toBe('该监护人已是这名学生的监护人');
    const first = (await post('/api/guardians/unlink', { studentId: older.id, parentId })).body;
    expect([first.code, first.data]).toEqual([1, { removed: false }]);
    expect((await guardiansOf(older)).some((row) => row.parentId === parentId)).toBe(false);
    expect((await guardiansOf(younger)).some((row) => row.parentId === parentId)).toBe(true);
    const last = (await post('/api/guardians/unlink', { studentId: younger.id, parentId })).body;
    expect([last.code, last.data]).toEqual([1, { removed: true }]);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM users WHERE id = $1', [parentId])).toHaveLength(0);
    // 用户管理 deletes a guardian: the profile goes with the person, the child keeps the others
    const { parentId: another } = await ok<{ parentId: string }>('/api/guardians/save', { studentId: older.id, ...guardian({ name: '钱 继母', relation: '58' }) });
    expect((await post('/api/users/delete', { ids: [another] })).body.code).toBe(1);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM guardians WHERE user_id = $1', [another])).toHaveLength(0);
    expect((await guardiansOf(older)).some((row) => row.parentId === another)).toBe(false);
  });

  it('makes parent accounts: prefix + the student account, password from the ID number, one login seeing each child; a clash is refused with who holds it', async () => {
    const [child, sibling, clash, prefixed] = [pupils[6], pupils[7], pupils[8], pupils[9]];
    // the seeded parent record of `child` (named P + number, no usable account yet) gets the account; give them an ID number first
    const [seeded] = await guardiansOf(child);
    const id = idNumber('1');
    await ok('/api/guardians/save', { studentId: child.id, parentId: seeded.parentId, version: seeded.version, ...guardian({ name: seeded.name, phone: seeded.phone, idNumber: id, emergencyOrder: 1 }) });
    await ok('/api/guardians/link', { studentId: sibling.id, parentId: seeded.parentId, relation: '51', livesWith: true, emergencyOrder: 3 });
    // the clash: the name P + number is held by a staff account
    await ownerQuery(t.db, `UPDATE users SET username = 'moved_' || username WHERE tenant_id = $1 AND username = $2`, [tenantId, `P${clash.no}`]);
    await ownerQuery(t.db, `UPDATE users SET username = $2 WHERE tenant_id = $1 AND username = 'teacher'`, [tenantId, `P${clash.no}`]);
    const { lines } = await ok<{ lines: GuardianAccountLine[] }>('/api/guardians/accounts', { studentIds: [child.id, sibling.id, clash.id] });
    expect(lines.map((line) => [line.studentNo, line.account, line.result])).toEqual([
      [child.no, `P${child.no}`, 'created'],
      [sibling.no, `P${child.no}`, 'skipped'],
      [clash.no, `P${clash.no}`, 'failed'],
    ]);
    expect(lines[2].reason).toBe(`账号 P${clash.no} 已被 李明华 使用，未创建`);
    // the parent logs in with the last 6 characters of their ID number and sees both children
    const parent = await login(t.app, code, `P${child.no}`, id.slice(-6));
    const changed = await call(t.app, 'POST', '/api/saas/db/update/pwd', {
      token: parent,
      form: { oldPassword: await encryptForServer(t.app, id.slice(-6)), newPassword: await encryptForServer(t.app, 'Chosen12345') },
    });
    expect(changed.body.code, changed.body.msg).toBe(1);
    const options = (await post<{ students: { id: string }[] }>('/api/applications/options', { family: 'student' }, {}, parent)).body;
    expect(options.code, options.msg).toBe(1);
    expect(options.data.students.map((row) => row.id).sort()).toEqual([child.id, sibling.id].sort());
    // a school's own prefix
    await ok('/api/users/account-settings/save', { parentPrefix: 'JZ', studentNoTemplate: '{year}{gender}{campus}{serial:3}' });
    const [other] = await guardiansOf(prefixed);
    await ownerQuery(t.db, `UPDATE users SET id_number = $2 WHERE id = $1`, [other.parentId, idNumber('2')]);
    const second = await ok<{ lines: GuardianAccountLine[] }>('/api/guardians/accounts', { studentIds: [prefixed.id] });
    expect(second.lines.map((line) => [line.account, line.result])).toEqual([[`JZ${prefixed.no}`, 'created']]);
    const en = (await post<{ lines: GuardianAccountLine[] }>('/api/guardians/accounts', { studentIds: [prefixed.id] }, EN)).body;
    expect(en.data.lines[0].reason).toBe(`Has the parent account JZ${prefixed.no} (${other.name})`);
  });

  it('exports one row per guardian in the caller’s language, and keeps the list to jtxx', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/guardians/export', headers: { 'x-access-token': admin, 'x-lang': 'en' }, payload: { search: { keyword: pupils[0].no } } });
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(4).value).toBe('Guardian');
    expect(sheet.getRow(2).getCell(1).value).toBe(pupils[0].no);
    expect(sheet.getRow(2).getCell(5).value).toMatch(/^(Father|Mother)$/);
    const student = await login(t.app, code, 'student');
    expect((await post('/api/guardians/list', { currPage: 0, limit: 10 }, {}, student)).body.code).toBe(ResponseCode.forbidden);
  });
});
