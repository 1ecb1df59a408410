import { sql } from 'drizzle-orm';
import { AttendanceStatus } from '../../../contracts/attendance-constants';
import { MISSING_CLASSES_SHOWN, OPEN_SURVEYS_SHOWN, WORST_CLASSES_SHOWN } from '../../../contracts/dashboard-figures';
import type { Tx } from '../../db/client';
import { rows, uuids } from '../../db/rows';

/**
 * SQL of the dashboard's figure cards: aggregates over other modules' tables (read only), each one
 * statement. Tenant scoping comes from row-level security; joins still name tenant_id so the
 * planner uses the (tenant_id, …) keys.
 */

export interface ClassNameRow {
  classId: string;
  name: string;
  nameEn: string;
}

export interface BatchProgressRow {
  batchId: string;
  semesterId: string;
  name: string;
  entered: number;
  expected: number;
  worst: (ClassNameRow & { entered: number; expected: number })[];
}

export interface OpenSurveyRow {
  id: string;
  title: string;
  ends_at: Date | string;
  audience: string;
  answered: number;
  open: number;
}

/** `s` is a student of class `c` as score entry reads one: enabled, user type 2, in the class. */
const sIsStudentOfC = sql`s.tenant_id = c.tenant_id AND s.org_unit_id = c.id AND s.user_type = '2' AND s.enabled`;

export const dashboardRepository = {
  /** Rolls taken on `date` (submitted at least once) of classes still taking them, and the students marked absent on them. */
  attendanceOn: (tx: Tx, date: string) =>
    tx
      .execute<{ taken: number; absent: number }>(
        sql`SELECT count(*)::int AS taken,
                   coalesce(sum((SELECT count(*) FROM attendance_entries e
                                  WHERE e.tenant_id = r.tenant_id AND e.roll_id = r.id AND e.status = ${AttendanceStatus.absent})), 0)::int AS absent
              FROM attendance_rolls r
              JOIN org_units c ON c.tenant_id = r.tenant_id AND c.id = r.class_id AND NOT c.graduated
             WHERE r.date = ${date} AND r.version > 0`,
      )
      .then((result) => result.rows[0] ?? { taken: 0, absent: 0 }),

  /** Classes' names in both languages, in the order asked (at most MISSING_CLASSES_SHOWN are asked). */
  classNames: async (tx: Tx, classIds: readonly string[]): Promise<ClassNameRow[]> => {
    if (classIds.length === 0) return [];
    const found = rows<ClassNameRow>(
      await tx.execute(sql`SELECT c.id::text AS "classId", c.name, c.name_en AS "nameEn" FROM org_units c WHERE c.id = ANY(${uuids(classIds.slice(0, MISSING_CLASSES_SHOWN))})`),
    );
    return classIds.flatMap((id) => found.filter((row) => row.classId === id));
  },

  /**
   * Per unpublished exam batch of the current semester: cells entered (a score or a mark) of those
   * expected (the batch's subjects × the students of its grades' classes), and its least advanced
   * classes not complete.
   */
  scoreProgress: (tx: Tx) =>
    tx
      .execute(
        sql`WITH open_batch AS (
              SELECT b.tenant_id, b.id, b.semester_id, b.name, b.subjects, b.grade_ids, b.start_date
                FROM exam_batches b
                JOIN semesters s ON s.tenant_id = b.tenant_id AND s.id = b.semester_id AND s.is_current
               WHERE NOT b.published
            ), per_class AS (
              SELECT ob.id AS batch_id, c.id AS class_id, c.name, c.name_en, c.grade_level, c.sort, c.code,
                     cardinality(ob.subjects) * (SELECT count(*) FROM users s WHERE ${sIsStudentOfC})::int AS expected,
                     (SELECT count(*) FROM score_sheets sh
                        JOIN scores sc ON sc.tenant_id = sh.tenant_id AND sc.sheet_id = sh.id AND (sc.score IS NOT NULL OR sc.mark <> '')
                        JOIN users s ON s.id = sc.student_id AND ${sIsStudentOfC}
                       WHERE sh.tenant_id = c.tenant_id AND sh.batch_id = ob.id AND sh.class_id = c.id AND sh.subject = ANY(ob.subjects))::int AS entered
                FROM open_batch ob
                JOIN org_units c ON c.tenant_id = ob.tenant_id AND c.kind = 'class' AND NOT c.graduated AND c.parent_id = ANY(ob.grade_ids)
            )
            SELECT ob.id::text AS "batchId", ob.semester_id::text AS "semesterId", ob.name,
                   coalesce(sum(pc.entered), 0)::int AS entered, coalesce(sum(pc.expected), 0)::int AS expected,
                   coalesce((SELECT json_agg(json_build_object('classId', w.class_id, 'name', w.name, 'nameEn', w.name_en, 'entered', w.entered, 'expected', w.expected))
                               FROM (SELECT * FROM per_class w WHERE w.batch_id = ob.id AND w.entered < w.expected
                                      ORDER BY w.entered::float8 / w.expected, w.grade_level, w.sort, w.code
                                      LIMIT ${WORST_CLASSES_SHOWN}) w), '[]'::json) AS worst
              FROM open_batch ob
              LEFT JOIN per_class pc ON pc.batch_id = ob.id
             GROUP BY ob.id, ob.semester_id, ob.name, ob.start_date
             ORDER BY ob.start_date, ob.name`,
      )
      .then(rows<BatchProgressRow>),

  /**
   * Open questionnaires (published, in use, started, not ended), those closing first, with their
   * answer count and how many are open in all; `ownerId`: only those the user made.
   */
  openSurveys: (tx: Tx, ownerId: string | null) =>
    tx
      .execute(
        sql`SELECT q.id::text, q.title, q.ends_at, q.audience,
                   (SELECT count(*) FROM survey_answers a WHERE a.tenant_id = q.tenant_id AND a.questionnaire_id = q.id)::int AS answered,
                   count(*) OVER ()::int AS open
              FROM questionnaires q
             WHERE q.published AND q.in_use AND q.starts_at <= now() AND q.ends_at > now()
               ${ownerId ? sql`AND q.created_by = ${ownerId}` : sql``}
             ORDER BY q.ends_at, q.id
             LIMIT ${OPEN_SURVEYS_SHOWN}`,
      )
      .then(rows<OpenSurveyRow>),
};
