import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import type { CalendarSetCurrentResult } from '../../../contracts/calendar';
import type { CandidateRow, GraduateRow, GraduationOptions, HoldBackResult } from '../../../contracts/graduations';
import { schoolDate } from '../../../contracts/school-time';
import { DEMO_SCHOOL } from '../../db/seed';
import { buildTestApp, call, enrolSeededStudents, firstSemesterBody, guardiansWithAndWithoutAccount, initialiseParentAccounts, login, ownerQuery, schoolYearBody, seedOwnSchool, type TestApp } from '../../test/helpers';

/**
 * 毕业管理 on a school of this file's own (七年级 to 九年级, six students a class, records and open
 * memberships from 2024-09-01): graduating with and without the account choice, the refusals, 留级,
 * two administrators at once, the export, and the semester upgrade graduating 九年级's students.
 */

let t: TestApp;
let tenantId: string;
let admin: string;
let teacher: string;
let ninth: string[];
let eighth: string[];
let gradeNine: string;
/** the next student of a class not used by another test */
let pupil: (classId: string) => string;
const today = schoolDate();
const EN = { 'x-lang': 'en' };
const post = <T = unknown>(url: string, json: unknown, token = admin, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const ok = async <T = unknown>(url: string, json: unknown, token = admin) => {
  const { body } = await post<T>(url, json, token);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
const facts = async (id: string) =>
  (
    await ownerQuery<{ org_unit_id: string | null; status: string; version: number; enabled: boolean }>(
      t.db,
      `SELECT u.org_unit_id, s.status, s.version, u.enabled FROM users u JOIN students s ON s.tenant_id = u.tenant_id AND s.user_id = u.id WHERE u.tenant_id = $1 AND u.id = $2`,
      [tenantId, id],
    )
  )[0]!;
const memberships = (id: string) =>
  ownerQuery<{ class_id: string; from_date: string; to_date: string | null }>(t.db, `SELECT class_id, from_date::text, to_date::text FROM class_memberships WHERE tenant_id = $1 AND student_id = $2 ORDER BY from_date`, [tenantId, id]);
const parentsEnabled = async (id: string) =>
  (await ownerQuery<{ enabled: boolean }>(t.db, `SELECT p.enabled FROM parent_students ps JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id WHERE ps.tenant_id = $1 AND ps.student_id = $2`, [tenantId, id])).map((r) => r.enabled);
const graduationRows = (id: string) =>
  ownerQuery<{ graduation_year: number; class_id: string; graduated_on: string }>(t.db, `SELECT graduation_year, class_id, graduated_on::text FROM graduations WHERE tenant_id = $1 AND student_id = $2`, [tenantId, id]);
const graduate = async (ids: string[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const list = await Promise.all(ids.map(async (id) => ({ id, version: (await facts(id)).version })));
  return post<{ graduated: number; disabledAccounts: number }>('/api/graduations/graduate', { students: list, graduatedOn: today, disableAccounts: false, ...extra }, admin, headers);
};
const list = (search: Record<string, unknown> = {}) => ok<TableAData<GraduateRow>>('/api/graduations/list', { currPage: 0, limit: 100, search: JSON.stringify(search) });

beforeAll(async () => {
  t = await buildTestApp();
  let code: string;
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'gr', grades: DEMO_SCHOOL.grades.filter((grade) => grade.level >= 7), studentsPerClass: 6 }));
  // the parents get accounts as the demo schools' have; an account-less guardian is added where a test needs one
  await initialiseParentAccounts(t.db, tenantId);
  admin = await login(t.app, code, 'admin');
  teacher = await login(t.app, code, 'teacher');
  const classesOf = async (level: number) =>
    (await ownerQuery<{ id: string }>(t.db, `SELECT id FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND grade_level = $2 ORDER BY code`, [tenantId, level])).map((r) => r.id);
  ninth = await classesOf(9);
  eighth = await classesOf(8);
  gradeNine = (await ownerQuery<{ id: string }>(t.db, `SELECT id FROM org_units WHERE tenant_id = $1 AND kind = 'grade' AND grade_level = 9`, [tenantId]))[0]!.id;
  pupil = await enrolSeededStudents(t.db, tenantId, { since: '2024-09-01' });
});

afterAll(async () => {
  await t.close();
});

describe('毕业管理', () => {
  it('lists 九年级 as candidates, not 八年级; the options name the year a graduation today counts for', async () => {
    const candidates = await ok<TableAData<CandidateRow>>('/api/graduations/candidates', { currPage: 0, limit: 100, search: '{}' });
    expect(new Set(candidates.rows.map((row) => row.classId))).toEqual(new Set(ninth));
    expect(candidates.rows[0]).toMatchObject({ repeatLevel: 8, enrolmentDate: '2024-09-01' });
    const options = await ok<GraduationOptions>('/api/graduations/options', {});
    expect(options.candidateClasses.map((c) => c.id).sort()).toEqual([...ninth].sort());
    expect(options.currentClasses.filter((c) => c.gradeLevel === 8).map((c) => c.id).sort()).toEqual([...eighth].sort());
    expect(options.currentYear).toBe(Number(today.slice(0, 4)) + (Number(today.slice(5, 7)) >= 9 ? 1 : 0));
    expect((await post('/api/graduations/candidates', { currPage: 0, limit: 10, search: '{}' }, teacher)).body.code).toBe(40300);
  });

  it('graduating closes the class membership on the date, releases the class and writes the year; accounts stay unless asked', async () => {
    const kept = pupil(ninth[0]!);
    const off = pupil(ninth[0]!);
    expect((await graduate([kept])).body).toMatchObject({ code: 1, data: { graduated: 1, disabledAccounts: 0 } });
    expect(await memberships(kept)).toEqual([{ class_id: ninth[0], from_date: '2024-09-01', to_date: today }]);
    expect(await facts(kept)).toMatchObject({ org_unit_id: null, status: 'graduated', enabled: true });
    expect(await parentsEnabled(kept)).not.toContain(false);
    const [row] = await graduationRows(kept);
    expect(row).toMatchObject({ class_id: ninth[0], graduated_on: today });

    expect((await graduate([off], { disableAccounts: true })).body).toMatchObject({ code: 1, data: { graduated: 1 } });
    expect(await facts(off)).toMatchObject({ status: 'graduated', enabled: false });
    const parents = await parentsEnabled(off);
    expect(parents.length).toBeGreaterThan(0);
    expect(parents.every((enabled) => !enabled)).toBe(true);

    // the newest year by default, each with its account state; the batch 启用账号 turns both back on
    const graduates = await list();
    const byId = new Map(graduates.rows.map((g) => [g.id, g]));
    expect(byId.get(kept)).toMatchObject({ accountEnabled: true, graduationYear: row!.graduation_year, mayHoldBack: true });
    expect(byId.get(off)).toMatchObject({ accountEnabled: false });
    expect((await list({ year: 1999 })).rows).toEqual([]);
    expect((await list({ keyword: (await ownerQuery<{ user_no: string }>(t.db, 'SELECT user_no FROM users WHERE id = $1', [off]))[0]!.user_no })).rows.map((g) => g.id)).toEqual([off]);
    expect(await ok('/api/graduations/accounts', { studentIds: [off], enabled: true })).toEqual({ changed: 1 + (await parentsEnabled(off)).length });
    expect(await facts(off)).toMatchObject({ enabled: true });
    // only graduates' accounts
    const studying = pupil(ninth[1]!);
    const refused = await post('/api/graduations/accounts', { studentIds: [studying], enabled: false }, admin, EN);
    expect(refused.body).toMatchObject({ code: 40000, msg: 'Only graduates’ accounts can be disabled or enabled here' });
    expect(await facts(studying)).toMatchObject({ enabled: true });
  });

  it('refuses bad graduations in zh and en and changes nothing, all or none', async () => {
    const good = pupil(ninth[1]!);
    const suspended = pupil(ninth[1]!);
    await ownerQuery(t.db, `UPDATE students SET status = 'suspended' WHERE tenant_id = $1 AND user_id = $2`, [tenantId, suspended]);
    const younger = pupil(eighth[0]!);
    const before = await facts(good);

    const both = await graduate([good, suspended]);
    expect(both.body).toMatchObject({ code: 42200, msg: expect.stringMatching(/不是在读学生，不能毕业$/) });
    expect(await facts(good)).toEqual(before);
    expect(await graduationRows(good)).toEqual([]);
    expect((await graduate([younger], {}, EN)).body).toMatchObject({ code: 42200, msg: expect.stringMatching(/is not in a class of the graduating grade$/) });
    expect((await graduate([good], { graduatedOn: '2024-08-31' })).body).toMatchObject({ code: 40000, msg: expect.stringContaining('不能早于') });
    expect((await graduate([good], { graduatedOn: '2099-01-01' }, EN)).body).toMatchObject({ code: 40000, msg: `The date cannot be after today (${today})` });
    const stale = await post('/api/graduations/graduate', { students: [{ id: good, version: before.version + 7 }], graduatedOn: today, disableAccounts: false }, admin, EN);
    expect(stale.body).toMatchObject({ code: 40900, data: { stale: true } });
    expect((await post('/api/graduations/graduate', { students: [], graduatedOn: today, disableAccounts: false })).body.code).toBe(40000);
    expect(await facts(good)).toEqual(before);
    expect(await memberships(good)).toEqual([{ class_id: ninth[1], from_date: '2024-09-01', to_date: null }]);

    // graduated once: a second graduation is refused
    expect((await graduate([good])).body.code).toBe(1);
    expect((await graduate([good])).body).toMatchObject({ code: 42200 });
    expect(await graduationRows(good)).toHaveLength(1);
  });

  it('留级: a candidate goes to a class of the grade that becomes 九年级; a graduate of the latest year loses the graduation; wrong classes refused', async () => {
    const candidate = pupil(ninth[2]!);
    const hold = async (id: string, classId: string, headers: Record<string, string> = {}) =>
      post('/api/graduations/hold-back', { studentId: id, version: (await facts(id)).version, classId, heldOn: today, reason: '成绩未达标', enableAccounts: false }, admin, headers);
    expect((await hold(candidate, ninth[0]!, EN)).body).toMatchObject({ code: 42200, msg: expect.stringMatching(/^A held-back student goes to a class of /) });
    expect((await hold(candidate, gradeNine)).body).toMatchObject({ code: 40000, msg: '请选择本校在用的班级' });
    expect(await memberships(candidate)).toEqual([{ class_id: ninth[2], from_date: '2024-09-01', to_date: null }]);
    expect((await hold(candidate, eighth[1]!)).body.code).toBe(1);
    expect(await memberships(candidate)).toEqual([
      { class_id: ninth[2], from_date: '2024-09-01', to_date: today },
      { class_id: eighth[1], from_date: today, to_date: null },
    ]);
    expect(await facts(candidate)).toMatchObject({ org_unit_id: eighth[1], status: 'studying' });

    const graduate1 = pupil(ninth[2]!);
    expect((await graduate([graduate1])).body.code).toBe(1);
    expect((await hold(graduate1, eighth[0]!)).body.code).toBe(1);
    expect(await graduationRows(graduate1)).toEqual([]);
    expect(await facts(graduate1)).toMatchObject({ org_unit_id: eighth[0], status: 'studying' });
    const [record] = await ownerQuery<{ undid_graduation: boolean; reason: string }>(t.db, `SELECT undid_graduation, reason FROM graduation_holdbacks WHERE tenant_id = $1 AND student_id = $2`, [tenantId, graduate1]);
    expect(record).toEqual({ undid_graduation: true, reason: '成绩未达标' });
    // an 八年级 student is no graduating student
    expect((await hold(pupil(eighth[2]!), eighth[1]!)).body).toMatchObject({ code: 42200, msg: '只有毕业年级的在读学生或最近一届的毕业生才能留级' });
  });

  it('two administrators at once on one student: exactly one outcome', async () => {
    const id = pupil(ninth[3] ?? ninth[0]!);
    const { version } = await facts(id);
    const answers = await Promise.all([
      post('/api/graduations/graduate', { students: [{ id, version }], graduatedOn: today, disableAccounts: false }),
      post('/api/graduations/hold-back', { studentId: id, version, classId: eighth[0], heldOn: today, enableAccounts: false }),
      post('/api/graduations/graduate', { students: [{ id, version }], graduatedOn: today, disableAccounts: true }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 40900, 40900]);
    const graduated = (await graduationRows(id)).length;
    const held = (await ownerQuery(t.db, `SELECT 1 FROM graduation_holdbacks WHERE tenant_id = $1 AND student_id = $2`, [tenantId, id])).length;
    expect(graduated + held).toBe(1);
    expect((await memberships(id)).filter((m) => m.to_date === null)).toHaveLength(held);
  });

  it('a back-dated graduation or hold back keeps the rosters taken since: the class changes from today, the record keeps the date chosen', async () => {
    const graduate1 = pupil(ninth[0]!);
    const held = pupil(ninth[0]!);
    const chosen = '2025-01-15';
    expect((await graduate([graduate1], { graduatedOn: chosen })).body.code).toBe(1);
    expect(await memberships(graduate1)).toEqual([{ class_id: ninth[0], from_date: '2024-09-01', to_date: today }]);
    expect(await graduationRows(graduate1)).toEqual([expect.objectContaining({ graduated_on: chosen })]);

    const answer = await post<HoldBackResult>('/api/graduations/hold-back', { studentId: held, version: (await facts(held)).version, classId: eighth[2], heldOn: chosen, enableAccounts: false });
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(await memberships(held)).toEqual([
      { class_id: ninth[0], from_date: '2024-09-01', to_date: today },
      { class_id: eighth[2], from_date: today, to_date: null },
    ]);
    const [record] = await ownerQuery<{ held_on: string }>(t.db, `SELECT held_on::text FROM graduation_holdbacks WHERE tenant_id = $1 AND student_id = $2`, [tenantId, held]);
    expect(record).toEqual({ held_on: chosen });
  });

  it('a student who joined the class today and graduates today keeps that day in the class; held back the same day, the new class replaces it', async () => {
    const joined = pupil(ninth[1]!);
    await ownerQuery(t.db, `UPDATE class_memberships SET from_date = $3 WHERE tenant_id = $1 AND student_id = $2`, [tenantId, joined, today]);
    expect((await graduate([joined])).body.code).toBe(1);
    const tomorrow = (await ownerQuery<{ d: string }>(t.db, `SELECT ($1::date + 1)::text AS d`, [today]))[0]!.d;
    expect(await memberships(joined)).toEqual([{ class_id: ninth[1], from_date: today, to_date: tomorrow }]);
    expect(await facts(joined)).toMatchObject({ status: 'graduated', org_unit_id: null });
    // the roster of today still lists them (attendance and scores read it)
    const [onRoster] = await ownerQuery<{ n: number }>(
      t.db,
      `SELECT count(*)::int AS n FROM class_memberships WHERE tenant_id = $1 AND student_id = $2 AND class_id = $3 AND from_date <= $4 AND (to_date IS NULL OR to_date > $4)`,
      [tenantId, joined, ninth[1], today],
    );
    expect(onRoster!.n).toBe(1);
    const held = await post<HoldBackResult>('/api/graduations/hold-back', { studentId: joined, version: (await facts(joined)).version, classId: eighth[0], heldOn: today, enableAccounts: false });
    expect(held.body.code, held.body.msg).toBe(1);
    expect(await memberships(joined)).toEqual([{ class_id: eighth[0], from_date: today, to_date: null }]);
  });

  it('holding back a graduate whose accounts were disabled asks whether to enable them again and says what stays disabled; account-less guardians are neither counted nor switched', async () => {
    const id = pupil(ninth[2]!);
    const { withAccount, accountless } = await guardiansWithAndWithoutAccount(t.db, tenantId, id);
    const enabledOf = async (userId: string) => (await ownerQuery<{ enabled: boolean }>(t.db, `SELECT enabled FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, userId]))[0]!.enabled;
    const before = (await ok<TableAData<CandidateRow>>('/api/graduations/candidates', { currPage: 0, limit: 100, search: '{}' })).rows.find((row) => row.id === id)!;
    const parentsWithAccounts = before.parentAccounts.total;
    expect(parentsWithAccounts).toBe((await parentsEnabled(id)).length - 1);
    expect(before).toMatchObject({ accountEnabled: true, parentAccounts: { enabled: parentsWithAccounts, total: parentsWithAccounts } });

    expect((await graduate([id], { disableAccounts: true })).body).toMatchObject({ code: 1, data: { disabledAccounts: 1 + parentsWithAccounts } });
    expect(await enabledOf(withAccount)).toBe(false);
    expect(await enabledOf(accountless)).toBe(true);
    expect((await list()).rows.find((g) => g.id === id)).toMatchObject({ accountEnabled: false, parentAccounts: { enabled: 0, total: parentsWithAccounts } });
    // the batch 启用账号 passes the account-less guardian over too
    await ownerQuery(t.db, `UPDATE users SET enabled = false WHERE tenant_id = $1 AND id = $2`, [tenantId, accountless]);
    expect(await ok('/api/graduations/accounts', { studentIds: [id], enabled: true })).toEqual({ changed: 1 + parentsWithAccounts });
    expect(await enabledOf(accountless)).toBe(false);
    expect(await ok('/api/graduations/accounts', { studentIds: [id], enabled: false })).toEqual({ changed: 1 + parentsWithAccounts });

    // the choice is asked every time
    const version = (await facts(id)).version;
    const unasked = await post('/api/graduations/hold-back', { studentId: id, version, classId: eighth[1], heldOn: today }, admin, EN);
    expect(unasked.body.code).toBe(40000);
    expect(await facts(id)).toMatchObject({ status: 'graduated' });
    const held = await post<HoldBackResult>('/api/graduations/hold-back', { studentId: id, version, classId: eighth[1], heldOn: today, enableAccounts: true });
    expect(held.body).toMatchObject({ code: 1, data: { enabledAccounts: 1 + parentsWithAccounts, accountDisabled: false } });
    expect(await facts(id)).toMatchObject({ status: 'studying', enabled: true });
    expect(await enabledOf(withAccount)).toBe(true);
    expect(await enabledOf(accountless)).toBe(false);
  });

  it('a hold back without re-enabling says the login stays disabled', async () => {
    const id = pupil(ninth[2]!);
    expect((await graduate([id], { disableAccounts: true })).body.code).toBe(1);
    const held = await post<HoldBackResult>('/api/graduations/hold-back', { studentId: id, version: (await facts(id)).version, classId: eighth[1], heldOn: today, enableAccounts: false });
    expect(held.body).toMatchObject({ code: 1, data: { enabledAccounts: 0, accountDisabled: true } });
    expect(await facts(id)).toMatchObject({ status: 'studying', enabled: false });
  });

  it('用户日志 names the students a graduation, hold back or account switch touched', async () => {
    await t.app.appLog!.flush();
    const targets = await ownerQuery<{ url: string; target: string }>(t.db, `SELECT url, target FROM app_logs WHERE tenant_id = $1 AND url LIKE '/api/graduations/%' AND target IS NOT NULL`, [tenantId]);
    const [someone] = await ownerQuery<{ name: string; user_no: string }>(t.db, `SELECT u.name, u.user_no FROM graduations g JOIN users u ON u.id = g.student_id WHERE g.tenant_id = $1 LIMIT 1`, [tenantId]);
    expect(targets.filter((row) => row.url === '/api/graduations/graduate').map((row) => row.target)).toContainEqual(expect.stringContaining(`${someone!.name} (${someone!.user_no})`));
    const holdBacks = targets.filter((row) => row.url === '/api/graduations/hold-back');
    expect(holdBacks.length).toBeGreaterThan(0);
    for (const row of holdBacks) expect(row.target).toMatch(/ \(\d+\) → .+ \d{4}-\d{2}-\d{2}$/);
    expect(targets.find((row) => row.url === '/api/graduations/accounts')?.target).toMatch(/^(enable|disable) .+ \(\d+\)/);
  });

  it('the print view gets the year’s graduates with their total (more than it shows: the view says it was cut)', async () => {
    const printed = await ok<{ rows: GraduateRow[]; total: number }>('/api/graduations/print', { search: '{}' });
    expect(printed.total).toBe((await list()).total);
    expect(printed.rows).toHaveLength(printed.total);
  });

  it('exports the year as a workbook in the caller’s language', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/graduations/export', headers: { 'x-access-token': admin, 'content-type': 'application/json', 'x-lang': 'en' }, payload: { search: '{}' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/graduates-\d{4}\.xlsx/);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Student no.');
    expect(sheet.rowCount - 1).toBe((await list()).total);
  });

  it('the semester upgrade graduates the graduating classes’ studying students, accounts untouched', async () => {
    const studying = await ownerQuery<{ id: string }>(
      t.db,
      `SELECT s.user_id AS id FROM students s JOIN class_memberships m ON m.tenant_id = s.tenant_id AND m.student_id = s.user_id AND m.to_date IS NULL
       WHERE s.tenant_id = $1 AND s.status = 'studying' AND m.class_id = ANY($2::uuid[])`,
      [tenantId, ninth],
    );
    expect(studying.length).toBeGreaterThan(1);
    // one of them enrolled after today (a record entered ahead): they cannot graduate today, the upgrade goes on without them
    const [late, ...graduating] = studying;
    await ownerQuery(t.db, `UPDATE students SET enrolment_date = ($3::date + 7) WHERE tenant_id = $1 AND user_id = $2`, [tenantId, late!.id, today]);
    const startYear = Number(today.slice(0, 4)) + (Number(today.slice(5, 7)) >= 9 ? 1 : 0);
    const year = await ok<{ id: string }>('/api/calendar/years/add', schoolYearBody(startYear));
    const semester = await ok<{ id: string }>('/api/calendar/semesters/add', firstSemesterBody(year.id, startYear));
    const upgrade = await post<CalendarSetCurrentResult>('/api/calendar/semesters/set-current', { id: semester.id }, admin, EN);
    expect(upgrade.body).toMatchObject({ code: 1, data: { upgraded: true, graduatedStudents: graduating.length, notGraduatedStudents: 1 } });
    expect(upgrade.body.msg).toContain('1 student(s) of the graduating grade could not graduate');
    expect(await facts(late!.id)).toMatchObject({ status: 'studying', org_unit_id: expect.any(String) });
    expect(await graduationRows(late!.id)).toEqual([]);
    for (const { id } of graduating) {
      expect(await facts(id)).toMatchObject({ status: 'graduated', org_unit_id: null, enabled: true });
      expect(await graduationRows(id)).toEqual([expect.objectContaining({ graduation_year: startYear, graduated_on: today })]);
    }
    // 八年级 moved up to 九年级 with its students, who are now the candidates, with the one left in the graduated class
    const candidates = await ok<TableAData<CandidateRow>>('/api/graduations/candidates', { currPage: 0, limit: 100, search: '{}' });
    expect(new Set(candidates.rows.map((row) => row.classId))).toEqual(new Set([...eighth, (await facts(late!.id)).org_unit_id]));
    // a graduated class takes no held-back student
    const candidate = candidates.rows.find((row) => eighth.includes(row.classId))!;
    const refused = await post('/api/graduations/hold-back', { studentId: candidate.id, version: candidate.version, classId: ninth[0], heldOn: today, enableAccounts: false }, admin, EN);
    expect(refused.body).toMatchObject({ code: 40000, msg: 'Choose a current class of the school' });
    expect(await facts(candidate.id)).toMatchObject({ org_unit_id: candidate.classId, status: 'studying', version: candidate.version });
  });
});
