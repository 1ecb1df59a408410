import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRoutes, MENU_AREAS, MENU_CATALOGUE } from '../../../contracts/menus';
import { buildTestApp, ownerQuery, type TestApp } from '../../test/helpers';
import { seedDemoData } from '.';
import { addDays, schoolDate } from '../../modules/attendance/school-day';
import { SEED_ATTENDANCE_GAP_DAYS, SEED_ATTENDANCE_SCHOOL_DAYS } from './attendance';
import { schoolCalendar } from './school';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (text: string, values: unknown[] = []) => Number((await ownerQuery<{ n: string }>(t.db, text, values))[0].n);
const inTenant = (code: string) => `(SELECT id FROM tenants WHERE code = '${code}')`;
/** links made by the seed (other test files link accounts of their own, created as u_…, in the shared database) */
const seededLinks = `parent_id NOT IN (SELECT id FROM users WHERE username LIKE 'u\\_%')`;
/** the two seeded schools (other test files add schools of their own to the shared database) */
const seededSchools = `tenant_id IN (SELECT id FROM tenants WHERE code IN ('demo', 'kg'))`;

describe('demo seed', () => {
  it('creates the K12 school: 27 classes of 40 students, a parent each, 61 staff', async () => {
    const demo = inTenant('demo');
    expect(await count(`SELECT count(*) n FROM campuses WHERE tenant_id = ${demo}`)).toBe(2);
    expect(await count(`SELECT count(*) n FROM org_units WHERE tenant_id = ${demo} AND kind = 'grade' AND NOT graduated`)).toBe(9);
    expect(await count(`SELECT count(*) n FROM org_units WHERE tenant_id = ${demo} AND kind = 'class' AND NOT graduated`)).toBe(27);
    expect(await count(`SELECT count(*) n FROM users WHERE tenant_id = ${demo} AND user_type = '2' AND username NOT LIKE 'u\\_%' AND NOT EXISTS (SELECT 1 FROM graduations g WHERE g.tenant_id = users.tenant_id AND g.student_id = users.id)`)).toBe(1080);
    // 毕业管理: last school year's graduates of two graduated 九年级 classes, a third of them with their account disabled
    expect(await count(`SELECT count(*) n FROM graduations g JOIN org_units c ON c.tenant_id = g.tenant_id AND c.id = g.class_id WHERE g.tenant_id = ${demo} AND c.graduated AND c.grade_level = 9`)).toBe(12);
    expect(await count(`SELECT count(*) n FROM graduations g JOIN users u ON u.tenant_id = g.tenant_id AND u.id = g.student_id WHERE g.tenant_id = ${demo} AND NOT u.enabled`)).toBe(4);
    // the first emergency contact of each student is the parent account (家庭信息 adds guardians without one and shared siblings)
    expect(await count(`SELECT count(*) n FROM parent_students WHERE tenant_id = ${demo} AND ${seededLinks} AND emergency_order = 1`)).toBe(1080);
    expect(await count(`SELECT count(*) n FROM users WHERE tenant_id = ${demo} AND user_type IN ('1', '3') AND username NOT LIKE 'u\\_%'`)).toBe(61);
    const names = await ownerQuery<{ name: string }>(t.db, `SELECT name FROM org_units WHERE tenant_id = ${demo} AND kind = 'grade' AND NOT graduated ORDER BY grade_level`);
    expect(names.map((row) => row.name)).toEqual(['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级']);
  });

  it('leaves no student who is not studying in a class: no open membership, no current class (as 学籍异动 leaves them)', async () => {
    const notStudying = `FROM students s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id WHERE s.${seededSchools} AND s.status <> 'studying'`;
    expect(await count(`SELECT count(*) n ${notStudying}`)).toBeGreaterThan(0);
    const inClass = await ownerQuery<{ name: string }>(
      t.db,
      `SELECT u.name ${notStudying} AND (u.org_unit_id IS NOT NULL
         OR EXISTS (SELECT 1 FROM class_memberships m WHERE m.tenant_id = s.tenant_id AND m.student_id = s.user_id AND m.to_date IS NULL))`,
    );
    expect(inClass).toEqual([]);
  });

  it('creates the kindergarten with small, middle and large classes', async () => {
    const kg = inTenant('kg');
    const grades = await ownerQuery<{ name: string }>(t.db, `SELECT name FROM org_units WHERE tenant_id = ${kg} AND kind = 'grade' AND NOT graduated ORDER BY grade_level`);
    expect(grades.map((row) => row.name)).toEqual(['小班', '中班', '大班']);
    expect(await count(`SELECT count(*) n FROM org_units WHERE tenant_id = ${kg} AND kind = 'class' AND NOT graduated`)).toBe(6);
    expect(await count(`SELECT count(*) n FROM graduations g JOIN org_units c ON c.tenant_id = g.tenant_id AND c.id = g.class_id WHERE g.tenant_id = ${kg} AND c.name LIKE '大%'`)).toBe(12);
    expect(await count(`SELECT count(*) n FROM parent_students WHERE tenant_id = ${kg} AND ${seededLinks} AND emergency_order = 1`)).toBe(120);
  });

  it('links the demo accounts as described', async () => {
    const [teacherDuties] = await ownerQuery<{ duties: string[] }>(
      t.db,
      `SELECT array_agg(d.duty || ':' || o.name || ':' || d.subject ORDER BY d.duty, o.name) duties
         FROM staff_duties d JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.user_id
         JOIN org_units o ON o.tenant_id = d.tenant_id AND o.id = d.org_unit_id
        WHERE u.tenant_id = ${inTenant('demo')} AND u.username = 'teacher'`,
    );
    expect(teacherDuties.duties).toEqual(['head_teacher:七年级(1)班:', 'subject_teacher:七年级(1)班:02', 'subject_teacher:七年级(2)班:02']);
    // teacher2 co-teaches 数学 in 七年级(1)班 (team teaching), nothing else
    const coTeachers = await ownerQuery<{ username: string; roles: string[] }>(
      t.db,
      `SELECT u.username, (SELECT array_agg(r.code ORDER BY r.code) FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
                            WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id) roles
         FROM staff_duties d JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.user_id
         JOIN org_units o ON o.tenant_id = d.tenant_id AND o.id = d.org_unit_id
        WHERE d.tenant_id = ${inTenant('demo')} AND o.name = '七年级(1)班' AND d.duty = 'subject_teacher' AND d.subject = '02'
        ORDER BY u.username`,
    );
    expect(coTeachers).toEqual([
      { username: 'teacher', roles: ['banzhuren', 'teacher'] },
      { username: 'teacher2', roles: ['department_head', 'teacher'] },
    ]);
    const [teacher2Duties] = await ownerQuery<{ duties: string[] }>(
      t.db,
      `SELECT array_agg(d.duty || ':' || o.name || ':' || d.subject ORDER BY d.duty, o.name) duties
         FROM staff_duties d JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.user_id
         JOIN org_units o ON o.tenant_id = d.tenant_id AND o.id = d.org_unit_id
        WHERE u.tenant_id = ${inTenant('demo')} AND u.username = 'teacher2'`,
    );
    expect(teacher2Duties.duties).toEqual(['department_head:教务处:', 'subject_teacher:七年级(1)班:02']);

    const [family] = await ownerQuery<{ class_name: string; parent: string; student_no: string }>(
      t.db,
      `SELECT o.name class_name, p.username parent, s.user_no student_no
         FROM users s JOIN org_units o ON o.tenant_id = s.tenant_id AND o.id = s.org_unit_id
         JOIN parent_students ps ON ps.tenant_id = s.tenant_id AND ps.student_id = s.id
         JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
        WHERE s.tenant_id = ${inTenant('demo')} AND s.username = 'student' AND ps.emergency_order = 1`,
    );
    expect(family).toMatchObject({ class_name: '七年级(1)班', parent: 'parent' });
    expect(family.student_no).toMatch(/^\d{9}$/);
  });

  it("names every other parent account 'P' + the student account (SPEC §9)", async () => {
    const mismatched = await count(
      `SELECT count(*) n FROM parent_students ps
         JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
         JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
        WHERE ps.${seededSchools} AND ps.emergency_order = 1 AND s.username <> 'student' AND p.username <> 'P' || s.username AND p.username NOT LIKE 'u\\_%'`,
    );
    expect(mismatched).toBe(0);
  });

  it('marks exactly one current school year and one current semester per tenant', async () => {
    expect(await count(`SELECT count(*) n FROM school_years WHERE is_current AND ${seededSchools}`)).toBe(2);
    expect(await count(`SELECT count(*) n FROM semesters WHERE is_current AND ${seededSchools}`)).toBe(2);
    expect(schoolCalendar(new Date(2026, 8, 1))).toEqual({ startYear: 2026, firstSemesterCurrent: true });
    expect(schoolCalendar(new Date(2027, 0, 10))).toEqual({ startYear: 2026, firstSemesterCurrent: true });
    expect(schoolCalendar(new Date(2027, 3, 1))).toEqual({ startYear: 2026, firstSemesterCurrent: false });
  });

  it('seeds the menu catalogue: every area, the fixed routes, and the shell cases', async () => {
    expect(new Set(MENU_CATALOGUE.map((d) => d.area))).toEqual(new Set(MENU_AREAS));
    const routes = new Map(catalogueRoutes().map((route) => [route.menuurl, route]));
    const fixed: [string, string][] = [
      ['/messageCenter/xxzx', 'messageCenter_xxzx'],
      ['/zsgl/xsbm', 'zsgl'],
      ['/jyzc/zjhgl/index', 'jyzc'],
      ['/jyzc/jhtj/index', 'jyzc'],
      ['/jyzc/jhtj/jzyl', 'jyzc'],
      ['/ewmrz', 'wlryjcx_ewmgl'],
      ['/cpgl/cppjhz/pjjl', 'cpgl_cppjhz_index'],
      ['/survey/cjwj/perviewWJ', 'survey_cjwj'],
      ['/pztm/pztm', 'jzwj_wjsz'],
    ];
    for (const [url, code] of fixed) expect(routes.get(url)?.perms, url).toEqual([code]);
    expect(routes.size).toBe(catalogueRoutes().length); // menu URLs are unique

    const demo = inTenant('demo');
    const menuCount = (where: string) => count(`SELECT count(*) n FROM menus WHERE tenant_id = ${demo} AND ${where}`);
    expect(await menuCount(`menuurl = '/demo/missing-screen' AND remark->>'menuNameEng' = 'Missing screen demo'`)).toBe(1);
    expect(await menuCount(`remark->>'sfswsy' = '1'`)).toBeGreaterThanOrEqual(3);
    expect(await menuCount(`type = 'directory' AND remark->>'cdwz' = 'top'`)).toBe(1);
    expect(await menuCount(`type = 'menu' AND hidden`)).toBeGreaterThanOrEqual(1);
    expect(await menuCount(`remark->>'sfzdy' = '1' AND remark->>'zdycs' <> ''`)).toBe(1);
    expect(await menuCount(`type = 'button' AND 'xsxx_import' = ANY(perms)`)).toBe(1);
    expect(await menuCount(`type = 'menu' AND 'system_user' = ANY(perms)`)).toBe(1);
    const alwaysShow = await ownerQuery<{ children: number; hidden: number }>(
      t.db,
      `SELECT count(c.*)::int children, count(c.*) FILTER (WHERE c.hidden)::int hidden FROM menus d JOIN menus c ON c.tenant_id = d.tenant_id AND c.parent_id = d.id
        WHERE d.tenant_id = ${demo} AND d.always_show GROUP BY d.id`,
    );
    expect(alwaysShow).toEqual([{ children: 1, hidden: 1 }]);
  });

  it('has eight roles per tenant, SQL-type ready', async () => {
    const roles = await ownerQuery<{ code: string }>(t.db, `SELECT code FROM roles WHERE tenant_id = ${inTenant('demo')} AND type = 'ordinary' AND created_by IS NULL ORDER BY sort`);
    expect(roles.map((r) => r.code)).toEqual(['admin', 'teacher', 'banzhuren', 'grade_leader', 'student', 'parent', 'department_head', 'teaching_office']);
  });

  it("gives the administrator's seeded messages different titles (the dashboard listed one twice)", async () => {
    const repeated = await ownerQuery<{ title: string }>(
      t.db,
      `SELECT m.title FROM message_recipients r
         JOIN messages m ON m.tenant_id = r.tenant_id AND m.id = r.message_id
         JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
        WHERE r.tenant_id = ${inTenant('demo')} AND u.username = 'admin' AND m.created_at < now() - interval '8 hours'
        GROUP BY m.title HAVING count(*) > 1`,
    );
    expect(repeated).toEqual([]);
  });

  it('seeds attendance history on school days before the last nine days, two approved leaves in 七年级(1)班, the status dictionary', async () => {
    const demo = inTenant('demo');
    const today = schoolDate(new Date());
    // seeded rolls are stamped on their own day; rolls written by tests later are not
    const [seeded] = await ownerQuery<{ n: number; days: number; latest: string; weekend: number; classes: number }>(
      t.db,
      `SELECT count(*)::int n, count(DISTINCT date)::int days, max(date)::text latest, count(DISTINCT class_id)::int classes,
              count(*) FILTER (WHERE extract(isodow FROM date) > 5)::int weekend
         FROM attendance_rolls WHERE tenant_id = ${demo} AND created_at < (date + 1)::timestamptz`,
    );
    expect(seeded.days).toBeGreaterThan(0);
    expect(seeded.days).toBeLessThanOrEqual(SEED_ATTENDANCE_SCHOOL_DAYS);
    expect(seeded.n).toBe(seeded.days * 27);
    expect(seeded.weekend).toBe(0);
    expect(seeded.latest <= addDays(today, -SEED_ATTENDANCE_GAP_DAYS)).toBe(true);
    expect(await count(`SELECT count(*) n FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id
        WHERE r.tenant_id = ${demo} AND r.created_at < (r.date + 1)::timestamptz`)).toBe(seeded.days * 1080);
    expect(await count(`SELECT count(*) n FROM attendance_rolls WHERE tenant_id = ${inTenant('kg')}`)).toBe(0);

    const leaves = await ownerQuery<{ class_name: string; starts: string; ends: string }>(
      t.db,
      `SELECT o.name class_name, (l.starts_at AT TIME ZONE 'Asia/Shanghai')::date::text starts, (l.ends_at AT TIME ZONE 'Asia/Shanghai')::date::text ends
         FROM applications l JOIN users s ON s.tenant_id = l.tenant_id AND s.id = l.applicant_id
         JOIN org_units o ON o.tenant_id = s.tenant_id AND o.id = s.org_unit_id
        WHERE l.tenant_id = ${demo} AND l.kind = 'student_leave' AND l.state = 'approved' AND l.starts_at < now()`,
    );
    expect(leaves).toEqual([
      { class_name: '七年级(1)班', starts: addDays(today, -1), ends: addDays(today, 2) },
      { class_name: '七年级(1)班', starts: addDays(today, -1), ends: addDays(today, 2) },
    ]);
    expect(await count(`SELECT count(*) n FROM dict_entries e JOIN dict_types d ON d.tenant_id = e.tenant_id AND d.id = e.type_id WHERE d.code = 'STD_XSKQ_ZT' AND e.code IN ('1', '2', '3', '4', '5', '9') AND d.${seededSchools}`)).toBe(12);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await count('SELECT count(*) n FROM users');
    expect(await seedDemoData(t.db)).toEqual({});
    expect(await count('SELECT count(*) n FROM users')).toBe(before);
  });
});
