import { type SQL, sql } from 'drizzle-orm';
import { APPLICATION_KINDS, type ApplicationKind, type AuditStep, DEFAULT_FLOWS, KIND_PERMISSIONS } from '../../../contracts/application-rules';
import { texts, uuids } from '../../db/rows';

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
  /** the classes of the grades led (resolved up front, so no per-row parent lookup) */
  gradeClasses: string[];
  departmentsHeaded: string[];
  /** a parent's children (a student: none): whose applications are the caller's own */
  children: string[];
  /** kinds with a role step of the caller's roles in a chain (default or configured): all of the kind in reach */
  roleKinds: ApplicationKind[];
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

/** SQL predicate on users `u`: holds permission `code` (or is an administrator). */
export const holdsCode = (code: string | SQL) => sql`EXISTS (
  SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
  WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id AND (r.code = 'admin' OR EXISTS (
    SELECT 1 FROM role_menus rm JOIN menus m ON m.tenant_id = rm.tenant_id AND m.id = rm.menu_id
    WHERE rm.tenant_id = r.tenant_id AND rm.role_id = r.id AND ${code} = ANY(m.perms))))`;

/** SQL: the step the application `a` is at (jsonb). */
const currentStep = sql`(a.steps -> a.step)`;

/** SQL: the audit permission code of the kind of `a`. */
const auditCodeOfA = sql`(CASE a.kind ${sql.join(
  APPLICATION_KINDS.map((kind) => sql`WHEN ${kind} THEN ${KIND_PERMISSIONS[kind].audit}`),
  sql` `,
)} END)`;

/**
 * SQL predicate: the current step of application `a` has nobody who may audit it apart from the
 * applicant and the filer (administrators count only through the duty or role of the step): the
 * administrators' fallback (their todo, and the message of tellAuditors).
 */
export const stepWithoutAuditor = (() => {
  // each branch starts from the duty or role (indexed), then the user: enabled, not the applicant or filer, holding the code
  const user = sql`JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.user_id
    AND u.enabled AND u.id <> a.applicant_id AND u.id <> a.submitted_by AND ${holdsCode(auditCodeOfA)}`;
  const duty = (name: string, unit: SQL) =>
    sql`EXISTS (SELECT 1 FROM staff_duties d ${user} WHERE d.tenant_id = a.tenant_id AND d.duty = ${name} AND d.org_unit_id = ${unit})`;
  const grade = sql`(SELECT o.parent_id FROM org_units o WHERE o.tenant_id = a.tenant_id AND o.id = a.org_unit_id)`;
  const role = sql`EXISTS (SELECT 1 FROM roles r JOIN user_roles d ON d.tenant_id = r.tenant_id AND d.role_id = r.id ${user}
    WHERE r.tenant_id = a.tenant_id AND r.code = ${currentStep} ->> 'roleCode')`;
  return sql`NOT (CASE ${currentStep} ->> 'kind'
    WHEN 'head_teacher' THEN ${duty('head_teacher', sql`a.org_unit_id`)}
    WHEN 'department_head' THEN ${duty('department_head', sql`a.org_unit_id`)}
    WHEN 'grade_leader' THEN ${duty('grade_leader', grade)}
    WHEN 'role' THEN ${role}
    ELSE false END)`;
})();

/**
 * SQL predicate: the caller may audit application `a` at its current step now (pending, not past
 * its deadline, not their own, a kind they audit, their step).
 *
 * An administrator's todo (and todo-count) holds the steps they hold through their roles and duties
 * like anyone else's, plus the steps nobody else can audit (stepWithoutAuditor): not every pending
 * application of the school. Their override stays for the action itself (mayAuditStep) and for the
 * 'all' scope (inAuditReach).
 */
export function mayAuditNow(caller: Caller, auditKinds: readonly ApplicationKind[]): SQL {
  if (auditKinds.length === 0) return sql`false`;
  const held = sql`(
        (${currentStep} ->> 'kind' = 'head_teacher' AND a.org_unit_id = ANY(${uuids(caller.headClasses)}))
        OR (${currentStep} ->> 'kind' = 'grade_leader' AND a.org_unit_id = ANY(${uuids(caller.gradeClasses)}))
        OR (${currentStep} ->> 'kind' = 'department_head' AND a.org_unit_id = ANY(${uuids(caller.departmentsHeaded)}))
        OR (${currentStep} ->> 'kind' = 'role' AND ${currentStep} ->> 'roleCode' = ANY(${texts(caller.roles)}))
      )`;
  const mine = caller.admin ? sql`(${held} OR ${stepWithoutAuditor})` : held;
  return sql`(a.state = 'pending' AND (a.deadline_at IS NULL OR a.deadline_at > now())
    AND a.applicant_id <> ${caller.userId} AND a.submitted_by <> ${caller.userId}
    AND a.kind = ANY(${texts(auditKinds)}) AND ${mine})`;
}

/** Kinds whose default chain has a role step of these roles (the configured chains: repository.flowRoleKinds). */
export const defaultRoleKinds = (roles: readonly string[]) =>
  APPLICATION_KINDS.filter((kind) => DEFAULT_FLOWS[kind].some((step) => step.kind === 'role' && roles.includes(step.roleCode ?? '')));

/**
 * SQL predicate: application `a` is in the caller's audit reach ("all"): head teacher of its class,
 * leader of its grade, head of its department, holder of a role that is a step of the kind's chains
 * (every one of the kind: caller.roleKinds), waiting now at a role step of theirs, or admin; or the
 * caller audited it. Only kinds the caller audits.
 */
export function inAuditReach(caller: Caller, auditKinds: readonly ApplicationKind[]): SQL {
  if (auditKinds.length === 0) return sql`false`;
  if (caller.admin) return sql`a.kind = ANY(${texts(auditKinds)})`;
  const roleKinds = auditKinds.filter((kind) => caller.roleKinds.includes(kind));
  return sql`(a.kind = ANY(${texts(auditKinds)}) AND (
    a.kind = ANY(${texts(roleKinds)})
    OR a.org_unit_id = ANY(${uuids([...caller.headClasses, ...caller.departmentsHeaded, ...caller.gradeClasses])})
    OR (a.state = 'pending' AND ${currentStep} ->> 'kind' = 'role' AND ${currentStep} ->> 'roleCode' = ANY(${texts(caller.roles)}))
    OR ${auditedBy(caller.userId)}
  ))`;
}

/** SQL predicate: the user passed or rejected application `a`. */
export const auditedBy = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM application_events e WHERE e.tenant_id = a.tenant_id AND e.application_id = a.id AND e.actor_id = ${userId} AND e.action IN ('pass', 'reject'))`;

/**
 * SQL predicate: application `a` is the caller's own: applicant, filer, or a parent's child
 * (`children` resolved by the caller, so the planner can use the applicant and filer indexes).
 */
export const ownedBy = (caller: Pick<Caller, 'userId' | 'children'>) =>
  sql`(a.applicant_id = ANY(${uuids([caller.userId, ...caller.children])}) OR a.submitted_by = ${caller.userId})`;

/** SQL predicate: the caller is the other side of shift swap `a` (told at submit and decision, may read it). */
export const counterpartOf = (userId: string) => sql`(a.kind = 'staff_shift' AND a.details ->> 'counterpartId' = ${userId})`;

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

/** SQL: ids of the enabled administrators holding the kind's audit code (told when nobody else can audit a step). */
export const adminAuditors = (kind: ApplicationKind) =>
  sql`SELECT u.id FROM users u WHERE u.enabled AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
        WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id AND r.code = 'admin') AND ${holdsCode(KIND_PERMISSIONS[kind].audit)}`;
