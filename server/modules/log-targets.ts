// How 用户日志 names the records a call touches (a route's `target`): one query per kind of record,
// read in the call's transaction before the handler runs, so a deleted record keeps its name.
// Names and codes are data (not translated); several records are joined with ', '.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

async function labels(tx: Tx, query: SQL): Promise<string> {
  const { rows } = await tx.execute<{ label: string }>(query);
  return rows.map((row) => row.label).join(', ');
}

export const logTargets = {
  /** 角色 (code) */
  roles: (tx: Tx, ids: readonly string[]) => labels(tx, sql`SELECT name || ' (' || code || ')' AS label FROM roles WHERE id = ANY(${uuids(ids)}) ORDER BY code`),
  /** 角色类型 (code) */
  roleCategories: (tx: Tx, ids: readonly string[]) =>
    labels(tx, sql`SELECT name || ' (' || code || ')' AS label FROM role_categories WHERE id = ANY(${uuids(ids)}) ORDER BY code`),
  /** a role and people: 教师 (teacher): 黄涛建 (201812102), … */
  roleMembers: (tx: Tx, roleId: string, userIds: readonly string[]) =>
    labels(
      tx,
      sql`SELECT r.name || ' (' || r.code || '): ' || (SELECT string_agg(u.name || ' (' || u.username || ')', ', ' ORDER BY u.username) FROM users u WHERE u.id = ANY(${uuids(userIds)})) AS label
          FROM roles r WHERE r.id = ${roleId}::uuid`,
    ),
  /** org units by name */
  orgs: (tx: Tx, ids: readonly string[]) => labels(tx, sql`SELECT name AS label FROM org_units WHERE id = ANY(${uuids(ids)}) ORDER BY name`),
  /** students by name and student number: 黄涛建 (201812102), … */
  students: (tx: Tx, ids: readonly string[]) =>
    labels(tx, sql`SELECT name || ' (' || coalesce(nullif(user_no, ''), username) || ')' AS label FROM users WHERE id = ANY(${uuids(ids)}) ORDER BY user_no, name`),
  orgMembers: (tx: Tx, orgId: string, userIds: readonly string[]) =>
    labels(
      tx,
      sql`SELECT o.name || ': ' || (SELECT string_agg(u.name || ' (' || u.username || ')', ', ' ORDER BY u.username) FROM users u WHERE u.id = ANY(${uuids(userIds)})) AS label
          FROM org_units o WHERE o.id = ${orgId}::uuid`,
    ),
  menus: (tx: Tx, ids: readonly string[]) => labels(tx, sql`SELECT menuname AS label FROM menus WHERE id = ANY(${uuids(ids)})`),
  /** 字典类型 (code) */
  dictTypes: (tx: Tx, ids: readonly string[]) => labels(tx, sql`SELECT name || ' (' || code || ')' AS label FROM dict_types WHERE id = ANY(${uuids(ids)}) ORDER BY code`),
  /** 字典项 (code) of its type */
  dictEntries: (tx: Tx, ids: readonly string[]) =>
    labels(
      tx,
      sql`SELECT t.name || ': ' || e.name || ' (' || e.code || ')' AS label FROM dict_entries e JOIN dict_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id
          WHERE e.id = ANY(${uuids(ids)}) ORDER BY t.code, e.code`,
    ),
  questionnaires: (tx: Tx, ids: readonly string[]) => labels(tx, sql`SELECT title AS label FROM questionnaires WHERE id = ANY(${uuids(ids)}) ORDER BY title`),
  /** the applicant and the kind's code: 黄涛建 (201812102) student_leave 2026-11-21 */
  applications: (tx: Tx, ids: readonly string[]) =>
    labels(
      tx,
      sql`SELECT u.name || ' (' || u.username || ') ' || a.kind AS label FROM applications a JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.applicant_id
          WHERE a.id = ANY(${uuids(ids)}) ORDER BY u.username`,
    ),
  /** a class's roll of a day: 七年级(1)班 2026-11-21 */
  attendanceRoll: (tx: Tx, classId: string, date: string) => labels(tx, sql`SELECT name || ' ' || ${date}::text AS label FROM org_units WHERE id = ${classId}::uuid`),
  /** a score sheet: 七年级(1)班 语文 期中考试 */
  scoreSheet: (tx: Tx, sheet: { batchId: string; classId: string; subject: string }) =>
    labels(
      tx,
      sql`SELECT o.name || ' ' || coalesce((SELECT e.name FROM dict_entries e JOIN dict_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id
                                             WHERE t.code = 'STD_KM' AND e.code = ${sheet.subject} LIMIT 1), ${sheet.subject}) || ' ' || b.name AS label
          FROM org_units o, exam_batches b WHERE o.id = ${sheet.classId}::uuid AND b.id = ${sheet.batchId}::uuid`,
    ),
};
