import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_URLS, type ClassRoster } from '../../../contracts/classes';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import { resourceUrls } from '../../../contracts/resource';
import { classes } from '../../../contracts/resources/classes';
import { students } from '../../../contracts/resources/students';
import { addDays, schoolDate } from '../../../contracts/school-time';
import { buildTestApp, call, login, newStudentInput, ownerQuery, seedOwnSchool, type TestApp } from '../../test/helpers';
import { kitTemplateWith, kitUpload } from '../../test/kit-import';

/**
 * 班级管理 on a school of this file's own (the demo school's 七年级: three classes, students without
 * memberships or profiles): the kit edit through the view class_records, the capacity the database
 * holds (concurrent entries really race on the pool), rosters of past days, seats, subject teachers.
 */

let t: TestApp;
let tenantId: string;
let code: string;
let admin: string;
let teacher: string;
const EN = { 'x-lang': 'en' };
const today = schoolDate();
const urls = resourceUrls(classes);
type Row = Record<string, unknown> & { id: string; version: number };
const post = <T = unknown>(url: string, json: unknown, headers: Record<string, string> = {}, token = admin) => call<T>(t.app, 'POST', url, { token, json, headers });
const rows = async (search: Record<string, string> = {}) => {
  const { body } = await post<TableAData<Row>>(urls.list, { currPage: 0, limit: 100, search });
  expect(body.code, body.msg).toBe(1);
  return body.data.rows;
};
let classIds: string[];
let teacherIds: string[];
let studentId: string;
let campusId: string;
const edit = (row: Row, over: Record<string, unknown>) => ({
  id: row.id,
  version: row.version,
  classNo: row.classNo,
  headTeacherId: row.headTeacherId,
  deputyHeadTeacherId: row.deputyHeadTeacherId,
  classroomId: row.classroomId,
  capacity: row.capacity ?? 45,
  ...over,
});
const rowOf = async (id: string) => (await rows()).find((row) => row.id === id)!;

beforeAll(async () => {
  t = await buildTestApp();
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'cl' }));
  admin = await login(t.app, code, 'admin');
  teacher = await login(t.app, code, 'teacher');
  classIds = (await ownerQuery<{ id: string }>(t.db, `SELECT id FROM org_units WHERE tenant_id = $1 AND kind = 'class' ORDER BY sort, name`, [tenantId])).map((row) => row.id);
  teacherIds = (await ownerQuery<{ id: string }>(t.db, `SELECT id FROM users WHERE tenant_id = $1 AND user_type = '3' ORDER BY username`, [tenantId])).map((row) => row.id);
  [{ id: studentId }] = await ownerQuery<{ id: string }>(t.db, `SELECT id FROM users WHERE tenant_id = $1 AND user_type = '2' ORDER BY user_no LIMIT 1`, [tenantId]);
  [{ id: campusId }] = await ownerQuery<{ id: string }>(t.db, 'SELECT id FROM campuses WHERE tenant_id = $1 ORDER BY code LIMIT 1', [tenantId]);
  expect(classIds.length).toBe(3);
});

afterAll(async () => {
  await t.close();
});

describe('班级管理: the class list (kit over class_records)', () => {
  it('lists the current classes with their grade and head teacher; searches by head teacher; no add or delete', async () => {
    const all = await rows();
    expect(all.map((row) => row.id).sort()).toEqual([...classIds].sort());
    const first = all.find((row) => row.id === classIds[0])!;
    expect(first).toMatchObject({ gradeIdName: '七年级', studentCount: 0 });
    expect(String(first.headTeacherIdName)).not.toBe('');
    expect((await rows({ keyword: String(first.headTeacherIdName) })).map((row) => row.id)).toContain(first.id);
    const add = await post(urls.save, edit(first, { id: undefined, version: undefined }), EN);
    expect(add.body).toMatchObject({ code: ResponseCode.invalidInput, msg: 'Classes are added and removed in the organisation tree' });
    expect((await post(urls.delete, { ids: [first.id] })).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '班级在组织机构中新增和删除' });
  });

  it('an edit writes the profile and the head teacher and deputy as staff_duties rows', async () => {
    const row = await rowOf(classIds[1]);
    const [building] = await ownerQuery<{ id: string }>(t.db, `INSERT INTO buildings (tenant_id, id, code, name, campus_id, floors) VALUES ($1, gen_random_uuid(), 91, '测试楼', $2, 3) RETURNING id`, [tenantId, campusId]);
    const [{ id: classroomId }] = await ownerQuery<{ id: string }>(
      t.db,
      `INSERT INTO classrooms (tenant_id, id, code, name, building_id, floor, category, capacity) VALUES ($1, gen_random_uuid(), 'CL101', '测试教室101', $2, 1, '1', 50) RETURNING id`,
      [tenantId, building.id],
    );
    const [head, deputy] = teacherIds.filter((id) => id !== row.headTeacherId);
    const saved = await post(urls.save, edit(row, { classNo: '0702', headTeacherId: head, deputyHeadTeacherId: deputy, classroomId, capacity: 40 }));
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(await rowOf(classIds[1])).toMatchObject({ classNo: '0702', headTeacherId: head, deputyHeadTeacherId: deputy, classroomId, classroomIdName: '测试教室101', capacity: 40, version: 1 });
    const duties = await ownerQuery<{ user_id: string; duty: string }>(
      t.db,
      `SELECT user_id, duty FROM staff_duties WHERE tenant_id = $1 AND org_unit_id = $2 AND duty IN ('head_teacher', 'deputy_head_teacher') ORDER BY duty`,
      [tenantId, classIds[1]],
    );
    expect(duties).toEqual([
      { user_id: deputy, duty: 'deputy_head_teacher' },
      { user_id: head, duty: 'head_teacher' },
    ]);
    // one class per classroom, one class number per school
    const other = await rowOf(classIds[2]);
    // a taken classroom is named by its name, not its id
    expect((await post(urls.save, edit(other, { classroomId }), EN)).body).toMatchObject({ code: ResponseCode.conflict, msg: 'The classroom 测试教室101 is already used by another class', data: { field: 'classroomId' } });
    expect((await post(urls.save, edit(other, { classroomId }))).body).toMatchObject({ code: ResponseCode.conflict, msg: '教室“测试教室101”已被其他班级使用' });
    expect((await post(urls.save, edit(other, { classNo: '0702' }))).body).toMatchObject({ code: ResponseCode.conflict, msg: '班级编号0702已存在' });
  });

  it('refuses bad input in the fields’ words (zh, en) and writes nothing', async () => {
    const row = await rowOf(classIds[2]);
    const [a, b] = teacherIds;
    const before = await ownerQuery(t.db, `SELECT * FROM staff_duties WHERE tenant_id = $1 AND org_unit_id = $2 ORDER BY duty, user_id`, [tenantId, row.id]);
    const bad = await post(urls.save, edit(row, { classNo: '07A', capacity: 0 }));
    expect(bad.body.code).toBe(ResponseCode.invalidInput);
    expect(bad.body.msg).toContain('班级编号只能包含数字');
    const long = await post(urls.save, edit(row, { classNo: '1'.repeat(31) }), EN);
    expect(long.body).toMatchObject({ code: ResponseCode.invalidInput });
    expect(long.body.msg).toMatch(/class number/);
    const same = await post(urls.save, edit(row, { headTeacherId: a, deputyHeadTeacherId: a }), EN);
    expect(same.body).toMatchObject({ code: ResponseCode.invalidInput, msg: 'The deputy head teacher cannot be the head teacher' });
    const student = await post(urls.save, edit(row, { headTeacherId: studentId, deputyHeadTeacherId: b }));
    expect(student.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '班主任须为教职工' });
    expect(await rowOf(classIds[2])).toMatchObject({ version: row.version, classNo: row.classNo });
    expect(await ownerQuery(t.db, `SELECT * FROM staff_duties WHERE tenant_id = $1 AND org_unit_id = $2 ORDER BY duty, user_id`, [tenantId, row.id])).toEqual(before);
  });
});

describe('班级管理: capacity is the database’s', () => {
  const studentInput = () => newStudentInput({ tag: `CL${Date.now() % 100000}`, campusId, classId: classIds[0] });

  it('10 concurrent students into a class with one place left: exactly one enters, the others hear the class is full', async () => {
    const row = await rowOf(classIds[0]);
    expect((await post(urls.save, edit(row, { capacity: 1 }))).body.code).toBe(1);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(resourceUrls(students).save, studentInput(), i % 2 ? EN : {})));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(1);
    expect(codes.filter((c) => c === ResponseCode.invalidInput)).toHaveLength(9);
    for (const [i, answer] of answers.entries()) {
      if (answer.body.code === 1) continue;
      expect(answer.body.msg).toBe(i % 2 ? 'The class is full: no more students can join it (its capacity is set in Classes)' : '班级人数已满，不能再加入学生（可在班级管理中调整容纳人数）');
    }
    const [{ n }] = await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int n FROM class_memberships WHERE tenant_id = $1 AND class_id = $2 AND to_date IS NULL`, [tenantId, classIds[0]]);
    expect(n).toBe(1);
    expect(await rowOf(classIds[0])).toMatchObject({ studentCount: 1, capacity: 1 });
    // a capacity below the students now is refused; the database refuses it too
    expect((await post(urls.save, edit(await rowOf(classIds[0]), { capacity: 2 }))).body.code).toBe(1);
    await expect(ownerQuery(t.db, `UPDATE class_profiles SET capacity = 0 WHERE tenant_id = $1 AND org_unit_id = $2`, [tenantId, classIds[0]])).rejects.toThrow();
  });

  it('a capacity save meeting a student who entered meanwhile is refused in words, without a number it cannot know (zh, en)', async () => {
    const classId = classIds[0];
    const outsiders = await ownerQuery<{ id: string }>(
      t.db,
      `SELECT u.id FROM users u WHERE u.tenant_id = $1 AND u.user_type = '2' AND NOT EXISTS (SELECT 1 FROM class_memberships m WHERE m.tenant_id = u.tenant_id AND m.student_id = u.id AND m.to_date IS NULL) ORDER BY u.user_no LIMIT 2`,
      [tenantId],
    );
    for (const [lang, words] of [
      [{}, '容纳人数不能少于在班人数：刚有学生加入本班，请刷新后重试'],
      [EN, 'The capacity may not be below the students in the class: students have just joined it; reload and try again'],
    ] as const) {
      const row = await rowOf(classId);
      const students = Number(row.studentCount);
      expect((await post(urls.save, edit(row, { capacity: students + 1 }))).body.code).toBe(1);
      const read = await rowOf(classId);
      // a student's closed membership of the class reopens (a new membership would wait for the save's lock on the class: the
      // save would then read it and name the number) in a transaction of its own, which holds the profile's lock...
      const [{ id: membershipId }] = await ownerQuery<{ id: string }>(
        t.db,
        `INSERT INTO class_memberships (tenant_id, id, student_id, class_id, from_date, to_date) VALUES ($1, gen_random_uuid(), $2, $3, '2024-09-01', '2025-01-01') RETURNING id`,
        [tenantId, outsiders.pop()!.id, classId],
      );
      const entering = await t.db.pool.connect();
      try {
        await entering.query('BEGIN');
        await entering.query('UPDATE class_memberships SET to_date = NULL WHERE tenant_id = $1 AND id = $2', [tenantId, membershipId]);
        // ...while a form read before it saves the capacity of the students it saw: the save waits for the profile
        const saving = post(urls.save, edit(read, { capacity: students }), lang);
        await expect.poll(async () => (await ownerQuery<{ n: number }>(t.db, `SELECT count(*)::int n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`))[0]!.n).toBeGreaterThan(0);
        await entering.query('COMMIT');
        expect((await saving).body).toMatchObject({ code: ResponseCode.invalidInput, msg: words });
      } finally {
        entering.release();
      }
      expect(await rowOf(classId)).toMatchObject({ capacity: students + 1, studentCount: students + 1, version: read.version });
      await ownerQuery(t.db, 'DELETE FROM class_memberships WHERE tenant_id = $1 AND id = $2', [tenantId, membershipId]);
    }
  });

  it('an import into a class with two places left: the dry run names the third row, nothing is written', async () => {
    const classId = classIds[2];
    const [{ code: classCode }] = await ownerQuery<{ code: string }>(t.db, 'SELECT code FROM org_units WHERE id = $1', [classId]);
    const [campus] = await ownerQuery<{ name: string }>(t.db, 'SELECT name FROM campuses WHERE id = $1', [campusId]);
    const row = await rowOf(classId);
    expect((await post(urls.save, edit(row, { capacity: Number(row.studentCount) + 2 }))).body.code).toBe(1);
    const sheetRow = () => {
      // the sheet's columns (the photo is no column)
      const { photoFileId: _photo, ...input } = studentInput();
      return { ...input, gender: '男', nationality: '中国', idType: '居民身份证', campusId: campus.name, classId: classCode, status: '在读', boarding: '走读' };
    };
    const book = await kitTemplateWith(t.app, students, admin, [sheetRow(), sheetRow(), sheetRow()]);
    const check = await kitUpload(t.app, resourceUrls(students).importCheck, book, admin);
    expect(check.code, check.msg).toBe(1);
    expect(check.data.issues).toEqual([{ row: 4, field: 'classId', message: '班级人数已满，不能再加入学生（可在班级管理中调整容纳人数）' }]);
    expect((await kitUpload(t.app, resourceUrls(students).importApply, book, admin, EN)).code).toBe(ResponseCode.invalidInput);
    expect(await rowOf(classId)).toMatchObject({ studentCount: row.studentCount });
  });

  it('学籍异动 into a full class is refused in words', async () => {
    const row = await rowOf(classIds[0]);
    expect((await post(urls.save, edit(row, { capacity: 1 }))).body.code).toBe(1);
    const apply = await post('/api/status-changes/apply', {
      id: '0192f000-0000-7000-8000-000000000001',
      studentId,
      changeType: 'class_change',
      toClassId: classIds[0],
      effectiveDate: today,
      reason: '测试',
      attachments: [],
    }, EN);
    expect(apply.body).toMatchObject({ msg: 'The class is full: no more students can join it (its capacity is set in Classes)' });
  });
});

describe('班级管理: roster, seats, subject teachers', () => {
  let classId: string;
  let members: string[];
  beforeAll(async () => {
    classId = classIds[1];
    // the class's students as memberships: from a past September; one of them left the class on 2025-01-01
    members = (await ownerQuery<{ id: string }>(t.db, `SELECT id FROM users WHERE tenant_id = $1 AND org_unit_id = $2 AND user_type = '2' ORDER BY user_no LIMIT 4`, [tenantId, classId])).map((row) => row.id);
    // the class's other students entered it last month (db/roster.ts counts a student without memberships on every day)
    await ownerQuery(t.db, `UPDATE class_profiles SET capacity = NULL WHERE tenant_id = $1 AND org_unit_id = $2`, [tenantId, classId]);
    await ownerQuery(
      t.db,
      `INSERT INTO class_memberships (tenant_id, id, student_id, class_id, from_date)
       SELECT $1, gen_random_uuid(), u.id, $2, $4::date FROM users u WHERE u.tenant_id = $1 AND u.org_unit_id = $2 AND u.user_type = '2' AND u.id <> ALL($3::uuid[])`,
      [tenantId, classId, members, addDays(today, -30)],
    );
    await ownerQuery(
      t.db,
      `INSERT INTO class_memberships (tenant_id, id, student_id, class_id, from_date, to_date)
       SELECT $1, gen_random_uuid(), s.id, $2, '2024-09-01', CASE WHEN s.ord = 4 THEN '2025-01-01'::date END
       FROM unnest($3::uuid[]) WITH ORDINALITY AS s(id, ord)`,
      [tenantId, classId, members],
    );
  });

  it('the roster of a past day keeps who was there; today’s has the current students', async () => {
    const past = await post<ClassRoster>(CLASS_URLS.roster, { classId, date: '2024-12-01' });
    expect(past.body.code, past.body.msg).toBe(1);
    expect(past.body.data.students.map((s) => s.id).sort()).toEqual([...members].sort());
    expect(past.body.data.current).toBe(false);
    const now = await post<ClassRoster>(CLASS_URLS.roster, { classId, date: today });
    expect(now.body.data.students.map((s) => s.id)).not.toContain(members[3]);
    expect(now.body.data.current).toBe(true);
    expect((await post(CLASS_URLS.roster, { classId, date: '2024-13-01' })).body.code).toBe(ResponseCode.invalidInput);
  });

  it('seats: set, swap, clear; a seat twice or a student of another class is refused and nothing changes', async () => {
    const [a, b, c] = members;
    const seats = async () => Object.fromEntries((await post<ClassRoster>(CLASS_URLS.roster, { classId, date: today })).body.data.students.map((s) => [s.id, s.seatNo]));
    expect((await post(CLASS_URLS.seats, { classId, seats: [{ studentId: a, seatNo: 1 }, { studentId: b, seatNo: 2 }, { studentId: c, seatNo: 3 }] })).body.code).toBe(1);
    expect((await post(CLASS_URLS.seats, { classId, seats: [{ studentId: a, seatNo: 2 }, { studentId: b, seatNo: 1 }] })).body.code).toBe(1);
    expect(await seats()).toMatchObject({ [a]: 2, [b]: 1, [c]: 3 });
    const twice = await post(CLASS_URLS.seats, { classId, seats: [{ studentId: a, seatNo: 5 }, { studentId: b, seatNo: 5 }] }, EN);
    expect(twice.body).toMatchObject({ code: ResponseCode.invalidInput, msg: 'Seat 5 is given twice' });
    const taken = await post(CLASS_URLS.seats, { classId, seats: [{ studentId: a, seatNo: 3 }] });
    expect(taken.body).toMatchObject({ code: ResponseCode.conflict, msg: '座号已被本班其他学生占用，请刷新后重试' });
    const stranger = await post(CLASS_URLS.seats, { classId, seats: [{ studentId: members[3], seatNo: 9 }] });
    expect(stranger.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '学生不在本班' });
    const oneStudentTwice = await post(CLASS_URLS.seats, { classId, seats: [{ studentId: a, seatNo: 7 }, { studentId: a, seatNo: 8 }] });
    expect(oneStudentTwice.body).toMatchObject({ code: ResponseCode.invalidInput, msg: '同一学生在座号中出现了两次' });
    expect((await post(CLASS_URLS.seats, { classId, seats: [{ studentId: a, seatNo: 7 }, { studentId: a, seatNo: 8 }] }, EN)).body.msg).toBe('A student is given a seat twice');
    expect(await seats()).toMatchObject({ [a]: 2, [b]: 1, [c]: 3 });
    // every seat write is a new version of the membership: clearing a seat, and giving one to a student who had none
    const version = async (studentId: string) =>
      (await ownerQuery<{ version: number }>(t.db, 'SELECT version FROM class_memberships WHERE tenant_id = $1 AND student_id = $2 AND to_date IS NULL', [tenantId, studentId]))[0]!.version;
    const cleared = await version(c);
    expect((await post(CLASS_URLS.seats, { classId, seats: [{ studentId: c, seatNo: null }] })).body.code).toBe(1);
    expect(await seats()).toMatchObject({ [c]: null });
    expect(await version(c)).toBe(cleared + 1);
    expect((await post(CLASS_URLS.seats, { classId, seats: [{ studentId: c, seatNo: 30 }] })).body.code).toBe(1);
    expect(await version(c)).toBe(cleared + 2);
  });

  it('subject teachers: add, a duplicate refused, an unknown subject refused, remove', async () => {
    const [{ code: subject }] = await ownerQuery<{ code: string }>(
      t.db,
      `SELECT e.code FROM dict_entries e JOIN dict_types d ON d.tenant_id = e.tenant_id AND d.id = e.type_id WHERE e.tenant_id = $1 AND d.code = 'STD_KM' ORDER BY e.sort LIMIT 1`,
      [tenantId],
    );
    const userId = teacherIds.at(-1)!;
    await ownerQuery(t.db, `DELETE FROM staff_duties WHERE tenant_id = $1 AND org_unit_id = $2 AND duty = 'subject_teacher' AND user_id = $3 AND subject = $4`, [tenantId, classId, userId, subject]);
    expect((await post(CLASS_URLS.subjectTeacherAdd, { classId, userId, subject })).body.code).toBe(1);
    const roster = await post<ClassRoster>(CLASS_URLS.roster, { classId, date: today });
    expect(roster.body.data.subjectTeachers).toContainEqual(expect.objectContaining({ userId, subject }));
    expect((await post(CLASS_URLS.subjectTeacherAdd, { classId, userId, subject }, EN)).body).toMatchObject({ code: ResponseCode.conflict, msg: 'The teacher already teaches this subject in the class' });
    expect((await post(CLASS_URLS.subjectTeacherAdd, { classId, userId, subject: 'NOPE' })).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '科目不存在' });
    expect((await post(CLASS_URLS.subjectTeacherAdd, { classId, userId: studentId, subject })).body).toMatchObject({ code: ResponseCode.invalidInput, msg: '请选择教职工' });
    expect((await post(CLASS_URLS.subjectTeacherRemove, { classId, userId, subject })).body.code).toBe(1);
    expect((await post(CLASS_URLS.subjectTeacherRemove, { classId, userId, subject })).body.code).toBe(ResponseCode.notFound);
  });

  it('a head teacher without 班级管理 edit sees the roster of their own class only', async () => {
    const [{ org_unit_id: own }] = await ownerQuery<{ org_unit_id: string }>(
      t.db,
      `SELECT d.org_unit_id FROM staff_duties d JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.user_id WHERE d.tenant_id = $1 AND u.username = 'teacher' AND d.duty = 'head_teacher'`,
      [tenantId],
    );
    const mine = await post(CLASS_URLS.roster, { classId: own, date: addDays(today, -1) }, {}, teacher);
    expect(mine.body.code, mine.body.msg).toBe(1);
    const other = classIds.find((id) => id !== own)!;
    expect((await post(CLASS_URLS.roster, { classId: other, date: today }, EN, teacher)).body).toMatchObject({ code: ResponseCode.forbidden, msg: 'You may see the roster of your own classes only' });
  });
});
