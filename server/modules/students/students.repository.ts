import { sql } from 'drizzle-orm';
import type { StudentDetail } from '../../../contracts/students';
import type { Tx } from '../../db/client';

type Names = { name: string; name_en: string };
const names = (row: Names) => ({ name: row.name, nameEn: row.name_en });

/** The detail drawer's reads (SQL only): the other modules' tables joined, as queries may. */
export const studentsRepository = {
  async exists(tx: Tx, id: string): Promise<boolean> {
    return (await tx.execute(sql`SELECT 1 FROM students WHERE user_id = ${id}::uuid`)).rows.length > 0;
  },

  async family(tx: Tx, id: string): Promise<StudentDetail['family']> {
    const rows = await tx.execute<{ id: string; name: string; relation: string; relation_en: string; phone: string; username: string; initialized: boolean }>(
      sql`SELECT p.id::text, p.name, coalesce(d.name, ps.relation) AS relation, coalesce(d.name_en, '') AS relation_en, p.phone, p.username, p.account_initialized_at IS NOT NULL AS initialized
          FROM parent_students ps JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
          LEFT JOIN (SELECT e.code, e.name, e.name_en FROM dict_entries e JOIN dict_types ty ON ty.tenant_id = e.tenant_id AND ty.id = e.type_id WHERE ty.code = 'STD_GB_JTGX') d ON d.code = ps.relation
          WHERE ps.student_id = ${id}::uuid ORDER BY ps.created_at, p.name`,
    );
    return rows.rows.map((row) => ({ id: row.id, name: row.name, relation: { name: row.relation, nameEn: row.relation_en }, phone: row.phone, account: row.username, hasAccount: row.initialized }));
  },

  async history(tx: Tx, id: string): Promise<StudentDetail['history']> {
    const rows = await tx.execute<Names & { from_date: string; to_date: string | null; seat_no: number | null }>(
      sql`SELECT o.name, o.name_en, m.from_date::text, m.to_date::text, m.seat_no
          FROM class_memberships m JOIN org_units o ON o.tenant_id = m.tenant_id AND o.id = m.class_id
          WHERE m.student_id = ${id}::uuid ORDER BY m.from_date DESC`,
    );
    return rows.rows.map((row) => ({ className: names(row), fromDate: row.from_date, toDate: row.to_date ?? '', seatNo: row.seat_no }));
  },

  async scores(tx: Tx, id: string): Promise<StudentDetail['scores']> {
    const rows = await tx.execute<{ batch: string; batch_date: string; subject: string; subject_en: string; score: string | null; mark: string }>(
      sql`SELECT b.name AS batch, b.start_date::text AS batch_date, coalesce(d.name, sh.subject) AS subject, coalesce(d.name_en, '') AS subject_en, s.score::text, s.mark
          FROM scores s
          JOIN score_sheets sh ON sh.tenant_id = s.tenant_id AND sh.id = s.sheet_id
          JOIN exam_batches b ON b.tenant_id = sh.tenant_id AND b.id = sh.batch_id
          LEFT JOIN (SELECT e.code, e.name, e.name_en FROM dict_entries e JOIN dict_types ty ON ty.tenant_id = e.tenant_id AND ty.id = e.type_id WHERE ty.code = 'STD_KM') d ON d.code = sh.subject
          WHERE s.student_id = ${id}::uuid
          ORDER BY b.start_date DESC, b.sort, sh.subject LIMIT 60`,
    );
    return rows.rows.map((row) => ({ batch: row.batch, batchDate: row.batch_date, subject: { name: row.subject, nameEn: row.subject_en }, score: row.score === null ? null : Number(row.score), mark: row.mark }));
  },

  async attendance(tx: Tx, id: string): Promise<StudentDetail['attendance']> {
    const [semester] = (await tx.execute<Names & { id: string }>(sql`SELECT id::text, name, name_en FROM semesters WHERE is_current LIMIT 1`)).rows;
    if (!semester) return { semester: null, counts: [] };
    const rows = await tx.execute<Names & { days: number }>(
      sql`SELECT coalesce(d.name, e.status) AS name, coalesce(d.name_en, '') AS name_en, count(*)::int AS days
          FROM attendance_entries e JOIN attendance_rolls r ON r.tenant_id = e.tenant_id AND r.id = e.roll_id
          LEFT JOIN (SELECT de.code, de.name, de.name_en, de.sort FROM dict_entries de JOIN dict_types ty ON ty.tenant_id = de.tenant_id AND ty.id = de.type_id WHERE ty.code = 'STD_XSKQ_ZT') d ON d.code = e.status
          WHERE e.student_id = ${id}::uuid AND r.semester_id = ${semester.id}::uuid
          GROUP BY 1, 2, d.sort, e.status ORDER BY d.sort NULLS LAST, e.status`,
    );
    return { semester: names(semester), counts: rows.rows.map((row) => ({ status: names(row), days: row.days })) };
  },

  /** "省 市 区" of each code ('' when none or unknown). */
  async placeNames(tx: Tx, codes: string[]): Promise<string[]> {
    return Promise.all(
      codes.map(async (code) => {
        if (!code) return '';
        const rows = await tx.execute<{ name: string }>(
          sql`WITH RECURSIVE up AS (SELECT code, parent_code, name, level FROM areas WHERE code = ${code} UNION ALL SELECT a.code, a.parent_code, a.name, a.level FROM areas a JOIN up ON a.code = up.parent_code) SELECT name FROM up ORDER BY level`,
        );
        return rows.rows.map((row) => row.name).join(' ');
      }),
    );
  },

  async places(tx: Tx, id: string): Promise<StudentDetail['places']> {
    const [row] = (await tx.execute<{ native_place: string; household_place: string }>(sql`SELECT native_place, household_place FROM students WHERE user_id = ${id}::uuid`)).rows;
    const [nativePlace, householdPlace] = await this.placeNames(tx, [row?.native_place ?? '', row?.household_place ?? '']);
    return { nativePlace, householdPlace };
  },
};
