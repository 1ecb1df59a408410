import { type SQL, sql } from 'drizzle-orm';
import { type ApplicationKind, type AuditStep, DEFAULT_FLOWS, KIND_PERMISSIONS } from '../../../contracts/application-rules';

/**
 * Who may audit a step (brief: AuditStep): head_teacher of the application's class (orgUnitId),
 * grade_leader of that class's grade (its parent org unit), department_head of orgUnitId, role: a
 * member of roleCode; the auditor must also hold the kind's audit permission. An administrator may
 * audit any step. Nobody audits what they applied for or filed (checked by the callers).
 *
 * The same rule three times: `mayAuditStep` (pure, one application and the caller's facts),
 * `mayAuditNow` (SQL predicate on an application aliased `a`, for lists and counts) and
 * `auditorsOfStep` (SQL: the users who may audit a step, for the messages).
 */

/** What the rule needs to know about the caller (read once per request). */
export interface Caller {
  userId: string;
  userType: string;
  admin: boolean;
  roles: string[];
  /** permission codes */
  codes: ReadonlySet<string>;
  headClasses: string[];
  gradesLed: string[];
  departmentsHeaded: string[];
  /** a student's class, a staff member's department */
  orgUnitId: string | null;
}

/** Kinds the caller holds the audit permission of. */
export const auditKindsOf = (caller: Caller, kinds: readonly ApplicationKind[]) => kinds.filter((kind) => caller.admin || caller.codes.has(KIND_PERMISSIONS[kind].audit));

/** The facts of one application the rule looks at. */
export interface AuditTarget {
  kind: ApplicationKind;
  orgUnitId: string | null;
  /** the org unit's parent (the class's grade) */
  orgParentId: string | null;
}

/** Whether the caller may audit `step` of the target (not considering who applied). */
export function mayAuditStep(caller: Caller, target: AuditTarget, step: AuditStep | undefined): boolean {
  if (!step) return false;
  if (caller.admin) return true;
  if (!caller.codes.has(KIND_PERMISSIONS[target.kind].audit)) return false;
  switch (step.kind) {
    case 'head_teacher':
      return target.orgUnitId !== null && caller.headClasses.includes(target.orgUnitId);
    case 'grade_leader':
      return target.orgParentId !== null && caller.gradesLed.includes(target.orgParentId);
    case 'department_head':
      return target.orgUnitId !== null && caller.departmentsHeaded.includes(target.orgUnitId);
    case 'role':
      return step.roleCode !== undefined && caller.roles.includes(step.roleCode);
  }
}

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** SQL: the step the application `a` is at (jsonb). */
const currentStep = sql`(a.steps -> a.step)`;
/** SQL: the parent of the application's org unit (the class's grade). */
export const orgParentOf = sql`(SELECT o.parent_id FROM org_units o WHERE o.tenant_id = a.tenant_id AND o.id = a.org_unit_id)`;

/**
 * SQL predicate: the caller may audit application `a` at its current step now (pending, not past
 * its deadline, not their own, a kind they audit, their step).
 */
export function mayAuditNow(caller: Caller, auditKinds: readonly ApplicationKind[]): SQL {
  if (auditKinds.length === 0) return sql`false`;
  const mine = caller.admin
    ? sql`true`
    : sql`(
        (${currentStep} ->> 'kind' = 'head_teacher' AND a.org_unit_id = ANY(${uuids(caller.headClasses)}))
        OR (${currentStep} ->> 'kind' = 'grade_leader' AND ${orgParentOf} = ANY(${uuids(caller.gradesLed)}))
        OR (${currentStep} ->> 'kind' = 'department_head' AND a.org_unit_id = ANY(${uuids(caller.departmentsHeaded)}))
        OR (${currentStep} ->> 'kind' = 'role' AND ${currentStep} ->> 'roleCode' = ANY(${texts(caller.roles)}))
      )`;
  return sql`(a.state = 'pending' AND (a.deadline_at IS NULL OR a.deadline_at > now())
    AND a.applicant_id <> ${caller.userId} AND a.submitted_by <> ${caller.userId}
    AND a.kind = ANY(${texts(auditKinds)}) AND ${mine})`;
}

/**
 * SQL predicate: application `a` is in the caller's audit reach ("all"): head teacher of its class,
 * leader of its grade, head of its department, holder of a role that is a step of the kind's chains
 * (every one of the kind), or admin; or the caller audited it. Only kinds the caller audits.
 */
export function inAuditReach(caller: Caller, auditKinds: readonly ApplicationKind[]): SQL {
  if (auditKinds.length === 0) return sql`false`;
  if (caller.admin) return sql`a.kind = ANY(${texts(auditKinds)})`;
  // a role that is a step of the kind's chains (the default one, a configured one, this one's) sees all of the kind
  const roleKinds = auditKinds.filter((kind) => DEFAULT_FLOWS[kind].some((step) => step.kind === 'role' && caller.roles.includes(step.roleCode ?? '')));
  return sql`(a.kind = ANY(${texts(auditKinds)}) AND (
    a.kind = ANY(${texts(roleKinds)})
    OR a.org_unit_id = ANY(${uuids([...caller.headClasses, ...caller.departmentsHeaded])})
    OR ${orgParentOf} = ANY(${uuids(caller.gradesLed)})
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(a.steps) st WHERE st ->> 'kind' = 'role' AND st ->> 'roleCode' = ANY(${texts(caller.roles)}))
    OR EXISTS (SELECT 1 FROM audit_flows f CROSS JOIN LATERAL jsonb_array_elements(f.steps) st
                WHERE f.tenant_id = a.tenant_id AND f.kind = a.kind AND st ->> 'kind' = 'role' AND st ->> 'roleCode' = ANY(${texts(caller.roles)}))
    OR ${auditedBy(caller.userId)}
  ))`;
}

/** SQL predicate: the user passed or rejected application `a`. */
export const auditedBy = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM application_events e WHERE e.tenant_id = a.tenant_id AND e.application_id = a.id AND e.actor_id = ${userId} AND e.action IN ('pass', 'reject'))`;

/** SQL predicate: application `a` is the caller's own (applicant, filer, or a parent's child). */
export const ownedBy = (userId: string) =>
  sql`(a.applicant_id = ${userId} OR a.submitted_by = ${userId}
    OR EXISTS (SELECT 1 FROM parent_students ps WHERE ps.tenant_id = a.tenant_id AND ps.parent_id = ${userId} AND ps.student_id = a.applicant_id))`;

/** SQL predicate on users `u`: holds permission `code` (or is an administrator). */
export const holdsCode = (code: string) => sql`EXISTS (
  SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
  WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id AND (r.code = 'admin' OR EXISTS (
    SELECT 1 FROM role_menus rm JOIN menus m ON m.tenant_id = rm.tenant_id AND m.id = rm.menu_id
    WHERE rm.tenant_id = r.tenant_id AND rm.role_id = r.id AND ${code} = ANY(m.perms))))`;

/**
 * SQL: ids of the enabled users who may audit `step` of an application of `kind` in `orgUnitId`
 * (not counting administrators, who may audit anything but are told only when the step is theirs).
 */
export function auditorsOfStep(kind: ApplicationKind, orgUnitId: string | null, step: AuditStep): SQL {
  const code = KIND_PERMISSIONS[kind].audit;
  let who: SQL;
  switch (step.kind) {
    case 'head_teacher':
      who = sql`EXISTS (SELECT 1 FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'head_teacher' AND d.org_unit_id = ${orgUnitId})`;
      break;
    case 'grade_leader':
      who = sql`EXISTS (SELECT 1 FROM staff_duties d JOIN org_units o ON o.tenant_id = d.tenant_id AND o.parent_id = d.org_unit_id
        WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'grade_leader' AND o.id = ${orgUnitId})`;
      break;
    case 'department_head':
      who = sql`EXISTS (SELECT 1 FROM staff_duties d WHERE d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.duty = 'department_head' AND d.org_unit_id = ${orgUnitId})`;
      break;
    case 'role':
      who = sql`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
        WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id AND r.code = ${step.roleCode ?? ''})`;
      break;
  }
  return sql`SELECT u.id FROM users u WHERE u.enabled AND ${who} AND ${holdsCode(code)}`;
}
