import { sql } from 'drizzle-orm';
import type { ApplicationKind, ApplicationState } from '../../../contracts/application-rules';
import type { Tx } from '../../db/client';
import { isUuid } from '../../../contracts/ids';

/**
 * SQL of the printable proofs (enrolment and score proofs), their public verification and the
 * school's seal setting. Tenant scoping comes from row-level security; joins still name tenant_id.
 */

/** One application with what its PDF prints and what the access check needs. */
export type ProofRow = {
  id: string;
  kind: ApplicationKind;
  state: ApplicationState;
  applicant_id: string;
  submitted_by: string;
  verify_code: string | null;
  /** raw SQL answers timestamps as text */
  decided_at: string | null;
  details: Record<string, unknown>;
  applicant_name: string;
  gender: string | null;
  student_no: string;
  class_name: string;
  /** the caller is linked to the applicant as a parent */
  caller_is_parent: boolean;
};

export type SchoolRow = {
  name: string;
  name_en: string;
  seal: string;
};

/** A stored file as the seal setting and the PDF need it. */
export type SealFileRow = {
  id: string;
  name: string;
  mime: string;
  path: string;
};

export type ProofBatchRow = {
  id: string;
  name: string;
  /** subject codes (the school's STD_KM dictionary) */
  subjects: string[];
};

/** One score of a student: batch, subject, the score or a mark ('' | 'absent' | 'exempt'). */
export type ProofScoreRow = {
  batch_id: string;
  subject: string;
  score: number | null;
  mark: string;
};

export type VerifiedProofRow = {
  kind: ApplicationKind;
  applicant_name: string;
  class_name: string;
  /** raw SQL answers timestamps as text */
  decided_at: string | null;
  school_name: string;
  school_name_en: string;
  details: Record<string, unknown>;
};

export const proofsRepository = {
  /** The application (any kind: the service refuses non-proofs) with its applicant, or undefined. */
  proof: (tx: Tx, id: string, callerId: string) =>
    tx
      .execute<ProofRow>(
        sql`SELECT a.id, a.kind, a.state, a.applicant_id, a.submitted_by, a.verify_code, a.decided_at, a.details,
              u.name AS applicant_name, u.gender, u.user_no AS student_no,
              coalesce(c.name, cu.name, '') AS class_name,
              EXISTS (SELECT 1 FROM parent_students ps WHERE ps.tenant_id = a.tenant_id AND ps.student_id = a.applicant_id AND ps.parent_id = ${callerId}) AS caller_is_parent
            FROM applications a
            JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.applicant_id
            LEFT JOIN org_units c ON c.tenant_id = a.tenant_id AND c.id = a.org_unit_id
            LEFT JOIN org_units cu ON cu.tenant_id = u.tenant_id AND cu.id = u.org_unit_id
            WHERE a.id = ${id}`,
      )
      .then((result) => result.rows[0]),

  school: (tx: Tx) =>
    tx.execute<SchoolRow>(sql`SELECT name, name_en, seal FROM school_info LIMIT 1`).then((result) => result.rows[0]),

  /** The published ones of the given exam batches, in exam order. */
  publishedBatches: (tx: Tx, batchIds: readonly string[]) =>
    tx
      .execute<ProofBatchRow>(
        sql`SELECT b.id, b.name, b.subjects FROM exam_batches b
            WHERE b.id = ANY(${sql.param([...batchIds])}::uuid[]) AND b.published
            ORDER BY b.start_date, b.sort, b.name`,
      )
      .then((result) => result.rows),

  /** A student's scores and marks in the given batches. */
  scores: (tx: Tx, studentId: string, batchIds: readonly string[]) =>
    tx
      .execute<ProofScoreRow>(
        sql`SELECT sh.batch_id, sh.subject, sc.score::float8 AS score, sc.mark
            FROM score_sheets sh
            JOIN scores sc ON sc.tenant_id = sh.tenant_id AND sc.sheet_id = sh.id
            WHERE sh.batch_id = ANY(${sql.param([...batchIds])}::uuid[]) AND sc.student_id = ${studentId}`,
      )
      .then((result) => result.rows),

  /** An approved proof by its verification code, with the school (the caller entered the tenant). */
  verified: (tx: Tx, code: string) =>
    tx
      .execute<VerifiedProofRow>(
        sql`SELECT a.kind, u.name AS applicant_name, coalesce(c.name, '') AS class_name, a.decided_at,
              coalesce(s.name, '') AS school_name, coalesce(s.name_en, '') AS school_name_en, a.details
            FROM applications a
            JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.applicant_id
            LEFT JOIN org_units c ON c.tenant_id = a.tenant_id AND c.id = a.org_unit_id
            LEFT JOIN school_info s ON s.tenant_id = a.tenant_id
            WHERE a.verify_code = ${code} AND a.state = 'approved' AND a.kind IN ('enrolment_proof', 'score_proof')`,
      )
      .then((result) => result.rows[0]),

  /** A stored file by id (undefined for anything that is not the id of one of this school's files). */
  file: (tx: Tx, id: string) =>
    isUuid(id)
      ? tx.execute<SealFileRow>(sql`SELECT id, name, mime, path FROM files WHERE id = ${id}::uuid`).then((result) => result.rows[0])
      : Promise.resolve(undefined),

  saveSeal: (tx: Tx, resId: string, userId: string) =>
    tx.execute(sql`UPDATE school_info SET seal = ${resId}, updated_at = now(), updated_by = ${userId}, version = version + 1`),
};
