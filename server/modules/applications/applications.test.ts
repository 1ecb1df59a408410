import { randomBytes } from 'node:crypto';
import { type MessageTextParams, renderMessageText } from '../../../contracts/message-texts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail, ApplicationOptions, ApplicationRow, BlockedPeriodRow, TodoCount } from '../../../contracts/applications';
import type { TableAData } from '../../../contracts/envelope';
import { addDays, schoolDate } from '../attendance/school-day';
import { buildTestApp, call, createUser, guardiansWithAndWithoutAccount, initialiseParentAccounts, login, ownerQuery, seedOwnSchool, type TestApp } from '../../test/helpers';

/**
 * Applications and audits against a K12 school of this file's own (七年级 only, seeded like the demo
 * school, its demo applications included), so nothing here disturbs other test files or the demo data.
 * Accounts: teacher (head of 七年级(1)班, maths in (1)(2), 教务处), teacher2 (head of 教务处), admin
 * (also 教务处 role), student / parent (seat 1); the other seats' students and parents by number.
 */

let t: TestApp;
let code: string;
let tenantId: string;
const today = schoolDate(new Date());
const tokens = new Map<string, string>();
let classId: string;
let class2Id: string;
let gradeId: string;
/** 七年级(1)班 seats: student and parent ids and usernames */
let seats: { studentId: string; student: string; parentId: string; parent: string; name: string }[];
let ids: Record<'teacher' | 'teacher2' | 'admin' | 'gradeLeader' | 'head2' | 'office' | 'outsider', string>;
let names: Record<'gradeLeader' | 'head2' | 'office' | 'outsider', string>;

const as = async (username: string) => {
  if (!tokens.has(username)) tokens.set(username, await login(t.app, code, username));
  return tokens.get(username)!;
};
const post = async <T>(url: string, username: string, json: unknown, headers: Record<string, string> = {}) =>
  call<T>(t.app, 'POST', url, { token: await as(username), json, headers });

let dayCounter = 0;
/** a fresh school day for a test's student leave (D+20, D+24…: after the seeded data; leaves up to 3 days never meet) */
const freshDay = () => addDays(today, 20 + 4 * dayCounter++);
/** the day of the staff tests (before the seeded exam week, after the seeded staff applications) */
const staffDay = addDays(today, 10);
const at = (day: string, time: string) => `${day}T${time}:00+08:00`;

const leave = (applicantId: string, day: string, days = 1, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  kind: 'student_leave',
  applicantId,
  leaveType: '1',
  startsAt: at(day, '08:00'),
  endsAt: at(addDays(day, days - 1), '17:00'),
  reason: '身体不适',
  ...extra,
});
const save = (username: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => post<ApplicationDetail>('/api/applications/save', username, body, headers);
const submitted = async (username: string, body: Record<string, unknown>) => {
  const { body: answer } = await save(username, body);
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
};
const audit = (username: string, app: { id: string; version: number }, decision: 'pass' | 'reject' = 'pass', opinion = '', headers: Record<string, string> = {}) =>
  post<ApplicationDetail>('/api/applications/audit', username, { id: app.id, version: app.version, decision, opinion }, headers);
/**
 * A call made while the server's clock reads `now` (a school time): 销假 is possible only once the leave
 * has started, and the tests' leaves lie ahead (freshDay). Only Date is faked; the database keeps its own time.
 */
const whenItIs = async <T>(now: string, call: () => Promise<T>): Promise<T> => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  try {
    return await call();
  } finally {
    vi.useRealTimers();
  }
};
const cancel = (username: string, body: { id: string; version: number; cancelledAt: string; reason?: string }, now = body.cancelledAt) =>
  whenItIs(now, () => post<ApplicationDetail>('/api/applications/cancel', username, body));
const get = (username: string, id: string) => post<ApplicationDetail>('/api/applications/get', username, { id });
const list = (username: string, search: Record<string, unknown>, page = { currPage: 0, limit: 100 }) =>
  post<TableAData<ApplicationRow>>('/api/applications/list', username, { ...page, search: JSON.stringify(search) });
const listIds = async (username: string, search: Record<string, unknown>) => {
  const { body } = await list(username, search);
  expect(body.code, body.msg).toBe(1);
  return body.data.rows.map((row) => row.id);
};

/** messages about an application: recipient ids per message body (the stored Chinese; `en` rendered from its key and parameters) */
const messagesAbout = async (applicationId: string) =>
  (
    await ownerQuery<{ user_id: string; content: string; type: string; link: string; message_key: string; message_params: MessageTextParams }>(
      t.db,
      `SELECT r.user_id::text, m.content, m.type, m.link, m.message_key, m.message_params FROM messages m JOIN message_recipients r ON r.tenant_id = m.tenant_id AND r.message_id = m.id
      WHERE m.tenant_id = $1 AND m.link LIKE $2 ORDER BY m.created_at, r.user_id`,
      [tenantId, `%?id=${applicationId}`],
    )
  ).map((m) => ({ ...m, en: renderMessageText(m.message_key, m.message_params, 'en')!.body }));
const recipientsOf = async (applicationId: string, text: string) =>
  (await messagesAbout(applicationId)).filter((m) => m.content.includes(text)).map((m) => m.user_id).sort();
const eventCount = async (applicationId: string) =>
  Number((await ownerQuery<{ n: string }>(t.db, 'SELECT count(*) n FROM application_events WHERE tenant_id = $1 AND application_id = $2', [tenantId, applicationId]))[0].n);
const expire = (applicationId: string) =>
  ownerQuery(t.db, `UPDATE applications SET deadline_at = now() - interval '1 minute' WHERE tenant_id = $1 AND id = $2`, [tenantId, applicationId]);
const uploadFor = async (ownerId: string, mime = 'image/jpeg', size = 10) => {
  const id = uuidv7();
  await ownerQuery(
    t.db,
    `INSERT INTO files (tenant_id, id, name, suffix, mime, size, sha256, path, category, owner_id) VALUES ($1, $2, $3, 'jpg', $7, $8, $4, $5, 'leave', $6)`,
    [tenantId, id, `证明${randomBytes(2).toString('hex')}.jpg`, randomBytes(32).toString('hex'), `x/${id}.jpg`, ownerId, mime, size],
  );
  return id;
};
const sorted = (...values: string[]) => [...values].sort();

beforeAll(async () => {
  t = await buildTestApp();
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'apps', studentsPerClass: 8, otherStaff: 40 }));
  await initialiseParentAccounts(t.db, tenantId);
  const units = await ownerQuery<{ id: string; name: string; kind: string }>(t.db, `SELECT id::text, name, kind FROM org_units WHERE tenant_id = $1`, [tenantId]);
  classId = units.find((u) => u.name === '七年级(1)班')!.id;
  class2Id = units.find((u) => u.name === '七年级(2)班')!.id;
  gradeId = units.find((u) => u.name === '七年级')!.id;
  const students = await ownerQuery<{ id: string; username: string; name: string; parent_id: string; parent: string }>(
    t.db,
    `SELECT s.id::text, s.username, s.name, p.id::text parent_id, p.username parent FROM users s
       JOIN parent_students ps ON ps.tenant_id = s.tenant_id AND ps.student_id = s.id JOIN users p ON p.tenant_id = s.tenant_id AND p.id = ps.parent_id
      WHERE s.tenant_id = $1 AND s.org_unit_id = $2 ORDER BY s.id`,
    [tenantId, classId],
  );
  seats = students.map((s) => ({ studentId: s.id, student: s.username, parentId: s.parent_id, parent: s.parent, name: s.name }));
  const user = async (where: string, values: unknown[] = []) =>
    (await ownerQuery<{ id: string; username: string }>(t.db, `SELECT u.id::text, u.username FROM users u WHERE u.tenant_id = $1 AND ${where} LIMIT 1`, [tenantId, ...values]))[0];
  const duty = (kind: string, unit: string) => user(`EXISTS (SELECT 1 FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = '${kind}' AND d.org_unit_id = $2)`, [unit]);
  const gradeLeader = await duty('grade_leader', gradeId);
  const head2 = await duty('head_teacher', class2Id);
  const office = await createUser(t.db, code, { roles: ['teaching_office', 'teacher'], userType: '3' });
  // a staff member of another department who teaches nothing
  const outsider = await user(
    `u.user_type = '3' AND u.org_unit_id <> (SELECT org_unit_id FROM users WHERE tenant_id = $1 AND username = 'teacher')
     AND NOT EXISTS (SELECT 1 FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id)`,
  );
  const idOf = async (username: string) => (await user('u.username = $2', [username])).id;
  ids = {
    teacher: await idOf('teacher'),
    teacher2: await idOf('teacher2'),
    admin: await idOf('admin'),
    gradeLeader: gradeLeader.id,
    head2: head2.id,
    office: office.id,
    outsider: outsider.id,
  };
  names = { gradeLeader: gradeLeader.username, head2: head2.username, office: office.username, outsider: outsider.username };
});
afterAll(async () => {
  await t.close();
});

describe('the demo data', () => {
  it('gives teacher three leaves of 七年级(1)班 to audit (not the expired one), teacher2 a staff leave, admin the make-up at 教务处', async () => {
    const todo = await post<TodoCount>('/api/applications/todo-count', 'teacher', {});
    expect(todo.body.data).toEqual({ total: 3, byKind: { student_leave: 3 } });
    const { body } = await list('teacher', { scope: 'todo' });
    expect(body.data.rows.map((row) => row.applicantName).sort()).toEqual([seats[3].name, seats[4].name, seats[5].name].sort());
    expect(new Set(body.data.rows.map((row) => row.auditState))).toEqual(new Set(['pending:head_teacher']));
    const expired = await list('teacher', { scope: 'all', state: 'expired' });
    expect(expired.body.data.rows.map((row) => [row.applicantName, row.state, row.expired]).sort()).toEqual(
      [
        [seats[0].name, 'rejected', true],
        [seats[6].name, 'pending', true],
      ].sort(),
    );
    expect((await post<TodoCount>('/api/applications/todo-count', 'teacher2', {})).body.data.byKind).toEqual({ staff_leave: 1 });
    const makeups = await list('admin', { scope: 'todo', kinds: ['staff_makeup'] });
    expect(makeups.body.data.rows).toMatchObject([{ applicantId: ids.teacher, auditState: 'pending:role:teaching_office', orgUnitName: '七年级(2)班' }]);
    const mine = await list('teacher', { scope: 'mine', kinds: ['staff_leave', 'staff_overtime'], state: 'approved' });
    expect(mine.body.data.rows.map((row) => row.kind).sort()).toEqual(['staff_leave', 'staff_overtime']);
    // parent: no pending leave of their own; the expired one is view-only with the SPEC's message
    expect(await listIds('parent', { scope: 'mine', state: 'pending' })).toEqual([]);
    const [old] = (await list('parent', { scope: 'mine' })).body.data.rows;
    const detail = (await get('parent', old.id)).body.data;
    expect(detail.note).toBe('该记录已过期，仅可查看');
    expect(detail.can).toMatchObject({ audit: false, withdraw: false, cancel: false, edit: false });
  });
});

describe('applying', () => {
  it('a parent applies for their child: pending at the head teacher, the trail, messages to the family and the head teacher', async () => {
    const seat = seats[1];
    const day = freshDay();
    const app = await submitted(seat.parent, leave(seat.studentId, day));
    expect(app).toMatchObject({
      state: 'pending',
      auditState: 'pending:head_teacher',
      applicantId: seat.studentId,
      submittedById: seat.parentId,
      orgUnitName: '七年级(1)班',
      leaveTypeName: '病假',
      days: 1,
      version: 1,
      expired: false,
      can: { audit: false, withdraw: true, cancel: false, edit: false, proof: false },
    });
    expect(app.events.map((e) => [e.action, e.actorId])).toEqual([['submit', seat.parentId]]);
    expect(new Date(app.deadlineAt!).getTime() - new Date(app.endsAt!).getTime()).toBe(7 * 86_400_000);
    expect(await recipientsOf(app.id, '已提交，等待班主任审核')).toEqual(sorted(seat.studentId, seat.parentId));
    expect(await recipientsOf(app.id, '等待您审核')).toEqual([ids.teacher]);
    const message = (await messagesAbout(app.id)).find((m) => m.content.includes('已提交'))!;
    expect(message).toMatchObject({ type: '2', link: `/xssw/qjgl?id=${app.id}` });
    expect(message.en).toContain('has been submitted and awaits the head teacher');
    // stored once, read in either language: no English in the Chinese text
    expect(message.content).not.toMatch(/[A-Za-z]{3}/);
  });

  it('a student applies for themself only; a parent only for their own children', async () => {
    const day = freshDay();
    const own = await submitted(seats[2].student, leave(seats[2].studentId, day));
    expect(own).toMatchObject({ applicantId: seats[2].studentId, submittedById: seats[2].studentId });
    const other = await save(seats[2].student, leave(seats[3].studentId, day));
    expect([other.body.code, other.body.msg]).toEqual([40300, '只能为本人或自己的孩子申请']);
    const otherFamily = await save(seats[2].parent, leave(seats[3].studentId, day), { 'x-lang': 'en' });
    expect([otherFamily.body.code, otherFamily.body.msg]).toEqual([40300, 'You can apply only for yourself or your own children']);
    const staff = await save('teacher', leave(seats[3].studentId, day));
    expect(staff.body.code).toBe(40300);
  });

  it('refuses a start not before the end, a missing time, an unknown leave type, five attachments and files of someone else', async () => {
    const seat = seats[7];
    const day = freshDay();
    const reversed = await save(seat.parent, leave(seat.studentId, day, 1, { startsAt: at(day, '17:00'), endsAt: at(day, '08:00') }));
    expect([reversed.body.code, reversed.body.msg]).toEqual([40000, '开始时间应早于结束时间']);
    const missing = await save(seat.parent, leave(seat.studentId, day, 1, { endsAt: null }));
    expect([missing.body.code, missing.body.msg]).toEqual([40000, '请选择开始时间和结束时间']);
    expect((await save(seat.parent, leave(seat.studentId, day, 1, { leaveType: '77' }))).body.code).toBe(40000);
    const files = await Promise.all([1, 2, 3, 4, 5].map(() => uploadFor(seat.parentId)));
    expect((await save(seat.parent, leave(seat.studentId, day, 1, { attachments: files }))).body.code).toBe(40000);
    const foreign = await uploadFor(ids.teacher);
    const notMine = await save(seat.parent, leave(seat.studentId, day, 1, { attachments: [files[0], foreign] }));
    expect([notMine.body.code, notMine.body.msg]).toEqual([40000, '附件须为您本人上传的图片']);
    const pdf = await uploadFor(seat.parentId, 'application/pdf');
    expect((await save(seat.parent, leave(seat.studentId, day, 1, { attachments: [pdf] }))).body.msg).toBe('附件须为您本人上传的图片');
    const huge = await uploadFor(seat.parentId, 'image/png', 3 * 1024 * 1024);
    expect((await save(seat.parent, leave(seat.studentId, day, 1, { attachments: [huge] }))).body.msg).toBe('证明图片不能超过2MB');
    const count = await ownerQuery(t.db, `SELECT 1 FROM applications WHERE tenant_id = $1 AND applicant_id = $2 AND starts_at::date >= $3::date - 1`, [tenantId, seat.studentId, day]);
    expect(count).toEqual([]);
    const ok = await submitted(seat.parent, leave(seat.studentId, day, 1, { attachments: files.slice(0, 4) }));
    expect(ok.attachments.map((a) => a.resId)).toEqual(files.slice(0, 4));
    expect(ok.attachments[0].resName).toMatch(/^证明.*\.jpg$/);
  });

  it('refuses an overlap with an active application of the same kind and a non-selectable period; a withdrawn one no longer overlaps', async () => {
    const seat = seats[1];
    const day = freshDay();
    const first = await submitted(seat.parent, leave(seat.studentId, day, 2));
    const overlap = await save(seat.parent, leave(seat.studentId, addDays(day, 1), 1));
    expect(overlap.body.code).toBe(42200);
    expect(overlap.body.msg).toBe(`该时间段已有请假或申请（${day} 08:00 ~ ${addDays(day, 1)} 17:00）`);
    // another kind may overlap
    expect((await save(seat.parent, { id: uuidv7(), kind: 'travel', applicantId: seat.studentId, startsAt: at(day, '09:00'), endsAt: at(day, '10:00'), reason: '出行', details: { destination: '北京' } })).body.code).toBe(1);
    expect((await post('/api/applications/withdraw', seat.parent, { id: first.id, version: first.version })).body.code).toBe(1);
    expect((await save(seat.parent, leave(seat.studentId, addDays(day, 1), 1))).body.code).toBe(1);

    const blockedDay = freshDay();
    const period = await post<{ id: string; version: number }>('/api/applications/blocked-periods/save', 'admin', {
      name: '运动会',
      startsAt: at(blockedDay, '00:00'),
      endsAt: at(blockedDay, '23:59'),
      kinds: ['student_leave'],
    });
    expect(period.body.code, period.body.msg).toBe(1);
    const blocked = await save(seat.parent, leave(seat.studentId, blockedDay));
    expect([blocked.body.code, blocked.body.msg]).toEqual([42200, `所选时间段包含不可选时段：运动会（${blockedDay} 00:00 ~ ${blockedDay} 23:59）`]);
    // a draft is not checked; other kinds are not blocked
    expect((await save(seat.parent, { ...leave(seat.studentId, blockedDay), submit: false })).body.code).toBe(1);
    expect((await post('/api/applications/blocked-periods/delete', 'admin', period.body.data)).body.code).toBe(1);
    expect((await save(seat.parent, leave(seat.studentId, blockedDay))).body.code).toBe(1);
  });

  it('saves a draft, edits it at its version, then submits it; a submitted one is not edited', async () => {
    const seat = seats[2];
    const day = freshDay();
    const draft = await submitted(seat.parent, { ...leave(seat.studentId, day), submit: false });
    expect(draft).toMatchObject({ state: 'draft', auditState: 'draft', can: { edit: true, withdraw: true } });
    expect(await messagesAbout(draft.id)).toEqual([]);
    // auditors do not see drafts
    expect(await listIds('teacher', { scope: 'all' })).not.toContain(draft.id);
    const stale = await save(seat.parent, { ...leave(seat.studentId, day), id: draft.id, version: 7, submit: false });
    expect(stale.body.code).toBe(40900);
    const sent = await submitted(seat.parent, { ...leave(seat.studentId, day, 1, { reason: '改为事假' }), leaveType: '2', id: draft.id, version: draft.version });
    expect(sent).toMatchObject({ state: 'pending', reason: '改为事假', leaveType: '2', version: 2 });
    const again = await save(seat.parent, { ...leave(seat.studentId, day), id: draft.id, version: sent.version });
    expect([again.body.code, again.body.msg]).toEqual([42200, '已提交的申请不能修改，请先撤回']);
  });
});

describe('leave length', () => {
  it('counts a morning or an afternoon as half a day, in the detail and the list (the stored column keeps whole days)', async () => {
    const seat = seats[3];
    const day = freshDay();
    const afternoon = await submitted(seat.parent, { ...leave(seat.studentId, day), startsAt: at(day, '13:00'), endsAt: at(day, '17:00') });
    const morning = await submitted(seat.parent, { ...leave(seat.studentId, addDays(day, 1)), startsAt: at(addDays(day, 1), '08:00'), endsAt: at(addDays(day, 1), '12:00') });
    const across = await submitted(seat.parent, { ...leave(seat.studentId, addDays(day, 2)), startsAt: at(addDays(day, 2), '13:00'), endsAt: at(addDays(day, 3), '17:00') });
    expect([afternoon.days, morning.days, across.days]).toEqual([0.5, 0.5, 1.5]);
    const { body } = await list(seat.parent, { scope: 'mine' });
    expect(body.code, body.msg).toBe(1);
    expect(body.data.rows.filter((row) => [afternoon.id, morning.id].includes(row.id)).map((row) => row.days)).toEqual([0.5, 0.5]);
    const stored = await ownerQuery<{ days: number }>(t.db, 'SELECT days FROM applications WHERE tenant_id = $1 AND id = $2', [tenantId, across.id]);
    expect(stored[0].days).toBe(2);
  });
});

describe('audit chains', () => {
  it('chooses the chain by type and length: 1 day → head teacher; 3 days → head teacher then grade leader (the seeded flow)', async () => {
    const seat = seats[3];
    const short = await submitted(seat.parent, leave(seat.studentId, freshDay(), 1));
    expect(short.steps).toEqual([{ kind: 'head_teacher' }]);
    const long = await submitted(seat.parent, leave(seat.studentId, freshDay(), 3));
    expect(long.steps).toEqual([{ kind: 'head_teacher' }, { kind: 'grade_leader' }]);
    expect(long.days).toBe(3);

    // the grade leader may not audit the first step, the head teacher passes it
    const early = await audit(names.gradeLeader, long);
    expect([early.body.code, early.body.msg]).toEqual([40300, '该申请当前不由您审核']);
    const passed = await audit('teacher', long, 'pass', '同意');
    expect(passed.body.code, passed.body.msg).toBe(1);
    expect(passed.body.data).toMatchObject({ state: 'pending', step: 1, auditState: 'pending:grade_leader', version: 2 });
    expect(await recipientsOf(long.id, '已通过班主任审核')).toEqual(sorted(seat.studentId, seat.parentId));
    expect(await recipientsOf(long.id, '等待您审核')).toEqual(sorted(ids.teacher, ids.gradeLeader));
    // now the head teacher is not the auditor; the grade leader approves
    expect((await audit('teacher', passed.body.data)).body.msg).toBe('该申请当前不由您审核');
    const approved = await audit(names.gradeLeader, passed.body.data, 'pass', '注意安全');
    expect(approved.body.data).toMatchObject({ state: 'approved', auditState: 'approved', version: 3 });
    expect(approved.body.data.events.map((e) => [e.action, e.step, e.opinion])).toEqual([
      ['submit', null, ''],
      ['pass', 0, '同意'],
      ['pass', 1, '注意安全'],
    ]);
    expect(await recipientsOf(long.id, '已审核通过')).toEqual(sorted(seat.studentId, seat.parentId));
    // audited again → not pending, named
    const late = await audit(names.gradeLeader, approved.body.data);
    expect([late.body.code, late.body.msg]).toEqual([42200, '该申请已审核通过，不能再审核']);
  });

  it('a flow of one leave type wins over the any-type flow; settings check roles, duplicates and versions', async () => {
    const noRole = await post('/api/applications/flows/save', 'admin', { kind: 'student_leave', leaveType: '9', minDays: 2, steps: [{ kind: 'role', roleCode: 'nobody' }], deadlineDays: 3 });
    expect([noRole.body.code, noRole.body.msg]).toEqual([40000, '审核角色不存在：nobody']);
    const saved = await post<{ id: string; version: number }>('/api/applications/flows/save', 'admin', {
      kind: 'student_leave',
      leaveType: '9',
      minDays: 2,
      steps: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: 'teaching_office' }],
      deadlineDays: 3,
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const duplicate = await post('/api/applications/flows/save', 'admin', { kind: 'student_leave', leaveType: '', minDays: 3, steps: [{ kind: 'head_teacher' }], deadlineDays: 7 });
    expect([duplicate.body.code, duplicate.body.msg]).toEqual([40900, '同一类型、请假类型和天数的审核流程已存在']);
    expect((await post('/api/applications/flows/save', 'teacher', { kind: 'travel', minDays: 0, steps: [{ kind: 'head_teacher' }], deadlineDays: 7 })).body.code).toBe(40300);

    const seat = seats[4];
    const other = await submitted(seat.parent, leave(seat.studentId, freshDay(), 3, { leaveType: '9' }));
    expect(other.steps).toEqual([{ kind: 'head_teacher' }, { kind: 'role', roleCode: 'teaching_office' }]);
    expect(new Date(other.deadlineAt!).getTime() - new Date(other.endsAt!).getTime()).toBe(3 * 86_400_000);
    const oneDay = await submitted(seat.parent, leave(seat.studentId, freshDay(), 1, { leaveType: '9' }));
    expect(oneDay.steps).toEqual([{ kind: 'head_teacher' }]);
    // the role step: a member of 教务处 audits it, the head teacher does not
    const first = (await audit('teacher', other)).body.data;
    expect(first.auditState).toBe('pending:role:teaching_office');
    expect((await audit('teacher', first)).body.code).toBe(40300);
    expect((await audit(names.office, first)).body.data.state).toBe('approved');

    const flows = await post<{ id: string; leaveType: string; version: number }[]>('/api/applications/flows', 'admin', {});
    expect(flows.body.data.map((f) => f.leaveType).sort()).toEqual(['', '9']);
    const stale = await post('/api/applications/flows/save', 'admin', { id: saved.body.data.id, version: 5, kind: 'student_leave', leaveType: '9', minDays: 2, steps: [{ kind: 'head_teacher' }], deadlineDays: 3 });
    expect(stale.body.code).toBe(40900);
    const edited = await post<{ version: number }>('/api/applications/flows/save', 'admin', {
      id: saved.body.data.id,
      version: saved.body.data.version,
      kind: 'student_leave',
      leaveType: '9',
      minDays: 2,
      steps: [{ kind: 'head_teacher' }],
      deadlineDays: 3,
    });
    expect(edited.body.data.version).toBe(2);
    expect((await post('/api/applications/flows/delete', 'admin', { id: saved.body.data.id, version: 1 })).body.code).toBe(40900);
    expect((await post('/api/applications/flows/delete', 'admin', { id: saved.body.data.id, version: 2 })).body.code).toBe(1);
    expect((await post('/api/applications/flows', 'admin', {})).body.data).toHaveLength(1);
  });

  it('a rejection ends it with the opinion; the family is told', async () => {
    const seat = seats[5];
    const app = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    const rejected = await audit('teacher', app, 'reject', '请补充医院证明');
    expect(rejected.body.data).toMatchObject({ state: 'rejected', auditState: 'rejected' });
    expect(rejected.body.data.decidedAt).not.toBeNull();
    expect(await recipientsOf(app.id, '未通过审核：请补充医院证明')).toEqual(sorted(seat.studentId, seat.parentId));
  });

  it('staff leave goes to the department head; nobody audits their own; an administrator audits any step', async () => {
    const day = staffDay;
    const own = await submitted('teacher', { id: uuidv7(), kind: 'staff_leave', leaveType: '1', startsAt: at(day, '08:00'), endsAt: at(day, '12:00'), reason: '看病' });
    expect(own).toMatchObject({ applicantId: ids.teacher, auditState: 'pending:department_head', orgUnitName: '教务处' });
    expect(await recipientsOf(own.id, '等待您审核')).toEqual([ids.teacher2]);
    expect((await audit(names.outsider, own)).body.code).toBe(40300);
    const self = await audit('teacher', own);
    expect([self.body.code, self.body.msg]).toEqual([40300, '不能审核自己的申请']);
    const done = await audit('teacher2', own, 'pass', '同意');
    expect(done.body.data.state).toBe('approved');
    expect(await recipientsOf(own.id, '已审核通过')).toEqual([ids.teacher]);

    // the department head's own leave: she may not audit it, the administrator may
    const hers = await submitted('teacher2', { id: uuidv7(), kind: 'staff_leave', leaveType: '1', startsAt: at(day, '08:00'), endsAt: at(day, '12:00'), reason: '事假' });
    const detail = (await get('teacher2', hers.id)).body.data;
    expect(detail.can.audit).toBe(false);
    expect(detail.note).toBe('不能审核自己的申请');
    expect((await audit('teacher2', hers)).body.msg).toBe('不能审核自己的申请');
    expect((await audit('admin', hers)).body.data.state).toBe('approved');
    // the applicant never audits even as administrator: admin files one
    const admins = await submitted('admin', { id: uuidv7(), kind: 'staff_overtime', startsAt: at(day, '18:00'), endsAt: at(day, '20:00'), reason: '加班' });
    expect((await audit('admin', admins)).body.msg).toBe('不能审核自己的申请');
  });

  it('make-up lessons: only for a class taught; the class head teacher, then 教务处', async () => {
    const day = staffDay;
    const makeup = (classOf: string) => ({
      id: uuidv7(),
      kind: 'staff_makeup',
      startsAt: at(day, '16:00'),
      endsAt: at(day, '16:45'),
      reason: '补课',
      details: { classId: classOf, subject: '02', missedDate: today },
    });
    const notTaught = await save(names.outsider, makeup(classId));
    expect([notTaught.body.code, notTaught.body.msg]).toEqual([40300, '只能为自己任教的班级申请补课']);
    const app = await submitted('teacher', makeup(class2Id));
    expect(app).toMatchObject({ auditState: 'pending:head_teacher', orgUnitName: '七年级(2)班' });
    // teacher2 (maths in 七年级(1)班, head of 教务处) has no part in 七年级(2)班's make-up: not even found
    expect((await audit('teacher2', app)).body.code).toBe(40400);
    const passed = (await audit(names.head2, app)).body.data;
    expect(passed.auditState).toBe('pending:role:teaching_office');
    expect(await recipientsOf(app.id, '等待您审核')).toEqual(sorted(ids.head2, ids.admin, ids.office));
    expect((await audit('admin', passed)).body.data.auditState).toBe('approved');
  });

  it('proofs get a verification code when approved', async () => {
    const seat = seats[6];
    const app = await submitted(seat.parent, { id: uuidv7(), kind: 'enrolment_proof', applicantId: seat.studentId, reason: '办理护照', details: { purpose: '办理护照' } });
    expect(app.startsAt).toBeNull();
    // 教务处 is a step of every enrolment proof's chain: it sees them all from the start, not the leaves of one-step chains
    expect(await listIds(names.office, { scope: 'all', kinds: ['enrolment_proof'] })).toContain(app.id);
    expect(await listIds(names.office, { scope: 'todo' })).not.toContain(app.id);
    const leaveId = (await submitted(seat.parent, leave(seat.studentId, freshDay()))).id;
    expect(await listIds(names.office, { scope: 'all', kinds: ['student_leave'] })).not.toContain(leaveId);
    const step1 = (await audit('teacher', app)).body.data;
    const approved = (await audit(names.office, step1)).body.data;
    expect(approved).toMatchObject({ state: 'approved', can: { proof: true } });
    const [row] = await ownerQuery<{ verify_code: string }>(t.db, 'SELECT verify_code FROM applications WHERE tenant_id = $1 AND id = $2', [tenantId, app.id]);
    expect(row.verify_code).toMatch(/^[A-Z2-7]{12}$/);
  });
});

describe('kind fields', () => {
  it('score proofs name published exams of the student; day-student needs a mobile number; a shift swap another staff member', async () => {
    const [published, unpublished] = [uuidv7(), uuidv7()];
    await ownerQuery(
      t.db,
      `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date, sort, published)
       SELECT $1, x.id, s.id, x.name, ARRAY[$4]::uuid[], ARRAY['01','02'], '2026-11-02', '2026-11-03', 10, x.published
         FROM semesters s, (VALUES ($2::uuid, '第一次月考', true), ($3::uuid, '期中考试', false)) x(id, name, published)
        WHERE s.tenant_id = $1 AND s.is_current`,
      [tenantId, published, unpublished, gradeId],
    );
    const options = (await post<ApplicationOptions>('/api/applications/options', 'parent', { family: 'student' })).body.data;
    expect(options.batches.map((b) => b.id)).toEqual([published]);
    const proof = (batchIds: string[]) => ({ id: uuidv7(), kind: 'score_proof', applicantId: seats[0].studentId, reason: '升学', details: { purpose: '升学', batchIds } });
    const refused = await save('parent', proof([unpublished]));
    expect([refused.body.code, refused.body.msg]).toEqual([40000, '只能选择已发布成绩的考试']);
    const ok = await submitted('parent', proof([published]));
    expect(ok).toMatchObject({ kind: 'score_proof', details: { batchIds: [published], copies: 1 } });
    // approved: the lines it prints are frozen into details.printed (no score entered yet: —)
    const approvedProof = (await audit(names.office, (await audit('teacher', ok)).body.data)).body.data;
    expect(approvedProof.state).toBe('approved');
    expect(approvedProof.details.printed).toEqual([
      { batchName: '第一次月考', subject: expect.any(String), value: '—' },
      { batchName: '第一次月考', subject: expect.any(String), value: '—' },
    ]);

    const day = freshDay();
    const dayStudent = (guardianPhone: string) => ({
      id: uuidv7(),
      kind: 'day_student',
      applicantId: seats[0].studentId,
      startsAt: at(day, '08:00'),
      endsAt: at(addDays(day, 30), '17:00'),
      reason: '家离学校近',
      details: { address: '幸福路1号', guardian: '张三', guardianPhone },
    });
    expect((await save('parent', dayStudent('12345'))).body.code).toBe(40000);
    expect((await submitted('parent', dayStudent('13800138000'))).steps).toEqual([{ kind: 'head_teacher' }, { kind: 'grade_leader' }]);

    const shift = (counterpartId: string) => ({
      id: uuidv7(),
      kind: 'staff_shift',
      startsAt: at(staffDay, '18:00'),
      endsAt: at(staffDay, '21:00'),
      reason: '调班',
      details: { counterpartId, swapStartsAt: at(addDays(staffDay, 1), '18:00'), swapEndsAt: at(addDays(staffDay, 1), '21:00') },
    });
    expect((await save('teacher', shift(ids.teacher))).body.msg).toBe('请选择另一位教职工作为调班对象');
    expect((await save('teacher', shift(seats[0].studentId))).body.code).toBe(40000);
    expect((await submitted('teacher', shift(ids.teacher2))).auditState).toBe('pending:department_head');
  });

  it('the head teacher may cancel a leave of the class too; a student of the class may not audit', async () => {
    const seat = seats[6];
    const day = freshDay();
    const app = await submitted(seat.parent, leave(seat.studentId, day, 2));
    expect((await audit(seat.student, app)).body.code).toBe(40300);
    const approved = (await audit('teacher', app)).body.data;
    const cancelled = await cancel('teacher', { id: app.id, version: approved.version, cancelledAt: at(addDays(day, 1), '10:00') });
    expect(cancelled.body.data.cancelState).toBe('cancelled');
    expect(cancelled.body.data.events.at(-1)).toMatchObject({ action: 'cancel', actorId: ids.teacher });
  });
});

describe('conflicts, idempotency and the outbox', () => {
  it('a stale version answers 40900 with the current detail and changes nothing', async () => {
    const seat = seats[1];
    const app = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    await ownerQuery(t.db, 'UPDATE applications SET version = version + 1 WHERE tenant_id = $1 AND id = $2', [tenantId, app.id]);
    const stale = await audit('teacher', app, 'reject', '不同意');
    expect(stale.body.code).toBe(40900);
    expect(stale.body.data).toMatchObject({ id: app.id, state: 'pending', version: 2, can: { audit: true } });
    expect(await eventCount(app.id)).toBe(1);
    // someone else decided meanwhile: the conflict shows their decision
    const other = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    await audit('admin', other, 'reject', '名额已满');
    const conflict = await audit('teacher', other);
    expect(conflict.body.code).toBe(40900);
    expect(conflict.body.data.state).toBe('rejected');
    expect(conflict.body.data.events.at(-1)).toMatchObject({ action: 'reject', actorName: '系统管理员', opinion: '名额已满' });
    expect(conflict.body.data.can.audit).toBe(false);
  });

  it('the same Idempotency-Key twice: one event, one message; through /api/outbox/batch too', async () => {
    const seat = seats[2];
    const app = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    const key = uuidv7();
    const first = await audit('teacher', app, 'pass', '', { 'idempotency-key': key });
    const second = await audit('teacher', app, 'pass', '', { 'idempotency-key': key });
    expect(first.body.code).toBe(1);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replay']).toBe('1');
    expect(await eventCount(app.id)).toBe(2);
    expect(await recipientsOf(app.id, '已审核通过')).toEqual(sorted(seat.studentId, seat.parentId));

    const queued = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    const op = { key: uuidv7(), url: '/api/applications/audit', body: { id: queued.id, version: queued.version, decision: 'pass', opinion: '离线审核' } };
    const stale = { key: uuidv7(), url: '/api/applications/audit', body: { id: app.id, version: 1, decision: 'pass', opinion: '' } };
    const batch = await post<{ results: { code: number; data: ApplicationDetail | null; replayed: boolean }[] }>('/api/outbox/batch', 'teacher', { ops: [op, stale] });
    expect(batch.body.data.results.map((r) => r.code)).toEqual([1, 40900]);
    expect(batch.body.data.results[1].data).toMatchObject({ id: app.id, state: 'approved' });
    const replay = await post<{ results: { code: number; replayed: boolean }[] }>('/api/outbox/batch', 'teacher', { ops: [op] });
    expect(replay.body.data.results[0]).toMatchObject({ code: 1, replayed: true });
    expect(await eventCount(queued.id)).toBe(2);
    expect(await recipientsOf(queued.id, '已审核通过')).toEqual(sorted(seat.studentId, seat.parentId));
  });
});

describe('withdraw, cancel, expiry', () => {
  it('the family withdraws before any audit (the auditors are told); not after a pass, not someone else', async () => {
    const seat = seats[3];
    const app = await submitted(seat.parent, leave(seat.studentId, freshDay(), 3));
    // the head teacher (an auditor, not the family) may not
    const byAuditor = await post('/api/applications/withdraw', 'teacher', { id: app.id, version: app.version });
    expect([byAuditor.body.code, byAuditor.body.msg]).toEqual([40300, '只有申请人可以进行此操作']);
    const passed = (await audit('teacher', app)).body.data;
    expect(passed.can.withdraw).toBe(false);
    const late = await post('/api/applications/withdraw', seat.parent, { id: app.id, version: passed.version });
    expect([late.body.code, late.body.msg]).toEqual([42200, '只有待审核且尚未审核的申请可以撤回']);
    const fresh = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    // the student withdraws what their parent filed (L2: the applicant's family, not only the filer)
    const withdrawn = await post<ApplicationDetail>('/api/applications/withdraw', seat.student, { id: fresh.id, version: fresh.version });
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', auditState: 'withdrawn' });
    expect(await listIds('teacher', { scope: 'todo' })).not.toContain(fresh.id);
    // the head teacher who was told "等待您审核" is told it was withdrawn
    expect(await recipientsOf(fresh.id, '已撤回，无需审核')).toEqual([ids.teacher]);
  });

  it('cancel (销假): inside the leave only; the roll counts the leave up to the return time', async () => {
    const seat = seats[4];
    const day = freshDay();
    const app = await submitted(seat.parent, leave(seat.studentId, day, 2));
    const notYet = await cancel(seat.parent, { id: app.id, version: app.version, cancelledAt: at(day, '12:00') });
    expect([notYet.body.code, notYet.body.msg]).toEqual([42200, '只有已通过且未销假的请假可以销假']);
    const approved = (await audit('teacher', app)).body.data;
    // approved but ahead: no 销假 offered, and refused if asked for anyway (zh and en)
    expect(approved.can.cancel).toBe(false);
    const early = { id: app.id, version: approved.version, cancelledAt: at(day, '12:00') };
    const ahead = await post('/api/applications/cancel', seat.parent, early);
    expect([ahead.body.code, ahead.body.msg]).toEqual([42200, `请假尚未开始（${day} 08:00 开始），不能销假`]);
    const aheadEn = await post('/api/applications/cancel', seat.parent, early, { 'x-lang': 'en' });
    expect(aheadEn.body.msg).toBe(`This leave has not started yet (it starts at ${day} 08:00); it cannot be cancelled`);
    expect((await whenItIs(at(day, '07:59'), () => get(seat.parent, app.id))).body.data.can.cancel).toBe(false);
    expect((await whenItIs(at(day, '08:00'), () => get(seat.parent, app.id))).body.data.can.cancel).toBe(true);
    const outside = await cancel(seat.parent, { id: app.id, version: approved.version, cancelledAt: at(addDays(day, 2), '09:00') }, at(day, '09:00'));
    expect([outside.body.code, outside.body.msg]).toEqual([42200, `销假时间应在原请假时间（${day} 08:00 ~ ${addDays(day, 1)} 17:00）之内`]);
    expect((await cancel(names.outsider, { id: app.id, version: approved.version, cancelledAt: at(day, '12:00') })).body.code).toBe(40400);
    const cancelled = await cancel(seat.parent, { id: app.id, version: approved.version, cancelledAt: at(day, '12:00'), reason: '已康复返校' });
    expect(cancelled.body.data).toMatchObject({ cancelState: 'cancelled', cancelledAt: new Date(at(day, '12:00')).toISOString(), can: { cancel: false } });
    expect(await recipientsOf(app.id, '已销假')).toEqual(sorted(seat.studentId, seat.parentId, ids.teacher));
    const onLeave = (date: string) => t.db.withTenant(tenantId, (tx) => t.app.services.leave.approvedLeavesOn(tx, [seat.studentId], date, '+08:00'));
    expect((await onLeave(day)).get(seat.studentId)?.to).toBe(new Date(at(day, '12:00')).toISOString());
    expect((await onLeave(addDays(day, 1))).has(seat.studentId)).toBe(false);
    expect(await listIds('teacher', { scope: 'all', state: 'cancelled' })).toContain(app.id);
  });

  it('past the deadline a record is view-only: audit, withdraw and cancel answer the SPEC message; not in todo', async () => {
    const seat = seats[5];
    const pending = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    const approvedDay = freshDay();
    const approved = (await audit('teacher', await submitted(seat.parent, leave(seat.studentId, approvedDay)))).body.data;
    await expire(pending.id);
    await expire(approved.id);
    expect((await audit('teacher', pending)).body.msg).toBe('该记录已过期，仅可查看');
    expect((await post('/api/applications/withdraw', seat.parent, { id: pending.id, version: pending.version })).body.msg).toBe('该记录已过期，仅可查看');
    expect((await post('/api/applications/cancel', seat.parent, { id: approved.id, version: approved.version, cancelledAt: at(approvedDay, '12:00') })).body.msg).toBe(
      '该记录已过期，仅可查看',
    );
    const detail = (await get('teacher', pending.id)).body.data;
    expect(detail).toMatchObject({ expired: true, note: '该记录已过期，仅可查看', can: { audit: false, withdraw: false, cancel: false } });
    expect(await listIds('teacher', { scope: 'todo' })).not.toContain(pending.id);
    expect(await listIds('teacher', { scope: 'all', state: 'expired' })).toEqual(expect.arrayContaining([pending.id, approved.id]));
  });
});

describe('batch audit', () => {
  it('passes all in one audit state; refuses mixed states and changes nothing; a failing one undoes all, naming the applicant', async () => {
    const day = freshDay();
    const a = await submitted(seats[1].parent, leave(seats[1].studentId, day));
    const b = await submitted(seats[2].parent, leave(seats[2].studentId, day));
    const c = await submitted(seats[3].parent, leave(seats[3].studentId, day, 3));
    const cPassed = (await audit('teacher', c)).body.data;
    const mixed = await post('/api/applications/batch-audit', 'admin', { ids: [a.id, cPassed.id], decision: 'pass' });
    expect([mixed.body.code, mixed.body.msg]).toEqual([42200, '所选申请不是同一审核状态，不能批量审核']);
    expect((await get('teacher', a.id)).body.data.version).toBe(1);

    // the second one is past its deadline: nothing is passed
    const d = await submitted(seats[4].parent, leave(seats[4].studentId, day));
    await expire(d.id);
    const failing = await post('/api/applications/batch-audit', 'teacher', { ids: [a.id, d.id], decision: 'pass' });
    expect([failing.body.code, failing.body.msg]).toEqual([42200, `${seats[4].name}：该记录已过期，仅可查看`]);
    expect((await get('teacher', a.id)).body.data.state).toBe('pending');

    const before = (await post<TodoCount>('/api/applications/todo-count', 'teacher', {})).body.data.total;
    const ok = await post<{ count: number }>('/api/applications/batch-audit', 'teacher', { ids: [a.id, b.id], decision: 'reject', opinion: '请改期' });
    expect(ok.body.data).toEqual({ count: 2 });
    for (const id of [a.id, b.id]) expect((await get('teacher', id)).body.data).toMatchObject({ state: 'rejected', events: [{ action: 'submit' }, { action: 'reject', opinion: '请改期' }] });
    expect((await post<TodoCount>('/api/applications/todo-count', 'teacher', {})).body.data.total).toBe(before - 2);
    // not visible to the caller → not found, nothing changes
    const e = await submitted(seats[5].parent, leave(seats[5].studentId, day));
    const foreign = await post('/api/applications/batch-audit', 'teacher2', { ids: [e.id], decision: 'pass' });
    expect(foreign.body.code).toBe(40400);
  });
});

describe('lists and visibility', () => {
  it('a parent sees their own family only; scopes, filters and the detail follow who may see it', async () => {
    const day = freshDay();
    const mine = await submitted(seats[6].parent, leave(seats[6].studentId, day));
    const theirs = await submitted(seats[7].parent, leave(seats[7].studentId, day));
    const parentView = await listIds(seats[6].parent, { scope: 'mine' });
    expect(parentView).toContain(mine.id);
    expect(parentView).not.toContain(theirs.id);
    expect((await get(seats[6].parent, theirs.id)).body.code).toBe(40400);
    expect(await listIds(seats[6].student, { scope: 'mine' })).toContain(mine.id);
    expect((await list(seats[6].parent, { scope: 'todo' })).body.code).toBe(40300);
    // the head teacher: todo, all of the class; the head of another class and a stranger see none
    expect(await listIds('teacher', { scope: 'todo' })).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(await listIds(names.head2, { scope: 'all', kinds: ['student_leave'] })).not.toContain(mine.id);
    expect(await listIds(names.gradeLeader, { scope: 'all', kinds: ['student_leave'] })).toContain(mine.id);
    expect((await get(names.head2, mine.id)).body.code).toBe(40400);
    // filters
    expect(await listIds('teacher', { scope: 'all', keyword: seats[6].name })).toContain(mine.id);
    expect(await listIds('teacher', { scope: 'all', keyword: seats[6].name })).not.toContain(theirs.id);
    expect(await listIds('teacher', { scope: 'all', state: 'pending:head_teacher', from: day, to: day })).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(await listIds('teacher', { scope: 'all', from: addDays(day, 1), to: addDays(day, 1) })).not.toContain(mine.id);
    expect(await listIds('teacher', { scope: 'all', state: 'approved', from: day, to: day })).toEqual([]);
    expect(await listIds('teacher', { scope: 'all', orgUnitId: class2Id, kinds: ['student_leave'] })).toEqual([]);
    // done after an audit
    await audit('teacher', mine);
    expect(await listIds('teacher', { scope: 'done' })).toContain(mine.id);
    expect(await listIds('teacher', { scope: 'todo' })).not.toContain(mine.id);
    const { body } = await list('teacher', { scope: 'all' }, { currPage: 1, limit: 2 });
    expect(body.data.rows).toHaveLength(2);
    expect(body.data.total).toBeGreaterThan(4);
  });

  it('options: a parent gets their children and leave types; staff their classes, colleagues and the exam week', async () => {
    const family = (await post<ApplicationOptions>('/api/applications/options', 'parent', { family: 'student' })).body.data;
    expect(family.students).toEqual([{ id: seats[0].studentId, name: seats[0].name, className: '七年级(1)班' }]);
    expect(family.leaveTypes.student_leave?.map((type) => type.name)).toEqual(expect.arrayContaining(['病假', '事假']));
    const staff = (await post<ApplicationOptions>('/api/applications/options', 'teacher', { family: 'staff' })).body.data;
    expect(staff.classes.map((c) => c.name)).toEqual(['七年级(1)班', '七年级(2)班']);
    expect(staff.classes[1].subjects.map((s) => s.code)).toEqual(['02']);
    expect(staff.colleagues.some((c) => c.id === ids.teacher2)).toBe(true);
    expect(staff.colleagues.some((c) => c.id === ids.teacher)).toBe(false);
    expect(staff.blockedPeriods.map((p) => p.name)).toContain('期末考试周');
  });
});

describe('settings', () => {
  it('blocked periods: start before end, versions, permissions', async () => {
    const bad = await post('/api/applications/blocked-periods/save', 'admin', { name: '错', startsAt: at(today, '10:00'), endsAt: at(today, '09:00'), kinds: ['staff_leave'] });
    expect([bad.body.code, bad.body.msg]).toEqual([40000, '开始时间应早于结束时间']);
    expect((await post('/api/applications/blocked-periods', 'teacher', {})).body.code).toBe(40300);
    const listed = await post<BlockedPeriodRow[]>('/api/applications/blocked-periods', 'admin', {});
    const exam = listed.body.data.find((p) => p.name === '期末考试周')!;
    expect(exam.kinds).toEqual(['staff_leave', 'staff_outing']);
    const renamed = await post<BlockedPeriodRow>('/api/applications/blocked-periods/save', 'admin', { ...exam, name: '期末考试' });
    expect(renamed.body.data).toMatchObject({ name: '期末考试', version: 2 });
    const stale = await post('/api/applications/blocked-periods/save', 'admin', { ...exam, name: '期末' });
    expect(stale.body.code).toBe(40900);
    // a staff leave in the exam week is refused
    const blocked = await save('teacher', {
      id: uuidv7(),
      kind: 'staff_leave',
      leaveType: '1',
      startsAt: exam.startsAt,
      endsAt: new Date(new Date(exam.startsAt).getTime() + 3_600_000).toISOString(),
      reason: '事假',
    });
    expect(blocked.body.msg).toMatch(/^所选时间段包含不可选时段：期末考试/);
  });
});

describe('review fixes (issue 8 server review)', () => {
  it('H1: a leave whose deadline is already past is refused at submit (zh and en); an expired pending one no longer blocks the days', async () => {
    const seat = seats[1];
    const ended = addDays(today, -9);
    const late = await save(seat.parent, leave(seat.studentId, ended));
    expect([late.body.code, late.body.msg]).toEqual([42200, '该申请已超过截止时间（结束后7天），不能再提交']);
    const lateEn = await save(seat.parent, leave(seat.studentId, ended), { 'x-lang': 'en' });
    expect(lateEn.body.msg).toBe('This application is past its deadline (7 days after the end) and can no longer be submitted');
    // a draft of it may still be kept
    expect((await save(seat.parent, { ...leave(seat.studentId, ended), submit: false })).body.code).toBe(1);
    // a pending one that expired (nobody can audit or withdraw it) does not block a new one over the same days
    const day = freshDay();
    const dead = await submitted(seat.parent, leave(seat.studentId, day));
    await expire(dead.id);
    expect((await submitted(seat.parent, leave(seat.studentId, day))).state).toBe('pending');
  });

  it('H3: a batch selected at 待班主任审核 of which one was passed meanwhile answers 40900 with the current rows; nothing changes', async () => {
    const day = freshDay();
    const a = await submitted(seats[1].parent, leave(seats[1].studentId, day, 3));
    const b = await submitted(seats[2].parent, leave(seats[2].studentId, day, 3));
    const passed = (await audit('teacher', a)).body.data;
    expect(passed.auditState).toBe('pending:grade_leader');
    const batch = await post<ApplicationRow[]>('/api/applications/batch-audit', 'admin', { ids: [a.id, b.id], decision: 'pass', auditState: 'pending:head_teacher' });
    expect([batch.body.code, batch.body.msg]).toEqual([40900, '该申请已被他人处理，请刷新后查看']);
    expect(batch.body.data.map((row) => [row.id, row.auditState]).sort()).toEqual([[a.id, 'pending:grade_leader'], [b.id, 'pending:head_teacher']].sort());
    expect((await get('teacher', a.id)).body.data).toMatchObject({ version: passed.version, auditState: 'pending:grade_leader' });
    expect((await get('teacher', b.id)).body.data).toMatchObject({ version: b.version, auditState: 'pending:head_teacher' });
    expect(await eventCount(b.id)).toBe(1);
    // selected in the state they are in: passes
    const ok = await post<{ count: number }>('/api/applications/batch-audit', 'teacher', { ids: [b.id], decision: 'pass', auditState: 'pending:head_teacher' });
    expect(ok.body.data).toEqual({ count: 1 });
  });

  it('M1/M4: a head teacher’s make-up in their own class goes to the administrators, who have it in their todo; other steps are not in the admin’s todo', async () => {
    const day = addDays(today, 11);
    const own = await submitted('teacher', {
      id: uuidv7(),
      kind: 'staff_makeup',
      startsAt: at(day, '16:00'),
      endsAt: at(day, '16:45'),
      reason: '补课',
      details: { classId, subject: '02', missedDate: today },
    });
    expect(own.auditState).toBe('pending:head_teacher');
    expect(await recipientsOf(own.id, '等待您审核')).toEqual([ids.admin]);
    expect(await listIds('admin', { scope: 'todo', kinds: ['staff_makeup'] })).toContain(own.id);
    // a leave of 七年级(1)班 waits for its head teacher, not for the administrator (who still sees it in 'all' and may audit it)
    const seat = seats[2];
    const leaveApp = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    expect(await listIds('admin', { scope: 'todo' })).not.toContain(leaveApp.id);
    expect(await listIds('admin', { scope: 'all' })).toContain(leaveApp.id);
    const todo = (await post<TodoCount>('/api/applications/todo-count', 'admin', {})).body.data;
    expect(todo.byKind.student_leave ?? 0).toBe(0);
    expect((await audit('admin', leaveApp)).body.data.state).toBe('approved');
  });

  it('M3: options of a family only for those who apply for or audit one of its kinds', async () => {
    const refused = await post('/api/applications/options', 'parent', { family: 'staff' });
    expect([refused.body.code, refused.body.msg]).toEqual([40300, '没有该申请的权限，请联系管理员']);
    expect((await post('/api/applications/options', names.outsider, { family: 'student' })).body.code).toBe(40300);
    expect((await post('/api/applications/options', 'teacher', { family: 'student' })).body.code).toBe(1);
    expect((await post('/api/applications/options', 'teacher', { family: 'staff' })).body.code).toBe(1);
  });

  it('M6: a flow step nobody could audit is refused, naming the step', async () => {
    const flow = (kind: string, steps: unknown[]) => post('/api/applications/flows/save', 'admin', { kind, leaveType: '', minDays: 90, steps, deadlineDays: 7 });
    const dept = await flow('student_leave', [{ kind: 'head_teacher' }, { kind: 'department_head' }]);
    expect([dept.body.code, dept.body.msg]).toEqual([40000, '第2步“部门负责人”不能用于请假申请的审核流程']);
    expect((await flow('staff_leave', [{ kind: 'head_teacher' }])).body.msg).toBe('第1步“班主任”不能用于请假申请的审核流程');
    expect((await flow('staff_outing', [{ kind: 'grade_leader' }])).body.code).toBe(40000);
    // the teacher role does not grant qjgl_audit
    const role = await post('/api/applications/flows/save', 'admin', { kind: 'student_leave', leaveType: '', minDays: 90, steps: [{ kind: 'role', roleCode: 'teacher' }], deadlineDays: 7 }, { 'x-lang': 'en' });
    expect(role.body.msg).toBe('Step 1 "teacher" cannot be used in the audit flow of a leave application');
    expect((await post<unknown[]>('/api/applications/flows', 'admin', {})).body.data.some((f) => (f as { minDays: number }).minDays === 90)).toBe(false);
  });

  it('M7: two overlapping submissions at once: one passes, one is refused; the swap range is checked against blocked periods; the counterpart is told', async () => {
    const seat = seats[7];
    const day = freshDay();
    // the parent's submission is written but not committed yet when the student's runs: the second waits, then sees the overlap
    const service = t.app.services.applications;
    const session = (userId: string) => ({ tenantId, userId, sessionId: 's', tokenHash: '', viaPreviousToken: false, tokenAgeSeconds: 0, idleSeconds: 0, expiresInSeconds: 3600 });
    const input = () => ({ ...leave(seat.studentId, day), details: {}, attachments: [], submit: true }) as Parameters<typeof service.save>[2];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const first = t.db.withTenant(tenantId, async (tx) => {
      await service.save(tx, session(seat.parentId), input(), 'zh');
      written();
      await gate;
    });
    await firstWritten;
    let secondDone = false;
    const second = t.db
      .withTenant(tenantId, (tx) => service.save(tx, session(seat.studentId), input(), 'zh'))
      .then(
        () => 'saved',
        (error: Error) => error.message,
      )
      .finally(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    release();
    await first;
    expect(await second).toBe('applicationsOverlapping');

    const swapDay = addDays(today, 12);
    const period = (
      await post<BlockedPeriodRow>('/api/applications/blocked-periods/save', 'admin', { name: '校庆值班', startsAt: at(swapDay, '00:00'), endsAt: at(swapDay, '23:00'), kinds: ['staff_shift'] })
    ).body.data;
    try {
      const shift = (swapOn: string) => ({
        id: uuidv7(),
        kind: 'staff_shift',
        startsAt: at(addDays(today, 13), '18:00'),
        endsAt: at(addDays(today, 13), '21:00'),
        reason: '调班',
        details: { counterpartId: ids.outsider, swapStartsAt: at(swapOn, '18:00'), swapEndsAt: at(swapOn, '21:00') },
      });
      const blocked = await save('teacher', shift(swapDay));
      expect(blocked.body.msg).toBe(`所选时间段包含不可选时段：校庆值班（${swapDay} 00:00 ~ ${swapDay} 23:00）`);
      const app = await submitted('teacher', shift(addDays(today, 14)));
      expect(await recipientsOf(app.id, '申请与您调班')).toEqual([ids.outsider]);
      // the counterpart may read it (the message's link)
      expect((await get(names.outsider, app.id)).body.code).toBe(1);
      await audit('teacher2', app, 'reject', '人手不足');
      expect((await messagesAbout(app.id)).filter((m) => m.user_id === ids.outsider && m.content.includes('未通过审核'))).toHaveLength(1);
    } finally {
      await post('/api/applications/blocked-periods/delete', 'admin', { id: period.id, version: period.version });
    }
  });

  it('L5: the same new id saved twice at once answers the second with 40900 and the saved application', async () => {
    const seat = seats[2];
    const service = t.app.services.applications;
    const session = { tenantId, userId: seat.parentId, sessionId: 's', tokenHash: '', viaPreviousToken: false, tokenAgeSeconds: 0, idleSeconds: 0, expiresInSeconds: 3600 };
    const input = { ...leave(seat.studentId, freshDay()), details: {}, attachments: [], submit: false } as Parameters<typeof service.save>[2];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const first = t.db.withTenant(tenantId, async (tx) => {
      await service.save(tx, session, input, 'zh');
      written();
      await gate;
    });
    await firstWritten;
    const second = t.db.withTenant(tenantId, (tx) => service.save(tx, session, input, 'zh')).then(
      () => undefined,
      (error: { code?: number; data?: { id: string; state: string } }) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    expect(await second).toMatchObject({ code: 40900, data: { id: input.id, state: 'draft' } });
  });

  it('a real concurrent double audit: one passes, the other gets 40900 with the winner’s event; one audit event in all', async () => {
    const seat = seats[6];
    const app = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    const [one, two] = await Promise.all([audit('teacher', app, 'pass', '同意'), audit('admin', app, 'reject', '不同意')]);
    const codes = [one.body.code, two.body.code].sort();
    expect(codes).toEqual([1, 40900]);
    const loser = one.body.code === 40900 ? one : two;
    const winner = one.body.code === 1 ? one : two;
    expect(loser.body.data.events.at(-1)).toMatchObject({ action: winner.body.data.events.at(-1)!.action });
    expect(await eventCount(app.id)).toBe(2);
  });

  it('cancel: by a parent who did not file; inside the leave, its start included (not taken: no roll); a cancelled leave overlaps only up to the return time; not_cancelled and pending:role filters', async () => {
    const seat = seats[5];
    const day = freshDay();
    const app = await submitted(seat.student, leave(seat.studentId, day, 2));
    const approved = (await audit('teacher', app)).body.data;
    expect((await whenItIs(at(day, '09:00'), () => get(seat.parent, app.id))).body.data.can).toMatchObject({ cancel: true });
    expect(await listIds('teacher', { scope: 'all', state: 'not_cancelled' })).toContain(app.id);
    const beforeStart = await cancel(seat.parent, { id: app.id, version: approved.version, cancelledAt: at(day, '07:59') }, at(day, '09:00'));
    expect(beforeStart.body.code).toBe(42200);
    const cancelled = await cancel(seat.parent, { id: app.id, version: approved.version, cancelledAt: at(day, '12:00') });
    expect(cancelled.body.data).toMatchObject({ cancelState: 'cancelled' });
    expect(await listIds('teacher', { scope: 'all', state: 'not_cancelled' })).not.toContain(app.id);
    const before = await save(seat.parent, { ...leave(seat.studentId, day), startsAt: at(day, '10:00'), endsAt: at(day, '11:00') });
    expect([before.body.code, before.body.msg]).toEqual([42200, `该时间段已有请假或申请（${day} 08:00 ~ ${day} 12:00）`]);
    expect((await submitted(seat.parent, { ...leave(seat.studentId, day), startsAt: at(day, '13:00'), endsAt: at(day, '17:00') })).state).toBe('pending');
    // the roll: a return at 00:00 is not a day on leave
    const overnight = (await audit('teacher', await submitted(seat.parent, leave(seat.studentId, addDays(day, 2), 2)))).body.data;
    const home = await cancel(seat.parent, { id: overnight.id, version: overnight.version, cancelledAt: at(addDays(day, 3), '00:00') });
    expect(home.body.code, home.body.msg).toBe(1);
    const onLeave = (date: string) => t.db.withTenant(tenantId, (tx) => t.app.services.leave.approvedLeavesOn(tx, [seat.studentId], date, '+08:00'));
    expect((await onLeave(addDays(day, 2))).has(seat.studentId)).toBe(true);
    expect((await onLeave(addDays(day, 3))).has(seat.studentId)).toBe(false);
    // a return at the very start: the leave was not taken, so the roll shows none that day
    const untaken = (await audit('teacher', await submitted(seat.parent, leave(seat.studentId, addDays(day, 5))))).body.data;
    const atStart = await cancel(seat.parent, { id: untaken.id, version: untaken.version, cancelledAt: at(addDays(day, 5), '08:00') });
    expect(atStart.body.code, atStart.body.msg).toBe(1);
    expect((await onLeave(addDays(day, 5))).has(seat.studentId)).toBe(false);
    // pending:role:teaching_office: the seeded make-up waits there
    const office = await listIds('admin', { scope: 'all', state: 'pending:role:teaching_office' });
    expect(office.length).toBeGreaterThan(0);
    for (const id of office) expect((await get('admin', id)).body.data.auditState).toBe('pending:role:teaching_office');
  });

  it('en texts of the audit messages', async () => {
    const seat = seats[4];
    const app = await submitted(seat.parent, leave(seat.studentId, freshDay(), 3));
    const passed = (await audit('teacher', app)).body.data;
    await audit(names.gradeLeader, passed, 'pass');
    const other = await submitted(seat.parent, leave(seat.studentId, freshDay()));
    await audit('teacher', other, 'reject', 'no');
    const texts = [...(await messagesAbout(app.id)), ...(await messagesAbout(other.id))].map((m) => m.en).join('\n');
    expect(texts).toContain(`${seat.name}'s leave application has passed the head teacher's audit`);
    expect(texts).toContain(`${seat.name}'s leave application has been approved`);
    expect(texts).toContain(`${seat.name}'s leave application was rejected: no`);
    expect(texts).toContain('is waiting for your audit');
  });

  it('L7/L8: a draft may lack kind fields (a submission may not); a parent may not file for a disabled child', async () => {
    const seat = seats[0];
    const travel = { id: uuidv7(), kind: 'travel', applicantId: seat.studentId, startsAt: at(freshDay(), '08:00'), endsAt: at(freshDay(), '17:00'), reason: '探亲', details: {} };
    expect((await save(seat.parent, { ...travel, submit: false })).body.code).toBe(1);
    expect((await save(seat.parent, { ...travel, id: uuidv7() })).body.code).toBe(40000);
    // a left child (disabled) and their parent (named 'P' + the student's account, as SPEC §9 has it)
    const child = await createUser(t.db, code, { roles: ['student'], userType: '2', enabled: false });
    const father = await createUser(t.db, code, { roles: ['parent'], userType: '4' });
    await ownerQuery(t.db, `UPDATE users SET org_unit_id = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, child.id, classId]);
    await ownerQuery(t.db, `UPDATE users SET username = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, father.id, `P${child.username}`]);
    await ownerQuery(t.db, `INSERT INTO parent_students (tenant_id, parent_id, student_id, relation) VALUES ($1, $2, $3, '父亲')`, [tenantId, father.id, child.id]);
    const refused = await save(`P${child.username}`, leave(child.id, freshDay()));
    expect([refused.body.code, refused.body.msg]).toEqual([40300, '只能为本人或自己的孩子申请']);
  });

  it("a student's notifications reach the parents with a usable account, not a guardian without one (家庭信息)", async () => {
    const seat = seats[1];
    const guardians = await guardiansWithAndWithoutAccount(t.db, tenantId, seat.studentId);
    const app = await submitted(seat.student, leave(seat.studentId, freshDay()));
    expect(await recipientsOf(app.id, '已提交，等待班主任审核')).toEqual(sorted(seat.studentId, seat.parentId, guardians.withAccount));
  });
});
