import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { classRoster } from '../../db/roster';

/**
 * SQL of score entry (contracts/scores.ts). Tenant scoping comes from row-level security; joins
 * still name tenant_id so the planner uses the (tenant_id, …) keys.
 *
 * Score systems: the SQL reads a batch's systems (aliased b for the batch); which one gives a sheet
 * its scale is chosen by scores.systems.ts (pickScoreSystem), the one rule exams uses too.
 */
const systemsOfBatch = sql`coalesce((
    SELECT json_agg(json_build_object(
      'id', sy.id, 'name', sy.name, 'fullMark', sy.full_mark, 'excellentLine', sy.excellent_line::float8,
      'passLine', sy.pass_line::float8, 'gradeIds', sy.grade_ids, 'subjects', sy.subjects) ORDER BY sy.name)
    FROM score_systems sy WHERE sy.tenant_id = b.tenant_id AND sy.batch_id = b.id), '[]'::json)`;

/** A score system as the sheet reads it (SQL above). */
export interface SystemRow {
  id: string;
  name: string;
  fullMark: number;
  excellentLine: number;
  passLine: number;
  gradeIds: string[];
  subjects: string[];
}

/** What every check of a sheet call needs, read in one statement. */
export type SheetContextRow = {
  batch_name: string;
  /** the batch's days: the sheet lists whoever was in the class on one of them (db/roster.ts) */
  batch_start: string;
  batch_end: string;
  published: boolean;
  batch_subjects: string[];
  batch_grade_ids: string[];
  class_id: string | null;
  class_name: string | null;
  class_name_en: string | null;
  grade_id: string | null;
  /** the caller teaches the subject in the class (subject_teacher duty): may write */
  teaches: boolean;
  /** the caller is the class's head teacher: may read every subject of the class */
  heads: boolean;
  caller_name: string;
  /** every score system of the batch (scores.systems.ts picks the sheet's) */
  systems: SystemRow[];
  sheet_id: string | null;
  submitted: boolean | null;
  submitted_at: Date | null;
  submitted_by_name: string | null;
};

/** The save path's one read: the sheet context plus the student's membership and current cell. */
export type CellContextRow = SheetContextRow & {
  in_class: boolean;
  score: number | null;
  mark: string | null;
  version: number | null;
  entered_at: Date | null;
  entered_by_name: string | null;
};

export type CellRow = {
  student_id: string;
  score: number | null;
  mark: string;
  version: number;
  entered_at: Date;
  entered_by_name: string;
};

export interface CellWrite {
  studentId: string;
  score: number | null;
  mark: string;
  oldScore: number | null;
  oldMark: string | null;
}

/** A uuid[] parameter (one bound array, not a list of parameters). */
const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

const sheetContextColumns = (userId: string) => sql`
  b.name AS batch_name, b.start_date::text AS batch_start, b.end_date::text AS batch_end, b.published, b.subjects AS batch_subjects, b.grade_ids AS batch_grade_ids,
  c.id AS class_id, c.name AS class_name, c.name_en AS class_name_en, c.parent_id AS grade_id,
  EXISTS (
    SELECT 1 FROM staff_duties d
    WHERE d.tenant_id = b.tenant_id AND d.user_id = ${userId} AND d.org_unit_id = c.id
      AND d.duty = 'subject_teacher' AND d.subject = sh_subject.subject
  ) AS teaches,
  EXISTS (
    SELECT 1 FROM staff_duties d
    WHERE d.tenant_id = b.tenant_id AND d.user_id = ${userId} AND d.org_unit_id = c.id AND d.duty = 'head_teacher'
  ) AS heads,
  coalesce((SELECT u.name FROM users u WHERE u.tenant_id = b.tenant_id AND u.id = ${userId}), '') AS caller_name,
  ${systemsOfBatch} AS systems,
  sh.id AS sheet_id, sh.submitted, sh.submitted_at,
  (SELECT u.name FROM users u WHERE u.tenant_id = sh.tenant_id AND u.id = sh.submitted_by) AS submitted_by_name`;

const sheetContextFrom = (classId: string, subject: string) => sql`
  FROM exam_batches b
  CROSS JOIN (SELECT ${subject}::text AS subject) sh_subject
  LEFT JOIN org_units c ON c.tenant_id = b.tenant_id AND c.id = ${classId} AND c.kind = 'class'
  LEFT JOIN score_sheets sh ON sh.tenant_id = b.tenant_id AND sh.batch_id = b.id AND sh.class_id = ${classId} AND sh.subject = ${subject}`;

/**
 * Writes (save, submit, import) read the context with FOR SHARE on the batch row: a publish or a
 * delete of the batch (FOR UPDATE) waits for them, and one that committed first is seen (published,
 * or no batch any more) instead of the snapshot before it.
 */
const lockBatch = (lock: boolean) => (lock ? sql` FOR SHARE OF b` : sql``);

export const scoresRepository = {
  /** The sheet's batch, class, score systems, sheet row and the caller's duties (undefined: no such batch). `lock`: FOR SHARE on the batch. */
  sheetContext: (tx: Tx, userId: string, batchId: string, classId: string, subject: string, lock = false) =>
    tx
      .execute<SheetContextRow>(sql`SELECT ${sheetContextColumns(userId)} ${sheetContextFrom(classId, subject)} WHERE b.id = ${batchId}${lockBatch(lock)}`)
      .then((result) => result.rows[0]),

  /** The save path's read (see CellContextRow), FOR SHARE on the batch. */
  cellContext: (tx: Tx, userId: string, batchId: string, classId: string, subject: string, studentId: string) =>
    tx
      .execute<CellContextRow>(
        sql`SELECT ${sheetContextColumns(userId)},
              EXISTS (
                SELECT 1 FROM users s
                WHERE s.tenant_id = b.tenant_id AND s.id = ${studentId} AND s.org_unit_id = c.id AND s.user_type = '2' AND s.enabled
              ) AS in_class,
              sc.score::float8 AS score, sc.mark, sc.version, sc.entered_at,
              (SELECT u.name FROM users u WHERE u.tenant_id = sc.tenant_id AND u.id = sc.entered_by) AS entered_by_name
            ${sheetContextFrom(classId, subject)}
            LEFT JOIN scores sc ON sc.tenant_id = sh.tenant_id AND sc.sheet_id = sh.id AND sc.student_id = ${studentId}
            WHERE b.id = ${batchId}${lockBatch(true)}`,
      )
      .then((result) => result.rows[0]),

  /**
   * The sheet of batch × class × subject, created when missing; returns its id and submitted flag.
   * DO NOTHING takes no row lock: concurrent first saves of one sheet wait only for the inserting
   * transaction to end (the unique key), then find its row; they never queue behind each other.
   */
  ensureSheet: async (tx: Tx, row: { tenantId: string; id: string; batchId: string; classId: string; subject: string; userId: string }) => {
    const inserted = await tx.execute<{ id: string; submitted: boolean }>(
      sql`INSERT INTO score_sheets (tenant_id, id, batch_id, class_id, subject, created_by, updated_by)
          VALUES (${row.tenantId}, ${row.id}, ${row.batchId}, ${row.classId}, ${row.subject}, ${row.userId}, ${row.userId})
          ON CONFLICT (tenant_id, batch_id, class_id, subject) DO NOTHING
          RETURNING id, submitted`,
    );
    if (inserted.rows[0]) return inserted.rows[0];
    const found = await tx.execute<{ id: string; submitted: boolean }>(
      sql`SELECT id, submitted FROM score_sheets WHERE batch_id = ${row.batchId} AND class_id = ${row.classId} AND subject = ${row.subject}`,
    );
    if (!found.rows[0]) throw new Error('score sheet vanished after a conflicting insert');
    return found.rows[0];
  },

  /**
   * Locks the sheet row and answers its submitted flag as committed now: FOR SHARE (saves, imports:
   * they wait for a submit under way and then see it) or FOR UPDATE (submit: waits for saves under way,
   * so its completeness count sees their cells).
   */
  lockSheet: (tx: Tx, sheetId: string, mode: 'share' | 'update') =>
    tx
      .execute<{ submitted: boolean }>(
        sql`SELECT submitted FROM score_sheets WHERE id = ${sheetId}${mode === 'share' ? sql` FOR SHARE` : sql` FOR UPDATE`}`,
      )
      .then((result) => result.rows[0]?.submitted ?? false),

  /**
   * One cell's write and its audit row in one statement: the score upserted only while its version
   * is still `baseVersion` (no row: 0), version + 1; no row back means someone else saved first.
   */
  saveCell: (
    tx: Tx,
    input: {
      tenantId: string;
      sheetId: string;
      studentId: string;
      score: number | null;
      mark: string;
      baseVersion: number;
      userId: string;
      changeId: string;
      oldScore: number | null;
      oldMark: string | null;
      correction: boolean;
    },
  ) =>
    tx
      .execute<{ version: number; entered_at: Date }>(
        sql`WITH up AS (
              INSERT INTO scores AS s (tenant_id, sheet_id, student_id, score, mark, entered_by, entered_at, created_by, updated_by, version)
              VALUES (${input.tenantId}, ${input.sheetId}, ${input.studentId}, ${input.score}, ${input.mark}, ${input.userId}, now(), ${input.userId}, ${input.userId}, 1)
              ON CONFLICT (tenant_id, sheet_id, student_id) DO UPDATE
                SET score = excluded.score, mark = excluded.mark, entered_by = excluded.entered_by, entered_at = now(),
                    updated_at = now(), updated_by = excluded.updated_by, version = s.version + 1
                WHERE s.version = ${input.baseVersion}
              RETURNING s.version, s.entered_at
            )
            INSERT INTO score_changes (tenant_id, id, sheet_id, student_id, old_score, old_mark, new_score, new_mark, correction, changed_by, changed_at, score_version, created_by, updated_by)
            SELECT ${input.tenantId}, ${input.changeId}, ${input.sheetId}, ${input.studentId}, ${input.oldScore}, ${input.oldMark}, ${input.score}, ${input.mark},
                   ${input.correction}, ${input.userId}, up.entered_at, up.version, ${input.userId}, ${input.userId}
            FROM up
            RETURNING score_version AS version, changed_at AS entered_at`,
      )
      .then((result) => result.rows[0]),

  /** One cell as stored (undefined while never saved). */
  cell: (tx: Tx, sheetId: string, studentId: string) =>
    tx
      .execute<CellRow>(
        sql`SELECT sc.student_id, sc.score::float8 AS score, sc.mark, sc.version, sc.entered_at, coalesce(u.name, '') AS entered_by_name
            FROM scores sc LEFT JOIN users u ON u.tenant_id = sc.tenant_id AND u.id = sc.entered_by
            WHERE sc.sheet_id = ${sheetId} AND sc.student_id = ${studentId}`,
      )
      .then((result) => result.rows[0]),

  /** Every cell of a sheet; `lock` holds the rows until the transaction ends (imports). */
  cells: (tx: Tx, sheetId: string, lock = false) =>
    tx
      .execute<CellRow>(
        sql`SELECT sc.student_id, sc.score::float8 AS score, sc.mark, sc.version, sc.entered_at, coalesce(u.name, '') AS entered_by_name
            FROM scores sc LEFT JOIN users u ON u.tenant_id = sc.tenant_id AND u.id = sc.entered_by
            WHERE sc.sheet_id = ${sheetId}${lock ? sql` FOR UPDATE OF sc` : sql``}`,
      )
      .then((result) => result.rows),

  /** Enabled students of a class on a day of [from, to] (the batch's days), in student-number order. */
  roster: (tx: Tx, classId: string, from: string, to: string) =>
    tx
      .execute<{ id: string; name: string; user_no: string }>(
        sql`SELECT u.id, u.name, u.user_no FROM users u WHERE u.id IN (SELECT r.student_id FROM ${classRoster(uuidArray([classId]), from, to)} r)
              AND u.user_type = '2' AND u.enabled ORDER BY u.user_no, u.name`,
      )
      .then((result) => result.rows),

  /** Rosters of several classes at once, in class then student-number order. */
  rosters: (tx: Tx, classIds: readonly string[], from: string, to: string) =>
    classIds.length === 0
      ? Promise.resolve([])
      : tx
          .execute<{ id: string; name: string; user_no: string; class_id: string }>(
            sql`SELECT u.id, u.name, u.user_no, r.class_id FROM ${classRoster(uuidArray(classIds), from, to)} r JOIN users u ON u.id = r.student_id
                WHERE u.user_type = '2' AND u.enabled ORDER BY u.user_no, u.name`,
          )
          .then((result) => result.rows),

  bands: (tx: Tx, systemId: string) =>
    tx
      .execute<{ name: string; name_en: string; conversion_score: number; min_score: number; max_score: number }>(
        sql`SELECT name, name_en, conversion_score, min_score, max_score FROM score_bands WHERE system_id = ${systemId} ORDER BY min_score DESC, sort, name`,
      )
      .then((result) => result.rows),

  /** The bands of several systems (我的成绩). */
  bandsOfSystems: (tx: Tx, systemIds: readonly string[]) =>
    systemIds.length === 0
      ? Promise.resolve([])
      : tx
          .execute<{ system_id: string; name: string; name_en: string; min_score: number; max_score: number }>(
            sql`SELECT system_id, name, name_en, min_score, max_score FROM score_bands WHERE system_id = ANY (${uuidArray(systemIds)}) ORDER BY min_score DESC, sort, name`,
          )
          .then((result) => result.rows),

  /**
   * Several cells written at once (imports): upserts with version + 1 and their audit rows, each only
   * while its version is still the one read under the lock (`baseVersion`, 0: no row). Answers how
   * many were written; fewer than given means someone else wrote a cell meanwhile (the caller rolls
   * the whole import back).
   */
  writeCells: async (
    tx: Tx,
    input: { tenantId: string; sheetId: string; userId: string; correction: boolean; rows: (CellWrite & { changeId: string; baseVersion: number })[] },
  ): Promise<number> => {
    if (input.rows.length === 0) return 0;
    const values = sql.join(
      input.rows.map(
        (row) =>
          sql`(${row.studentId}::uuid, ${row.score}::numeric, ${row.mark}::text, ${row.oldScore}::numeric, ${row.oldMark}::text, ${row.changeId}::uuid, ${row.baseVersion}::int)`,
      ),
      sql`, `,
    );
    const result = await tx.execute<{ written: number }>(sql`
      WITH input (student_id, score, mark, old_score, old_mark, change_id, base_version) AS (VALUES ${values}),
      up AS (
        INSERT INTO scores AS s (tenant_id, sheet_id, student_id, score, mark, entered_by, entered_at, created_by, updated_by, version)
        SELECT ${input.tenantId}, ${input.sheetId}, i.student_id, i.score, i.mark, ${input.userId}, now(), ${input.userId}, ${input.userId}, i.base_version + 1 FROM input i
        ON CONFLICT (tenant_id, sheet_id, student_id) DO UPDATE
          SET score = excluded.score, mark = excluded.mark, entered_by = excluded.entered_by, entered_at = now(),
              updated_at = now(), updated_by = excluded.updated_by, version = s.version + 1
          WHERE s.version = excluded.version - 1
        RETURNING s.student_id, s.version, s.entered_at
      ),
      audit AS (
        INSERT INTO score_changes (tenant_id, id, sheet_id, student_id, old_score, old_mark, new_score, new_mark, correction, changed_by, changed_at, score_version, created_by, updated_by)
        SELECT ${input.tenantId}, i.change_id, ${input.sheetId}, i.student_id, i.old_score, i.old_mark, i.score, i.mark, ${input.correction},
               ${input.userId}, up.entered_at, up.version, ${input.userId}, ${input.userId}
        FROM input i JOIN up ON up.student_id = i.student_id
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM up)::int AS written`);
    return result.rows[0].written;
  },

  /** Marks the sheet submitted (the caller holds its row lock, lockSheet 'update'). */
  markSubmitted: (tx: Tx, sheetId: string, userId: string) =>
    tx.execute(
      sql`UPDATE score_sheets SET submitted = true, submitted_at = now(), submitted_by = ${userId}, updated_at = now(), updated_by = ${userId}, version = version + 1
          WHERE id = ${sheetId}`,
    ),

  /** Students of the class without a score or a mark on the sheet. */
  countIncomplete: (tx: Tx, classId: string, sheetId: string, from: string, to: string) =>
    tx
      .execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM users u
            WHERE u.id IN (SELECT r.student_id FROM ${classRoster(uuidArray([classId]), from, to)} r) AND u.user_type = '2' AND u.enabled
              AND NOT EXISTS (
                SELECT 1 FROM scores sc WHERE sc.tenant_id = u.tenant_id AND sc.sheet_id = ${sheetId} AND sc.student_id = u.id
                  AND (sc.score IS NOT NULL OR sc.mark <> '')
              )`,
      )
      .then((result) => result.rows[0].n),

  /** The audit trail of a sheet (optionally one student), newest first. */
  changes: (tx: Tx, sheetId: string, studentId?: string) =>
    tx
      .execute<{
        student_id: string;
        student_name: string;
        old_score: number | null;
        old_mark: string | null;
        new_score: number | null;
        new_mark: string;
        correction: boolean;
        changed_by_name: string;
        changed_at: Date;
        version: number;
      }>(
        sql`SELECT ch.student_id, coalesce(s.name, '') AS student_name, ch.old_score::float8 AS old_score, ch.old_mark,
                   ch.new_score::float8 AS new_score, ch.new_mark, ch.correction, coalesce(u.name, '') AS changed_by_name,
                   ch.changed_at, ch.score_version AS version
            FROM score_changes ch
            LEFT JOIN users s ON s.tenant_id = ch.tenant_id AND s.id = ch.student_id
            LEFT JOIN users u ON u.tenant_id = ch.tenant_id AND u.id = ch.changed_by
            WHERE ch.sheet_id = ${sheetId}${studentId ? sql` AND ch.student_id = ${studentId}` : sql``}
            ORDER BY ch.changed_at DESC, ch.id DESC`,
      )
      .then((result) => result.rows),

  // ---- options -----------------------------------------------------------------------------

  semesters: (tx: Tx) =>
    tx
      .execute<{ id: string; name: string; name_en: string; is_current: boolean }>(sql`SELECT id, name, name_en, is_current FROM semesters ORDER BY start_date DESC, code DESC`)
      .then((result) => result.rows),

  batchesOf: (tx: Tx, semesterId: string) =>
    tx
      .execute<{ id: string; name: string; published: boolean; start_date: string; end_date: string; grade_ids: string[]; subjects: string[] }>(
        sql`SELECT id, name, published, start_date::text AS start_date, end_date::text AS end_date, grade_ids, subjects
            FROM exam_batches WHERE semester_id = ${semesterId} ORDER BY sort, start_date, name`,
      )
      .then((result) => result.rows),

  batch: (tx: Tx, batchId: string) =>
    tx
      .execute<{ id: string; name: string; published: boolean; grade_ids: string[]; subjects: string[]; start_date: string; end_date: string }>(
        sql`SELECT id, name, published, grade_ids, subjects, start_date::text, end_date::text FROM exam_batches WHERE id = ${batchId}`,
      )
      .then((result) => result.rows[0]),

  /** Classes (not graduated) of these grades, in grade and class order. */
  classesOfGrades: (tx: Tx, gradeIds: readonly string[]) =>
    gradeIds.length === 0
      ? Promise.resolve([])
      : tx
          .execute<{ id: string; name: string; name_en: string; grade_id: string; grade_name: string; grade_name_en: string }>(
            sql`SELECT c.id, c.name, c.name_en, c.parent_id AS grade_id, coalesce(g.name, '') AS grade_name, coalesce(g.name_en, '') AS grade_name_en
                FROM org_units c LEFT JOIN org_units g ON g.tenant_id = c.tenant_id AND g.id = c.parent_id
                WHERE c.kind = 'class' AND c.parent_id = ANY (${uuidArray(gradeIds)})
                ORDER BY c.grade_level, g.sort, c.sort, c.code`,
          )
          .then((result) => result.rows),

  /** The caller's head and subject teacher duties in classes. */
  duties: (tx: Tx, userId: string) =>
    tx
      .execute<{ class_id: string; duty: string; subject: string }>(
        sql`SELECT org_unit_id AS class_id, duty, subject FROM staff_duties WHERE user_id = ${userId} AND duty IN ('head_teacher', 'subject_teacher')`,
      )
      .then((result) => result.rows),

  sheetsOf: (tx: Tx, batchIds: readonly string[]) =>
    batchIds.length === 0
      ? Promise.resolve([])
      : tx
          .execute<{ id: string; batch_id: string; class_id: string; subject: string; submitted: boolean }>(
            sql`SELECT id, batch_id, class_id, subject, submitted FROM score_sheets WHERE batch_id = ANY (${uuidArray(batchIds)})`,
          )
          .then((result) => result.rows),

  /** Every stored cell of a batch's sheets (exports). */
  batchCells: (tx: Tx, batchId: string) =>
    tx
      .execute<{ class_id: string; subject: string; student_id: string; score: number | null; mark: string }>(
        sql`SELECT sh.class_id, sh.subject, sc.student_id, sc.score::float8 AS score, sc.mark
            FROM score_sheets sh JOIN scores sc ON sc.tenant_id = sh.tenant_id AND sc.sheet_id = sh.id
            WHERE sh.batch_id = ${batchId}`,
      )
      .then((result) => result.rows),

  // ---- own scores ----------------------------------------------------------------------------

  userType: (tx: Tx, userId: string) =>
    tx
      .execute<{ user_type: string }>(sql`SELECT user_type FROM users WHERE id = ${userId}`)
      .then((result) => result.rows[0]?.user_type ?? null),

  children: (tx: Tx, parentId: string) =>
    tx
      .execute<{ student_id: string; student_name: string }>(
        sql`SELECT ps.student_id, s.name AS student_name FROM parent_students ps JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
            WHERE ps.parent_id = ${parentId} ORDER BY s.user_no, s.name`,
      )
      .then((result) => result.rows.map((row) => ({ studentId: row.student_id, studentName: row.student_name }))),

  /** A student's scores of published batches, newest batch first (generic table A page + total). */
  myScores: (tx: Tx, studentId: string, filters: { semesterId?: string; batchId?: string }, offset: number, limit: number) =>
    tx
      .execute<{
        total: number;
        batch_id: string;
        batch_name: string;
        semester_name: string;
        semester_name_en: string;
        subject: string;
        score: number | null;
        mark: string;
        grade_id: string | null;
        batch_grade_ids: string[];
        batch_subjects: string[];
        systems: SystemRow[];
        class_average: number | null;
        published_at: Date | null;
      }>(
        sql`SELECT count(*) OVER ()::int AS total, b.id AS batch_id, b.name AS batch_name, se.name AS semester_name, se.name_en AS semester_name_en, sh.subject,
                   sc.score::float8 AS score, sc.mark, c.parent_id AS grade_id, b.grade_ids AS batch_grade_ids, b.subjects AS batch_subjects,
                   ${systemsOfBatch} AS systems,
                   (SELECT round(avg(x.score), 2)::float8 FROM scores x WHERE x.tenant_id = sh.tenant_id AND x.sheet_id = sh.id AND x.score IS NOT NULL) AS class_average,
                   b.published_at
            FROM scores sc
            JOIN score_sheets sh ON sh.tenant_id = sc.tenant_id AND sh.id = sc.sheet_id
            JOIN exam_batches b ON b.tenant_id = sh.tenant_id AND b.id = sh.batch_id AND b.published
            JOIN semesters se ON se.tenant_id = b.tenant_id AND se.id = b.semester_id
            LEFT JOIN org_units c ON c.tenant_id = sh.tenant_id AND c.id = sh.class_id
            WHERE sc.student_id = ${studentId} AND (sc.score IS NOT NULL OR sc.mark <> '')
              ${filters.semesterId ? sql`AND b.semester_id = ${filters.semesterId}` : sql``}
              ${filters.batchId ? sql`AND b.id = ${filters.batchId}` : sql``}
            ORDER BY b.start_date DESC, b.sort DESC, b.name, array_position(b.subjects, sh.subject), sh.subject
            OFFSET ${offset} LIMIT ${limit}`,
      )
      .then((result) => result.rows),
};
