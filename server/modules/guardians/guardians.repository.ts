import { type SQL, sql } from 'drizzle-orm';
import type { Guardian, GuardianFound, GuardianSearch, GuardianStudent } from '../../../contracts/guardians';
import type { Tx } from '../../db/client';
import { containsPattern } from '../../db/like';

// 家庭信息's SQL: the person rows (users, user_type '4'), their profile (guardians) and the links to
// students (parent_students), with the students and classes joined as queries may.

type GuardianDbRow = {
  student_id: string;
  parent_id: string;
  name: string;
  relation: string;
  phone: string;
  work_unit: string;
  id_type: string;
  id_number: string;
  lives_with: boolean;
  emergency_order: number | null;
  username: string;
  initialized: boolean;
  version: number;
  other_children: string[];
};

const guardianOf = (row: GuardianDbRow): Guardian => ({
  parentId: row.parent_id,
  name: row.name,
  relation: row.relation,
  phone: row.phone,
  workUnit: row.work_unit,
  idType: row.id_type,
  idNumber: row.id_number,
  livesWith: row.lives_with,
  emergencyOrder: row.emergency_order,
  account: row.initialized ? row.username : '',
  hasAccount: row.initialized,
  version: row.version,
  otherChildren: row.other_children,
});

function studentFilter(search: GuardianSearch): SQL {
  const parts: SQL[] = [sql`u.user_type = '2'`];
  if (search.keyword) {
    const pattern = containsPattern(search.keyword);
    parts.push(sql`(u.name ILIKE ${pattern} OR u.user_no ILIKE ${pattern})`);
  }
  if (search.orgUnitId) {
    parts.push(sql`u.org_unit_id IN (WITH RECURSIVE t AS (SELECT id FROM org_units WHERE id = ${search.orgUnitId}::uuid
                   UNION ALL SELECT o.id FROM org_units o JOIN t ON o.parent_id = t.id) SELECT id FROM t)`);
  }
  if (search.guardian) {
    const pattern = containsPattern(search.guardian);
    parts.push(sql`EXISTS (SELECT 1 FROM parent_students ps JOIN users g ON g.tenant_id = ps.tenant_id AND g.id = ps.parent_id
                   WHERE ps.tenant_id = u.tenant_id AND ps.student_id = u.id AND (g.name ILIKE ${pattern} OR g.phone ILIKE ${pattern}))`);
  }
  return sql.join(parts, sql` AND `);
}

const STUDENT_COLUMNS = sql`u.id::text AS student_id, u.name AS student_name, u.user_no AS student_no,
  coalesce(o.name, '') AS class_name, coalesce(o.name_en, '') AS class_name_en`;
type StudentDbRow = { student_id: string; student_name: string; student_no: string; class_name: string; class_name_en: string };
const studentOf = (row: StudentDbRow): GuardianStudent => ({
  studentId: row.student_id,
  studentName: row.student_name,
  studentNo: row.student_no,
  className: row.class_name,
  classNameEn: row.class_name_en,
});

export const guardiansRepository = {
  async countStudents(tx: Tx, search: GuardianSearch): Promise<number> {
    const rows = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u WHERE ${studentFilter(search)}`);
    return rows.rows[0]?.n ?? 0;
  },

  /** students by class (the org tree's order) and number; limit null: every one (the export) */
  async students(tx: Tx, search: GuardianSearch, offset: number, limit: number | null): Promise<GuardianStudent[]> {
    const rows = await tx.execute<StudentDbRow>(
      sql`SELECT ${STUDENT_COLUMNS}
          FROM users u LEFT JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id
          WHERE ${studentFilter(search)}
          ORDER BY o.sort NULLS LAST, o.name NULLS LAST, u.user_no, u.id
          ${limit === null ? sql`` : sql`LIMIT ${limit} OFFSET ${offset}`}`,
    );
    return rows.rows.map(studentOf);
  },

  async student(tx: Tx, id: string): Promise<(GuardianStudent & { idNumber: string; campusId: string | null; username: string }) | undefined> {
    const rows = await tx.execute<StudentDbRow & { id_number: string; campus_id: string | null; username: string }>(
      sql`SELECT ${STUDENT_COLUMNS}, u.id_number, u.campus_id::text, u.username
          FROM users u LEFT JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id
          WHERE u.id = ${id}::uuid AND u.user_type = '2'`,
    );
    const row = rows.rows[0];
    return row && { ...studentOf(row), idNumber: row.id_number, campusId: row.campus_id, username: row.username };
  },

  /** the guardians of each student, emergency contacts first in their order, then the rest as linked */
  async guardiansOf(tx: Tx, studentIds: readonly string[]): Promise<Map<string, Guardian[]>> {
    const byStudent = new Map<string, Guardian[]>(studentIds.map((id) => [id, []]));
    if (studentIds.length === 0) return byStudent;
    const rows = await tx.execute<GuardianDbRow>(
      sql`SELECT ps.student_id::text, g.id::text AS parent_id, g.name, ps.relation, g.phone, coalesce(gp.work_unit, '') AS work_unit,
                 coalesce(gp.id_type, '1') AS id_type, g.id_number, ps.lives_with, ps.emergency_order, g.username,
                 g.account_initialized_at IS NOT NULL AS initialized, g.version,
                 coalesce((SELECT array_agg(s2.name ORDER BY s2.user_no) FROM parent_students p2 JOIN users s2 ON s2.tenant_id = p2.tenant_id AND s2.id = p2.student_id
                           WHERE p2.tenant_id = ps.tenant_id AND p2.parent_id = ps.parent_id AND p2.student_id <> ps.student_id), '{}') AS other_children
          FROM parent_students ps
          JOIN users g ON g.tenant_id = ps.tenant_id AND g.id = ps.parent_id
          LEFT JOIN guardians gp ON gp.tenant_id = g.tenant_id AND gp.user_id = g.id
          WHERE ps.student_id = ANY(${sql.param([...studentIds])}::uuid[])
          ORDER BY ps.emergency_order NULLS LAST, ps.created_at, g.name`,
    );
    for (const row of rows.rows) byStudent.get(row.student_id)?.push(guardianOf(row));
    return byStudent;
  },

  /** a parent's person row (for an edit's checks) */
  async parent(tx: Tx, id: string): Promise<{ id: string; name: string; version: number; username: string; initialized: boolean; idNumber: string } | undefined> {
    const rows = await tx.execute<{ id: string; name: string; version: number; username: string; initialized: boolean; id_number: string }>(
      sql`SELECT id::text, name, version, username, account_initialized_at IS NOT NULL AS initialized, id_number FROM users WHERE id = ${id}::uuid AND user_type = '4'`,
    );
    const row = rows.rows[0];
    return row && { id: row.id, name: row.name, version: row.version, username: row.username, initialized: row.initialized, idNumber: row.id_number };
  },

  /** another parent holding this ID number or phone ('' matches nothing) */
  async parentWith(tx: Tx, column: 'id_number' | 'phone', value: string, exceptId?: string): Promise<{ id: string; name: string } | undefined> {
    if (!value) return undefined;
    const rows = await tx.execute<{ id: string; name: string }>(
      sql`SELECT id::text, name FROM users WHERE user_type = '4' AND ${sql.identifier(column)} = ${value} ${exceptId ? sql`AND id <> ${exceptId}::uuid` : sql``} ORDER BY created_at LIMIT 1`,
    );
    return rows.rows[0];
  },

  async find(tx: Tx, phone: string, idNumber: string): Promise<GuardianFound[]> {
    const rows = await tx.execute<{ parent_id: string; name: string; phone: string; id_number: string; children: string[] }>(
      sql`SELECT g.id::text AS parent_id, g.name, g.phone, g.id_number,
                 coalesce((SELECT array_agg(s.name ORDER BY s.user_no) FROM parent_students ps JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
                           WHERE ps.tenant_id = g.tenant_id AND ps.parent_id = g.id), '{}') AS children
          FROM users g
          WHERE g.user_type = '4' AND ((${phone} <> '' AND g.phone = ${phone}) OR (${idNumber} <> '' AND g.id_number = ${idNumber}))
          ORDER BY g.name LIMIT 20`,
    );
    return rows.rows.map((row) => ({
      parentId: row.parent_id,
      name: row.name,
      phone: row.phone,
      idNumber: row.id_number.length > 8 ? `${row.id_number.slice(0, 4)}${'*'.repeat(row.id_number.length - 8)}${row.id_number.slice(-4)}` : row.id_number,
      children: row.children,
    }));
  },

  async insertPerson(tx: Tx, values: { tenantId: string; id: string; name: string; gender: string | null; phone: string; idNumber: string; campusId: string | null; by: string }): Promise<void> {
    // no usable account yet: the id as its login placeholder (not an account name: it has hyphens), a hash nothing verifies
    await tx.execute(
      sql`INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, gender, phone, id_number, campus_id, created_by, updated_by)
          VALUES (${values.tenantId}::uuid, ${values.id}::uuid, ${values.id}, '!', ${values.name}, '4', ${values.gender}, ${values.phone}, ${values.idNumber},
                  ${values.campusId}::uuid, ${values.by}::uuid, ${values.by}::uuid)`,
    );
  },

  /** the person's fields at the version read; false: someone changed it since */
  async updatePerson(tx: Tx, values: { id: string; version: number; name: string; gender: string | null; phone: string; idNumber: string; by: string }): Promise<boolean> {
    const rows = await tx.execute(
      sql`UPDATE users SET name = ${values.name}, gender = coalesce(${values.gender}, gender), phone = ${values.phone}, id_number = ${values.idNumber},
                 updated_by = ${values.by}::uuid, updated_at = now(), version = version + 1
          WHERE id = ${values.id}::uuid AND user_type = '4' AND version = ${values.version} RETURNING id`,
    );
    return rows.rows.length > 0;
  },

  async saveProfile(tx: Tx, values: { tenantId: string; userId: string; workUnit: string; idType: string; by: string }): Promise<void> {
    await tx.execute(
      sql`INSERT INTO guardians (tenant_id, user_id, work_unit, id_type, created_by, updated_by)
          VALUES (${values.tenantId}::uuid, ${values.userId}::uuid, ${values.workUnit}, ${values.idType}, ${values.by}::uuid, ${values.by}::uuid)
          ON CONFLICT (tenant_id, user_id) DO UPDATE SET work_unit = EXCLUDED.work_unit, id_type = EXCLUDED.id_type,
            updated_by = EXCLUDED.updated_by, updated_at = now(), version = guardians.version + 1`,
    );
  },

  async linked(tx: Tx, parentId: string, studentId: string): Promise<boolean> {
    const rows = await tx.execute(sql`SELECT 1 FROM parent_students WHERE parent_id = ${parentId}::uuid AND student_id = ${studentId}::uuid`);
    return rows.rows.length > 0;
  },

  async insertLink(tx: Tx, values: { tenantId: string; parentId: string; studentId: string; relation: string; livesWith: boolean; emergencyOrder: number | null; by: string }): Promise<void> {
    await tx.execute(
      sql`INSERT INTO parent_students (tenant_id, parent_id, student_id, relation, lives_with, emergency_order, created_by, updated_by)
          VALUES (${values.tenantId}::uuid, ${values.parentId}::uuid, ${values.studentId}::uuid, ${values.relation}, ${values.livesWith}, ${values.emergencyOrder},
                  ${values.by}::uuid, ${values.by}::uuid)`,
    );
  },

  async updateLink(tx: Tx, values: { parentId: string; studentId: string; relation: string; livesWith: boolean; emergencyOrder: number | null; by: string }): Promise<boolean> {
    const rows = await tx.execute(
      sql`UPDATE parent_students SET relation = ${values.relation}, lives_with = ${values.livesWith}, emergency_order = ${values.emergencyOrder},
                 updated_by = ${values.by}::uuid, updated_at = now(), version = version + 1
          WHERE parent_id = ${values.parentId}::uuid AND student_id = ${values.studentId}::uuid RETURNING parent_id`,
    );
    return rows.rows.length > 0;
  },

  async deleteLink(tx: Tx, parentId: string, studentId: string): Promise<boolean> {
    const rows = await tx.execute(sql`DELETE FROM parent_students WHERE parent_id = ${parentId}::uuid AND student_id = ${studentId}::uuid RETURNING parent_id`);
    return rows.rows.length > 0;
  },

  async linkCount(tx: Tx, parentId: string): Promise<number> {
    const rows = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM parent_students WHERE parent_id = ${parentId}::uuid`);
    return rows.rows[0]?.n ?? 0;
  },

  /** a person without an account and without children (the profile and roles go with the row: cascades) */
  async deletePerson(tx: Tx, parentId: string): Promise<void> {
    await tx.execute(sql`DELETE FROM users WHERE id = ${parentId}::uuid AND user_type = '4' AND account_initialized_at IS NULL`);
  },

  /** the student's linked guardians, locked for a reorder */
  async linkedParentIds(tx: Tx, studentId: string): Promise<string[]> {
    const rows = await tx.execute<{ parent_id: string }>(sql`SELECT parent_id::text FROM parent_students WHERE student_id = ${studentId}::uuid FOR UPDATE`);
    return rows.rows.map((row) => row.parent_id);
  },

  /** the listed guardians become places 1..n, the others none: every place freed first (the unique index checks row by row) */
  async reorder(tx: Tx, studentId: string, parentIds: readonly string[], by: string): Promise<void> {
    await tx.execute(
      sql`UPDATE parent_students SET emergency_order = NULL, updated_by = ${by}::uuid, updated_at = now(), version = version + 1
          WHERE student_id = ${studentId}::uuid AND emergency_order IS NOT NULL`,
    );
    await tx.execute(
      sql`UPDATE parent_students ps SET emergency_order = o.n, updated_by = ${by}::uuid, updated_at = now()
          FROM (SELECT pid, n::int FROM unnest(${sql.param([...parentIds])}::uuid[]) WITH ORDINALITY AS t(pid, n)) o
          WHERE ps.student_id = ${studentId}::uuid AND ps.parent_id = o.pid`,
    );
  },

  async dictHas(tx: Tx, type: string, code: string): Promise<boolean> {
    const rows = await tx.execute(sql`SELECT 1 FROM dict_entries e JOIN dict_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id WHERE t.code = ${type} AND e.code = ${code}`);
    return rows.rows.length > 0;
  },

  /** code → zh / en names of a dictionary (the export) */
  async dictNames(tx: Tx, type: string): Promise<Map<string, { name: string; nameEn: string }>> {
    const rows = await tx.execute<{ code: string; name: string; name_en: string }>(
      sql`SELECT e.code, e.name, e.name_en FROM dict_entries e JOIN dict_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id WHERE t.code = ${type}`,
    );
    return new Map(rows.rows.map((row) => [row.code, { name: row.name, nameEn: row.name_en }]));
  },

  async userByUsername(tx: Tx, username: string): Promise<{ id: string; name: string } | undefined> {
    const rows = await tx.execute<{ id: string; name: string }>(sql`SELECT id::text, name FROM users WHERE lower(username) = lower(${username}) LIMIT 1`);
    return rows.rows[0];
  },

  /** the guardian's first usable account, and the first guardian (emergency order, then as linked) */
  async giveAccount(tx: Tx, values: { parentId: string; username: string; passwordHash: string; by: string }): Promise<void> {
    await tx.execute(
      sql`UPDATE users SET username = ${values.username}, password_hash = ${values.passwordHash}, password_changed_at = NULL, account_initialized_at = now(),
                 must_change_password = true, updated_by = ${values.by}::uuid, updated_at = now(), version = version + 1
          WHERE id = ${values.parentId}::uuid`,
    );
  },

  /** the school's 家长 role for a new parent account (as the demo seed grants it) */
  async grantParentRole(tx: Tx, tenantId: string, parentId: string, by: string): Promise<void> {
    await tx.execute(
      sql`INSERT INTO user_roles (tenant_id, user_id, role_id, source, created_by, updated_by)
          SELECT ${tenantId}::uuid, ${parentId}::uuid, r.id, 'manual', ${by}::uuid, ${by}::uuid FROM roles r WHERE r.code = 'parent'
          ON CONFLICT DO NOTHING`,
    );
  },

  /** 用户日志's target: the student (number) */
  async studentLabel(tx: Tx, ids: readonly string[]): Promise<string> {
    const rows = await tx.execute<{ label: string }>(
      sql`SELECT string_agg(name || ' (' || user_no || ')', ', ' ORDER BY user_no) AS label FROM users WHERE id = ANY(${sql.param([...ids])}::uuid[])`,
    );
    return rows.rows[0]?.label ?? '';
  },
};
