import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import { ORG_ISSUE_TEXT, type OrgMemberRow, type OrgNode, type OrgTreeData } from '../../../contracts/orgs';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

/**
 * 组织机构 against a school of its own (seeded per run; the demo school's tree is left alone).
 * Refusals are checked in zh and en and leave org_units and users as they were.
 */

let t: TestApp;
let tenantId: string;
let code: string;
let admin: string;
let teacher: string;
const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const treeData = async () => {
  const { body } = await post<OrgTreeData>('/api/orgs/tree', admin, {});
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
const flat = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
const find = async (id: string) => flat((await treeData()).nodes).find((node) => node.id === id);
const snapshot = async () => [
  await ownerQuery(t.db, 'SELECT id::text, parent_id::text, kind, code, name, grade_level, sort, version FROM org_units WHERE tenant_id = $1 ORDER BY id', [tenantId]),
  await ownerQuery(t.db, 'SELECT id::text, org_unit_id::text FROM users WHERE tenant_id = $1 ORDER BY id', [tenantId]),
];
const refused = async (url: string, json: unknown, expected: number, zh: string | RegExp, en: string | RegExp) => {
  const before = await snapshot();
  const inZh = (await post(url, admin, json)).body;
  const pattern = (value: string | RegExp) => (typeof value === 'string' ? escaped(value) : value);
  expect([inZh.code, inZh.msg]).toEqual([expected, expect.stringMatching(pattern(zh))]);
  const inEn = (await post(url, admin, json, EN)).body;
  expect([inEn.code, inEn.msg]).toEqual([expected, expect.stringMatching(pattern(en))]);
  expect(await snapshot()).toEqual(before);
};
const text = (key: keyof typeof ORG_ISSUE_TEXT, params: Record<string, string | number> = {}) =>
  [ORG_ISSUE_TEXT[key].zh, ORG_ISSUE_TEXT[key].en].map((each) => each.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))) as [string, string];
const escaped = (value: string) => new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

let root: OrgNode;
const input = (over: Record<string, unknown> = {}) => ({ parentId: root.id, kind: 'department', code: unique('D'), name: unique('测试部门'), nameEn: 'Test office', campusId: null, gradeLevel: null, sort: 5, remark: '', ...over });
const save = async (over: Record<string, unknown> = {}) => {
  const { body } = await post<{ id: string; version: number }>('/api/orgs/save', admin, input(over));
  expect(body.code, body.msg).toBe(1);
  return body.data;
};

beforeAll(async () => {
  t = await buildTestApp();
  code = `org${randomBytes(4).toString('hex')}`;
  await seedSchool(t.db, { ...DEMO_SCHOOL, code, hosts: [`${code}.localhost`], grades: DEMO_SCHOOL.grades.filter((g) => g.level >= 7), studentsPerClass: 2, otherStaff: 30 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
  tenantId = await tenantIdOf(t.db, code);
  admin = await login(t.app, code, 'admin');
  teacher = await login(t.app, code, 'teacher');
  root = (await treeData()).nodes[0]!;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('组织机构', () => {
  it('reads the tree: one school root, departments, grades with classes, member counts; refuses a user without system_org', async () => {
    const { nodes, campuses } = await treeData();
    expect(nodes).toHaveLength(1);
    expect(root.kind).toBe('school');
    const kinds = new Set(flat(nodes).map((node) => node.kind));
    expect([...kinds].sort()).toEqual(['class', 'department', 'grade', 'school']);
    const grade = root.children.find((node) => node.kind === 'grade')!;
    expect(grade.children.every((node) => node.kind === 'class' && node.gradeLevel === grade.gradeLevel)).toBe(true);
    expect(grade.children[0]!.memberCount).toBe(2);
    expect(campuses.length).toBeGreaterThan(0);
    expect((await post('/api/orgs/tree', teacher, {})).body.code).toBe(40300);
    expect((await post('/api/orgs/save', teacher, input())).body.code).toBe(40300);
  });

  it('adds a department (under the school and under a department), a grade and a class taking its level; edits at its version; a grade’s level follows to its classes', async () => {
    const dept = await save({ name: '测试（教务）处', nameEn: 'Test office' });
    const sub = await save({ parentId: dept.id, name: unique('小组') });
    expect((await find(sub.id))!.parentId).toBe(dept.id);
    const grade = await save({ kind: 'grade', code: unique('G'), name: unique('十年级'), gradeLevel: 10 });
    const klass = await save({ parentId: grade.id, kind: 'class', code: unique('C'), name: unique('十年级一班'), gradeLevel: 3 });
    expect((await find(klass.id))!.gradeLevel).toBe(10);
    const edited = await save({ id: grade.id, version: 1, kind: 'grade', code: unique('G'), name: '高一年级', gradeLevel: 11 });
    expect(edited.version).toBe(2);
    expect(await find(grade.id)).toMatchObject({ name: '高一年级', gradeLevel: 11 });
    expect((await find(klass.id))!.gradeLevel).toBe(11);
    await refused('/api/orgs/save', input({ id: grade.id, version: 1, kind: 'grade', gradeLevel: 11 }), 40900, '该机构已被他人修改，请刷新后重试', 'Someone else changed this unit; reload and try again');
    // the school node: edited in place, never a second one
    const rootNow = (await find(root.id))!;
    const renamed = await save({ id: root.id, version: rootNow.version, parentId: null, kind: 'school', code: rootNow.code, name: rootNow.name, nameEn: 'Renamed school' });
    expect(renamed.version).toBe(rootNow.version + 1);
    const [zh, en] = text('orgsSchoolFixed');
    await refused('/api/orgs/save', input({ parentId: null, kind: 'school' }), 40000, zh, en);
  });

  it('refuses bad fields and places with the form’s words, in zh and en, nothing written', async () => {
    const dept = await save();
    const grade = await save({ kind: 'grade', code: unique('G'), gradeLevel: 5 });
    const klass = await save({ parentId: grade.id, kind: 'class', code: unique('C') });
    const taken = (await find(dept.id))!.code;
    const cases: [Record<string, unknown>, [string, string]][] = [
      [{ code: ' ' }, text('orgsCodeRequired')],
      [{ code: 'a-b' }, text('orgsCodeInvalid', { max: 30 })],
      [{ code: 'x'.repeat(31) }, text('orgsCodeInvalid', { max: 30 })],
      [{ name: '' }, text('orgsNameRequired')],
      [{ name: '部'.repeat(31) }, text('orgsNameTooLong', { max: 30 })],
      [{ name: '教务处<script>' }, text('orgsNameInvalid')],
      [{ name: '教务处#1' }, text('orgsNameInvalid')],
      [{ nameEn: 'Office!' }, text('orgsNameEnInvalid', { max: 60 })],
      [{ kind: 'grade', gradeLevel: null }, text('orgsGradeLevelRange', { max: 12 })],
      [{ kind: 'grade', gradeLevel: 13 }, text('orgsGradeLevelRange', { max: 12 })],
      [{ kind: 'grade', parentId: dept.id, gradeLevel: 3 }, text('orgsGradePlace')],
      [{ kind: 'class', parentId: root.id }, text('orgsClassPlace')],
      [{ kind: 'class', parentId: dept.id }, text('orgsClassPlace')],
      [{ kind: 'department', parentId: grade.id }, text('orgsDepartmentPlace')],
      [{ kind: 'department', parentId: klass.id }, text('orgsDepartmentPlace')],
      [{ parentId: null }, text('orgsDepartmentPlace')],
    ];
    for (const [over, [zh, en]] of cases) await refused('/api/orgs/save', input(over), 40000, zh, en);
    await refused('/api/orgs/save', input({ code: taken }), 40900, `机构编码${taken}已存在`, `The code ${taken} exists already`);
    await refused('/api/orgs/save', input({ parentId: uuidv7() }), 40000, '上级机构不存在', 'The parent unit does not exist');
  });

  it('deletes an empty node; refuses the school, a node with children, members, duties or business data — nothing changed', async () => {
    const rows = flat((await treeData()).nodes);
    const seededClass = rows.find((node) => node.kind === 'class' && node.memberCount > 0)!;
    const seededGrade = rows.find((node) => node.id === seededClass.parentId)!;
    const [zh, en] = text('orgsSchoolFixed');
    await refused('/api/orgs/delete', { id: root.id }, 40900, zh, en);
    await refused('/api/orgs/delete', { id: seededGrade.id }, 40900, `“${seededGrade.name}”下还有${seededGrade.children.length}个下级机构，不能删除`, `"${seededGrade.name}" still has ${seededGrade.children.length} units under it and cannot be deleted`);
    await refused('/api/orgs/delete', { id: seededClass.id }, 40900, `“${seededClass.name}”下还有${seededClass.memberCount}名人员，请先移出后再删除`, `"${seededClass.name}" still has ${seededClass.memberCount} people; remove them first`);
    // duties: a head teacher of an otherwise empty class
    const grade = await save({ kind: 'grade', code: unique('G'), gradeLevel: 6 });
    const klass = await save({ parentId: grade.id, kind: 'class', code: unique('C'), name: unique('空班') });
    const klassName = (await find(klass.id))!.name;
    const [teacherRow] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'teacher'`, [tenantId]);
    await ownerQuery(t.db, `INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty) VALUES ($1, $2, $3, 'head_teacher')`, [tenantId, klass.id, teacherRow!.id]);
    await refused('/api/orgs/delete', { id: klass.id }, 40900, `“${klassName}”还有教师任职`, `"${klassName}" still has staff duties`);
    await ownerQuery(t.db, `DELETE FROM staff_duties WHERE tenant_id = $1 AND org_unit_id = $2`, [tenantId, klass.id]);
    // business data: an attendance roll of the class
    const [semester] = await ownerQuery<{ id: string }>(t.db, 'SELECT id::text FROM semesters WHERE tenant_id = $1 LIMIT 1', [tenantId]);
    const rollId = uuidv7();
    await ownerQuery(t.db, `INSERT INTO attendance_rolls (tenant_id, id, class_id, date, semester_id, taken_by) VALUES ($1, $2, $3, '2026-11-20', $4, $5)`, [tenantId, rollId, klass.id, semester!.id, teacherRow!.id]);
    await refused('/api/orgs/delete', { id: klass.id }, 40900, `“${klassName}”已有业务数据`, `"${klassName}" is used by records`);
    await ownerQuery(t.db, 'DELETE FROM attendance_rolls WHERE tenant_id = $1 AND id = $2', [tenantId, rollId]);
    // an empty class with its 班级管理 profile (every class has one: it goes with the class)
    await ownerQuery(t.db, `INSERT INTO class_profiles (tenant_id, org_unit_id, class_no, capacity) VALUES ($1, $2, '0699', 40) ON CONFLICT DO NOTHING`, [tenantId, klass.id]);
    const deleted = (await post('/api/orgs/delete', admin, { id: klass.id })).body;
    expect(deleted.code, deleted.msg).toBe(1);
    expect(await find(klass.id)).toBeUndefined();
    expect(await ownerQuery(t.db, 'SELECT 1 FROM class_profiles WHERE tenant_id = $1 AND org_unit_id = $2', [tenantId, klass.id])).toEqual([]);
    // an exam batch naming the grade
    const batchId = uuidv7();
    await ownerQuery(t.db, `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date) VALUES ($1, $2, $3, $4, ARRAY[$5]::uuid[], '{}', '2026-12-01', '2026-12-02')`, [tenantId, batchId, semester!.id, unique('批次'), grade.id]);
    const gradeName = (await find(grade.id))!.name;
    await refused('/api/orgs/delete', { id: grade.id }, 40900, `“${gradeName}”已有业务数据`, `"${gradeName}" is used by records`);
    await ownerQuery(t.db, 'DELETE FROM exam_batches WHERE tenant_id = $1 AND id = $2', [tenantId, batchId]);
    expect((await post('/api/orgs/delete', admin, { id: grade.id })).body.code).toBe(1);
    expect((await post('/api/orgs/delete', admin, { id: grade.id }, EN)).body).toMatchObject({ code: 40400, msg: 'The unit does not exist or was deleted' });
    expect((await post('/api/orgs/delete', teacher, { id: uuidv7() })).body.code).toBe(40300);
  });

  it('moves: reorders siblings, a class to another grade takes its level; refuses the school, cycles and wrong places', async () => {
    const a = await save({ name: unique('甲部门') });
    const b = await save({ name: unique('乙部门') });
    const inner = await save({ parentId: a.id, name: unique('内部') });
    expect((await post('/api/orgs/move', admin, { id: b.id, parentId: a.id, index: 0 })).body.code).toBe(1);
    expect((await find(a.id))!.children.map((node) => node.id)).toEqual([b.id, inner.id]);
    expect((await find(a.id))!.children.map((node) => node.sort)).toEqual([10, 20]);
    await refused('/api/orgs/move', { id: a.id, parentId: b.id, index: 0 }, 40000, '不能移到自身或其下级之下', 'A unit cannot be moved under itself or its own descendants');
    const [zh, en] = text('orgsSchoolFixed');
    await refused('/api/orgs/move', { id: root.id, parentId: a.id, index: 0 }, 40000, zh, en);
    const g1 = await save({ kind: 'grade', code: unique('G'), gradeLevel: 7 });
    const g2 = await save({ kind: 'grade', code: unique('G'), gradeLevel: 8 });
    const klass = await save({ parentId: g1.id, kind: 'class', code: unique('C') });
    await refused('/api/orgs/move', { id: klass.id, parentId: a.id, index: 0 }, 40000, text('orgsClassPlace')[0], text('orgsClassPlace')[1]);
    await refused('/api/orgs/move', { id: g1.id, parentId: a.id, index: 0 }, 40000, text('orgsGradePlace')[0], text('orgsGradePlace')[1]);
    await refused('/api/orgs/move', { id: a.id, parentId: g2.id, index: 0 }, 40000, text('orgsDepartmentPlace')[0], text('orgsDepartmentPlace')[1]);
    expect((await post('/api/orgs/move', admin, { id: klass.id, parentId: g2.id, index: 0 })).body.code).toBe(1);
    expect(await find(klass.id)).toMatchObject({ parentId: g2.id, gradeLevel: 8 });
    expect((await post('/api/orgs/move', teacher, { id: klass.id, parentId: g1.id, index: 0 })).body.code).toBe(40300);
  });

  it('members: lists people with duties, adds (students to classes, staff to departments), removes (org unit empty)', async () => {
    const dept = await save();
    const grade = await save({ kind: 'grade', code: unique('G'), gradeLevel: 4 });
    const klass = await save({ parentId: grade.id, kind: 'class', code: unique('C') });
    const staff = await createUser(t.db, code, { userType: '3' });
    const student = await createUser(t.db, code, { userType: '2' });
    const members = async (orgId: string, keyword = '') => (await post<TableAData<OrgMemberRow>>('/api/orgs/members', admin, { currPage: 0, limit: 10, search: JSON.stringify({ orgId, keyword }) })).body.data;
    expect((await post('/api/orgs/members/add', admin, { orgId: dept.id, userIds: [`U_${staff.id}`] })).body.code).toBe(1);
    expect((await members(dept.id)).rows.map((row) => row.id)).toEqual([staff.id]);
    expect((await find(dept.id))!.memberCount).toBe(1);
    await ownerQuery(t.db, `INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty) VALUES ($1, $2, $3, 'department_head')`, [tenantId, dept.id, staff.id]);
    expect((await members(dept.id)).rows[0]!.duties).toEqual([{ duty: 'department_head', subject: '' }]);
    expect((await members(dept.id, 'no-such-name')).total).toBe(0);
    await refused('/api/orgs/members/add', { orgId: klass.id, userIds: [staff.id] }, 40000, '班级只能添加学生', 'Only students can be added to a class');
    await refused('/api/orgs/members/add', { orgId: dept.id, userIds: [student.id] }, 40000, '部门只能添加教职工', 'Only staff can be added to a department');
    await refused('/api/orgs/members/add', { orgId: grade.id, userIds: [student.id] }, 40000, '只有部门和班级可以添加或移出人员', 'Only departments and classes have members to add or remove');
    await refused('/api/orgs/members/add', { orgId: klass.id, userIds: [uuidv7()] }, 40000, '所选人员不存在', 'A chosen person does not exist');
    expect((await post('/api/orgs/members/add', admin, { orgId: klass.id, userIds: [student.id] })).body.code).toBe(1);
    expect((await members(klass.id)).total).toBe(1);
    expect((await post('/api/orgs/members/remove', admin, { orgId: klass.id, userIds: [student.id] })).body.code).toBe(1);
    expect((await members(klass.id)).total).toBe(0);
    const [row] = await ownerQuery<{ org_unit_id: string | null }>(t.db, 'SELECT org_unit_id FROM users WHERE tenant_id = $1 AND id = $2', [tenantId, student.id]);
    expect(row!.org_unit_id).toBeNull();
    expect((await post('/api/orgs/members/remove', teacher, { orgId: dept.id, userIds: [staff.id] })).body.code).toBe(40300);
  });
});
