import { sql } from 'drizzle-orm';
import { STAFF_APPLICATION_KINDS, type StaffApplicationKind } from '../../../contracts/application-rules';
import type { Tx } from '../../db/client';

/** SQL of the staff monthly attendance summary (approved staff applications). Tenant scoping is RLS's. */

export type SummaryStaffRow = {
  id: string;
  name: string;
  job_no: string;
  department_id: string | null;
  department_name: string | null;
};

export type SummaryApplicationRow = {
  applicant_id: string;
  kind: StaffApplicationKind;
  /** raw SQL answers timestamps as text */
  starts_at: string;
  /** the end, or the cancellation time when it was cancelled earlier (销假) */
  ends_at: string;
};

const staffKinds = sql`ARRAY[${sql.join(
  STAFF_APPLICATION_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}]::text[]`;

export const staffSummaryRepository = {
  /** The departments the user heads (staff_duties department_head). */
  headedDepartments: (tx: Tx, userId: string) =>
    tx
      .execute<{ org_unit_id: string }>(sql`SELECT DISTINCT org_unit_id FROM staff_duties WHERE user_id = ${userId} AND duty = 'department_head'`)
      .then((result) => result.rows.map((row) => row.org_unit_id)),

  /**
   * Staff of the school (administrators and teachers; enabled, or with an approved application in
   * [from, to)), in the given departments (null: all), ordered by department then job number.
   */
  staff: (tx: Tx, departmentIds: readonly string[] | null, from: Date, to: Date) =>
    tx
      .execute<SummaryStaffRow>(
        sql`SELECT u.id, u.name, u.user_no AS job_no, u.org_unit_id AS department_id, d.name AS department_name
            FROM users u
            LEFT JOIN org_units d ON d.tenant_id = u.tenant_id AND d.id = u.org_unit_id
            WHERE u.user_type IN ('1', '3')
              AND (u.enabled OR EXISTS (
                SELECT 1 FROM applications a
                WHERE a.tenant_id = u.tenant_id AND a.applicant_id = u.id AND a.kind = ANY(${staffKinds}) AND a.state = 'approved'
                  AND a.starts_at < ${to.toISOString()}::timestamptz AND a.ends_at > ${from.toISOString()}::timestamptz))
              ${departmentIds === null ? sql`` : sql`AND u.org_unit_id = ANY(${sql.param([...departmentIds])}::uuid[])`}
            ORDER BY d.id IS NULL, d.sort, d.name, u.org_unit_id, u.user_no, u.name, u.id`,
      )
      .then((result) => result.rows),

  /** Approved staff applications whose effective time [start, end or cancellation] overlaps [from, to). */
  applications: (tx: Tx, from: Date, to: Date) =>
    tx
      .execute<SummaryApplicationRow>(
        sql`SELECT applicant_id, kind, starts_at, ends_at FROM (
              SELECT a.applicant_id, a.kind, a.starts_at,
                CASE WHEN a.cancel_state = 'cancelled' AND a.cancelled_at IS NOT NULL THEN least(a.ends_at, a.cancelled_at) ELSE a.ends_at END AS ends_at
              FROM applications a
              WHERE a.kind = ANY(${staffKinds}) AND a.state = 'approved' AND a.starts_at IS NOT NULL AND a.ends_at IS NOT NULL
                AND a.starts_at < ${to.toISOString()}::timestamptz AND a.ends_at > ${from.toISOString()}::timestamptz
            ) effective
            WHERE ends_at > starts_at AND ends_at > ${from.toISOString()}::timestamptz`,
      )
      .then((result) => result.rows),
};
