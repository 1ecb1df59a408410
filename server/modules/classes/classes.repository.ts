import { sql } from 'drizzle-orm';
import { SUBJECT_DICT } from '../../../contracts/dicts';
import type { ClassRoster, ClassRosterStudent } from '../../../contracts/classes';
import type { Tx } from '../../db/client';
import { classRoster } from '../../db/roster';

/** 班级管理's SQL besides the kit's (classes.module.ts): rosters, seats, subject teachers, who leads a class. */
export const classesRepository = {
  /** a current class (kind 'class', not graduated), locked: seats and duties of one class change one at a time */
  lockCurrentClass: (tx: Tx, classId: string) =>
    tx
      .execute<{ id: string }>(sql`SELECT id FROM org_units WHERE id = ${classId}::uuid AND kind = 'class' AND NOT graduated FOR UPDATE`)
      .then((r) => r.rows.length > 0),

  /** a class that is or was (a graduated class keeps its past rosters) */
  classExists: (tx: Tx, classId: string) =>
    tx.execute(sql`SELECT 1 FROM org_units WHERE id = ${classId}::uuid AND kind = 'class'`).then((r) => r.rows.length > 0),

  /** whether the person is the class's head teacher or deputy (staff_duties) */
  leads: (tx: Tx, userId: string, classId: string) =>
    tx
      .execute(sql`SELECT 1 FROM staff_duties WHERE org_unit_id = ${classId}::uuid AND user_id = ${userId}::uuid AND duty IN ('head_teacher', 'deputy_head_teacher')`)
      .then((r) => r.rows.length > 0),

  /** the class's students on a day (db/roster.ts), with the membership of that day (seat, dates) */
  roster: (tx: Tx, classId: string, date: string): Promise<ClassRosterStudent[]> =>
    tx
      .execute<ClassRosterStudent & Record<string, unknown>>(
        sql`SELECT u.id, u.user_no AS "studentNo", u.name, coalesce(u.gender, '') AS gender, m.seat_no AS "seatNo",
                   coalesce(m.from_date::text, '') AS "fromDate", coalesce(m.to_date::text, '') AS "toDate"
            FROM ${classRoster(sql`ARRAY[${classId}]::uuid[]`, date)} r
            JOIN users u ON u.id = r.student_id
            LEFT JOIN class_memberships m ON m.student_id = r.student_id AND m.class_id = r.class_id AND m.from_date <= ${date}::date AND (m.to_date IS NULL OR m.to_date > ${date}::date)
            ORDER BY m.seat_no NULLS LAST, u.user_no, u.name`,
      )
      .then((r) => r.rows),

  subjectTeachers: (tx: Tx, classId: string): Promise<ClassRoster['subjectTeachers']> =>
    tx
      .execute<ClassRoster['subjectTeachers'][number] & Record<string, unknown>>(
        sql`SELECT d.user_id AS "userId", u.name, u.user_no AS "userNo", d.subject,
                   coalesce(e.name, d.subject) AS "subjectName", coalesce(nullif(e.name_en, ''), e.name, d.subject) AS "subjectNameEn"
            FROM staff_duties d JOIN users u ON u.id = d.user_id
            LEFT JOIN (dict_entries e JOIN dict_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id AND t.code = ${SUBJECT_DICT}) ON e.tenant_id = d.tenant_id AND e.code = d.subject
            WHERE d.org_unit_id = ${classId}::uuid AND d.duty = 'subject_teacher'
            ORDER BY coalesce(e.sort, 0), d.subject, u.name`,
      )
      .then((r) => r.rows),

  /** the students of `ids` whose open membership is in the class */
  openMembers: (tx: Tx, classId: string, ids: readonly string[]) =>
    tx
      .execute<{ student_id: string }>(
        sql`SELECT student_id FROM class_memberships WHERE class_id = ${classId}::uuid AND to_date IS NULL
            AND student_id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
      )
      .then((r) => r.rows.map((row) => row.student_id)),

  /** seats of current students: first every named student's seat freed, then the new ones (a swap never meets itself); each write bumps the membership's version */
  setSeats: async (tx: Tx, classId: string, seats: readonly { studentId: string; seatNo: number | null }[], userId: string) => {
    const ids = sql.join(seats.map((seat) => sql`${seat.studentId}::uuid`), sql`, `);
    await tx.execute(
      sql`UPDATE class_memberships SET seat_no = NULL, updated_at = now(), updated_by = ${userId}, version = version + 1
          WHERE class_id = ${classId}::uuid AND to_date IS NULL AND student_id IN (${ids}) AND seat_no IS NOT NULL`,
    );
    const given = seats.filter((seat) => seat.seatNo !== null);
    if (given.length === 0) return;
    await tx.execute(
      sql`UPDATE class_memberships m SET seat_no = v.seat_no, updated_at = now(), updated_by = ${userId}, version = m.version + 1
          FROM (VALUES ${sql.join(given.map((seat) => sql`(${seat.studentId}::uuid, ${seat.seatNo}::int)`), sql`, `)}) AS v(student_id, seat_no)
          WHERE m.class_id = ${classId}::uuid AND m.to_date IS NULL AND m.student_id = v.student_id`,
    );
  },

  isStaff: (tx: Tx, userId: string) =>
    tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId}::uuid AND user_type IN ('1', '3')`).then((r) => r.rows.length > 0),

  subjectExists: (tx: Tx, code: string) =>
    tx
      .execute(sql`SELECT 1 FROM dict_entries e JOIN dict_types t ON t.tenant_id = e.tenant_id AND t.id = e.type_id WHERE t.code = ${SUBJECT_DICT} AND e.code = ${code}`)
      .then((r) => r.rows.length > 0),

  /** a subject teacher of the class; false when the row exists already */
  addSubjectTeacher: (tx: Tx, row: { classId: string; userId: string; subject: string; by: string }) =>
    tx
      .execute(
        sql`INSERT INTO staff_duties (tenant_id, org_unit_id, user_id, duty, subject, created_by, updated_by)
            VALUES (current_setting('app.tenant_id')::uuid, ${row.classId}::uuid, ${row.userId}::uuid, 'subject_teacher', ${row.subject}, ${row.by}::uuid, ${row.by}::uuid)
            ON CONFLICT DO NOTHING RETURNING 1`,
      )
      .then((r) => r.rows.length > 0),

  removeSubjectTeacher: (tx: Tx, row: { classId: string; userId: string; subject: string }) =>
    tx
      .execute(sql`DELETE FROM staff_duties WHERE org_unit_id = ${row.classId}::uuid AND user_id = ${row.userId}::uuid AND duty = 'subject_teacher' AND subject = ${row.subject} RETURNING 1`)
      .then((r) => r.rows.length > 0),

  /** 用户日志's target of a class call: the class's name */
  className: (tx: Tx, classId: string) =>
    tx.execute<{ name: string }>(sql`SELECT name FROM org_units WHERE id = ${classId}::uuid`).then((r) => r.rows[0]?.name ?? null),
};
