import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarSetCurrentResult, SchoolYear, Semester } from '../../../contracts/calendar';
import type { TableAData } from '../../../contracts/envelope';
import { DEMO_KINDERGARTEN, DEMO_PASSWORD, DEMO_SCHOOL } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, type CallResult, createUser, firstSemesterBody, login, ownerQuery, type TestApp, tenantIdOf, schoolYearBody } from '../../test/helpers';

/**
 * School years and semesters. The upgrade renames grades, so these tests never touch the shared demo
 * tenants: each run seeds two schools of its own (a K12 school with grades 7-9, a kindergarten) and
 * changes only those; the demo school is checked to be untouched.
 */

let t: TestApp;
let k12: { id: string; code: string };
let kg: { id: string; code: string };
let admin: string;
let kgAdmin: string;
let teacher: string;

const post = <T>(url: string, token: string, json: unknown, lang?: 'en') => call<T>(t.app, 'POST', url, { token, json, headers: lang ? { 'x-lang': lang } : {} });

const years = async (token = admin) => (await post<SchoolYear[]>('/api/calendar/years', token, {})).body.data;
const semesters = async (token = admin, schoolYearId = '') => {
  const { body } = await post<TableAData<Semester>>('/api/calendar/semesters', token, { currPage: 0, limit: 100, search: JSON.stringify({ schoolYearId }) });
  expect(body.code, body.msg).toBe(1);
  return body.data.rows;
};
const semesterNamed = async (name: string, token = admin) => (await semesters(token)).find((s) => s.name === name)!;

const addYear = async (token: string, startYear: number) => {
  const { body } = await post<SchoolYear>('/api/calendar/years/add', token, schoolYearBody(startYear));
  expect(body.code, body.msg).toBe(1);
  return body.data;
};

const addSemester = async (token: string, body: Record<string, unknown>) => {
  const answer = await post<Semester>('/api/calendar/semesters/add', token, body);
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data;
};
const setCurrent = (token: string, id: string, lang?: 'en') => post<CalendarSetCurrentResult>('/api/calendar/semesters/set-current', token, { id }, lang);

type Unit = {
  id: string;
  kind: string;
  name: string;
  name_en: string;
  grade_level: number;
  graduated: boolean;
  parent_id: string | null;
};
const units = (tenantId: string) =>
  ownerQuery<Unit>(t.db, `SELECT id::text, kind, name, name_en, grade_level, graduated, parent_id::text FROM org_units WHERE tenant_id = $1 AND kind IN ('grade','class') ORDER BY grade_level, code`, [tenantId]);
const unitsByName = async (tenantId: string) => new Map((await units(tenantId)).filter((u) => !u.graduated).map((u) => [u.name, u]));
const studentsByClass = async (tenantId: string) =>
  new Map(
    (await ownerQuery<{ org_unit_id: string; ids: string }>(t.db, `SELECT org_unit_id::text, string_agg(id::text, ',' ORDER BY id) ids FROM users WHERE tenant_id = $1 AND user_type = '2' GROUP BY org_unit_id`, [tenantId])).map(
      (row) => [row.org_unit_id, row.ids],
    ),
  );
const currentFlags = (tenantId: string) =>
  ownerQuery<{ name: string; year_current: boolean }>(
    t.db,
    `SELECT s.name, y.is_current AS year_current FROM semesters s JOIN school_years y ON y.tenant_id = s.tenant_id AND y.id = s.school_year_id WHERE s.tenant_id = $1 AND s.is_current`,
    [tenantId],
  );
const currentYears = async (tenantId: string) => (await ownerQuery<{ name: string }>(t.db, 'SELECT name FROM school_years WHERE tenant_id = $1 AND is_current', [tenantId])).map((r) => r.name);

beforeAll(async () => {
  t = await buildTestApp();
  const suffix = randomBytes(4).toString('hex');
  const hash = await hashPassword(DEMO_PASSWORD);
  const today = new Date('2026-11-21T04:00:00Z');
  const k12Code = `cal${suffix}`;
  const kgCode = `calkg${suffix}`;
  await seedSchool(t.db, { ...DEMO_SCHOOL, code: k12Code, hosts: [`${k12Code}.localhost`], grades: DEMO_SCHOOL.grades.filter((g) => g.level >= 7), studentsPerClass: 3, otherStaff: 30 }, hash, today);
  await seedSchool(t.db, { ...DEMO_KINDERGARTEN, code: kgCode, hosts: [`${kgCode}.localhost`], studentsPerClass: 2 }, hash, today);
  k12 = { id: await tenantIdOf(t.db, k12Code), code: k12Code };
  kg = { id: await tenantIdOf(t.db, kgCode), code: kgCode };
  admin = await login(t.app, k12Code, 'admin');
  kgAdmin = await login(t.app, kgCode, 'admin');
  teacher = await login(t.app, k12Code, 'teacher');
}, 120_000);
afterAll(() => t.close());

describe('listing', () => {
  it('lists the school years and semesters of the caller’s school only, current marked', async () => {
    const list = await years();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ code: '2026-2027', isCurrent: true, semesterCount: 2 });
    const rows = await semesters(admin, list[0].id);
    expect(rows.map((s) => [s.name, s.isCurrent])).toEqual([
      ['2026-2027学年第二学期', false],
      ['2026-2027学年第一学期', true],
    ]);
    expect(rows[1]).toMatchObject({ year: 2026, weeks: 21, schoolYearName: '2026-2027学年', startDate: '2026-09-01' });
    // another school sees its own calendar (RLS), never this one's ids
    const kgRows = await semesters(kgAdmin);
    expect(kgRows.map((s) => s.id).filter((id) => rows.some((r) => r.id === id))).toEqual([]);
  });

  it('refuses a teacher without the menu (40300)', async () => {
    expect((await post('/api/calendar/years', teacher, {})).body.code).toBe(40300);
    expect((await post('/api/calendar/semesters', teacher, {})).body.code).toBe(40300);
  });
});

describe('validation (form rules repeated at the API)', () => {
  let yearId: string;
  beforeAll(async () => {
    yearId = (await years()).find((y) => y.code === '2026-2027')!.id;
  });

  const refusal = async (overrides: Record<string, unknown>, lang?: 'en') => {
    const { body } = await post('/api/calendar/semesters/add', admin, firstSemesterBody(yearId, 2026, { code: `X${randomBytes(3).toString('hex')}`, ...overrides }), lang);
    expect(body.code, body.msg).not.toBe(1);
    return body;
  };

  it('year: an integer above 2000 and below 9999, in zh and en', async () => {
    for (const year of [2000, 9999, 2026.5, 1999]) {
      expect(await refusal({ year })).toMatchObject({ code: 40000, msg: '学年须为大于2000且小于9999的整数' });
    }
    expect((await refusal({ year: 2000 }, 'en')).msg).toBe('The year must be an integer above 2000 and below 9999');
    expect((await refusal({ year: 'abc' })).code).toBe(40000);
  });

  it('start before end (the date helper message), teaching inside working, weeks', async () => {
    expect(await refusal({ startDate: '2027-01-24', endDate: '2026-09-01' })).toMatchObject({ code: 40000, msg: '开始时间应早于结束时间' });
    expect((await refusal({ teachStartDate: '2027-01-10', teachEndDate: '2026-12-01' }, 'en')).msg).toBe('Start time should be earlier than end time');
    expect((await refusal({ teachEndDate: '2027-02-10' })).msg).toBe('教学起止日期须在工作起止日期范围内');
    expect((await refusal({ teachStartDate: '2026-08-20' }, 'en')).msg).toBe('The teaching dates must lie within the working dates');
    expect((await refusal({ weeks: 0 })).msg).toBe('周数须为正整数');
    expect((await refusal({ weeks: 2.5 })).msg).toBe('周数须为正整数');
    // 2026-09-01 … 2027-01-24 is 146 days: 21 started weeks
    expect((await refusal({ weeks: 22 })).msg).toBe('周数不能超过工作日期范围的周数（21周）');
    expect((await refusal({ weeks: 22 }, 'en')).msg).toBe('The number of weeks cannot exceed the weeks of the working dates (21)');
    expect((await refusal({ startDate: '2026-02-30' })).msg).toBe('请选择有效的日期');
  });

  it('code and name required, code unique, inside the school year, no overlap in one school year', async () => {
    expect((await refusal({ code: '  ' })).msg).toBe('代码不能为空');
    expect((await refusal({ name: '' }, 'en')).msg).toBe('The name is required');
    expect(await refusal({ code: '2026-2027-1', startDate: '2027-07-20', endDate: '2027-08-20', teachStartDate: '2027-07-20', teachEndDate: '2027-08-20', weeks: 4 })).toMatchObject({
      code: 40900,
      msg: '学期代码“2026-2027-1”已存在',
    });
    expect((await refusal({ startDate: '2027-07-20', endDate: '2027-09-20', teachStartDate: '2027-07-20', teachEndDate: '2027-08-20', weeks: 4 })).msg).toBe(
      '学期的工作起止日期须在学年“2026-2027学年”（2026-09-01至2027-08-31）范围内',
    );
    expect((await refusal({ startDate: '2027-01-20', endDate: '2027-02-10', teachStartDate: '2027-01-20', teachEndDate: '2027-02-10', weeks: 3 })).msg).toBe(
      '与同一学年的学期“2026-2027学年第一学期”日期重叠',
    );
    expect((await refusal({ schoolYearId: uuidv7() })).msg).toBe('未选择学年，或所选学年已不存在');
    // nothing was written by any refusal
    expect((await years()).find((y) => y.id === yearId)!.semesterCount).toBe(2);
  });

  it('school years: start before end, code unique (clear message), edit keeps semesters inside', async () => {
    const bad = await post('/api/calendar/years/add', admin, { code: 'Y1', name: '学年', startDate: '2030-09-01', endDate: '2030-08-31' });
    expect(bad.body).toMatchObject({ code: 40000, msg: '开始时间应早于结束时间' });
    const dup = await post('/api/calendar/years/add', admin, { code: '2026-2027', name: '重复', startDate: '2030-09-01', endDate: '2031-08-31' }, 'en');
    expect(dup.body).toMatchObject({ code: 40900, msg: 'The school year code "2026-2027" is already in use' });
    const version = (await years()).find((y) => y.id === yearId)!.version;
    const shrink = await post('/api/calendar/years/edit', admin, { id: yearId, version, code: '2026-2027', name: '2026-2027学年', startDate: '2026-09-01', endDate: '2027-06-30' });
    expect(shrink.body).toMatchObject({ code: 40000, msg: '学期“2026-2027学年第二学期”不在修改后的学年日期范围内' });
  });

  it('edits a semester with the same rules', async () => {
    const second = await semesterNamed('2026-2027学年第二学期');
    const { id: _id, schoolYearName: _n, isCurrent: _c, ...rest } = second;
    const ok = await post<Semester>('/api/calendar/semesters/edit', admin, { ...rest, id: second.id, weeks: 19 });
    expect(ok.body.code, ok.body.msg).toBe(1);
    expect(ok.body.data.weeks).toBe(19);
    const bad = await post('/api/calendar/semesters/edit', admin, { ...rest, id: second.id, version: ok.body.data.version, startDate: '2027-01-10' });
    expect(bad.body.msg).toBe('与同一学年的学期“2026-2027学年第一学期”日期重叠');
  });
});

describe('setting the current semester', () => {
  it('refuses an earlier semester, the current one itself, and a stale id; a teacher without xnxq_edit is refused', async () => {
    const older = await addYear(admin, 2025);
    const earlier = await addSemester(admin, firstSemesterBody(older.id, 2025));
    const first = await semesterNamed('2026-2027学年第一学期');
    expect((await setCurrent(admin, earlier.id)).body).toMatchObject({ code: 40000, msg: '请选择比当前学期（2026-2027学年第一学期）更晚的学期' });
    expect((await setCurrent(admin, first.id, 'en')).body.msg).toBe('Please choose a semester later than the current one (2026-2027 Semester 1)');
    expect((await setCurrent(admin, uuidv7())).body).toMatchObject({ code: 40000, msg: '所选学期未设置：未选择学期，或所选学期已不存在' });
    expect((await setCurrent(admin, '')).body.msg).toBe('所选学期未设置：未选择学期，或所选学期已不存在');

    const second = await semesterNamed('2026-2027学年第二学期');
    expect((await setCurrent(teacher, second.id)).body.code).toBe(40300);
    // a teacher who may read the screen but not edit: still refused by the service's own check
    const roleId = uuidv7();
    await ownerQuery(t.db, `INSERT INTO roles (tenant_id, id, code, name) VALUES ($1, $2, 'xnxq_reader', '学年学期查看')`, [k12.id, roleId]);
    await ownerQuery(t.db, `INSERT INTO role_menus (tenant_id, role_id, menu_id) SELECT tenant_id, $2, id FROM menus WHERE tenant_id = $1 AND 'xnxq' = ANY(perms)`, [k12.id, roleId]);
    const reader = await createUser(t.db, k12.code, { roles: ['xnxq_reader'] });
    const readerToken = await login(t.app, k12.code, reader.username);
    expect((await semesters(readerToken)).length).toBeGreaterThan(0);
    expect((await setCurrent(readerToken, second.id)).body).toMatchObject({ code: 40300, msg: '没有权限，请联系管理员' });
    expect(await currentFlags(k12.id)).toEqual([{ name: '2026-2027学年第一学期', year_current: true }]);
  });

  it('moving to the other semester of the same school year upgrades nothing', async () => {
    const before = await units(k12.id);
    const second = await semesterNamed('2026-2027学年第二学期');
    const { body } = await setCurrent(admin, second.id);
    expect(body).toMatchObject({ code: 1, msg: '已设为当前学期', data: { upgraded: false, movedGrades: 0, graduatedGrades: 0 } });
    expect(await units(k12.id)).toEqual(before);
    expect(await currentFlags(k12.id)).toEqual([{ name: '2026-2027学年第二学期', year_current: true }]);
  });

  it('a semester of the next school year upgrades every grade in one go: renamed with their classes, the top grade graduated, students still in their classes', async () => {
    const byNameBefore = await unitsByName(k12.id);
    const rosterBefore = await studentsByClass(k12.id);
    const demoBefore = await units(await tenantIdOf(t.db, 'demo'));
    const next = await addYear(admin, 2027);
    const semester = await addSemester(admin, firstSemesterBody(next.id, 2027));

    const { body } = await setCurrent(admin, semester.id);
    expect(body).toMatchObject({ code: 1, msg: '已设为当前学期，各年级已升级', data: { upgraded: true, movedGrades: 2, graduatedGrades: 1, classes: 9 } });

    const after = await units(k12.id);
    const byId = new Map(after.map((u) => [u.id, u]));
    // 七年级 → 八年级 with its classes, 八年级 → 九年级; the old 九年级 graduated (names kept)
    expect(byId.get(byNameBefore.get('七年级')!.id)).toMatchObject({ name: '八年级', name_en: 'Grade 8', grade_level: 8, graduated: false });
    expect(byId.get(byNameBefore.get('七年级(1)班')!.id)).toMatchObject({ name: '八年级(1)班', name_en: 'Grade 8 Class 1', grade_level: 8, graduated: false });
    expect(byId.get(byNameBefore.get('八年级(3)班')!.id)).toMatchObject({ name: '九年级(3)班', grade_level: 9, graduated: false });
    expect(byId.get(byNameBefore.get('九年级')!.id)).toMatchObject({ name: '九年级', grade_level: 9, graduated: true });
    expect(byId.get(byNameBefore.get('九年级(2)班')!.id)).toMatchObject({ name: '九年级(2)班', graduated: true });
    expect(after.filter((u) => !u.graduated).map((u) => u.name)).toEqual(['八年级', '八年级(1)班', '八年级(2)班', '八年级(3)班', '九年级', '九年级(1)班', '九年级(2)班', '九年级(3)班']);
    // nobody changed class: the same students sit in the same class rows
    expect(await studentsByClass(k12.id)).toEqual(rosterBefore);
    // the demo student's class is now 八年级(1)班
    const [student] = await ownerQuery<{ name: string }>(t.db, `SELECT o.name FROM users u JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id WHERE u.tenant_id = $1 AND u.username = 'student'`, [k12.id]);
    expect(student.name).toBe('八年级(1)班');
    // flags: one current semester, its school year current, the old year no longer
    expect(await currentFlags(k12.id)).toEqual([{ name: '2027-2028学年第一学期', year_current: true }]);
    expect(await currentYears(k12.id)).toEqual(['2027-2028学年']);
    // other schools untouched
    expect(await units(await tenantIdOf(t.db, 'demo'))).toEqual(demoBefore);
  });

  it('the kindergarten upgrades 小班 → 中班 → 大班, all or nothing when a step fails', async () => {
    const before = await units(kg.id);
    const next = await addYear(kgAdmin, 2027);
    const semester = await addSemester(kgAdmin, firstSemesterBody(next.id, 2027));
    // make the graduation step fail for this school only: the flags set just before must roll back
    const fn = `calendar_test_fail_${randomBytes(4).toString('hex')}`;
    await ownerQuery(
      t.db,
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         IF NEW.tenant_id = '${kg.id}'::uuid AND NEW.graduated AND NOT OLD.graduated THEN RAISE EXCEPTION 'test failure'; END IF;
         RETURN NEW; END $$`,
    );
    await ownerQuery(t.db, `CREATE TRIGGER ${fn} BEFORE UPDATE ON org_units FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const failed = await setCurrent(kgAdmin, semester.id);
      expect(failed.body.code).toBe(59000);
    } finally {
      await ownerQuery(t.db, `DROP TRIGGER ${fn} ON org_units`);
      await ownerQuery(t.db, `DROP FUNCTION ${fn}()`);
    }
    expect(await units(kg.id)).toEqual(before);
    expect((await currentFlags(kg.id)).map((r) => r.name)).toEqual(['2026-2027学年第一学期']);

    const { body } = await setCurrent(kgAdmin, semester.id, 'en');
    expect(body).toMatchObject({ code: 1, msg: 'The current semester is set and every grade moved up', data: { upgraded: true, movedGrades: 2, graduatedGrades: 1, classes: 6 } });
    const names = (await units(kg.id)).filter((u) => !u.graduated).map((u) => [u.name, u.name_en]);
    expect(names).toEqual([
      ['中班', 'Middle'],
      ['中一班', 'Middle 1'],
      ['中二班', 'Middle 2'],
      ['大班', 'Senior'],
      ['大一班', 'Senior 1'],
      ['大二班', 'Senior 2'],
    ]);
    expect((await units(kg.id)).filter((u) => u.graduated).map((u) => u.name)).toEqual(['大班', '大一班', '大二班']);
  });
});

describe('two switches at once', () => {
  it('the second waits for the first and is refused: the grades move up once', async () => {
    const suffix = randomBytes(4).toString('hex');
    const code = `calx${suffix}`;
    await seedSchool(t.db, { ...DEMO_KINDERGARTEN, code, hosts: [`${code}.localhost`], studentsPerClass: 1 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
    const tenantId = await tenantIdOf(t.db, code);
    const token = await login(t.app, code, 'admin');
    const next = await addYear(token, 2027);
    const semester = await addSemester(token, firstSemesterBody(next.id, 2027));
    const answers = await Promise.all([setCurrent(token, semester.id), setCurrent(token, semester.id)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 40000]);
    expect((await units(tenantId)).filter((u) => !u.graduated).map((u) => u.name)).toEqual(['中班', '中一班', '中二班', '大班', '大一班', '大二班']);
  });
});

describe('deleting', () => {
  it('refuses nothing selected and stale ids (the selected semester is not set), the current semester, and semesters with exam batches or attendance rolls', async () => {
    expect((await post('/api/calendar/semesters/delete', admin, { ids: [] })).body).toMatchObject({ code: 40000, msg: '所选学期未设置：未选择学期，或所选学期已不存在' });
    expect((await post('/api/calendar/semesters/delete', admin, { ids: [uuidv7()] }, 'en')).body.msg).toBe('The selected semester is not set: none selected, or it no longer exists');

    const current = (await semesters()).find((s) => s.isCurrent)!;
    const second = await semesterNamed('2026-2027学年第二学期');
    const both = await post('/api/calendar/semesters/delete', admin, { ids: [second.id, current.id] });
    expect(both.body).toMatchObject({ code: 40900, msg: '所选学期包含当前学期，不能删除' });
    expect((await post('/api/calendar/semesters/delete', admin, { ids: [current.id] }, 'en')).body.msg).toBe('The selected semesters contain the current semester and cannot be deleted');

    // the seed took attendance rolls in the first semester
    const first = await semesterNamed('2026-2027学年第一学期');
    expect((await post('/api/calendar/semesters/delete', admin, { ids: [first.id] })).body).toMatchObject({
      code: 40900,
      msg: '学期“2026-2027学年第一学期”已有教学班，不能删除',
    });
    // an exam batch in the second semester
    await ownerQuery(
      t.db,
      `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date) VALUES ($1, $2, $3, '期中考试', '{}', '{}', '2027-04-20', '2027-04-22')`,
      [k12.id, uuidv7(), second.id],
    );
    expect((await post('/api/calendar/semesters/delete', admin, { ids: [second.id] }, 'en')).body.msg).toBe(
      'The semester "2026-2027 Semester 2" has teaching classes and cannot be deleted',
    );
    expect((await semesters()).map((s) => s.id)).toEqual(expect.arrayContaining([first.id, second.id, current.id]));
  });

  it('deletes one and several semesters; a school year only once it has none', async () => {
    const year = await addYear(admin, 2031);
    const a = await addSemester(admin, firstSemesterBody(year.id, 2031));
    const b = await addSemester(admin, firstSemesterBody(year.id, 2031, { code: '2031-2032-2', name: '2031-2032学年第二学期', startDate: '2032-02-20', endDate: '2032-07-10', teachStartDate: '2032-02-21', teachEndDate: '2032-07-01', weeks: 19 }));
    const c = await addSemester(admin, firstSemesterBody(year.id, 2031, { code: '2031-2032-3', name: '2031-2032学年小学期', startDate: '2032-07-15', endDate: '2032-08-20', teachStartDate: '2032-07-15', teachEndDate: '2032-08-20', weeks: 6 }));

    const refused = await post('/api/calendar/years/delete', admin, { ids: [year.id] });
    expect(refused.body).toMatchObject({ code: 40900, msg: '学年“2031-2032学年”下还有学期，请先删除其学期' });
    expect((await post('/api/calendar/years/delete', admin, { ids: [] })).body.msg).toBe('未选择学年，或所选学年已不存在');

    const one = await post<{ deleted: number }>('/api/calendar/semesters/delete', admin, { ids: [a.id] });
    expect(one.body).toMatchObject({ code: 1, msg: '删除成功', data: { deleted: 1 } });
    const many = await post<{ deleted: number }>('/api/calendar/semesters/delete', admin, { ids: [b.id, c.id] });
    expect(many.body.data.deleted).toBe(2);
    const gone = await post('/api/calendar/years/delete', admin, { ids: [year.id] });
    expect(gone.body.code).toBe(1);
    expect((await years()).some((y) => y.id === year.id)).toBe(false);
  });

  it('refuses a teacher without xnxq_delete and xnxq_add', async () => {
    const year = (await years())[0];
    expect((await post('/api/calendar/years/delete', teacher, { ids: [year.id] })).body.code).toBe(40300);
    expect((await post('/api/calendar/semesters/add', teacher, firstSemesterBody(year.id, 2040))).body.code).toBe(40300);
  });
});

describe('the top grade is the end of the school’s stage, not the highest grade it has', () => {
  it('a junior school with only 七年级 and 八年级 moves both up (八年级 → 九年级) and graduates none', async () => {
    const code = `calj${randomBytes(4).toString('hex')}`;
    const grades = DEMO_SCHOOL.grades.filter((g) => g.level === 7 || g.level === 8);
    await seedSchool(t.db, { ...DEMO_SCHOOL, code, hosts: [`${code}.localhost`], grades, studentsPerClass: 1, otherStaff: 12 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
    const tenantId = await tenantIdOf(t.db, code);
    const token = await login(t.app, code, 'admin');
    const next = await addYear(token, 2027);
    const semester = await addSemester(token, firstSemesterBody(next.id, 2027));

    const { body } = await setCurrent(token, semester.id);
    expect(body).toMatchObject({ code: 1, msg: '已设为当前学期，各年级已升级', data: { upgraded: true, movedGrades: 2, graduatedGrades: 0, classes: 6 } });
    const after = await units(tenantId);
    expect(after.filter((u) => u.graduated)).toEqual([]);
    expect(after.filter((u) => u.kind === 'grade').map((u) => [u.name, u.name_en, u.grade_level])).toEqual([
      ['八年级', 'Grade 8', 8],
      ['九年级', 'Grade 9', 9],
    ]);
    expect(after.filter((u) => u.grade_level === 9).map((u) => u.name)).toEqual(['九年级', '九年级(1)班', '九年级(2)班', '九年级(3)班']);

    // the next school year: now 九年级 is the top of the stage and graduates
    const later = await addYear(token, 2028);
    const again = await setCurrent(token, (await addSemester(token, firstSemesterBody(later.id, 2028))).id);
    expect(again.body.data).toMatchObject({ movedGrades: 1, graduatedGrades: 1 });
    expect((await units(tenantId)).filter((u) => !u.graduated && u.kind === 'grade').map((u) => u.name)).toEqual(['九年级']);
  });
});

/**
 * Holds an uncommitted row taking a code (owner connection) while `requests` run: each passes the
 * service's code check (the row is not visible yet) and then waits at its write on the unique index.
 * Once `waiting` requests wait, the row is rolled back (the requests then race each other for the
 * code) or committed (every request lost it to this row).
 */
async function holdingCode(insert: { text: string; values: unknown[] }, waiting: number, end: 'ROLLBACK' | 'COMMIT', requests: () => Promise<CallResult<unknown>>[]) {
  const client = await t.db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(insert.text, insert.values);
    const holder = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const answers = Promise.all(requests());
    for (let tries = 0; ; tries += 1) {
      const [row] = await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holder]);
      if (row.n >= waiting) break;
      if (tries > 400) throw new Error('the requests never waited at their write');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await client.query(end);
    return await answers;
  } finally {
    client.release();
  }
}

describe('a code another request takes at the same moment', () => {
  it('two simultaneous adds of one school year code: one is saved, the other gets the clear refusal (not a fault)', async () => {
    const add = (lang?: 'en') => post<SchoolYear>('/api/calendar/years/add', admin, { code: '2070-2071', name: '2070-2071学年', startDate: '2070-09-01', endDate: '2071-08-31' }, lang);
    const answers = await holdingCode(
      { text: `INSERT INTO school_years (tenant_id, id, code, name, start_date, end_date) VALUES ($1, $2, '2070-2071', '占位', '2070-09-01', '2071-08-31')`, values: [k12.id, uuidv7()] },
      2,
      'ROLLBACK',
      () => [add(), add('en')],
    );
    const bodies = answers.map((a) => a.body);
    expect(bodies.map((b) => b.code).sort()).toEqual([1, 40900]);
    expect(bodies.find((b) => b.code === 40900)!.msg).toMatch(/^(学年代码“2070-2071”已存在|The school year code "2070-2071" is already in use)$/);
    expect((await years()).filter((y) => y.code === '2070-2071')).toHaveLength(1);
  });

  it('two simultaneous adds of one semester code: one is saved, the other gets 学期代码“…”已存在', async () => {
    const year = (await years()).find((y) => y.code === '2070-2071')!;
    const add = () => post<Semester>('/api/calendar/semesters/add', admin, firstSemesterBody(year.id, 2070));
    const answers = await holdingCode(
      {
        text: `INSERT INTO semesters (tenant_id, id, school_year_id, code, name, year, start_date, end_date, teach_start_date, teach_end_date, weeks)
               VALUES ($1, $2, $3, '2070-2071-1', '占位', 2070, '2071-03-01', '2071-03-02', '2071-03-01', '2071-03-02', 1)`,
        values: [k12.id, uuidv7(), year.id],
      },
      2,
      'ROLLBACK',
      () => [add(), add()],
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 40900]);
    expect(answers.find((a) => a.body.code === 40900)!.body.msg).toBe('学期代码“2070-2071-1”已存在');
    expect((await semesters(admin, year.id)).map((s) => s.code)).toEqual(['2070-2071-1']);
  });

  it('an edit to a code another request just took gets the same refusal, and changes nothing', async () => {
    const year = (await years()).find((y) => y.code === '2070-2071')!;
    const semester = (await semesters(admin, year.id))[0];
    const { schoolYearName: _n, isCurrent: _c, ...row } = semester;
    const [answer] = await holdingCode(
      {
        text: `INSERT INTO semesters (tenant_id, id, school_year_id, code, name, year, start_date, end_date, teach_start_date, teach_end_date, weeks)
               VALUES ($1, $2, $3, '2070-2071-2', '2070-2071学年第二学期', 2070, '2071-03-01', '2071-07-10', '2071-03-01', '2071-07-10', 19)`,
        values: [k12.id, uuidv7(), year.id],
      },
      1,
      'COMMIT',
      () => [post('/api/calendar/semesters/edit', admin, { ...row, code: '2070-2071-2' }, 'en')],
    );
    expect(answer.body).toMatchObject({ code: 40900, msg: 'The semester code "2070-2071-2" is already in use' });
    expect((await semesters(admin, year.id)).find((s) => s.id === semester.id)).toMatchObject({ code: '2070-2071-1', version: semester.version });
  });
});

describe('edits carry the version they were loaded at', () => {
  it('a school year changed meanwhile: 40900 请刷新后重试, the other edit kept; a saved edit bumps the version', async () => {
    const year = await addYear(admin, 2080);
    expect(year.version).toBe(1);
    const form = { id: year.id, code: year.code, name: year.name, startDate: year.startDate, endDate: year.endDate };
    const first = await post<SchoolYear>('/api/calendar/years/edit', admin, { ...form, version: 1, name: '2080-2081学年（甲）' });
    expect(first.body).toMatchObject({ code: 1, data: { name: '2080-2081学年（甲）', version: 2 } });
    const stale = await post('/api/calendar/years/edit', admin, { ...form, version: 1, name: '2080-2081学年（乙）' });
    expect(stale.body).toMatchObject({ code: 40900, msg: '该学年已被他人修改，请刷新后重试' });
    expect((await post('/api/calendar/years/edit', admin, { ...form, version: 1 }, 'en')).body.msg).toBe('The school year was changed by someone else; refresh and try again');
    expect((await years()).find((y) => y.id === year.id)).toMatchObject({ name: '2080-2081学年（甲）', version: 2 });
    // an edit without the version it was loaded at is refused
    expect((await post('/api/calendar/years/edit', admin, form)).body.code).toBe(40000);
  });

  it('a semester changed meanwhile: 40900, nothing written; two edits from one version at once: one wins', async () => {
    const year = (await years()).find((y) => y.code === '2080-2081')!;
    const semester = await addSemester(admin, firstSemesterBody(year.id, 2080));
    const { schoolYearName: _n, isCurrent: _c, ...form } = semester;
    expect(form.version).toBe(1);
    const first = await post<Semester>('/api/calendar/semesters/edit', admin, { ...form, weeks: 18 });
    expect(first.body).toMatchObject({ code: 1, data: { weeks: 18, version: 2 } });
    const stale = await post('/api/calendar/semesters/edit', admin, { ...form, weeks: 19 });
    expect(stale.body).toMatchObject({ code: 40900, msg: '该学期已被他人修改，请刷新后重试' });
    expect((await post('/api/calendar/semesters/edit', admin, { ...form, weeks: 19 }, 'en')).body.msg).toBe('The semester was changed by someone else; refresh and try again');
    expect((await semesters(admin, year.id)).find((s) => s.id === semester.id)).toMatchObject({ weeks: 18, version: 2 });

    const both = await Promise.all([17, 16].map((weeks) => post<Semester>('/api/calendar/semesters/edit', admin, { ...form, version: 2, weeks })));
    expect(both.map((a) => a.body.code).sort()).toEqual([1, 40900]);
    const saved = (await semesters(admin, year.id)).find((s) => s.id === semester.id)!;
    expect(saved.version).toBe(3);
    expect(saved.weeks).toBe(both.find((a) => a.body.code === 1)!.body.data.weeks);
  });
});
