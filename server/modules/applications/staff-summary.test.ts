import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_URLS, type StaffSummary, type StaffSummaryRow } from '../../../contracts/applications';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf, uniqueIp } from '../../test/helpers';

/**
 * The staff monthly summary against the demo school, on two departments and staff of this file's
 * own (removed afterwards) and a month (March 2025) no seed writes into. Applications are inserted
 * directly, approved or not, as the audit endpoints would leave them.
 */

let t: TestApp;
let demoId: string;
let admin: string;
let teacher: string;
let headToken: string;
let memberToken: string;
const departments = { a: '', b: '' };
const departmentNames = { a: `H2考勤甲${randomBytes(2).toString('hex')}`, b: `H2考勤乙${randomBytes(2).toString('hex')}` };
const people = { head: '', a1: '', a2: '', b1: '' };
const madeApplications: string[] = [];

interface StaffApplication {
  kind: string;
  applicantId: string;
  startsAt: string;
  endsAt: string;
  state?: string;
  cancelledAt?: string;
}

async function insertApplication(application: StaffApplication) {
  const id = uuidv7();
  madeApplications.push(id);
  const state = application.state ?? 'approved';
  await ownerQuery(
    t.db,
    `INSERT INTO applications (tenant_id, id, kind, applicant_id, submitted_by, org_unit_id, starts_at, ends_at, days, reason, state, steps, step,
       submitted_at, decided_at, cancel_state, cancelled_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, 1, '测试', $8, '[{"kind":"department_head"}]'::jsonb, 0, $6::timestamptz - interval '2 days',
       CASE WHEN $8 IN ('approved', 'rejected') THEN $6::timestamptz - interval '1 day' END, $9, $10)`,
    [
      demoId,
      id,
      application.kind,
      application.applicantId,
      departments.a,
      application.startsAt,
      application.endsAt,
      state,
      application.cancelledAt ? 'cancelled' : 'not_cancelled',
      application.cancelledAt ?? null,
    ],
  );
}

const summary = (token: string, month: string, departmentId = '', headers: Record<string, string> = {}) =>
  call<StaffSummary>(t.app, 'POST', APPLICATION_URLS.staffSummary, { token, json: { month, departmentId }, headers });

const exportSummary = (token: string, month: string, departmentId = '') =>
  t.app.inject({
    method: 'GET',
    url: `${APPLICATION_URLS.staffSummaryExport}?month=${month}&departmentId=${departmentId}`,
    headers: { 'x-access-token': token },
    remoteAddress: uniqueIp(),
  });

const figures = (row: StaffSummaryRow | undefined) => {
  if (!row) throw new Error('no row');
  const { leaveCount, leaveDays, outingCount, outingHours, overtimeHours, shiftCount, makeupCount } = row;
  return { leaveCount, leaveDays, outingCount, outingHours, overtimeHours, shiftCount, makeupCount };
};
const zero = { leaveCount: 0, leaveDays: 0, outingCount: 0, outingHours: 0, overtimeHours: 0, shiftCount: 0, makeupCount: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  const root = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM org_units WHERE tenant_id = $1 AND kind = 'school' LIMIT 1`, [demoId]))[0].id;
  departments.a = uuidv7();
  departments.b = uuidv7();
  await ownerQuery(
    t.db,
    `INSERT INTO org_units (tenant_id, id, parent_id, kind, code, name, sort) VALUES ($1, $2, $4, 'department', $5, $6, 9001), ($1, $3, $4, 'department', $7, $8, 9002)`,
    [demoId, departments.a, departments.b, root, `h2a${randomBytes(4).toString('hex')}`, departmentNames.a, `h2b${randomBytes(4).toString('hex')}`, departmentNames.b],
  );
  // the head holds the seeded 处室主任 role (no jskq_export) and the department_head duty: they see their own department
  const head = await createUser(t.db, 'demo', { roles: ['department_head', 'teacher'] });
  const a1 = await createUser(t.db, 'demo', { roles: ['teacher'] });
  const a2 = await createUser(t.db, 'demo', { roles: ['teacher'] });
  const b1 = await createUser(t.db, 'demo', { roles: ['teacher'] });
  Object.assign(people, { head: head.id, a1: a1.id, a2: a2.id, b1: b1.id });
  for (const [id, no, name, department] of [
    [head.id, 'H2A00', '甲主任', departments.a],
    [a2.id, 'H2A02', '甲老师二', departments.a],
    [a1.id, 'H2A01', '甲老师一', departments.a],
    [b1.id, 'H2B01', '乙老师', departments.b],
  ]) {
    await ownerQuery(t.db, 'UPDATE users SET user_no = $3, name = $4, org_unit_id = $5 WHERE tenant_id = $1 AND id = $2', [demoId, id, no, name, department]);
  }
  await ownerQuery(t.db, `INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty) VALUES ($1, $2, $3, 'department_head')`, [demoId, departments.a, head.id]);

  const at = (local: string) => `${local}:00+08:00`;
  const applications: StaffApplication[] = [
    // leave across the month's start: 1 and 2 March count (2 days)
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-02-27T08:00'), endsAt: at('2025-03-02T17:00') },
    // 10-14 March, back (销假) on the 12th at 10:00: 10, 11 and the morning of the 12th (2.5 days)
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-03-10T08:00'), endsAt: at('2025-03-14T17:00'), cancelledAt: at('2025-03-12T10:00') },
    // across the month's end: 31 March (1 day); April has 1 and 2
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-03-31T08:00'), endsAt: at('2025-04-02T17:00') },
    // not counted: pending, rejected, withdrawn, a draft, and one cancelled at its very start
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-03-20T08:00'), endsAt: at('2025-03-21T17:00'), state: 'pending' },
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-03-22T08:00'), endsAt: at('2025-03-23T17:00'), state: 'rejected' },
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-03-24T08:00'), endsAt: at('2025-03-25T17:00'), state: 'withdrawn' },
    { kind: 'staff_outing', applicantId: a1.id, startsAt: at('2025-03-26T08:00'), endsAt: at('2025-03-26T17:00'), state: 'draft' },
    { kind: 'staff_leave', applicantId: a1.id, startsAt: at('2025-03-27T08:00'), endsAt: at('2025-03-28T17:00'), cancelledAt: at('2025-03-27T08:00') },
    // outings: 2.5 h, and 14:00-17:00 back at 15:15 (1.25 h) → 2 outings, 3.8 h
    { kind: 'staff_outing', applicantId: a1.id, startsAt: at('2025-03-05T09:00'), endsAt: at('2025-03-05T11:30') },
    { kind: 'staff_outing', applicantId: a1.id, startsAt: at('2025-03-06T14:00'), endsAt: at('2025-03-06T17:00'), cancelledAt: at('2025-03-06T15:15') },
    // overtime: 3 h 20 min, and 20:00 31 March to 02:00 1 April (4 h in March, 2 h in April) → 7.3 h
    { kind: 'staff_overtime', applicantId: a1.id, startsAt: at('2025-03-08T09:00'), endsAt: at('2025-03-08T12:20') },
    { kind: 'staff_overtime', applicantId: a1.id, startsAt: at('2025-03-31T20:00'), endsAt: at('2025-04-01T02:00') },
    { kind: 'staff_shift', applicantId: a1.id, startsAt: at('2025-03-15T08:00'), endsAt: at('2025-03-15T12:00') },
    { kind: 'staff_makeup', applicantId: a1.id, startsAt: at('2025-03-16T10:00'), endsAt: at('2025-03-16T10:45') },
    // another department: a whole day
    { kind: 'staff_leave', applicantId: b1.id, startsAt: at('2025-03-03T00:00'), endsAt: at('2025-03-03T23:59') },
  ];
  for (const application of applications) await insertApplication(application);

  [admin, teacher, headToken, memberToken] = await Promise.all([
    login(t.app, 'demo', 'admin'),
    login(t.app, 'demo', 'teacher'),
    login(t.app, 'demo', head.username),
    login(t.app, 'demo', a1.username),
  ]);
});

afterAll(async () => {
  const ids = Object.values(people);
  await ownerQuery(t.db, 'DELETE FROM applications WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, madeApplications]);
  await ownerQuery(t.db, 'DELETE FROM staff_duties WHERE tenant_id = $1 AND org_unit_id = ANY($2::uuid[])', [demoId, Object.values(departments)]);
  // the throwaway accounts stay (like other files'), disabled and without a department
  await ownerQuery(t.db, 'UPDATE users SET org_unit_id = NULL, enabled = false WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, ids]);
  await ownerQuery(t.db, 'DELETE FROM org_units WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, Object.values(departments)]);
  await t.close();
});

describe('the staff monthly summary', () => {
  it('adds up approved applications inside the month per person, zero rows included, by department then job number', async () => {
    const { body } = await summary(admin, '2025-03', departments.a);
    expect(body.code, body.msg).toBe(1);
    expect(body.data.month).toBe('2025-03');
    expect(body.data.people.map((row) => [row.departmentName, row.jobNo, row.name])).toEqual([
      [departmentNames.a, 'H2A00', '甲主任'],
      [departmentNames.a, 'H2A01', '甲老师一'],
      [departmentNames.a, 'H2A02', '甲老师二'],
    ]);
    const byId = new Map(body.data.people.map((row) => [row.userId, row]));
    expect(figures(byId.get(people.a1))).toEqual({ leaveCount: 3, leaveDays: 5.5, outingCount: 2, outingHours: 3.8, overtimeHours: 7.3, shiftCount: 1, makeupCount: 1 });
    expect(figures(byId.get(people.a2))).toEqual(zero);
    expect(figures(byId.get(people.head))).toEqual(zero);
    expect(body.data.departments).toEqual([
      { departmentId: departments.a, departmentName: departmentNames.a, people: 3, leaveCount: 3, leaveDays: 5.5, outingCount: 2, outingHours: 3.8, overtimeHours: 7.3, shiftCount: 1, makeupCount: 1 },
    ]);
  });

  it('counts the next month its own part of applications across the boundary', async () => {
    const { body } = await summary(admin, '2025-04', departments.a);
    const a1 = body.data.people.find((row) => row.userId === people.a1);
    expect(figures(a1)).toEqual({ ...zero, leaveCount: 1, leaveDays: 2, overtimeHours: 2 });
    const { body: february } = await summary(admin, '2025-02', departments.a);
    expect(figures(february.data.people.find((row) => row.userId === people.a1))).toEqual({ ...zero, leaveCount: 1, leaveDays: 2 });
  });

  it('lists every department for jskq_export holders, with department totals', async () => {
    const { body } = await summary(admin, '2025-03');
    expect(body.code).toBe(1);
    const mine = body.data.departments.filter((row) => row.departmentId === departments.a || row.departmentId === departments.b);
    expect(mine.map((row) => [row.departmentName, row.people, row.leaveCount, row.leaveDays])).toEqual([
      [departmentNames.a, 3, 3, 5.5],
      [departmentNames.b, 1, 1, 1],
    ]);
    // the seeded staff are there too, with zero figures in a month without applications
    const demoTeacher = body.data.people.find((row) => row.jobNo === 'T1000');
    expect(demoTeacher && figures(demoTeacher)).toEqual(zero);
    expect(body.data.departments.length).toBeGreaterThan(2);
    // people are grouped by department: each department's rows are contiguous
    const order = body.data.people.map((row) => row.departmentId);
    expect(new Set(order).size).toBe(order.filter((id, i) => i === 0 || order[i - 1] !== id).length);
  });

  it('shows a department head without jskq_export their own department only', async () => {
    const { body } = await summary(headToken, '2025-03');
    expect(body.code, body.msg).toBe(1);
    expect(body.data.people.map((row) => row.jobNo)).toEqual(['H2A00', 'H2A01', 'H2A02']);
    expect(body.data.departments.map((row) => row.departmentId)).toEqual([departments.a]);
    expect((await summary(headToken, '2025-03', departments.a)).body.code).toBe(1);
    expect((await summary(headToken, '2025-03', departments.b)).body).toMatchObject({ code: 40300, msg: '只能查看本部门的考勤汇总' });
  });

  it('refuses staff who neither hold jskq_export nor head a department', async () => {
    expect((await summary(memberToken, '2025-03')).body).toMatchObject({ code: 40300, msg: '只有考勤导出权限人员或部门负责人可以查看考勤汇总' });
    expect((await summary(teacher, '2025-03', '', { 'x-lang': 'en' })).body).toMatchObject({
      code: 40300,
      msg: 'Only holders of the attendance export permission or department heads can see the attendance summary',
    });
    const response = await exportSummary(teacher, '2025-03');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 40300 });
  });

  it('checks the month', async () => {
    expect((await summary(admin, '2025-13')).body).toMatchObject({ code: 40000 });
    expect((await summary(admin, '2025-3')).body).toMatchObject({ code: 40000 });
  });
});

describe('the summary workbook', () => {
  it('has 人员汇总 and 部门汇总 with a title row, the zh headers and numbers as numbers', async () => {
    const response = await exportSummary(admin, '2025-03', departments.a);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`教师考勤汇总-2025-03-${departmentNames.a}.xlsx`)}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['人员汇总', '部门汇总']);

    const people = workbook.getWorksheet('人员汇总')!;
    expect(String(people.getCell(1, 1).value)).toContain('2025年3月');
    expect((people.getRow(2).values as unknown[]).slice(1)).toEqual(['部门', '工号', '姓名', '请假次数', '请假天数', '外出次数', '外出时长(小时)', '加班时长(小时)', '调班次数', '补课次数']);
    const rows = [3, 4, 5].map((n) => (people.getRow(n).values as unknown[]).slice(1));
    expect(rows).toEqual([
      [departmentNames.a, 'H2A00', '甲主任', 0, 0, 0, 0, 0, 0, 0],
      [departmentNames.a, 'H2A01', '甲老师一', 3, 5.5, 2, 3.8, 7.3, 1, 1],
      [departmentNames.a, 'H2A02', '甲老师二', 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(people.rowCount).toBe(5);

    const totals = workbook.getWorksheet('部门汇总')!;
    expect(String(totals.getCell(1, 1).value)).toContain('2025年3月');
    expect((totals.getRow(2).values as unknown[]).slice(1)).toEqual(['部门', '人数', '请假次数', '请假天数', '外出次数', '外出时长(小时)', '加班时长(小时)', '调班次数', '补课次数']);
    expect((totals.getRow(3).values as unknown[]).slice(1)).toEqual([departmentNames.a, 3, 3, 5.5, 2, 3.8, 7.3, 1, 1]);
  });

  it('exports a department head’s own department', async () => {
    const response = await exportSummary(headToken, '2025-03');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('人员汇总')!.rowCount).toBe(5);
    expect((await exportSummary(headToken, '2025-03', departments.b)).json()).toMatchObject({ code: 40300 });
  });
});
