import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import { ResponseCode } from '../../../contracts/envelope';
import { resourceUrls } from '../../../contracts/resource';
import { STUDENT_DETAIL_URL, students } from '../../../contracts/resources/students';
import type { StudentDetail } from '../../../contracts/students';
import { buildTestApp, call, login, newStudentInput, ownerQuery, residentIdNumber, type TestApp, tenantIdOf } from '../../test/helpers';
import { kitTemplateWith, kitUpload } from '../../test/kit-import';

/** 学生信息 on the demo school: the tests add students numbered with their own tag; the seeded ones are only read. */

let t: TestApp;
let demoId: string;
let admin: string;
let pupil: string;
const tag = String(Math.floor(Math.random() * 9000) + 1000);
const EN = { 'x-lang': 'en' };
const urls = resourceUrls(students);
type Row = Record<string, unknown> & { id: string; version: number };
const post = <T = unknown>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const list = async (search: Record<string, string>, token = admin) => (await post<TableAData<Row>>(urls.list, token, { currPage: 0, limit: 100, search })).body;

let classId: string;
let classCode: string;
let gradeId: string;
let campusId: string;
const input = (over: Record<string, unknown> = {}) => newStudentInput({ tag: `T${tag}`, campusId, classId }, over);
const counts = async () =>
  (
    await ownerQuery<{ users: number; students: number; memberships: number }>(
      t.db,
      `SELECT (SELECT count(*)::int FROM users WHERE tenant_id = $1) users, (SELECT count(*)::int FROM students WHERE tenant_id = $1) students, (SELECT count(*)::int FROM class_memberships WHERE tenant_id = $1) memberships`,
      [demoId],
    )
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  admin = await login(t.app, 'demo', 'admin');
  pupil = await login(t.app, 'demo', 'student');
  const [klass] = await ownerQuery<{ id: string; code: string; parent_id: string; campus_id: string }>(
    t.db,
    "SELECT id, code, parent_id, campus_id FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND campus_id IS NOT NULL ORDER BY code LIMIT 1",
    [demoId],
  );
  ({ id: classId, code: classCode, parent_id: gradeId, campus_id: campusId } = klass);
  // the file adds students to this seeded class (45 places, 40 taken): no capacity (班级管理's test holds the capacity's own rules)
  await ownerQuery(t.db, 'UPDATE class_profiles SET capacity = NULL WHERE tenant_id = $1 AND org_unit_id = $2', [demoId, classId]);
});

afterAll(async () => {
  const mine = `SELECT id FROM users WHERE tenant_id = $1 AND user_no LIKE $2`;
  for (const table of ['class_memberships WHERE student_id', 'students WHERE user_id', 'user_roles WHERE user_id']) {
    await ownerQuery(t.db, `DELETE FROM ${table} IN (${mine}) AND tenant_id = $1`, [demoId, `%${tag}%`]);
  }
  await ownerQuery(t.db, 'DELETE FROM users WHERE tenant_id = $1 AND user_no LIKE $2', [demoId, `%${tag}%`]);
  await t.close();
});

describe('学生信息', () => {
  it('lists the seeded students with their class and campus, searches by name, number and ID, and by a grade of the org tree', async () => {
    const all = await list({});
    expect(all.code, all.msg).toBe(1);
    expect(all.data.total).toBeGreaterThan(100);
    // the first in a class (the database is shared: 学籍异动's tests move and suspend students meanwhile)
    const first = all.data.rows.find((row) => row.status === 'studying' && row.classIdName)!;
    expect(first).toMatchObject({ status: 'studying', nationality: '156', idType: '1' });
    expect(first.classIdName).toMatch(/班/);
    expect(first.pinyin).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const byName = await list({ keyword: String(first.name) });
    expect(byName.data.rows.map((row) => row.id)).toContain(first.id);
    expect((await list({ keyword: String(first.idNumber) })).data.rows.map((row) => row.id)).toEqual([first.id]);
    // a grade finds the students of its classes
    const ofGrade = await list({ classId: gradeId });
    expect(ofGrade.data.total).toBeGreaterThan(0);
    expect(ofGrade.data.rows.every((row) => row.classId !== '')).toBe(true);
    expect((await list({ classId })).data.rows.every((row) => row.classId === classId)).toBe(true);
    // a student (no 学生信息 menu) may not read it
    expect((await post(urls.list, pupil, { currPage: 0, limit: 10, search: {} })).body.code).toBe(ResponseCode.forbidden);
  });

  it("counts a school's students without a search through xiaowu_student_count (0035): exactly the rows RLS lets the caller see, never another school's", async () => {
    const kgId = await tenantIdOf(t.db, 'kg');
    const schoolStudents = async (tenantId: string) => (await ownerQuery<{ n: number }>(t.db, "SELECT count(*)::int n FROM users WHERE tenant_id = $1 AND user_type = '2'", [tenantId]))[0].n;
    const [{ n: everySchool }] = await ownerQuery<{ n: number }>(t.db, "SELECT count(*)::int n FROM users WHERE user_type = '2'");
    for (const [tenantId, token] of [
      [demoId, admin],
      [kgId, await login(t.app, 'kg', 'admin')],
    ] as const) {
      // one statement, one snapshot: the function's count beside what the app role sees of the view under RLS
      const [row] = (
        await t.db.withTenant(tenantId, (tx) =>
          tx.execute<{ counted: number; seen: number; foreign: number }>(
            sql`SELECT xiaowu_student_count()::int AS counted, (SELECT count(*)::int FROM student_records) AS seen, (SELECT count(*)::int FROM student_records WHERE tenant_id <> ${tenantId}::uuid) AS foreign`,
          ),
        )
      ).rows;
      expect(row.seen).toBeGreaterThan(0);
      expect(row.counted).toBe(row.seen);
      expect(row.foreign).toBe(0);
      expect(row.counted).toBeLessThan(everySchool);
      // the screen's first page gives that total (the database is shared: another file may add a student meanwhile)
      const before = await schoolStudents(tenantId);
      const page = (await post<TableAData<Row>>(urls.list, token, { currPage: 0, limit: 10, search: {} })).body;
      const after = await schoolStudents(tenantId);
      expect(page.data.rows).toHaveLength(10);
      expect(page.data.total).toBeGreaterThanOrEqual(Math.min(before, after));
      expect(page.data.total).toBeLessThanOrEqual(Math.max(before, after));
    }
    // no school bound (app.tenant_id unset): nothing, as the tenant policy
    const unbound = await t.db.withAppRole((scope) => scope.tx.execute<{ counted: number }>(sql`SELECT xiaowu_student_count()::int AS counted`));
    expect(unbound.rows[0].counted).toBe(0);
  });

  it('shows the detail tabs of the demo student: family, class history, scores and this semester attendance', async () => {
    const [{ id }] = await ownerQuery<{ id: string }>(t.db, "SELECT id FROM users WHERE tenant_id = $1 AND username = 'student'", [demoId]);
    const { body } = await post<StudentDetail>(STUDENT_DETAIL_URL, admin, { id });
    expect(body.code, body.msg).toBe(1);
    expect(body.data.family).toContainEqual(expect.objectContaining({ account: 'parent', relation: expect.objectContaining({ name: expect.stringMatching(/^(父亲|母亲)$/) }) }));
    expect(body.data.history).toEqual([expect.objectContaining({ toDate: '', seatNo: 1, className: expect.objectContaining({ name: expect.stringMatching(/班$/) }) })]);
    expect(body.data.scores.length).toBeGreaterThan(0);
    expect(body.data.attendance.counts.reduce((sum, row) => sum + row.days, 0)).toBeGreaterThan(0);
    expect(body.data.places.nativePlace).toMatch(/\S+ \S+/);
    expect((await post(STUDENT_DETAIL_URL, admin, { id: demoId })).body.code).toBe(ResponseCode.notFound);
    expect((await post(STUDENT_DETAIL_URL, pupil, { id })).body.code).toBe(ResponseCode.forbidden);
  });

  it('adds a student without an account: users, students and an open class membership in one write; the number from the template when empty', async () => {
    const before = await counts();
    const saved = await post<{ id: string }>(urls.save, admin, input({ studentNo: '', name: '单文浩' }));
    expect(saved.body.code, saved.body.msg).toBe(1);
    const id = saved.body.data.id;
    const [user] = await ownerQuery<{ username: string; user_no: string; user_type: string; account_initialized_at: string | null; org_unit_id: string }>(
      t.db,
      'SELECT username, user_no, user_type, account_initialized_at, org_unit_id FROM users WHERE tenant_id = $1 AND id = $2',
      [demoId, id],
    );
    // {year}{gender}{campus}{serial:3}: enrolled 2020, male
    expect(user.user_no).toMatch(/^20201\d\d{3}$/);
    expect(user).toMatchObject({ username: user.user_no, user_type: '2', account_initialized_at: null, org_unit_id: classId });
    expect(await counts()).toEqual({ users: before.users + 1, students: before.students + 1, memberships: before.memberships + 1 });
    const [membership] = await ownerQuery<{ from_date: string; to_date: string | null }>(t.db, "SELECT from_date::text, to_date FROM class_memberships WHERE tenant_id = $1 AND student_id = $2", [demoId, id]);
    expect(membership).toEqual({ from_date: '2020-09-01', to_date: null });
    const row = (await list({ keyword: user.user_no })).data.rows[0];
    expect(row).toMatchObject({ pinyin: 'Shan Wenhao', hasAccount: false, classId });
    // no password logs in until 账号初始化
    const attempt = await call(t.app, 'POST', '/api/auth/login', { json: { username: user.user_no, password: '123456', tenant: 'demo' } });
    expect(attempt.body.code).not.toBe(1);
    await ownerQuery(t.db, 'UPDATE users SET user_no = $3, username = $3 WHERE tenant_id = $1 AND id = $2', [demoId, id, `G${tag}`]);
  });

  it('says what is wrong with each field in the caller language and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, '请输入姓名', 'Enter the name'],
      [{ idNumber: '110101201403050011' }, '请输入正确的18位身份证号', 'Please enter a valid 18-character ID number'],
      [{ birthDate: '2014-03-06' }, '出生日期与身份证号中的出生日期不一致', 'The birth date differs from the one in the ID number'],
      [{ enrolmentDate: '2013-09-01' }, '出生日期应早于入学日期', 'The birth date must be before the enrolment date'],
      [{ classId: gradeId }, '请选择班级（不能选择学校、部门或年级）', 'Choose a class (not a school, department or grade)'],
      [{ phone: '12ab' }, '联系电话格式不正确', 'The phone is not a valid phone number'],
      [{ nativePlace: '999999' }, '籍贯不存在', 'The native place does not exist'],
      [{ status: 'left' }, '学籍状态取值无效', 'status'],
    ];
    for (const [over, zh, en] of cases) {
      const body = input(over);
      const answer = (await post(urls.save, admin, body)).body;
      expect(answer.code, JSON.stringify(over)).toBe(ResponseCode.invalidInput);
      expect(answer.msg).toContain(zh);
      expect((await post(urls.save, admin, body, EN)).body.msg).toContain(en);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps the class read-only on an edit (学籍异动 moves students), and edits the rest with the version read', async () => {
    const body = input();
    const id = (await post<{ id: string }>(urls.save, admin, body)).body.data.id;
    const [other] = await ownerQuery<{ id: string }>(t.db, "SELECT id FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND id <> $2 LIMIT 1", [demoId, classId]);
    const moved = (await post(urls.save, admin, { ...body, id, version: 1, classId: other.id }, EN)).body;
    expect(moved).toMatchObject({ code: ResponseCode.invalidInput, msg: 'The class cannot be changed here: class changes go through status changes' });
    const edited = (await post(urls.save, admin, { ...body, id, version: 1, boarding: true, address: '学府路2号' })).body;
    expect(edited.code, edited.msg).toBe(1);
    expect((await list({ keyword: body.studentNo })).data.rows[0]).toMatchObject({ boarding: true, address: '学府路2号', version: 2, classId });
    expect((await post(urls.save, admin, { ...body, id, version: 1 })).body.code).toBe(ResponseCode.conflict);
  });

  it('gives one student number to exactly one of twenty concurrent adds', async () => {
    const studentNo = `C${tag}001`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(urls.save, admin, input({ studentNo }), EN)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 1)).toHaveLength(1);
    expect(codes.filter((code) => code === ResponseCode.conflict)).toHaveLength(19);
    expect(answers.find((answer) => answer.body.code !== 1)!.body.msg).toContain(studentNo);
    expect((await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int n FROM users WHERE tenant_id = $1 AND user_no = $2', [demoId, studentNo]))[0].n).toBe(1);
  });

  it('imports a filled template: the dry run lists every bad row and changes nothing; apply writes all or nothing', async () => {
    const row = (n: string, over: Record<string, unknown> = {}) => ({
      studentNo: `I${tag}${n}`,
      name: `导入${'甲乙丙丁'[Number(n) % 4]}`,
      gender: '男',
      birthDate: '2014-03-05',
      nationality: '中国',
      idType: '居民身份证',
      idNumber: residentIdNumber('2014-03-05', Number(n)),
      campusId: '本部校区',
      classId: classCode,
      enrolmentDate: '2020-09-01',
      status: '在读',
      boarding: '走读',
      ...over,
    });
    const before = await counts();
    const bad = await kitTemplateWith(t.app, students, admin, [row('1'), row('2', { idNumber: '123' }), row('3', { classId: 'NOPE' }), row('4', { studentNo: `I${tag}1` })]);
    const check = await kitUpload(t.app, urls.importCheck, bad, admin);
    expect(check.code, check.msg).toBe(1);
    expect(check.data.issues.map((issue) => [issue.row, issue.field])).toEqual([
      [3, 'idNumber'],
      [4, 'classId'],
      [5, 'studentNo'],
    ]);
    const apply = await kitUpload(t.app, urls.importApply, bad, admin, EN);
    expect(apply.code).toBe(ResponseCode.invalidInput);
    expect(await counts()).toEqual(before);
    const good = await kitTemplateWith(t.app, students, admin, [row('1'), row('2'), row('3', { studentNo: '' })]);
    const applied = await kitUpload(t.app, urls.importApply, good, admin);
    expect(applied, applied.msg).toMatchObject({ code: 1, data: { added: 3, updated: 0 } });
    expect(await counts()).toEqual({ users: before.users + 3, students: before.students + 3, memberships: before.memberships + 3 });
    await ownerQuery(t.db, "UPDATE users SET user_no = 'Y' || $2 || user_no, username = 'Y' || $2 || username WHERE tenant_id = $1 AND user_no ~ '^2020' AND created_at > now() - interval '1 minute' AND name LIKE '导入%'", [demoId, tag]);
  });
});
