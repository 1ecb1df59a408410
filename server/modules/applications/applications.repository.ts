import { type SQL, sql } from 'drizzle-orm';
import { APPLICATION_STATES, type ApplicationKind, type ApplicationState, type AuditStep, CANCEL_STATES, type CancelState, type EventAction } from '../../../contracts/application-rules';
import type { ApplicationSearch } from '../../../contracts/applications';
import type { Tx } from '../../db/client';
import { datedRowsOf, rows, texts, uuids } from '../../db/rows';
import { hasUsableAccount } from '../users/usable-account';

/**
 * SQL of applications and their audits (contracts/applications.ts). Tenant scoping comes from
 * row-level security; joins still name tenant_id so the planner uses the (tenant_id, …) keys. The
 * application is aliased `a` wherever a predicate of applications.auditors.ts is used.
 */

/**
 * The integer column keeps leaveDays rounded up (a migration would make it numeric); answers and the
 * audit-flow thresholds use the exact halves computed from the times (contracts/application-rules.ts).
 */
const storedDays = (days: number) => Math.ceil(days);

/** Raw statements answer timestamps as text: these columns become Dates. */
const { datedRows, datedFirst } = datedRowsOf(['starts_at', 'ends_at', 'submitted_at', 'decided_at', 'deadline_at', 'cancelled_at', 'created_at', 'at']);

export type ApplicationRecord = {
  id: string;
  tenant_id: string;
  kind: ApplicationKind;
  applicant_id: string;
  applicant_name: string;
  applicant_no: string;
  submitted_by: string;
  submitted_by_name: string;
  org_unit_id: string | null;
  org_parent_id: string | null;
  org_unit_name: string;
  leave_type: string;
  leave_type_name: string;
  starts_at: Date | null;
  ends_at: Date | null;
  days: number;
  reason: string;
  details: Record<string, unknown>;
  attachments: string[];
  state: ApplicationState;
  steps: AuditStep[];
  step: number;
  submitted_at: Date | null;
  decided_at: Date | null;
  deadline_at: Date | null;
  expired: boolean;
  cancel_state: CancelState;
  cancelled_at: Date | null;
  verify_code: string | null;
  version: number;
  created_at: Date;
};

/** The leave-type name of `a` in the caller's language. */
const leaveTypeName = (en: boolean) => sql`coalesce((
  SELECT ${en ? sql`coalesce(nullif(de.name_en, ''), de.name)` : sql`de.name`}
    FROM dict_entries de JOIN dict_types dt ON dt.tenant_id = de.tenant_id AND dt.id = de.type_id
   WHERE de.tenant_id = a.tenant_id AND de.code = a.leave_type
     AND dt.code = CASE a.kind WHEN 'student_leave' THEN 'STD_XSQJLX' WHEN 'staff_leave' THEN 'STD_JSQJLX' END
   LIMIT 1), '')`;

const recordColumns = (en: boolean) => sql`
  a.id, a.tenant_id, a.kind, a.applicant_id, ap.name AS applicant_name, ap.user_no AS applicant_no,
  a.submitted_by, sb.name AS submitted_by_name, a.org_unit_id, o.parent_id AS org_parent_id,
  coalesce(${en ? sql`nullif(o.name_en, '')` : sql`NULL`}, o.name, '') AS org_unit_name,
  a.leave_type, ${leaveTypeName(en)} AS leave_type_name, a.starts_at, a.ends_at, a.days, a.reason, a.details, a.attachments,
  a.state, a.steps, a.step, a.submitted_at, a.decided_at, a.deadline_at,
  (a.deadline_at IS NOT NULL AND a.deadline_at <= now()) AS expired,
  a.cancel_state, a.cancelled_at, a.verify_code, a.version, a.created_at`;

const recordFrom = sql`
  FROM applications a
  JOIN users ap ON ap.tenant_id = a.tenant_id AND ap.id = a.applicant_id
  JOIN users sb ON sb.tenant_id = a.tenant_id AND sb.id = a.submitted_by
  LEFT JOIN org_units o ON o.tenant_id = a.tenant_id AND o.id = a.org_unit_id`;

export type FileFacts = { id: string; owner_id: string; mime: string; size: number };

export type CallerFacts = {
  user_type: string;
  name: string;
  org_unit_id: string | null;
  roles: string[];
  head_classes: string[];
  grades_led: string[];
  grade_classes: string[];
  departments_headed: string[];
  children: string[];
};

export interface ApplicationWrite {
  tenantId: string;
  id: string;
  kind: ApplicationKind;
  applicantId: string;
  submittedBy: string;
  orgUnitId: string | null;
  leaveType: string;
  startsAt: Date | null;
  endsAt: Date | null;
  days: number;
  reason: string;
  details: Record<string, unknown>;
  attachments: string[];
  state: ApplicationState;
  steps: AuditStep[];
  submittedAt: Date | null;
  deadlineAt: Date | null;
  semesterId: string | null;
  userId: string;
}

export type FlowRecord = {
  id: string;
  kind: ApplicationKind;
  leave_type: string;
  min_days: number;
  steps: AuditStep[];
  deadline_days: number;
  version: number;
};

export type BlockedRecord = {
  id: string;
  name: string;
  starts_at: Date;
  ends_at: Date;
  kinds: ApplicationKind[];
  version: number;
};

export const applicationsRepository = {
  /** The search header's filters on `a` (ap applicant, o org unit): state / audit state, keyword, date range, org unit. */
  searchFilters: (search: ApplicationSearch): SQL[] => {
    const where: SQL[] = [];
    const state = search.state ?? '';
    if (state === 'expired') where.push(sql`a.deadline_at IS NOT NULL AND a.deadline_at <= now()`);
    else if ((APPLICATION_STATES as readonly string[]).includes(state)) where.push(sql`a.state = ${state}`);
    else if ((CANCEL_STATES as readonly string[]).includes(state)) where.push(sql`a.state = 'approved' AND a.cancel_state = ${state}`);
    else if (state.startsWith('pending:role:')) where.push(sql`a.state = 'pending' AND a.steps -> a.step ->> 'kind' = 'role' AND a.steps -> a.step ->> 'roleCode' = ${state.slice(13)}`);
    else if (state.startsWith('pending:')) where.push(sql`a.state = 'pending' AND a.steps -> a.step ->> 'kind' = ${state.slice(8)}`);
    else if (state) where.push(sql`false`);
    if (search.keyword) {
      const like = `%${search.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(ap.name ILIKE ${like} OR ap.user_no ILIKE ${like})`);
    }
    const rangeStart = sql`coalesce(a.starts_at, a.submitted_at, a.created_at)`;
    const rangeEnd = sql`coalesce(a.cancelled_at, a.ends_at, a.submitted_at, a.created_at)`;
    if (search.from) where.push(sql`${rangeEnd} >= ${`${search.from}T00:00:00+08:00`}::timestamptz`);
    if (search.to) where.push(sql`${rangeStart} < (${`${search.to}T00:00:00+08:00`}::timestamptz + interval '1 day')`);
    if (search.orgUnitId) where.push(sql`(a.org_unit_id = ${search.orgUnitId}::uuid OR o.parent_id = ${search.orgUnitId}::uuid)`);
    return where;
  },

  /** The caller's type, roles and duties (what the audit rule needs). */
  callerFacts: (tx: Tx, userId: string) =>
    tx
      .execute<CallerFacts>(
        sql`SELECT u.user_type, u.name, u.org_unit_id,
              coalesce((SELECT array_agg(r.code) FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
                         WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id), '{}') AS roles,
              coalesce((SELECT array_agg(d.org_unit_id::text) FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'head_teacher'), '{}') AS head_classes,
              coalesce((SELECT array_agg(d.org_unit_id::text) FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'grade_leader'), '{}') AS grades_led,
              coalesce((SELECT array_agg(o.id::text) FROM staff_duties d JOIN org_units o ON o.tenant_id = d.tenant_id AND o.parent_id = d.org_unit_id
                         WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'grade_leader'), '{}') AS grade_classes,
              coalesce((SELECT array_agg(d.org_unit_id::text) FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'department_head'), '{}') AS departments_headed,
              coalesce((SELECT array_agg(ps.student_id::text) FROM parent_students ps WHERE ps.tenant_id = u.tenant_id AND ps.parent_id = u.id), '{}') AS children
            FROM users u WHERE u.id = ${userId}`,
      )
      .then((result) => result.rows[0]),

  /** One application (undefined: none). `lock`: FOR UPDATE of the application row. */
  find: (tx: Tx, id: string, en = false, lock = false) =>
    tx
      .execute<ApplicationRecord>(sql`SELECT ${recordColumns(en)} ${recordFrom} WHERE a.id = ${id}${lock ? sql` FOR UPDATE OF a` : sql``}`)
      .then(datedFirst<ApplicationRecord>),

  /** Several that satisfy `visible` (on `a`), locked, in id order (batch audit). */
  findMany: (tx: Tx, ids: readonly string[], visible: SQL, en = false) =>
    tx
      .execute<ApplicationRecord>(sql`SELECT ${recordColumns(en)} ${recordFrom} WHERE a.id = ANY(${uuids(ids)}) AND ${visible} ORDER BY a.id FOR UPDATE OF a`)
      .then(datedRows<ApplicationRecord>),

  /** Kinds with an audit flow holding a role step of one of these roles. */
  flowRoleKinds: (tx: Tx, roles: readonly string[]) =>
    roles.length === 0
      ? Promise.resolve([] as ApplicationKind[])
      : tx
          .execute<{ kind: ApplicationKind }>(
            sql`SELECT DISTINCT f.kind FROM audit_flows f CROSS JOIN LATERAL jsonb_array_elements(f.steps) st
                 WHERE st ->> 'kind' = 'role' AND st ->> 'roleCode' = ANY(${texts(roles)})`,
          )
          .then((result) => (result.rows as { kind: ApplicationKind }[]).map((row) => row.kind)),

  /** Serialises the submissions of one applicant and kind (the overlap check) until the transaction ends. */
  lockApplicant: (tx: Tx, tenantId: string, applicantId: string, kind: ApplicationKind) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`applications:${tenantId}:${applicantId}:${kind}`}))`),

  /** Whether `a` (the application `id`) satisfies `predicate`. */
  satisfies: (tx: Tx, id: string, predicate: SQL) =>
    tx.execute<{ ok: boolean }>(sql`SELECT ${predicate} AS ok FROM applications a WHERE a.id = ${id}`).then((result) => result.rows[0]?.ok === true),

  /** A page of applications matching `where` (on `a`, `ap` applicant), newest first, with the total. */
  page: (tx: Tx, where: SQL, offset: number, limit: number, en: boolean) =>
    tx
      .execute<ApplicationRecord & { total: number }>(
        sql`SELECT ${recordColumns(en)}, count(*) OVER ()::int AS total ${recordFrom} WHERE ${where}
            ORDER BY a.created_at DESC, a.id DESC OFFSET ${offset} LIMIT ${limit}`,
      )
      .then(datedRows<ApplicationRecord & { total: number }>),

  count: (tx: Tx, where: SQL) =>
    tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${recordFrom} WHERE ${where}`).then((result) => result.rows[0]?.n ?? 0),

  countByKind: (tx: Tx, where: SQL) =>
    tx.execute<{ kind: ApplicationKind; n: number }>(sql`SELECT a.kind, count(*)::int AS n FROM applications a WHERE ${where} GROUP BY a.kind`).then(rows<{ kind: ApplicationKind; n: number }>),

  events: (tx: Tx, applicationId: string) =>
    tx
      .execute<{ id: string; action: EventAction; step: number | null; actor_id: string; actor_name: string; opinion: string; at: Date }>(
        sql`SELECT e.id, e.action, e.step, e.actor_id, coalesce(u.name, '') AS actor_name, e.opinion, e.at
              FROM application_events e LEFT JOIN users u ON u.tenant_id = e.tenant_id AND u.id = e.actor_id
             WHERE e.application_id = ${applicationId} ORDER BY e.at, e.id`,
      )
      .then(datedRows<{ id: string; action: EventAction; step: number | null; actor_id: string; actor_name: string; opinion: string; at: Date }>),

  /** Whether anyone passed or rejected it yet. */
  audited: (tx: Tx, applicationId: string) =>
    tx
      .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM application_events WHERE application_id = ${applicationId} AND action IN ('pass', 'reject')`)
      .then((result) => (result.rows[0]?.n ?? 0) > 0),

  /** The files of these ids (owner, type, size): what an attachment must be. */
  files: (tx: Tx, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([] as FileFacts[])
      : tx.execute<FileFacts>(sql`SELECT f.id::text, f.owner_id::text, f.mime, f.size::float8 AS size FROM files f WHERE f.id = ANY(${uuids(ids)})`).then(rows<FileFacts>),

  /** A user's type, name and org unit (a student's class, a staff member's department). */
  user: (tx: Tx, userId: string) =>
    tx
      .execute<{ id: string; user_type: string; name: string; org_unit_id: string | null; enabled: boolean }>(
        sql`SELECT u.id, u.user_type, u.name, u.org_unit_id, u.enabled FROM users u WHERE u.id = ${userId}`,
      )
      .then((result) => result.rows[0]),

  isParentOf: (tx: Tx, parentId: string, studentId: string) =>
    tx.execute(sql`SELECT 1 FROM parent_students WHERE parent_id = ${parentId} AND student_id = ${studentId}`).then((result) => result.rows.length > 0),

  /** The student's parents with a usable account (the ones a notification can reach). */
  parentsOf: (tx: Tx, studentId: string) =>
    tx
      .execute<{ parent_id: string }>(
        sql`SELECT ps.parent_id FROM parent_students ps JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
             WHERE ps.student_id = ${studentId} AND ${hasUsableAccount('p')}`,
      )
      .then((result) => (result.rows as { parent_id: string }[]).map((row) => row.parent_id)),

  /** The caller teaches the class (subject or head teacher). */
  teaches: (tx: Tx, userId: string, classId: string) =>
    tx
      .execute(sql`SELECT 1 FROM staff_duties d JOIN org_units o ON o.tenant_id = d.tenant_id AND o.id = d.org_unit_id AND o.kind = 'class'
                   WHERE d.user_id = ${userId} AND d.org_unit_id = ${classId} AND d.duty IN ('subject_teacher', 'head_teacher')`)
      .then((result) => result.rows.length > 0),

  /** How many of these ids are published exam batches of the class's grade. */
  publishedBatches: (tx: Tx, ids: readonly string[], classId: string | null) =>
    tx
      .execute<{ id: string }>(
        sql`SELECT b.id FROM exam_batches b WHERE b.id = ANY(${uuids(ids)}) AND b.published
              AND EXISTS (SELECT 1 FROM org_units c WHERE c.tenant_id = b.tenant_id AND c.id = ${classId} AND c.parent_id = ANY(b.grade_ids))`,
      )
      .then((result) => result.rows.length),

  /** An active (pending and not past its deadline, or approved up to its return time) application of the kind and applicant overlapping the range. */
  overlapping: (tx: Tx, input: { id: string; kind: ApplicationKind; applicantId: string; startsAt: Date; endsAt: Date }) =>
    tx
      .execute<{ starts_at: Date; ends_at: Date }>(
        sql`SELECT a.starts_at, coalesce(a.cancelled_at, a.ends_at) AS ends_at FROM applications a
             WHERE a.kind = ${input.kind} AND a.applicant_id = ${input.applicantId} AND a.id <> ${input.id}
               AND (a.state = 'approved' OR (a.state = 'pending' AND (a.deadline_at IS NULL OR a.deadline_at > now()))) AND a.starts_at < ${input.endsAt} AND coalesce(a.cancelled_at, a.ends_at) > ${input.startsAt}
             ORDER BY a.starts_at LIMIT 1`,
      )
      .then(datedFirst<{ starts_at: Date; ends_at: Date }>),

  /** A blocked period of the kind the range touches. */
  blockedHit: (tx: Tx, kind: ApplicationKind, startsAt: Date, endsAt: Date) =>
    tx
      .execute<{ name: string; starts_at: Date; ends_at: Date }>(
        sql`SELECT name, starts_at, ends_at FROM blocked_periods
             WHERE ${kind} = ANY(kinds) AND starts_at < ${endsAt} AND ends_at > ${startsAt} ORDER BY starts_at LIMIT 1`,
      )
      .then(datedFirst<{ name: string; starts_at: Date; ends_at: Date }>),

  /** The school's chain for the kind, type and length: exact type first, then any type; the largest minDays ≤ days. */
  chooseFlow: (tx: Tx, kind: ApplicationKind, leaveType: string, days: number) =>
    tx
      .execute<FlowRecord>(
        sql`SELECT id, kind, leave_type, min_days, steps, deadline_days, version FROM audit_flows
             WHERE kind = ${kind} AND leave_type IN (${leaveType}, '') AND min_days <= ${days}::numeric
             ORDER BY (leave_type = ${leaveType} AND leave_type <> '') DESC, min_days DESC LIMIT 1`,
      )
      .then((result) => result.rows[0]),

  /** The semester whose dates contain the day, else the current one. */
  semesterOf: (tx: Tx, day: string | null) =>
    tx
      .execute<{ id: string }>(
        sql`SELECT id FROM semesters ORDER BY (${day}::date BETWEEN start_date AND end_date) DESC NULLS LAST, is_current DESC, start_date DESC LIMIT 1`,
      )
      .then((result) => result.rows[0]?.id ?? null),

  insert: (tx: Tx, row: ApplicationWrite) =>
    tx.execute(
      sql`INSERT INTO applications (tenant_id, id, kind, applicant_id, submitted_by, org_unit_id, leave_type, starts_at, ends_at, days, reason, details,
            attachments, state, steps, step, submitted_at, deadline_at, semester_id, created_by, updated_by)
          VALUES (${row.tenantId}, ${row.id}, ${row.kind}, ${row.applicantId}, ${row.submittedBy}, ${row.orgUnitId}, ${row.leaveType}, ${row.startsAt},
            ${row.endsAt}, ${storedDays(row.days)}, ${row.reason}, ${JSON.stringify(row.details)}::jsonb, ${texts(row.attachments)}, ${row.state},
            ${JSON.stringify(row.steps)}::jsonb, 0, ${row.submittedAt}, ${row.deadlineAt}, ${row.semesterId}, ${row.userId}, ${row.userId})`,
    ),

  /** Rewrites a draft (only at `version`); false when it moved. */
  updateDraft: (tx: Tx, row: ApplicationWrite, version: number) =>
    tx
      .execute(
        sql`UPDATE applications SET applicant_id = ${row.applicantId}, org_unit_id = ${row.orgUnitId}, leave_type = ${row.leaveType},
              starts_at = ${row.startsAt}, ends_at = ${row.endsAt}, days = ${storedDays(row.days)}, reason = ${row.reason}, details = ${JSON.stringify(row.details)}::jsonb,
              attachments = ${texts(row.attachments)}, state = ${row.state}, steps = ${JSON.stringify(row.steps)}::jsonb, step = 0,
              submitted_at = ${row.submittedAt}, deadline_at = ${row.deadlineAt}, semester_id = ${row.semesterId},
              updated_at = now(), updated_by = ${row.userId}, version = version + 1
            WHERE id = ${row.id} AND state = 'draft' AND version = ${version} RETURNING id`,
      )
      .then((result) => result.rows.length === 1),

  /** Moves an application (only at `version`): state, step, decision, cancellation, proof code. */
  transition: (
    tx: Tx,
    id: string,
    version: number,
    userId: string,
    change: { state?: ApplicationState; step?: number; decided?: boolean; cancelledAt?: Date; verifyCode?: string; details?: Record<string, unknown> },
  ) =>
    tx
      .execute(
        sql`UPDATE applications SET
              state = coalesce(${change.state ?? null}, state),
              step = coalesce(${change.step ?? null}::int, step),
              decided_at = CASE WHEN ${change.decided === true} THEN now() ELSE decided_at END,
              cancel_state = CASE WHEN ${change.cancelledAt ?? null}::timestamptz IS NULL THEN cancel_state ELSE 'cancelled' END,
              cancelled_at = coalesce(${change.cancelledAt ?? null}::timestamptz, cancelled_at),
              verify_code = coalesce(${change.verifyCode ?? null}, verify_code),
              details = coalesce(${change.details ? JSON.stringify(change.details) : null}::jsonb, details),
              updated_at = now(), updated_by = ${userId}, version = version + 1
            WHERE id = ${id} AND version = ${version} RETURNING id`,
      )
      .then((result) => result.rows.length === 1),

  addEvent: (tx: Tx, row: { tenantId: string; id: string; applicationId: string; action: EventAction; step: number | null; actorId: string; opinion: string }) =>
    tx.execute(
      sql`INSERT INTO application_events (tenant_id, id, application_id, action, step, actor_id, opinion, created_by, updated_by)
          VALUES (${row.tenantId}, ${row.id}, ${row.applicationId}, ${row.action}, ${row.step}, ${row.actorId}, ${row.opinion}, ${row.actorId}, ${row.actorId})`,
    ),

  /** Users who may audit (a query from auditorsOfStep). */
  userIds: (tx: Tx, query: SQL) => tx.execute<{ id: string }>(query).then((result) => (result.rows as { id: string }[]).map((row) => row.id)),

  /** Role names by code. */
  roleNames: (tx: Tx) =>
    tx.execute<{ code: string; name: string; name_en: string }>(sql`SELECT code, name, name_en FROM roles`).then(rows<{ code: string; name: string; name_en: string }>),

  roleExists: (tx: Tx, code: string) => tx.execute(sql`SELECT 1 FROM roles WHERE code = ${code}`).then((result) => result.rows.length > 0),

  /** The role grants permission `permission` (through its menus; admin grants everything). */
  roleGrants: (tx: Tx, roleCode: string, permission: string) =>
    tx
      .execute(
        sql`SELECT 1 FROM roles r WHERE r.code = ${roleCode} AND (r.code = 'admin' OR EXISTS (
              SELECT 1 FROM role_menus rm JOIN menus m ON m.tenant_id = rm.tenant_id AND m.id = rm.menu_id
               WHERE rm.tenant_id = r.tenant_id AND rm.role_id = r.id AND ${permission} = ANY(m.perms)))`,
      )
      .then((result) => result.rows.length > 0),

  /* -------------------------------------------------------------- options */

  /** A student's own record or a parent's children, with class names. */
  studentsOf: (tx: Tx, userId: string, en: boolean) =>
    tx
      .execute<{ id: string; name: string; class_name: string; grade_id: string | null }>(
        sql`SELECT s.id, s.name, coalesce(${en ? sql`nullif(c.name_en, '')` : sql`NULL`}, c.name, '') AS class_name, c.parent_id AS grade_id
              FROM users s LEFT JOIN org_units c ON c.tenant_id = s.tenant_id AND c.id = s.org_unit_id
             WHERE s.user_type = '2' AND s.enabled AND (s.id = ${userId}
                   OR EXISTS (SELECT 1 FROM parent_students ps WHERE ps.tenant_id = s.tenant_id AND ps.parent_id = ${userId} AND ps.student_id = s.id))
             ORDER BY s.user_no, s.name`,
      )
      .then(rows<{ id: string; name: string; class_name: string; grade_id: string | null }>),

  /** Published batches of the grades. */
  publishedBatchesOfGrades: (tx: Tx, gradeIds: readonly string[]) =>
    tx
      .execute<{ id: string; name: string; grade_ids: string[] }>(
        sql`SELECT b.id, b.name, b.grade_ids::text[] AS grade_ids FROM exam_batches b WHERE b.published AND b.grade_ids && ${uuids(gradeIds)} ORDER BY b.start_date DESC, b.sort`,
      )
      .then(rows<{ id: string; name: string; grade_ids: string[] }>),

  /** Classes the user teaches with the subject codes (head teacher: no subject of its own). */
  classesTaught: (tx: Tx, userId: string, en: boolean) =>
    tx
      .execute<{ id: string; name: string; subjects: string[] }>(
        sql`SELECT c.id, coalesce(${en ? sql`nullif(c.name_en, '')` : sql`NULL`}, c.name) AS name,
              coalesce(array_agg(d.subject ORDER BY d.subject) FILTER (WHERE d.duty = 'subject_teacher'), '{}') AS subjects
              FROM staff_duties d JOIN org_units c ON c.tenant_id = d.tenant_id AND c.id = d.org_unit_id AND c.kind = 'class'
             WHERE d.user_id = ${userId} AND d.duty IN ('subject_teacher', 'head_teacher')
             GROUP BY c.id, c.name, c.name_en, c.sort ORDER BY c.sort, c.name`,
      )
      .then(rows<{ id: string; name: string; subjects: string[] }>),

  colleagues: (tx: Tx, userId: string, en: boolean) =>
    tx
      .execute<{ id: string; name: string; department_name: string }>(
        sql`SELECT u.id, u.name, coalesce(${en ? sql`nullif(o.name_en, '')` : sql`NULL`}, o.name, '') AS department_name
              FROM users u LEFT JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id
             WHERE u.user_type IN ('1', '3') AND u.enabled AND u.id <> ${userId} ORDER BY o.sort NULLS LAST, u.user_no, u.name`,
      )
      .then(rows<{ id: string; name: string; department_name: string }>),

  /* -------------------------------------------------------------- settings */

  flows: (tx: Tx) =>
    tx
      .execute<FlowRecord>(sql`SELECT id, kind, leave_type, min_days, steps, deadline_days, version FROM audit_flows ORDER BY kind, leave_type, min_days`)
      .then(rows<FlowRecord>),

  flow: (tx: Tx, id: string) =>
    tx.execute<FlowRecord>(sql`SELECT id, kind, leave_type, min_days, steps, deadline_days, version FROM audit_flows WHERE id = ${id} FOR UPDATE`).then((result) => result.rows[0]),

  flowExists: (tx: Tx, kind: ApplicationKind, leaveType: string, minDays: number, exceptId: string | null) =>
    tx
      .execute(sql`SELECT 1 FROM audit_flows WHERE kind = ${kind} AND leave_type = ${leaveType} AND min_days = ${minDays} AND id <> coalesce(${exceptId}::uuid, '00000000-0000-0000-0000-000000000000')`)
      .then((result) => result.rows.length > 0),

  insertFlow: (tx: Tx, row: { tenantId: string; id: string; kind: ApplicationKind; leaveType: string; minDays: number; steps: AuditStep[]; deadlineDays: number; userId: string }) =>
    tx.execute(
      sql`INSERT INTO audit_flows (tenant_id, id, kind, leave_type, min_days, steps, deadline_days, created_by, updated_by)
          VALUES (${row.tenantId}, ${row.id}, ${row.kind}, ${row.leaveType}, ${row.minDays}, ${JSON.stringify(row.steps)}::jsonb, ${row.deadlineDays}, ${row.userId}, ${row.userId})`,
    ),

  updateFlow: (tx: Tx, row: { id: string; version: number; kind: ApplicationKind; leaveType: string; minDays: number; steps: AuditStep[]; deadlineDays: number; userId: string }) =>
    tx
      .execute(
        sql`UPDATE audit_flows SET kind = ${row.kind}, leave_type = ${row.leaveType}, min_days = ${row.minDays}, steps = ${JSON.stringify(row.steps)}::jsonb,
              deadline_days = ${row.deadlineDays}, updated_at = now(), updated_by = ${row.userId}, version = version + 1
            WHERE id = ${row.id} AND version = ${row.version} RETURNING id`,
      )
      .then((result) => result.rows.length === 1),

  deleteFlow: (tx: Tx, id: string, version: number) =>
    tx.execute(sql`DELETE FROM audit_flows WHERE id = ${id} AND version = ${version} RETURNING id`).then((result) => result.rows.length === 1),

  /** Blocked periods ending after `from` (null: all), by start. */
  blockedPeriods: (tx: Tx, from: Date | null) =>
    tx
      .execute<BlockedRecord>(sql`SELECT id, name, starts_at, ends_at, kinds, version FROM blocked_periods WHERE ${from}::timestamptz IS NULL OR ends_at > ${from} ORDER BY starts_at, name`)
      .then(datedRows<BlockedRecord>),

  blockedPeriod: (tx: Tx, id: string) =>
    tx.execute<BlockedRecord>(sql`SELECT id, name, starts_at, ends_at, kinds, version FROM blocked_periods WHERE id = ${id} FOR UPDATE`).then((result) => result.rows[0]),

  insertBlocked: (tx: Tx, row: { tenantId: string; id: string; name: string; startsAt: Date; endsAt: Date; kinds: ApplicationKind[]; userId: string }) =>
    tx.execute(
      sql`INSERT INTO blocked_periods (tenant_id, id, name, starts_at, ends_at, kinds, created_by, updated_by)
          VALUES (${row.tenantId}, ${row.id}, ${row.name}, ${row.startsAt}, ${row.endsAt}, ${texts(row.kinds)}, ${row.userId}, ${row.userId})`,
    ),

  updateBlocked: (tx: Tx, row: { id: string; version: number; name: string; startsAt: Date; endsAt: Date; kinds: ApplicationKind[]; userId: string }) =>
    tx
      .execute(
        sql`UPDATE blocked_periods SET name = ${row.name}, starts_at = ${row.startsAt}, ends_at = ${row.endsAt}, kinds = ${texts(row.kinds)},
              updated_at = now(), updated_by = ${row.userId}, version = version + 1
            WHERE id = ${row.id} AND version = ${row.version} RETURNING id`,
      )
      .then((result) => result.rows.length === 1),

  deleteBlocked: (tx: Tx, id: string, version: number) =>
    tx.execute(sql`DELETE FROM blocked_periods WHERE id = ${id} AND version = ${version} RETURNING id`).then((result) => result.rows.length === 1),
};
