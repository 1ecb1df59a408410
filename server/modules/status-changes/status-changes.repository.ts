import { type SQL, sql } from 'drizzle-orm';
import type { StatusChangeType } from '../../../contracts/status-change-rules';
import { CLASS_GRADUATED, GRADE_OF_CLASS } from '../../db/class-grade';
import type { Tx } from '../../db/client';
import { datedRowsOf, uuids } from '../../db/rows';

const { datedRows } = datedRowsOf(['submitted_at']);

export type StudentFacts = { id: string; name: string; user_no: string; org_unit_id: string | null; status: string | null };
export type ClassFacts = { id: string; kind: string; graduated: boolean; grade_level: number | null; grade_id: string | null; grade_name: string; grade_name_en: string };
export type MembershipFacts = { id: string; class_id: string; from_date: string; to_date: string | null };
export type ChangeRecord = {
  id: string;
  student_id: string;
  change_type: StatusChangeType;
  effective: boolean;
  to_class_id: string | null;
  effective_date: string;
  applied_on: string | null;
  state: string;
};
export type ChangeListRecord = {
  id: string;
  student_id: string;
  student_name: string;
  student_no: string;
  change_type: StatusChangeType;
  effective: boolean;
  from_class_name: string;
  from_class_name_en: string;
  to_class_name: string;
  to_class_name_en: string;
  effective_date: string;
  applied_on: string | null;
  view_state: string;
  reason: string;
  submitted_by_name: string;
  submitted_at: Date;
  attachments: string[];
  version: number;
  may_audit: boolean;
  total: number;
};

/** SQL: the list's state of a change `sc` and its application `a` (contracts STATUS_CHANGE_STATES). */
export const VIEW_STATE = sql`(CASE WHEN a.state = 'approved' THEN (CASE WHEN sc.applied_on IS NOT NULL OR NOT sc.effective THEN 'applied' ELSE 'scheduled' END)
  WHEN a.state = 'draft' THEN 'pending' ELSE a.state END)`;

const FROM = sql`FROM status_changes sc
  JOIN applications a ON a.tenant_id = sc.tenant_id AND a.id = sc.id
  JOIN users s ON s.tenant_id = sc.tenant_id AND s.id = sc.student_id
  JOIN users sb ON sb.tenant_id = a.tenant_id AND sb.id = a.submitted_by
  LEFT JOIN org_units fc ON fc.tenant_id = sc.tenant_id AND fc.id = sc.from_class_id
  LEFT JOIN org_units tc ON tc.tenant_id = sc.tenant_id AND tc.id = sc.to_class_id`;

/** 学籍异动's SQL (status_changes with its application, the student and the classes). */
export const statusChangesRepository = {
  /**
   * Holds the student's row until the transaction ends: changes of one student take effect one at a
   * time. Read the student afterwards in a statement of its own: a row lock waited for re-reads only
   * the locked row, not what it was joined to.
   */
  lockStudent: (tx: Tx, studentId: string) =>
    tx.execute(sql`SELECT 1 FROM users WHERE id = ${studentId} AND user_type = '2' FOR UPDATE`).then((r) => r.rows.length === 1),

  student: (tx: Tx, studentId: string) =>
    tx
      .execute<StudentFacts>(
        sql`SELECT u.id, u.name, u.user_no, u.org_unit_id, st.status FROM users u LEFT JOIN students st ON st.tenant_id = u.tenant_id AND st.user_id = u.id
            WHERE u.id = ${studentId} AND u.user_type = '2'`,
      )
      .then((r) => r.rows[0]),

  classOf: (tx: Tx, classId: string) =>
    tx
      .execute<ClassFacts>(
        sql`SELECT c.id, c.kind, ${CLASS_GRADUATED} AS graduated, c.grade_level, g.id AS grade_id,
                   coalesce(g.name, '') AS grade_name, coalesce(nullif(g.name_en, ''), g.name, '') AS grade_name_en
            FROM org_units c ${GRADE_OF_CLASS}
            WHERE c.id = ${classId}`,
      )
      .then((r) => r.rows[0]),

  /** The student's open class membership (none: not in a class now). */
  openMembership: (tx: Tx, studentId: string) =>
    tx
      .execute<MembershipFacts>(sql`SELECT id, class_id, from_date::text, to_date::text FROM class_memberships WHERE student_id = ${studentId} AND to_date IS NULL`)
      .then((r) => r.rows[0]),

  /** The current classes (neither they nor their grade graduated) of a grade level, by code. */
  currentClassesOfLevel: (tx: Tx, gradeLevel: number) =>
    tx
      .execute<{ id: string }>(
        sql`SELECT c.id FROM org_units c ${GRADE_OF_CLASS}
            WHERE c.kind = 'class' AND c.grade_level = ${gradeLevel} AND NOT ${CLASS_GRADUATED} ORDER BY c.code`,
      )
      .then((r) => r.rows.map((row) => row.id)),

  /** The class of the student's latest membership (open or closed). */
  lastClassId: (tx: Tx, studentId: string) =>
    tx
      .execute<{ class_id: string }>(sql`SELECT class_id FROM class_memberships WHERE student_id = ${studentId} ORDER BY from_date DESC LIMIT 1`)
      .then((r) => r.rows[0]?.class_id ?? null),

  /**
   * Ends a membership the day before `on` ([from, on)). One that began on `on` itself: when the student
   * leaves every class (graduation, 转出, 休学) it keeps that one day (they were in the class that day,
   * the roster of it says so); when they go to another class the same day it is replaced (the move's
   * record names the class they came from). One not begun yet is removed.
   */
  closeMembership: async (tx: Tx, membership: MembershipFacts, on: string, changeId: string | null, userId: string | null, leavingEveryClass = false) => {
    const keepsItsDay = leavingEveryClass && membership.from_date === on;
    if (membership.from_date >= on && !keepsItsDay) {
      await tx.execute(sql`DELETE FROM class_memberships WHERE id = ${membership.id}`);
      return;
    }
    await tx.execute(
      sql`UPDATE class_memberships SET to_date = ${keepsItsDay ? sql`${on}::date + 1` : sql`${on}::date`}, status_change_id = ${changeId}, updated_at = now(), updated_by = ${userId}, version = version + 1 WHERE id = ${membership.id}`,
    );
  },

  /**
   * Before a student enters a class from `on`: a closed membership reaching past `on` (one that kept
   * its day, closeMembership) ends at `on`, or is replaced when it began on `on` (a same-day move).
   */
  yieldClosedTo: async (tx: Tx, studentId: string, on: string, userId: string | null) => {
    await tx.execute(sql`DELETE FROM class_memberships WHERE student_id = ${studentId} AND to_date IS NOT NULL AND from_date >= ${on}::date`);
    await tx.execute(
      sql`UPDATE class_memberships SET to_date = ${on}::date, updated_at = now(), updated_by = ${userId}, version = version + 1 WHERE student_id = ${studentId} AND to_date > ${on}::date`,
    );
  },

  openMembershipIn: (tx: Tx, row: { id: string; studentId: string; classId: string; on: string; changeId: string | null; userId: string | null }) =>
    tx.execute(
      sql`INSERT INTO class_memberships (tenant_id, id, student_id, class_id, from_date, status_change_id, created_by, updated_by)
          VALUES (current_setting('app.tenant_id')::uuid, ${row.id}, ${row.studentId}, ${row.classId}, ${row.on}::date, ${row.changeId}, ${row.userId}, ${row.userId})`,
    ),

  /** users.org_unit_id follows the open membership; students.status the change. */
  setClassAndStatus: async (tx: Tx, studentId: string, classId: string | null, status: string, userId: string | null) => {
    await tx.execute(sql`UPDATE users SET org_unit_id = ${classId}, updated_at = now(), updated_by = ${userId}, version = version + 1 WHERE id = ${studentId}`);
    await tx.execute(sql`UPDATE students SET status = ${status}, updated_at = now(), updated_by = ${userId}, version = version + 1 WHERE user_id = ${studentId}`);
  },

  /** A change with its application's state, locked. */
  change: (tx: Tx, id: string) =>
    tx
      .execute<ChangeRecord>(
        sql`SELECT sc.id, sc.student_id, sc.change_type, sc.effective, sc.to_class_id, sc.effective_date::text, sc.applied_on::text, a.state
            FROM status_changes sc JOIN applications a ON a.tenant_id = sc.tenant_id AND a.id = sc.id WHERE sc.id = ${id} FOR UPDATE OF sc`,
      )
      .then((r) => r.rows[0]),

  markApplied: (tx: Tx, id: string, on: string) => tx.execute(sql`UPDATE status_changes SET applied_on = ${on}::date, applied_at = now(), version = version + 1 WHERE id = ${id}`),

  /** Approved effective changes whose date has come and whose effect is not applied, oldest date first. */
  due: (tx: Tx, today: string) =>
    tx
      .execute<{ id: string; approver: string | null }>(
        sql`SELECT sc.id, (SELECT e.actor_id FROM application_events e WHERE e.tenant_id = sc.tenant_id AND e.application_id = sc.id AND e.action = 'pass' ORDER BY e.at DESC LIMIT 1) AS approver
            FROM status_changes sc JOIN applications a ON a.tenant_id = sc.tenant_id AND a.id = sc.id
            WHERE sc.applied_on IS NULL AND sc.effective AND sc.effective_date <= ${today}::date AND a.state = 'approved'
            ORDER BY sc.effective_date, sc.id`,
      )
      .then((r) => r.rows),

  /** The type's flag, its row made on first use (a school made after migration 0031 has none yet). */
  typeFlag: async (tx: Tx, code: StatusChangeType) => {
    await tx.execute(sql`INSERT INTO status_change_types (tenant_id, code) VALUES (current_setting('app.tenant_id')::uuid, ${code}) ON CONFLICT DO NOTHING`);
    const row = await tx.execute<{ effective: boolean }>(sql`SELECT effective FROM status_change_types WHERE code = ${code}`);
    return row.rows[0]?.effective ?? true;
  },

  types: (tx: Tx) =>
    tx.execute<{ code: StatusChangeType; effective: boolean; version: number }>(sql`SELECT code, effective, version FROM status_change_types`).then((r) => r.rows),

  saveType: (tx: Tx, code: StatusChangeType, effective: boolean, version: number, userId: string) =>
    tx
      .execute(
        sql`UPDATE status_change_types SET effective = ${effective}, version = version + 1, updated_at = now(), updated_by = ${userId} WHERE code = ${code} AND version = ${version} RETURNING code`,
      )
      .then((r) => r.rows.length === 1),

  insert: (tx: Tx, row: { id: string; studentId: string; changeType: StatusChangeType; effective: boolean; fromClassId: string | null; toClassId: string | null; effectiveDate: string; userId: string }) =>
    tx.execute(
      sql`INSERT INTO status_changes (tenant_id, id, student_id, change_type, effective, from_class_id, to_class_id, effective_date, created_by, updated_by)
          VALUES (current_setting('app.tenant_id')::uuid, ${row.id}, ${row.studentId}, ${row.changeType}, ${row.effective}, ${row.fromClassId}, ${row.toClassId}, ${row.effectiveDate}::date, ${row.userId}, ${row.userId})`,
    ),

  exists: (tx: Tx, id: string) => tx.execute(sql`SELECT 1 FROM applications WHERE id = ${id}`).then((r) => r.rows.length > 0),

  /** The files a caller attaches: theirs, unclaimed or already this change's. */
  files: (tx: Tx, ids: readonly string[]) =>
    tx.execute<{ id: string; owner_id: string; name: string; category: string; owner_record_id: string | null }>(sql`SELECT id, owner_id, name, category, owner_record_id FROM files WHERE id = ANY(${uuids(ids)})`).then((r) => r.rows),

  /** One page (newest first) with the total; `mayAudit` the applications engine's predicate on `a`. */
  page: (tx: Tx, where: SQL, mayAudit: SQL, offset: number, limit: number | null) =>
    tx
      .execute<ChangeListRecord>(
        sql`SELECT sc.id, sc.student_id, s.name AS student_name, s.user_no AS student_no, sc.change_type, sc.effective,
                   coalesce(fc.name, '') AS from_class_name, coalesce(nullif(fc.name_en, ''), fc.name, '') AS from_class_name_en,
                   coalesce(tc.name, '') AS to_class_name, coalesce(nullif(tc.name_en, ''), tc.name, '') AS to_class_name_en,
                   sc.effective_date::text, sc.applied_on::text, ${VIEW_STATE} AS view_state, a.reason, sb.name AS submitted_by_name,
                   a.submitted_at, a.attachments, a.version, ${mayAudit} AS may_audit, count(*) OVER ()::int AS total
            ${FROM} WHERE ${where}
            ORDER BY a.submitted_at DESC NULLS LAST, sc.id DESC
            OFFSET ${offset} ${limit === null ? sql`` : sql`LIMIT ${limit}`}`,
      )
      .then(datedRows<ChangeListRecord>),

  count: (tx: Tx, where: SQL) => tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${FROM} WHERE ${where}`).then((r) => r.rows[0]?.n ?? 0),
};

/** How 用户日志 names a filed change: 黄涛建 (201812102) class_change 2026-12-01. */
export const statusChangeTarget = (tx: Tx, studentId: string, type: string, date: string) =>
  tx
    .execute<{ label: string }>(sql`SELECT name || ' (' || username || ') ' || ${type}::text || ' ' || ${date}::text AS label FROM users WHERE id = ${studentId}::uuid`)
    .then((r) => r.rows[0]?.label ?? '');
