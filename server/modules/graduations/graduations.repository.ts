import { type SQL, sql } from 'drizzle-orm';
import { CLASS_GRADUATED, CLASS_LEVEL, GRADE_OF_CLASS } from '../../db/class-grade';
import type { Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { uuids } from '../../db/rows';
import { hasInitialisedAccount, hasUsableAccount } from '../users/usable-account';

type Names = { class_name: string; class_name_en: string };
/** the student's account and their parents' (ACCOUNTS) */
type Accounts = { account_enabled: boolean; account_ready: boolean; parents_enabled: number; parents_total: number };
export type GraduateRecord = Names &
  Accounts & {
  id: string;
  student_no: string;
  name: string;
  gender: string;
  graduation_year: number;
  class_id: string;
  class_level: number | null;
  class_graduated: boolean;
  graduated_on: string;
  version: number;
  latest_year: boolean;
  total: number;
};
export type CandidateRecord = Names &
  Accounts & {
  id: string;
  student_no: string;
  name: string;
  gender: string;
  class_id: string;
  class_level: number | null;
  class_graduated: boolean;
  enrolment_date: string;
  version: number;
  total: number;
};

const CLASS_NAMES = sql`c.name AS class_name, coalesce(nullif(c.name_en, ''), c.name) AS class_name_en`;
/** SQL: the class `c` (with its grade `g`) belongs to the graduating grade: graduated already, or at the graduating level */
const graduatingClass = (level: number) => sql`(${CLASS_GRADUATED} OR coalesce(${CLASS_LEVEL}, 0) >= ${level})`;
/** SQL: name or student number of `u` contains the keyword */
const nameOrNumber = (keyword: string) => sql`(u.name ILIKE ${containsPattern(keyword)} OR u.user_no ILIKE ${containsPattern(keyword)})`;
/**
 * SQL columns: the student `u`'s account and their parents' (joined as PARENT_ACCOUNTS `p`). A guardian
 * without an initialised account (家庭信息 keeps them) has no account to count or switch.
 */
const ACCOUNTS = sql`u.enabled AS account_enabled, ${hasInitialisedAccount('u')} AS account_ready, coalesce(p.enabled, 0)::int AS parents_enabled, coalesce(p.total, 0)::int AS parents_total`;
const PARENT_ACCOUNTS = sql`LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE ${hasUsableAccount('pu')}) AS enabled, count(*) AS total
                               FROM parent_students ps JOIN users pu ON pu.tenant_id = ps.tenant_id AND pu.id = ps.parent_id
                               WHERE ps.tenant_id = u.tenant_id AND ps.student_id = u.id AND ${hasInitialisedAccount('pu')}) p ON true`;

/** 毕业管理's SQL: graduations with the student, the class and the accounts; the candidates. */
export const graduationsRepository = {
  /** the newest graduation year of the school (null: none yet) */
  latestYear: (tx: Tx) => tx.execute<{ year: number | null }>(sql`SELECT max(graduation_year) AS year FROM graduations`).then((r) => r.rows[0]?.year ?? null),

  /** the year a graduation on `date` counts for: the end year of the school year holding it, else Sept–Dec count for the next */
  yearOf: (tx: Tx, date: string) =>
    tx
      .execute<{ year: number }>(
        sql`SELECT coalesce((SELECT extract(year FROM end_date)::int FROM school_years WHERE start_date <= ${date}::date AND end_date >= ${date}::date ORDER BY start_date DESC LIMIT 1),
                            extract(year FROM ${date}::date)::int + (CASE WHEN extract(month FROM ${date}::date) >= 9 THEN 1 ELSE 0 END)) AS year`,
      )
      .then((r) => r.rows[0]!.year),

  endYearOf: (tx: Tx, schoolYearId: string) =>
    tx.execute<{ year: number }>(sql`SELECT extract(year FROM end_date)::int AS year FROM school_years WHERE id = ${schoolYearId}::uuid`).then((r) => r.rows[0]?.year),

  graduates: (tx: Tx, where: SQL, offset: number, limit: number | null) =>
    tx
      .execute<GraduateRecord>(
        sql`SELECT u.id::text, u.user_no AS student_no, u.name, coalesce(u.gender, '') AS gender, gr.graduation_year, gr.class_id::text, ${CLASS_LEVEL} AS class_level, ${CLASS_GRADUATED} AS class_graduated,
                   ${CLASS_NAMES}, gr.graduated_on::text, ${ACCOUNTS}, coalesce(st.version, 0) AS version,
                   gr.graduation_year = (SELECT max(graduation_year) FROM graduations) AS latest_year, count(*) OVER ()::int AS total
            FROM graduations gr
            JOIN users u ON u.tenant_id = gr.tenant_id AND u.id = gr.student_id
            JOIN org_units c ON c.tenant_id = gr.tenant_id AND c.id = gr.class_id
            ${GRADE_OF_CLASS}
            LEFT JOIN students st ON st.tenant_id = u.tenant_id AND st.user_id = u.id
            ${PARENT_ACCOUNTS}
            WHERE ${where}
            ORDER BY gr.graduation_year DESC, c.sort, c.code, u.user_no, u.id
            OFFSET ${offset} ${limit === null ? sql`` : sql`LIMIT ${limit}`}`,
      )
      .then((r) => r.rows),

  graduateWhere: (search: { year: number | null; classId: string; keyword: string }): SQL => {
    const where: SQL[] = [search.year === null ? sql`false` : sql`gr.graduation_year = ${search.year}`];
    if (search.classId) where.push(sql`gr.class_id = ${search.classId}::uuid`);
    if (search.keyword) where.push(nameOrNumber(search.keyword));
    return sql.join(where, sql` AND `);
  },

  candidates: (tx: Tx, level: number, search: { classId: string; keyword: string }, offset: number, limit: number) => {
    const where: SQL[] = [sql`st.status = 'studying'`, graduatingClass(level)];
    if (search.classId) where.push(sql`c.id = ${search.classId}::uuid`);
    if (search.keyword) where.push(nameOrNumber(search.keyword));
    return tx
      .execute<CandidateRecord>(
        sql`SELECT u.id::text, u.user_no AS student_no, u.name, coalesce(u.gender, '') AS gender, c.id::text AS class_id, ${CLASS_LEVEL} AS class_level,
                   ${CLASS_GRADUATED} AS class_graduated, ${CLASS_NAMES}, st.enrolment_date::text, st.version, ${ACCOUNTS}, count(*) OVER ()::int AS total
            FROM class_memberships m
            JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.student_id
            JOIN students st ON st.tenant_id = m.tenant_id AND st.user_id = m.student_id
            JOIN org_units c ON c.tenant_id = m.tenant_id AND c.id = m.class_id
            ${GRADE_OF_CLASS}
            ${PARENT_ACCOUNTS}
            WHERE m.to_date IS NULL AND ${sql.join(where, sql` AND `)}
            ORDER BY c.sort, c.code, u.user_no, u.id
            OFFSET ${offset} LIMIT ${limit}`,
      )
      .then((r) => r.rows);
  },

  /** whether the class `classId` is one of the graduating grade's */
  isGraduatingClass: (tx: Tx, classId: string, level: number) =>
    tx
      .execute(sql`SELECT 1 FROM org_units c ${GRADE_OF_CLASS} WHERE c.id = ${classId}::uuid AND ${graduatingClass(level)}`)
      .then((r) => r.rows.length === 1),

  /** the studying students with an open membership in any of the classes, by id (the lock order) */
  studyingIn: (tx: Tx, classIds: readonly string[]) =>
    tx
      .execute<{ id: string }>(
        sql`SELECT m.student_id::text AS id FROM class_memberships m JOIN students st ON st.tenant_id = m.tenant_id AND st.user_id = m.student_id
            WHERE m.to_date IS NULL AND m.class_id = ANY(${uuids(classIds)}) AND st.status = 'studying' ORDER BY m.student_id`,
      )
      .then((r) => r.rows.map((row) => row.id)),

  /** the student's record facts a graduation checks (read after the row lock) */
  record: (tx: Tx, studentId: string) =>
    tx
      .execute<{ enrolment_date: string; version: number }>(sql`SELECT enrolment_date::text, version FROM students WHERE user_id = ${studentId}::uuid`)
      .then((r) => r.rows[0]),

  accountEnabled: (tx: Tx, studentId: string) => tx.execute<{ enabled: boolean }>(sql`SELECT enabled FROM users WHERE id = ${studentId}::uuid`).then((r) => r.rows[0]?.enabled ?? false),

  graduationOf: (tx: Tx, studentId: string) =>
    tx
      .execute<{ id: string; graduation_year: number; class_id: string; graduated_on: string }>(
        sql`SELECT id::text, graduation_year, class_id::text, graduated_on::text FROM graduations WHERE student_id = ${studentId}::uuid`,
      )
      .then((r) => r.rows[0]),

  insert: (tx: Tx, row: { id: string; studentId: string; year: number; classId: string; on: string; userId: string }) =>
    tx.execute(
      sql`INSERT INTO graduations (tenant_id, id, student_id, graduation_year, class_id, graduated_on, created_by, updated_by)
          VALUES (current_setting('app.tenant_id')::uuid, ${row.id}, ${row.studentId}, ${row.year}, ${row.classId}, ${row.on}::date, ${row.userId}, ${row.userId})`,
    ),

  remove: (tx: Tx, id: string) => tx.execute(sql`DELETE FROM graduations WHERE id = ${id}::uuid`),

  insertHoldBack: (tx: Tx, row: { id: string; studentId: string; fromClassId: string; toClassId: string; on: string; undid: boolean; reason: string; userId: string }) =>
    tx.execute(
      sql`INSERT INTO graduation_holdbacks (tenant_id, id, student_id, from_class_id, to_class_id, held_on, undid_graduation, reason, created_by, updated_by)
          VALUES (current_setting('app.tenant_id')::uuid, ${row.id}, ${row.studentId}, ${row.fromClassId}, ${row.toClassId}, ${row.on}::date, ${row.undid}, ${row.reason}, ${row.userId}, ${row.userId})`,
    ),

  /** how many of the ids are graduates */
  countGraduates: (tx: Tx, ids: readonly string[]) =>
    tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM graduations WHERE student_id = ANY(${uuids(ids)})`).then((r) => r.rows[0]?.n ?? 0),

  /**
   * The students' parents with an account (a guardian without one has nothing to switch); when
   * disabling, only those with no child still in school (studying or suspended): a parent of a
   * younger sibling keeps their account.
   */
  parentsOf: (tx: Tx, studentIds: readonly string[], disabling: boolean) =>
    tx
      .execute<{ id: string }>(
        sql`SELECT DISTINCT ps.parent_id::text AS id FROM parent_students ps JOIN users pu ON pu.tenant_id = ps.tenant_id AND pu.id = ps.parent_id
            WHERE ps.student_id = ANY(${uuids(studentIds)}) AND ${hasInitialisedAccount('pu')}
              ${disabling ? sql`AND NOT EXISTS (SELECT 1 FROM parent_students o JOIN students s ON s.tenant_id = o.tenant_id AND s.user_id = o.student_id
                                                WHERE o.tenant_id = ps.tenant_id AND o.parent_id = ps.parent_id AND s.status IN ('studying', 'suspended'))` : sql``}`,
      )
      .then((r) => r.rows.map((row) => row.id)),

  years: (tx: Tx) =>
    tx.execute<{ year: number; count: number }>(sql`SELECT graduation_year AS year, count(*)::int AS count FROM graduations GROUP BY graduation_year ORDER BY graduation_year DESC`).then((r) => r.rows),

  graduateClasses: (tx: Tx) =>
    tx
      .execute<{ id: string; name: string; name_en: string; year: number }>(
        sql`SELECT DISTINCT c.id::text, c.name, coalesce(nullif(c.name_en, ''), c.name) AS name_en, gr.graduation_year AS year, c.sort, c.code
            FROM graduations gr JOIN org_units c ON c.tenant_id = gr.tenant_id AND c.id = gr.class_id ORDER BY year DESC, c.sort, c.code`,
      )
      .then((r) => r.rows),

  /** classes not graduated, with their level; `graduating` says which belong to the graduating grade */
  classes: (tx: Tx, level: number) =>
    tx
      .execute<{ id: string; name: string; name_en: string; grade_level: number | null; graduating: boolean; graduated: boolean }>(
        sql`SELECT c.id::text, c.name, coalesce(nullif(c.name_en, ''), c.name) AS name_en, ${CLASS_LEVEL} AS grade_level,
                   ${graduatingClass(level)} AS graduating, ${CLASS_GRADUATED} AS graduated
            FROM org_units c ${GRADE_OF_CLASS}
            WHERE c.kind = 'class'
              AND (NOT ${CLASS_GRADUATED}
                   OR EXISTS (SELECT 1 FROM class_memberships m JOIN students st ON st.tenant_id = m.tenant_id AND st.user_id = m.student_id
                              WHERE m.tenant_id = c.tenant_id AND m.class_id = c.id AND m.to_date IS NULL AND st.status = 'studying'))
            ORDER BY ${CLASS_LEVEL}, c.sort, c.code`,
      )
      .then((r) => r.rows),

  /** a grade's names at a level (not graduated), for the hold back's refusal */
  gradeAt: (tx: Tx, level: number) =>
    tx
      .execute<{ name: string; name_en: string }>(
        sql`SELECT name, coalesce(nullif(name_en, ''), name) AS name_en FROM org_units WHERE kind = 'grade' AND grade_level = ${level} AND NOT graduated ORDER BY sort LIMIT 1`,
      )
      .then((r) => r.rows[0]),
};
