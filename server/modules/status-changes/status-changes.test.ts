import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import { addDays, schoolDate } from '../../../contracts/school-time';
import type { StatusChangeDetail, StatusChangeRow, StatusChangeStudent } from '../../../contracts/status-changes';
import { DEMO_SCHOOL } from '../../db/seed';
import { buildTestApp, call, enrolSeededStudents, login, ownerQuery, seedOwnSchool, type TestApp } from '../../test/helpers';

/**
 * 学籍异动 on a school of this file's own (七年级: three classes); the students get their records and
 * open memberships from 1 September here. `teacher` (head teacher, xjyd_add) files, `admin` (教务处,
 * the default chain's step) audits through the applications engine.
 */

let t: TestApp;
let tenantId: string;
let admin: string;
let teacher: string;
let classes: string[];
/** 八年级's classes */
let eighth: string[];
let pupilOf: (classId: string) => string;
const today = schoolDate();
const EN = { 'x-lang': 'en' };
const post = <T = unknown>(url: string, json: unknown, token = admin, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const ok = async <T = unknown>(url: string, json: unknown, token = admin) => {
  const { body } = await post<T>(url, json, token);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
/** the next student of class index `c` not used by another test */
const pupil = (c = 0) => pupilOf(classes[c]!);
const apply = (studentId: string, changeType: string, extra: Record<string, unknown> = {}, token = teacher) =>
  post<StatusChangeDetail>('/api/status-changes/apply', { id: uuidv7(), studentId, changeType, effectiveDate: today, reason: '测试', ...extra }, token);
const filed = async (studentId: string, changeType: string, extra: Record<string, unknown> = {}, token = teacher) => {
  const { body } = await apply(studentId, changeType, extra, token);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
const audit = (change: { id: string; version: number }, token = admin) => post('/api/applications/audit', { id: change.id, version: change.version, decision: 'pass', opinion: '' }, token);
const approve = async (change: { id: string; version: number }) => {
  const { body } = await audit(change);
  expect(body.code, body.msg).toBe(1);
};
const memberships = (studentId: string) =>
  ownerQuery<{ class_id: string; from_date: string; to_date: string | null; status_change_id: string | null }>(
    t.db,
    `SELECT class_id, from_date::text, to_date::text, status_change_id FROM class_memberships WHERE tenant_id = $1 AND student_id = $2 ORDER BY from_date, created_at`,
    [tenantId, studentId],
  );
const facts = async (studentId: string) =>
  (
    await ownerQuery<{ org_unit_id: string | null; status: string }>(
      t.db,
      `SELECT u.org_unit_id, s.status FROM users u JOIN students s ON s.tenant_id = u.tenant_id AND s.user_id = u.id WHERE u.tenant_id = $1 AND u.id = $2`,
      [tenantId, studentId],
    )
  )[0];
const open = async (studentId: string) => (await memberships(studentId)).filter((m) => m.to_date === null);

beforeAll(async () => {
  t = await buildTestApp();
  let code: string;
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'sc', grades: DEMO_SCHOOL.grades.filter((grade) => grade.level === 7 || grade.level === 8) }));
  admin = await login(t.app, code, 'admin');
  teacher = await login(t.app, code, 'teacher');
  const classesOf = async (level: number) =>
    (await ownerQuery<{ id: string }>(t.db, `SELECT id FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND grade_level = $2 ORDER BY code`, [tenantId, level])).map((r) => r.id);
  classes = await classesOf(7);
  eighth = await classesOf(8);
  pupilOf = await enrolSeededStudents(t.db, tenantId, { since: '2025-09-01', boarding: true });
});

afterAll(async () => {
  await t.close();
});

describe('学籍异动: each type takes effect on approval', () => {
  it('转班 closes the open membership the day before and opens the new class; users.org_unit_id follows; the list says 已生效', async () => {
    const id = pupil(0);
    const change = await filed(id, 'class_change', { toClassId: classes[1] });
    expect(change).toMatchObject({ state: 'pending', changeType: 'class_change', effective: true, auditState: 'pending:role:teaching_office' });
    expect((await facts(id)).org_unit_id).toBe(classes[0]);
    await approve(change);
    expect(await memberships(id)).toEqual([
      { class_id: classes[0], from_date: '2025-09-01', to_date: today, status_change_id: change.id },
      { class_id: classes[1], from_date: today, to_date: null, status_change_id: change.id },
    ]);
    expect(await facts(id)).toEqual({ org_unit_id: classes[1], status: 'studying' });
    const detail = await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id });
    expect(detail).toMatchObject({ state: 'applied', appliedOn: today, mayAudit: false, mayWithdraw: false });
    expect(detail.events.map((e) => e.action)).toEqual(['submit', 'pass']);

    // the rolls read the roster of their date: yesterday's of the old class still has them, today's the new one
    const roll = async (classId: string, date: string) =>
      (await ok<{ entries: { studentId: string }[] }>('/api/attendance/roll', { classId, date })).entries.map((entry) => entry.studentId);
    const yesterday = addDays(today, -1);
    const semesterHasYesterday = (await post<unknown>('/api/attendance/roll', { classId: classes[0], date: yesterday })).body.code === 1;
    if (semesterHasYesterday) expect(await roll(classes[0], yesterday)).toContain(id);
    expect(await roll(classes[0], today)).not.toContain(id);
    expect(await roll(classes[1], today)).toContain(id);
  });

  it('休学 closes the membership, leaves no class, makes the student suspended and releases their bed; 复学 brings them back to a class of the grade', async () => {
    const id = pupil(0);
    const buildingId = (await ok<{ id: string }>('/api/dorm-buildings/save', { code: 7, name: '学籍测试楼', floors: 3, campusId: (await ownerQuery<{ id: string }>(t.db, 'SELECT id FROM campuses WHERE tenant_id = $1 ORDER BY code LIMIT 1', [tenantId]))[0].id })).id;
    const gender = (await ownerQuery<{ gender: string }>(t.db, 'SELECT gender FROM users WHERE id = $1', [id]))[0].gender;
    const roomId = (await ok<{ id: string }>('/api/dorm-rooms/save', { code: 'X101', buildingId, floor: 1, totalBeds: 4, validBeds: 4, gender })).id;
    await ok('/api/dorms/place', { studentId: id, roomId, bedNo: 1, date: addDays(today, -3) });

    await approve(await filed(id, 'suspend'));
    expect(await open(id)).toEqual([]);
    expect(await facts(id)).toEqual({ org_unit_id: null, status: 'suspended' });
    const stays = await ownerQuery<{ to_date: string; end_reason: string }>(t.db, 'SELECT to_date::text, end_reason FROM dorm_stays WHERE tenant_id = $1 AND student_id = $2', [tenantId, id]);
    expect(stays).toEqual([{ to_date: today, end_reason: 'release' }]);

    // a suspended student cannot change class or be suspended again, in the user's words
    const again = await apply(id, 'class_change', { toClassId: classes[1] });
    expect(again.body).toMatchObject({ code: ResponseCode.unprocessable, msg: '只有在读的学生才能办理该异动' });

    const back = await filed(id, 'resume', { toClassId: classes[2] });
    await approve(back);
    expect((await open(id)).map((m) => m.class_id)).toEqual([classes[2]]);
    expect(await facts(id)).toEqual({ org_unit_id: classes[2], status: 'studying' });
  });

  it('转出 leaves no class and makes the student transferred; 插班 takes them into a class again; every past row stays', async () => {
    const id = pupil(1);
    await approve(await filed(id, 'transfer_out'));
    expect(await facts(id)).toEqual({ org_unit_id: null, status: 'transferred' });
    expect(await open(id)).toEqual([]);
    const resume = await apply(id, 'resume', { toClassId: classes[1] }, teacher);
    expect(resume.body.msg).toBe('只有休学的学生才能复学');
    await approve(await filed(id, 'insert', { toClassId: classes[0] }));
    expect(await facts(id)).toEqual({ org_unit_id: classes[0], status: 'studying' });
    const rows = await memberships(id);
    expect(rows[0]).toMatchObject({ class_id: classes[1], from_date: '2025-09-01', to_date: today });
    expect(rows.filter((m) => m.to_date === null).map((m) => m.class_id)).toEqual([classes[0]]);
  });
});

describe('学籍异动: rules', () => {
  it('复学 returns to a class of the grade the last class is in now: after a semester upgrade moved that class on, the next grade', async () => {
    const id = pupil(1);
    await approve(await filed(id, 'suspend'));
    // the grade of the last class (七年级): a class of 八年级 is refused, in the user's words; the form's call offers 七年级's classes
    expect((await apply(id, 'resume', { toClassId: eighth[0] })).body).toMatchObject({ code: ResponseCode.unprocessable, msg: '复学只能回到七年级的班级' });
    const targets = () => ok<StatusChangeStudent>('/api/status-changes/student', { studentId: id }, teacher);
    expect(await targets()).toEqual({ resumeClassIds: classes, resumeGrade: { zh: '七年级', en: expect.any(String) } });
    // the semester upgrade moves grades and classes on in place (calendar.service: grade_level + 1, renamed):
    // the student's last class is of 八年级 now, so they return to a class of 八年级
    const [lastClass] = (await memberships(id)).map((m) => m.class_id);
    const grade = (await ownerQuery<{ parent_id: string }>(t.db, 'SELECT parent_id FROM org_units WHERE id = $1', [lastClass]))[0].parent_id;
    await ownerQuery(t.db, `UPDATE org_units SET grade_level = grade_level + 10 WHERE tenant_id = $1 AND grade_level = 8`, [tenantId]);
    await ownerQuery(t.db, `UPDATE org_units SET grade_level = 8, name = replace(name, '七年级', '八年级') WHERE tenant_id = $1 AND (id = $2 OR parent_id = $2)`, [tenantId, grade]);
    try {
      expect(await targets()).toMatchObject({ resumeClassIds: classes, resumeGrade: { zh: '八年级' } });
      expect((await apply(id, 'resume', { toClassId: classes[2] })).body.code).toBe(1);
      const refused = await apply(id, 'resume', { toClassId: eighth[0] });
      expect(refused.body.msg).toBe('复学只能回到八年级的班级');
    } finally {
      await ownerQuery(t.db, `UPDATE org_units SET grade_level = 7, name = replace(name, '八年级', '七年级') WHERE tenant_id = $1 AND (id = $2 OR parent_id = $2)`, [tenantId, grade]);
      await ownerQuery(t.db, `UPDATE org_units SET grade_level = grade_level - 10 WHERE tenant_id = $1 AND grade_level = 18`, [tenantId]);
    }
  });

  it("the form's student call: any current class for a student without a class history, none when the last grade graduated; an unknown student refused", async () => {
    const [newcomer] = await ownerQuery<{ id: string }>(
      t.db,
      `INSERT INTO users (tenant_id, id, username, password_hash, name, user_type) VALUES ($1, $2, $3, '', '插班生', '2') RETURNING id`,
      [tenantId, uuidv7(), `sc_new_${Date.now()}`],
    );
    expect(await ok<StatusChangeStudent>('/api/status-changes/student', { studentId: newcomer.id }, teacher)).toEqual({ resumeClassIds: null, resumeGrade: null });
    const id = pupil(2);
    await ownerQuery(t.db, `UPDATE org_units SET graduated = true WHERE id = (SELECT parent_id FROM org_units WHERE id = $1)`, [classes[2]]);
    try {
      expect(await ok<StatusChangeStudent>('/api/status-changes/student', { studentId: id }, teacher)).toEqual({ resumeClassIds: [], resumeGrade: null });
    } finally {
      await ownerQuery(t.db, `UPDATE org_units SET graduated = false WHERE id = (SELECT parent_id FROM org_units WHERE id = $1)`, [classes[2]]);
    }
    const unknown = await post('/api/status-changes/student', { studentId: uuidv7() }, teacher, EN);
    expect(unknown.body).toMatchObject({ code: ResponseCode.invalidInput, msg: expect.stringMatching(/student/i) });
  });

  it('refuses bad input with a clear message (zh, en) and files nothing', async () => {
    const id = pupil(0);
    const before = await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int n FROM status_changes WHERE tenant_id = $1', [tenantId]);
    expect((await apply(id, 'class_change')).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '请选择转入的班级' });
    expect((await apply(id, 'suspend', { toClassId: classes[1] })).body.msg).toBe('转出和休学不需要选择班级');
    expect((await apply(id, 'class_change', { toClassId: classes[0] })).body.msg).toBe('转入的班级就是学生现在的班级');
    expect((await apply(id, 'insert', { toClassId: classes[1] })).body.msg).toBe('学生已在班级中，请改用转班');
    const past = await call(t.app, 'POST', '/api/status-changes/apply', {
      token: teacher,
      headers: EN,
      json: { id: uuidv7(), studentId: id, changeType: 'suspend', effectiveDate: addDays(today, -1), reason: 'x' },
    });
    expect(past.body).toMatchObject({ code: ResponseCode.invalidInput, msg: `The effective date cannot be before today (${today})` });
    const grade = await ownerQuery<{ id: string }>(t.db, `SELECT parent_id id FROM org_units WHERE id = $1`, [classes[0]]);
    expect((await apply(id, 'class_change', { toClassId: grade[0].id })).body.msg).toBe('转入的班级不是本校在用的班级');
    const after = await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int n FROM status_changes WHERE tenant_id = $1', [tenantId]);
    expect(after).toEqual(before);
  });

  it('nobody audits a change they filed', async () => {
    const change = await filed(pupil(0), 'class_change', { toClassId: classes[1] }, admin);
    const detail = await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id });
    // the filer may withdraw it instead (撤回, the engine's rule: pending, nobody audited it)
    expect(detail).toMatchObject({ mayAudit: false, note: '不能审核自己的申请', mayWithdraw: true });
    const { body } = await audit(change);
    expect(body.code).toBe(ResponseCode.forbidden);
    expect((await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id })).state).toBe('pending');
    await ok('/api/applications/withdraw', { id: change.id, version: detail.version });
    expect(await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id })).toMatchObject({ state: 'withdrawn', mayWithdraw: false });
  });

  it('two changes of one student approved at once: one after the other, never two open memberships', async () => {
    const id = pupil(0);
    const toB = await filed(id, 'class_change', { toClassId: classes[1] });
    const toC = await filed(id, 'class_change', { toClassId: classes[2] });
    const answers = await Promise.all([audit(toB), audit(toC)]);
    // both pass (the second reads what the first did) — the membership rules hold whatever the order
    expect(answers.map((a) => a.body.code)).toEqual([1, 1]);
    const opened = await open(id);
    expect(opened).toHaveLength(1);
    expect((await facts(id)).org_unit_id).toBe(opened[0].class_id);
    // two 休学 at once: the second no longer fits (the student is suspended), and its approval is undone
    const other = pupil(0);
    const first = await filed(other, 'suspend');
    const second = await filed(other, 'suspend');
    const both = await Promise.all([audit(first), audit(second)]);
    expect(both.map((a) => a.body.code).sort()).toEqual([1, ResponseCode.unprocessable]);
    expect(both.find((a) => a.body.code !== 1)?.body.msg).toBe('只有在读的学生才能办理该异动');
    expect(await open(other)).toEqual([]);
    expect(await facts(other)).toEqual({ org_unit_id: null, status: 'suspended' });
    const states = await ownerQuery<{ state: string }>(t.db, `SELECT state FROM applications WHERE tenant_id = $1 AND id = ANY($2::uuid[]) ORDER BY state`, [tenantId, [first.id, second.id]]);
    expect(states.map((s) => s.state)).toEqual(['approved', 'pending']);
  });

  it('a future-dated change waits (待生效) and the sweep applies it on its date; the roster of today still has the student', async () => {
    const id = pupil(0);
    const tomorrow = addDays(today, 1);
    const change = await filed(id, 'class_change', { toClassId: classes[2], effectiveDate: tomorrow });
    await approve(change);
    expect((await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id })).state).toBe('scheduled');
    expect((await facts(id)).org_unit_id).toBe(classes[0]);
    expect(await t.app.services.statusChanges.applyDue(t.db, today)).toMatchObject({ failed: 0 });
    expect((await open(id))[0].class_id).toBe(classes[0]);

    await t.app.services.statusChanges.applyDue(t.db, tomorrow);
    expect(await memberships(id)).toEqual([
      { class_id: classes[0], from_date: '2025-09-01', to_date: tomorrow, status_change_id: change.id },
      { class_id: classes[2], from_date: tomorrow, to_date: null, status_change_id: change.id },
    ]);
    expect((await facts(id)).org_unit_id).toBe(classes[2]);
    const roster = (day: string, classId: string) =>
      ownerQuery<{ n: number }>(
        t.db,
        `SELECT count(*)::int n FROM class_memberships WHERE tenant_id = $1 AND student_id = $2 AND class_id = $3 AND from_date <= $4::date AND (to_date IS NULL OR to_date > $4::date)`,
        [tenantId, id, classId, day],
      );
    expect(await roster(today, classes[0])).toEqual([{ n: 1 }]);
    expect(await roster(tomorrow, classes[2])).toEqual([{ n: 1 }]);
    const { rows } = await ok<{ rows: StatusChangeRow[] }>('/api/status-changes/list', { currPage: 0, limit: 10, search: JSON.stringify({ state: 'applied', keyword: '' }) });
    expect(rows.some((row) => row.id === change.id)).toBe(true);
  });

  it('lists by type and state for whoever holds the menu, and the todo scope holds what the caller may audit', async () => {
    const waiting = await filed(pupil(2), 'suspend');
    const todo = await ok<{ total: number; rows: StatusChangeRow[] }>('/api/status-changes/list', { currPage: 0, limit: 50, search: JSON.stringify({ scope: 'todo' }) });
    expect(todo.rows.length).toBeGreaterThan(0);
    expect(todo.rows.every((row) => row.mayAudit && row.state === 'pending')).toBe(true);
    expect(todo.rows.map((row) => row.id)).toContain(waiting.id);
    const suspensions = await ok<{ rows: StatusChangeRow[] }>('/api/status-changes/list', { currPage: 0, limit: 50, search: JSON.stringify({ changeType: 'suspend' }) }, teacher);
    expect(suspensions.rows.every((row) => row.changeType === 'suspend')).toBe(true);
    const student = await login(t.app, (await ownerQuery<{ code: string }>(t.db, 'SELECT code FROM tenants WHERE id = $1', [tenantId]))[0].code, 'student');
    expect((await post('/api/status-changes/list', { currPage: 0, limit: 10 }, student)).body.code).toBe(ResponseCode.forbidden);
  });
});

describe('学籍异动: who may take a change back, who reads a student’s changes', () => {
  const schoolCode = async () => (await ownerQuery<{ code: string }>(t.db, 'SELECT code FROM tenants WHERE id = $1', [tenantId]))[0]!.code;

  it('the student and their parent may not withdraw a change filed about them (40300, in words); the filer may; the student still withdraws their own leave', async () => {
    const id = pupil(1);
    const change = await filed(id, 'suspend');
    const [family] = await ownerQuery<{ student: string; parent: string }>(
      t.db,
      `SELECT s.username student, p.username parent FROM users s JOIN parent_students ps ON ps.tenant_id = s.tenant_id AND ps.student_id = s.id
         JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id WHERE s.tenant_id = $1 AND s.id = $2 LIMIT 1`,
      [tenantId, id],
    );
    const code = await schoolCode();
    const student = await login(t.app, code, family!.student);
    const parent = await login(t.app, code, family!.parent);
    const asStudent = await post('/api/applications/withdraw', { id: change.id, version: change.version }, student);
    expect([asStudent.body.code, asStudent.body.msg]).toEqual([ResponseCode.forbidden, '只有提交人可以撤回此申请']);
    const asParent = await post('/api/applications/withdraw', { id: change.id, version: change.version }, parent, EN);
    expect([asParent.body.code, asParent.body.msg]).toEqual([ResponseCode.forbidden, 'Only the person who filed this application can withdraw it']);
    // the engine's detail tells the family so (no 撤回 button), and the change still waits
    expect((await post<{ can: { withdraw: boolean } }>('/api/applications/get', { id: change.id }, parent)).body.data.can.withdraw).toBe(false);
    expect(await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id }, teacher)).toMatchObject({ state: 'pending', mayWithdraw: true });
    await ok('/api/applications/withdraw', { id: change.id, version: change.version }, teacher);
    expect((await ok<StatusChangeDetail>('/api/status-changes/get', { id: change.id })).state).toBe('withdrawn');

    // 申请管理's own kinds are the family's: the student takes back the leave they asked for
    const day = addDays(today, 20);
    const leave = await ok<{ id: string; version: number }>(
      '/api/applications/save',
      { id: uuidv7(), kind: 'student_leave', applicantId: id, leaveType: '1', startsAt: `${day}T08:00:00+08:00`, endsAt: `${day}T17:00:00+08:00`, reason: '身体不适' },
      student,
    );
    expect((await post<{ state: string }>('/api/applications/withdraw', { id: leave.id, version: leave.version }, student)).body.data).toMatchObject({ state: 'withdrawn' });
  });

  it('a student’s changes (学生信息’s status history) are read by holders of 学生信息’s view only, checked by the service itself', async () => {
    const id = pupil(1);
    const change = await filed(id, 'suspend');
    const ofStudent = (token: string) =>
      t.app.services.auth.withSession(token, (scope, session) => t.app.services.statusChanges.ofStudent(scope.tx, session!, id).then((rows) => rows.map((row) => row.id)));
    expect(await ofStudent(admin)).toContain(change.id);
    const student = await login(t.app, await schoolCode(), 'student');
    await expect(ofStudent(student)).rejects.toMatchObject({ code: ResponseCode.forbidden });
  });
});
