import { type SQL, sql } from 'drizzle-orm';
import { isEmptyTarget, type SurveyTarget } from '../../../contracts/survey-rules';
import type { Tx } from '../../db/client';
import { texts, uuids } from '../../db/rows';
import { notAccountlessGuardian } from '../users/usable-account';

/**
 * Who a questionnaire's target reaches (brief 'Who may answer'): an enabled user of the school
 * matches by id, or by (one of the roles listed, if any) AND (in one of the orgs listed or below it,
 * if any). A student is in their class, a staff member in their department (users.org_unit_id), a
 * parent in their children's classes (parent_students); a guardian without a usable account (家庭信息
 * keeps them) is reached by nothing. Read with users aliased `u`.
 */

/** The orgs and every org below them (ids), or [] for none. */
export async function orgSubtree(tx: Tx, orgIds: readonly string[]): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const { rows } = await tx.execute<{ id: string }>(sql`
    WITH RECURSIVE tree AS (
      SELECT o.tenant_id, o.id FROM org_units o WHERE o.id = ANY(${uuids(orgIds)})
      UNION
      SELECT c.tenant_id, c.id FROM org_units c JOIN tree t ON c.tenant_id = t.tenant_id AND c.parent_id = t.id
    ) SELECT id::text FROM tree`);
  return rows.map((row) => row.id);
}

/** SQL predicate on users `u`: their own org, or (parents) one of their children's, is in `orgIds`. */
export const inOrgs = (orgIds: readonly string[]): SQL => sql`(u.org_unit_id = ANY(${uuids(orgIds)}) OR EXISTS (
  SELECT 1 FROM parent_students ps JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
  WHERE ps.tenant_id = u.tenant_id AND ps.parent_id = u.id AND s.org_unit_id = ANY(${uuids(orgIds)})))`;

/**
 * SQL predicate on users `u`: the target reaches them. `subtree` is orgSubtree(target.orgIds)
 * (resolved by the caller once).
 */
export function reachSql(target: SurveyTarget, subtree: readonly string[]): SQL {
  if (isEmptyTarget(target)) return sql`false`;
  const byId = target.userIds.length ? sql`u.id = ANY(${uuids(target.userIds)})` : sql`false`;
  if (!target.roleCodes.length && !target.orgIds.length) return sql`(${byId} AND ${notAccountlessGuardian('u')})`;
  const byRole = target.roleCodes.length
    ? sql`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
        WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id AND r.code = ANY(${texts(target.roleCodes)}))`
    : sql`true`;
  const byOrg = target.orgIds.length ? inOrgs(subtree) : sql`true`;
  return sql`((${byId} OR (${byRole} AND ${byOrg})) AND ${notAccountlessGuardian('u')})`;
}

/**
 * The same rule as reachSql, read from a questionnaire's jsonb target column (`column`, e.g.
 * sql`q.target`) instead of a target known in advance: for statements over many questionnaires
 * (问卷填报's list, the managers' list counts). Org subtrees by a recursive query.
 */
export function reachOfColumnSql(column: SQL): SQL {
  const userIds = sql`ARRAY(SELECT jsonb_array_elements_text(${column} -> 'userIds'))::uuid[]`;
  const roleCodes = sql`ARRAY(SELECT jsonb_array_elements_text(${column} -> 'roleCodes'))`;
  const orgIds = sql`ARRAY(SELECT jsonb_array_elements_text(${column} -> 'orgIds'))::uuid[]`;
  const subtree = sql`ARRAY(WITH RECURSIVE tree AS (
      SELECT o.tenant_id, o.id FROM org_units o WHERE o.id = ANY(${orgIds})
      UNION SELECT c.tenant_id, c.id FROM org_units c JOIN tree t ON c.tenant_id = t.tenant_id AND c.parent_id = t.id)
    SELECT id FROM tree)`;
  const byRole = sql`(cardinality(${roleCodes}) = 0 OR EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
      WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id AND r.code = ANY(${roleCodes})))`;
  const byOrg = sql`(cardinality(${orgIds}) = 0 OR u.org_unit_id = ANY(${subtree}) OR EXISTS (
      SELECT 1 FROM parent_students ps JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
      WHERE ps.tenant_id = u.tenant_id AND ps.parent_id = u.id AND s.org_unit_id = ANY(${subtree})))`;
  return sql`((u.id = ANY(${userIds}) OR ((cardinality(${roleCodes}) > 0 OR cardinality(${orgIds}) > 0) AND ${byRole} AND ${byOrg})) AND ${notAccountlessGuardian('u')})`;
}

export const surveyTarget = {
  /** How many enabled users each questionnaire's target reaches, in one statement (the list: no query per row). */
  async countMany(tx: Tx, questionnaireIds: readonly string[]): Promise<Map<string, number>> {
    if (questionnaireIds.length === 0) return new Map();
    const { rows } = await tx.execute<{ id: string; n: number }>(sql`
      SELECT q.id::text, (SELECT count(*)::int FROM users u WHERE u.enabled AND ${reachOfColumnSql(sql`q.target`)}) AS n
        FROM questionnaires q WHERE q.id = ANY(${uuids(questionnaireIds)})`);
    return new Map(rows.map((row) => [row.id, Number(row.n)]));
  },

  /** Ids of the enabled users the target reaches. */
  async reachedUserIds(tx: Tx, target: SurveyTarget): Promise<string[]> {
    if (isEmptyTarget(target)) return [];
    const subtree = await orgSubtree(tx, target.orgIds);
    const { rows } = await tx.execute<{ id: string }>(sql`SELECT u.id::text FROM users u WHERE u.enabled AND ${reachSql(target, subtree)}`);
    return rows.map((row) => row.id);
  },

  /** How many enabled users the target reaches; with `within` (an org subtree) only those in it. */
  async count(tx: Tx, target: SurveyTarget, within?: readonly string[]): Promise<number> {
    if (isEmptyTarget(target)) return 0;
    const subtree = await orgSubtree(tx, target.orgIds);
    const filter = within ? sql` AND ${inOrgs(within)}` : sql``;
    const { rows } = await tx.execute<{ n: string }>(sql`SELECT count(*) AS n FROM users u WHERE u.enabled AND ${reachSql(target, subtree)}${filter}`);
    return Number(rows[0]?.n ?? 0);
  },

  /** Whether the target reaches this (enabled) user. */
  async reaches(tx: Tx, target: SurveyTarget, userId: string): Promise<boolean> {
    if (isEmptyTarget(target)) return false;
    const subtree = await orgSubtree(tx, target.orgIds);
    const { rows } = await tx.execute(sql`SELECT 1 FROM users u WHERE u.id = ${userId} AND u.enabled AND ${reachSql(target, subtree)}`);
    return rows.length > 0;
  },

  /**
   * The org an answer is filed under (the results filter): a student's class, a staff member's
   * department, a parent's child's class (a child in the target's orgs first, when it lists orgs).
   */
  async respondentOrgUnit(tx: Tx, userId: string, target: SurveyTarget): Promise<string | null> {
    const subtree = await orgSubtree(tx, target.orgIds);
    const { rows } = await tx.execute<{ org: string | null }>(sql`
      SELECT CASE WHEN u.user_type = '4' THEN coalesce(
        (SELECT s.org_unit_id::text FROM parent_students ps JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
          WHERE ps.tenant_id = u.tenant_id AND ps.parent_id = u.id AND s.org_unit_id IS NOT NULL
          ORDER BY (s.org_unit_id = ANY(${uuids(subtree)})) DESC, s.user_no, s.id LIMIT 1),
        u.org_unit_id::text) ELSE u.org_unit_id::text END AS org
      FROM users u WHERE u.id = ${userId}`);
    return rows[0]?.org ?? null;
  },
};
