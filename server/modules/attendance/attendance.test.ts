import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceChange, AttendanceClass, AttendanceMissingData, AttendanceRoll, AttendanceSummaryData } from '../../../contracts/attendance';
import type { TableAData } from '../../../contracts/envelope';
import type { AttendanceHistoryRow } from '../../../contracts/attendance';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';
import { addDays, schoolDate, weekday } from './school-day';

/**
 * Student attendance and the Idempotency-Key store against the seeded demo school. Each test takes
 * its own class and day among the last nine days (the seed leaves them without rolls), so tests
 * never see each other's writes.
 */

let t: TestApp;
let demoId: string;
let teacher: string;
let admin: string;
let kgAdmin: string;
const classIds: Record<string, string> = {};
const today = schoolDate(new Date());
const daysBack = (n: number) => addDays(today, -n);
/** the last weekday among today-5 … today-8 (four days always hold one) */
const weekdayBack = () => [5, 6, 7, 8].map(daysBack).find((d) => weekday(d) !== 0 && weekday(d) !== 6)!;

const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });

const rollOf = async (className: string, date: string, token = teacher) => {
  const { body } = await post<AttendanceRoll>('/api/attendance/roll', token, { classId: classIds[className], date });
  expect(body.code, body.msg).toBe(1);
  return body.data;
};

const submit = (token: string, body: unknown, key?: string) =>
  post<AttendanceRoll>('/api/attendance/submit', token, body, key ? { 'idempotency-key': key } : {});

/** rows in a table for one roll of the demo school */
const rollRows = async (table: 'attendance_entries' | 'attendance_changes', className: string, date: string) =>
  Number(
    (
      await ownerQuery<{ n: string }>(
        t.db,
        `SELECT count(*) n FROM ${table} x JOIN attendance_rolls r ON r.tenant_id = x.tenant_id AND r.id = x.roll_id
          WHERE r.tenant_id = $1 AND r.class_id = $2 AND r.date = $3`,
        [demoId, classIds[className], date],
      )
    )[0].n,
  );
const rollVersion = async (className: string, date: string) =>
  (await ownerQuery<{ version: number }>(t.db, 'SELECT version FROM attendance_rolls WHERE tenant_id = $1 AND class_id = $2 AND date = $3', [demoId, classIds[className], date]))[0]
    ?.version ?? 0;

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  for (const row of await ownerQuery<{ id: string; name: string }>(t.db, `SELECT id::text, name FROM org_units WHERE tenant_id = $1 AND kind = 'class'`, [demoId])) {
    classIds[row.name] = row.id;
  }
  teacher = await login(t.app, 'demo', 'teacher');
  admin = await login(t.app, 'demo', 'admin');
  kgAdmin = await login(t.app, 'kg', 'admin');
});
afterAll(() => t.close());

describe('taking a roll', () => {
  it("lists the teacher's classes with duties (head of 七年级(1)班, maths in (1) and (2)); managers see every class", async () => {
    const { body } = await post<AttendanceClass[]>('/api/attendance/classes', teacher, {});
    expect(body.code).toBe(1);
    expect(body.data.map((c) => c.className)).toEqual(['七年级(1)班', '七年级(2)班']);
    expect(body.data[0]).toMatchObject({ gradeName: '七年级', studentCount: 40, taken: null });
    expect(body.data[0].duties).toEqual(expect.arrayContaining([{ duty: 'head_teacher', subject: '' }, { duty: 'subject_teacher', subject: '02' }]));
    const all = await post<AttendanceClass[]>('/api/attendance/classes', admin, { date: daysBack(12) });
    expect(all.body.data).toHaveLength(27);
  });

  it("opens today's roll: everyone present, the two students on approved leave as leave", async () => {
    const roll = await rollOf('七年级(1)班', today);
    expect(roll).toMatchObject({ version: 0, takenAt: null, className: '七年级(1)班', date: today });
    expect(roll.semester.name).toContain('学期');
    expect(roll.entries).toHaveLength(40);
    const onLeave = roll.entries.filter((e) => e.approvedLeave);
    expect(onLeave).toHaveLength(2);
    expect(onLeave.every((e) => e.status === '4')).toBe(true);
    expect(roll.entries.filter((e) => !e.approvedLeave).every((e) => e.status === '1')).toBe(true);
    expect(onLeave[0].approvedLeave!.reason).not.toBe('');
    // sorted by student number
    expect(roll.entries.map((e) => e.studentNo)).toEqual([...roll.entries.map((e) => e.studentNo)].sort());
  });

  it('refuses a future date, a class the teacher does not teach, and a day outside every semester', async () => {
    const future = await call(t.app, 'POST', '/api/attendance/roll', { token: teacher, json: { classId: classIds['七年级(1)班'], date: addDays(today, 1) } });
    expect(future.body).toMatchObject({ code: 40000, result: false, msg: '不能为将来的日期点名' });
    const futureEn = await call(t.app, 'POST', '/api/attendance/submit', {
      token: teacher,
      headers: { 'x-lang': 'en' },
      json: { classId: classIds['七年级(1)班'], date: addDays(today, 3), baseVersion: 0, entries: [{ studentId: uuidv7(), status: '1' }] },
    });
    expect(futureEn.body).toMatchObject({ code: 40000, msg: 'Attendance cannot be taken for a future date' });

    const other = await post('/api/attendance/roll', teacher, { classId: classIds['七年级(3)班'], date: today });
    expect(other.body).toMatchObject({ code: 40300, msg: '您不是该班级的班主任或任课教师' });
    const otherSubmit = await submit(teacher, { classId: classIds['七年级(3)班'], date: today, baseVersion: 0, entries: [{ studentId: uuidv7(), status: '1' }] });
    expect(otherSubmit.body.code).toBe(40300);

    const [{ first }] = await ownerQuery<{ first: string }>(t.db, 'SELECT min(start_date)::text AS first FROM semesters WHERE tenant_id = $1', [demoId]);
    const outside = await post('/api/attendance/roll', teacher, { classId: classIds['七年级(1)班'], date: addDays(first, -10) });
    expect(outside.body).toMatchObject({ code: 40000, msg: '所选日期不在学期内' });

    const unknown = await post('/api/attendance/roll', teacher, { classId: uuidv7(), date: today });
    expect(unknown.body.code).toBe(40400);
  });

  it('refuses a status code outside the dictionary and a student of another class, naming the field', async () => {
    const date = daysBack(1);
    const roll = await rollOf('七年级(2)班', date);
    const bad = await submit(teacher, { classId: classIds['七年级(2)班'], date, baseVersion: 0, entries: [{ studentId: roll.entries[0].studentId, status: '7' }] });
    expect(bad.body).toMatchObject({ code: 40000 });
    expect(bad.body.msg).toContain('entries.0.status');
    const foreign = (await rollOf('七年级(1)班', date)).entries[0].studentId;
    const stranger = await submit(teacher, {
      classId: classIds['七年级(2)班'],
      date,
      baseVersion: 0,
      entries: [
        { studentId: roll.entries[0].studentId, status: '2' },
        { studentId: foreign, status: '1' },
      ],
    });
    expect(stranger.body.code).toBe(40000);
    expect(stranger.body.msg).toContain('entries.1.studentId');

    // a code of the dictionary that is not enabled (published) is refused too
    await ownerQuery(
      t.db,
      `INSERT INTO dict_entries (tenant_id, id, type_id, code, name, status)
       SELECT tenant_id, $2, id, '8', '停用的状态', '0' FROM dict_types WHERE tenant_id = $1 AND code = 'STD_XSKQ_ZT'`,
      [demoId, uuidv7()],
    );
    const disabled = await submit(teacher, { classId: classIds['七年级(2)班'], date, baseVersion: 0, entries: [{ studentId: roll.entries[0].studentId, status: '8' }] });
    expect(disabled.body.code).toBe(40000);
    expect(disabled.body.msg).toContain('entries.0.status');
    expect(await rollVersion('七年级(2)班', date)).toBe(0);
  });

  it('refuses dates that are not calendar days as invalid input (never a fault)', async () => {
    for (const date of ['2026-02-30', '0000-01-01', '2025-13-01']) {
      const { status, body } = await call(t.app, 'POST', '/api/attendance/roll', { token: teacher, json: { classId: classIds['七年级(1)班'], date } });
      expect(status, date).toBe(200);
      expect(body.code, date).toBe(40000);
      expect(body.msg, date).toContain('date');
    }
    const history = await post('/api/attendance/history', teacher, { search: { classId: classIds['七年级(1)班'], from: '2026-02-29', to: today } });
    expect(history.body.code).toBe(40000);
  });

  it('submits, refuses a stale version with the server roll, and keeps an audit trail of who changed what', async () => {
    const date = daysBack(2);
    const roll = await rollOf('七年级(1)班', date);
    const [a, b] = roll.entries;
    const first = await submit(teacher, {
      classId: classIds['七年级(1)班'],
      date,
      baseVersion: 0,
      entries: [{ studentId: a.studentId, status: '2', remark: '发烧' }],
    });
    expect(first.body).toMatchObject({ code: 1, msg: '考勤已提交' });
    expect(first.body.data.version).toBe(1);
    expect(first.body.data.takenByName).toBe('李明华');
    expect(first.body.data.entries.find((e) => e.studentId === a.studentId)).toMatchObject({ status: '2', remark: '发烧' });
    expect(await rollRows('attendance_entries', '七年级(1)班', date)).toBe(40);
    // the answer is the roll as a later read shows it
    expect(first.body.data).toEqual(await rollOf('七年级(1)班', date));

    // someone edited from version 0 meanwhile: conflict, with the server's roll
    const stale = await submit(teacher, { classId: classIds['七年级(1)班'], date, baseVersion: 0, entries: [{ studentId: b.studentId, status: '3' }] });
    expect(stale.body.code).toBe(40900);
    expect((stale.body.data as AttendanceRoll).version).toBe(1);
    expect((stale.body.data as AttendanceRoll).entries.find((e) => e.studentId === a.studentId)?.status).toBe('2');

    // reopening shows what was submitted; corrections from the right version go through
    expect((await rollOf('七年级(1)班', date)).entries.find((e) => e.studentId === a.studentId)?.remark).toBe('发烧');
    const second = await submit(teacher, { classId: classIds['七年级(1)班'], date, baseVersion: 1, entries: [{ studentId: a.studentId, status: '3', remark: '迟到' }] });
    expect(second.body.data.version).toBe(2);
    const byAdmin = await submit(admin, { classId: classIds['七年级(1)班'], date, baseVersion: 2, entries: [{ studentId: b.studentId, status: '9', remark: '校外比赛' }] });
    expect(byAdmin.body.data.version).toBe(3);

    const { body } = await post<AttendanceChange[]>('/api/attendance/changes', teacher, { classId: classIds['七年级(1)班'], date });
    expect(body.code).toBe(1);
    // first submission: every student's entry written (old null); then one change each
    expect(body.data).toHaveLength(42);
    expect(body.data[0]).toMatchObject({ studentId: b.studentId, oldStatus: '1', newStatus: '9', oldRemark: '', newRemark: '校外比赛', changedByName: '系统管理员', version: 3 });
    expect(body.data[1]).toMatchObject({ studentId: a.studentId, oldStatus: '2', newStatus: '3', oldRemark: '发烧', newRemark: '迟到', changedByName: '李明华', version: 2 });
    const firstRound = body.data.filter((c) => c.version === 1);
    expect(firstRound).toHaveLength(40);
    expect(firstRound.every((c) => c.oldStatus === null && c.oldRemark === null)).toBe(true);
  });
});

describe('two first submissions at once', () => {
  it('different operations racing to create a roll: one is applied, the other gets 40900 with the server roll', async () => {
    const date = daysBack(4);
    const student = (await rollOf('七年级(1)班', date)).entries[4].studentId;
    const [mine, theirs] = await Promise.all(
      [
        [teacher, '2'],
        [admin, '3'],
      ].map(([token, status]) =>
        submit(token, { classId: classIds['七年级(1)班'], date, baseVersion: 0, entries: [{ studentId: student, status }] }, uuidv7()),
      ),
    );
    expect([mine.body.code, theirs.body.code].sort()).toEqual([1, 40900]);
    const lost = mine.body.code === 40900 ? mine : theirs;
    expect((lost.body.data as AttendanceRoll).version).toBe(1);
    expect(await rollVersion('七年级(1)班', date)).toBe(1);
    expect(await rollRows('attendance_changes', '七年级(1)班', date)).toBe(40);
  });
});

describe('Idempotency-Key', () => {
  const body = (className: string, date: string, studentId: string, status = '2') => ({
    classId: classIds[className],
    date,
    baseVersion: 0,
    entries: [{ studentId, status, remark: '' }],
  });

  it('the same key twice: one effect, the same answer, the second marked Idempotent-Replay', async () => {
    const date = daysBack(3);
    const student = (await rollOf('七年级(2)班', date)).entries[5].studentId;
    const key = uuidv7();
    const first = await submit(teacher, body('七年级(2)班', date, student), key);
    expect(first.body.code).toBe(1);
    expect(first.headers['idempotent-replay']).toBeUndefined();
    const changesAfterFirst = await rollRows('attendance_changes', '七年级(2)班', date);
    const again = await submit(teacher, body('七年级(2)班', date, student), key);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replay']).toBe('1');
    expect(await rollVersion('七年级(2)班', date)).toBe(1);
    expect(await rollRows('attendance_changes', '七年级(2)班', date)).toBe(changesAfterFirst);
    const stored = await ownerQuery(t.db, 'SELECT 1 FROM idempotency_keys WHERE tenant_id = $1 AND key = $2', [demoId, key]);
    expect(stored).toHaveLength(1);
  });

  it('the same key with another body is refused (42200) and changes nothing', async () => {
    const date = daysBack(4);
    const student = (await rollOf('七年级(2)班', date)).entries[6].studentId;
    const key = uuidv7();
    expect((await submit(teacher, body('七年级(2)班', date, student, '2'), key)).body.code).toBe(1);
    const entriesBefore = await ownerQuery(
      t.db,
      `SELECT e.* FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id
        WHERE r.tenant_id = $1 AND r.class_id = $2 AND r.date = $3 ORDER BY e.student_id`,
      [demoId, classIds['七年级(2)班'], date],
    );
    const other = await submit(teacher, body('七年级(2)班', date, student, '3'), key);
    expect(other.body).toMatchObject({ code: 42200, result: false });
    expect(other.body.msg).toContain('Idempotency-Key');
    // another user reusing the key is another request too
    expect((await submit(admin, body('七年级(2)班', date, student, '2'), key)).body.code).toBe(42200);
    expect(await rollVersion('七年级(2)班', date)).toBe(1);
    const entriesAfter = await ownerQuery(
      t.db,
      `SELECT e.* FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id
        WHERE r.tenant_id = $1 AND r.class_id = $2 AND r.date = $3 ORDER BY e.student_id`,
      [demoId, classIds['七年级(2)班'], date],
    );
    expect(entriesAfter).toEqual(entriesBefore);
  });

  it('five concurrent duplicates: one effect, five identical answers', async () => {
    const date = daysBack(5);
    const student = (await rollOf('七年级(2)班', date)).entries[7].studentId;
    const key = uuidv7();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(teacher, body('七年级(2)班', date, student), key)));
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(answers[0].body.code).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replay'] === '1')).toHaveLength(4);
    expect(await rollVersion('七年级(2)班', date)).toBe(1);
    expect(await rollRows('attendance_changes', '七年级(2)班', date)).toBe(40);
  });

  it('a malformed key is refused (40000); without a key the route still works', async () => {
    const date = daysBack(6);
    const student = (await rollOf('七年级(2)班', date)).entries[8].studentId;
    const bad = await submit(teacher, body('七年级(2)班', date, student), 'not-a-uuid');
    expect(bad.body.code).toBe(40000);
    expect(bad.body.msg).toContain('Idempotency-Key');
    expect(await rollVersion('七年级(2)班', date)).toBe(0);
    expect((await submit(teacher, body('七年级(2)班', date, student))).body.code).toBe(1);
    expect(await rollVersion('七年级(2)班', date)).toBe(1);
  });

  it('a failed request leaves its key free: the corrected retry runs', async () => {
    const date = daysBack(7);
    const student = (await rollOf('七年级(2)班', date)).entries[9].studentId;
    const key = uuidv7();
    const failed = await submit(teacher, body('七年级(2)班', date, student, '7'), key);
    expect(failed.body.code).toBe(40000);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toHaveLength(0);
    const retried = await submit(teacher, body('七年级(2)班', date, student, '2'), key);
    expect(retried.body.code).toBe(1);
    expect(retried.headers['idempotent-replay']).toBeUndefined();
  });

  it('keys older than IDEMPOTENCY_KEEP_DAYS are removed (inside a later write of the same school)', async () => {
    const oldKey = uuidv7();
    const teacherId = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'teacher'`, [demoId]))[0].id;
    await ownerQuery(
      t.db,
      `INSERT INTO idempotency_keys (tenant_id, key, user_id, method, route, request_hash, response, created_at)
       VALUES ($1, $2, $3, 'POST', '/api/attendance/submit', 'x', '{}', now() - interval '201 days')`,
      [demoId, oldKey, teacherId],
    );
    // a fresh app: its store has not purged this school yet
    const other = await buildTestApp();
    try {
      const date = daysBack(8);
      const token = await login(other.app, 'demo', 'teacher');
      const student = (await rollOf('七年级(2)班', date)).entries[10].studentId;
      const answer = await call(other.app, 'POST', '/api/attendance/submit', { token, json: body('七年级(2)班', date, student), headers: { 'idempotency-key': uuidv7() } });
      expect(answer.body.code).toBe(1);
    } finally {
      await other.close();
    }
    expect(await ownerQuery(t.db, 'SELECT 1 FROM idempotency_keys WHERE key = $1', [oldKey])).toHaveLength(0);
  });
});

describe('administration and history', () => {
  /** the seeded range: a month back to the gap the seed leaves */
  const from = () => daysBack(60);
  const to = () => daysBack(10);

  it('missing: which classes have no roll on a school day; weekends and days outside the semester are not school days', async () => {
    const date = weekdayBack();
    const before = await post<AttendanceMissingData>('/api/attendance/missing', admin, { date });
    expect(before.body.code).toBe(1);
    expect(before.body.data).toMatchObject({ date, schoolDay: true, totalClasses: 27 });
    const missingBefore = before.body.data.missing.length;
    const target = before.body.data.missing.find((m) => m.className === '一年级(1)班')!;
    expect(target.headTeacherName).not.toBe('');
    const roster = await rollOf('一年级(1)班', date, admin);
    expect((await submit(admin, { classId: target.classId, date, baseVersion: 0, entries: [{ studentId: roster.entries[0].studentId, status: '1' }] })).body.code).toBe(1);
    const after = await post<AttendanceMissingData>('/api/attendance/missing', admin, { date });
    expect(after.body.data.missing).toHaveLength(missingBefore - 1);
    expect(after.body.data.missing.map((m) => m.classId)).not.toContain(target.classId);

    const saturday = [1, 2, 3, 4, 5, 6, 7].map(daysBack).find((d) => weekday(d) === 6)!;
    expect((await post<AttendanceMissingData>('/api/attendance/missing', admin, { date: saturday })).body.data).toMatchObject({ schoolDay: false, missing: [] });
    const [{ first }] = await ownerQuery<{ first: string }>(t.db, 'SELECT min(start_date)::text AS first FROM semesters WHERE tenant_id = $1', [demoId]);
    expect((await post<AttendanceMissingData>('/api/attendance/missing', admin, { date: addDays(first, -3) })).body.data.schoolDay).toBe(false);
    // a teacher has no xskq_manage
    expect((await post('/api/attendance/missing', teacher, { date })).body.code).toBe(40300);
  });

  it('history: generic table A over a date range, paged; the range is limited', async () => {
    const search = { classId: classIds['七年级(1)班'], from: from(), to: to() };
    const [{ n }] = await ownerQuery<{ n: string }>(
      t.db,
      `SELECT count(*) n FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id
        WHERE r.tenant_id = $1 AND r.class_id = $2 AND r.date BETWEEN $3 AND $4`,
      [demoId, search.classId, search.from, search.to],
    );
    expect(Number(n)).toBeGreaterThan(0);
    const page0 = await post<TableAData<AttendanceHistoryRow>>('/api/attendance/history', teacher, { currPage: 0, limit: 10, search: JSON.stringify(search) });
    expect(page0.body.code).toBe(1);
    expect(page0.body.data.total).toBe(Number(n));
    expect(page0.body.data.rows).toHaveLength(10);
    expect(page0.body.data.rows[0]).toMatchObject({ className: '七年级(1)班', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const page1 = await post<TableAData<AttendanceHistoryRow>>('/api/attendance/history', teacher, { currPage: 1, limit: 10, search });
    expect(page1.body.data.rows).toHaveLength(10);
    expect(page1.body.data.rows[0]).not.toEqual(page0.body.data.rows[0]);
    const absent = await post<TableAData<AttendanceHistoryRow>>('/api/attendance/history', teacher, { limit: 500, search: { ...search, status: '2' } });
    expect(absent.body.data.rows.every((r) => r.status === '2')).toBe(true);

    const tooLong = await post('/api/attendance/history', admin, { search: { ...search, from: addDays(search.to, -400) } });
    expect(tooLong.body.code).toBe(40000);
    const reversed = await post('/api/attendance/history', admin, { search: { ...search, from: search.to, to: search.from } });
    expect(reversed.body).toMatchObject({ code: 40000, msg: '开始时间应早于结束时间' });
    const neither = await post('/api/attendance/history', admin, { search: { from: search.from, to: search.to } });
    expect(neither.body.code).toBe(40000);
  });

  it("a teacher cannot read other classes' history or their students'; a student of their own class is fine", async () => {
    const range = { from: from(), to: to() };
    expect((await post('/api/attendance/history', teacher, { search: { classId: classIds['七年级(3)班'], ...range } })).body.code).toBe(40300);
    expect((await post('/api/attendance/summary', teacher, { classId: classIds['七年级(3)班'], ...range })).body.code).toBe(40300);
    expect((await post('/api/attendance/changes', teacher, { classId: classIds['七年级(3)班'], date: to() })).body.code).toBe(40300);
    const stranger = (await rollOf('七年级(3)班', today, admin)).entries[0].studentId;
    expect((await post('/api/attendance/history', teacher, { search: { studentId: stranger, ...range } })).body.code).toBe(40300);
    const own = (await rollOf('七年级(1)班', today)).entries[3].studentId;
    const mine = await post<TableAData<AttendanceHistoryRow>>('/api/attendance/history', teacher, { limit: 500, search: { studentId: own, ...range } });
    expect(mine.body.code).toBe(1);
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.rows.every((r) => r.studentId === own)).toBe(true);
    // the administrator reads any class
    expect((await post('/api/attendance/history', admin, { search: { classId: classIds['七年级(3)班'], ...range } })).body.code).toBe(1);
  });

  it('summary: days per status for every student of the class', async () => {
    const request = { classId: classIds['七年级(1)班'], from: from(), to: to() };
    const { body } = await post<AttendanceSummaryData>('/api/attendance/summary', teacher, request);
    expect(body.code).toBe(1);
    const [{ days }] = await ownerQuery<{ days: number }>(
      t.db,
      'SELECT count(*)::int AS days FROM attendance_rolls WHERE tenant_id = $1 AND class_id = $2 AND date BETWEEN $3 AND $4',
      [demoId, request.classId, request.from, request.to],
    );
    expect(body.data.days).toBe(days);
    expect(body.data.rows).toHaveLength(40);
    for (const row of body.data.rows) expect(Object.values(row.counts).reduce((a, b) => a + b, 0)).toBe(days);
    const [{ absent }] = await ownerQuery<{ absent: number }>(
      t.db,
      `SELECT count(*)::int AS absent FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id
        WHERE r.tenant_id = $1 AND r.class_id = $2 AND r.date BETWEEN $3 AND $4 AND e.status = '2'`,
      [demoId, request.classId, request.from, request.to],
    );
    expect(body.data.rows.reduce((sum, row) => sum + (row.counts['2'] ?? 0), 0)).toBe(absent);
  });

  it('export: a real .xlsx with Chinese titles and numeric cells; needs xskq_export', async () => {
    const request = { classId: classIds['七年级(1)班'], from: from(), to: to() };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/export',
      headers: { 'x-access-token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify(request),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('学生考勤')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['考勤明细', '考勤汇总']);
    const detail = workbook.getWorksheet('考勤明细')!;
    expect(detail.getRow(1).getCell(1).value).toBe('序号');
    expect(detail.getRow(1).getCell(6).value).toBe('考勤状态');
    expect(detail.getRow(2).getCell(1).value).toBe(1);
    expect(detail.getRow(2).getCell(3).value).toBe('七年级(1)班');
    expect(['出勤', '缺勤', '迟到', '请假', '早退', '其他']).toContain(detail.getRow(2).getCell(6).value);
    const summary = workbook.getWorksheet('考勤汇总')!;
    expect(summary.rowCount).toBe(41);
    expect(typeof summary.getRow(2).getCell(4).value).toBe('number');
    expect(summary.getRow(1).getCell(5).value).toBe('出勤');
    expect(typeof summary.getRow(2).getCell(5).value).toBe('number');

    // in the caller's language
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/export',
      headers: { 'x-access-token': admin, 'content-type': 'application/json', 'x-lang': 'en' },
      payload: JSON.stringify({ ...request, status: '2' }),
    });
    const en = new ExcelJS.Workbook();
    await en.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(en.worksheets.map((s) => s.name)).toEqual(['Details', 'Summary']);
    expect(en.getWorksheet('Details')!.getRow(2).getCell(6).value).toBe('Absent');
    expect(english.headers['content-disposition']).toContain('Student attendance_');

    const refused = await post('/api/attendance/export', teacher, request);
    expect(refused.body.code).toBe(40300);
  });

  it('another school sees none of it: kg gets 40400 for a demo class and no demo rows in history', async () => {
    const demoClass = classIds['七年级(1)班'];
    expect((await post('/api/attendance/roll', kgAdmin, { classId: demoClass, date: daysBack(12) })).body.code).toBe(40400);
    expect((await post('/api/attendance/changes', kgAdmin, { classId: demoClass, date: daysBack(12) })).body.code).toBe(40400);
    const history = await post<TableAData<AttendanceHistoryRow>>('/api/attendance/history', kgAdmin, { search: { classId: demoClass, from: from(), to: to() } });
    expect(history.body).toMatchObject({ code: 1, data: { total: 0, rows: [] } });
    const classes = await post<AttendanceClass[]>('/api/attendance/classes', kgAdmin, {});
    expect(classes.body.data).toHaveLength(6);
    expect(classes.body.data.map((c) => c.classId)).not.toContain(demoClass);
  });
});
