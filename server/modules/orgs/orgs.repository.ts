import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { campuses } from '../places/places.table';
import { orgUnits } from '../school/school.table';
import { staffDuties, users } from '../users/users.table';

export type OrgRecord = Awaited<ReturnType<typeof orgsRepository.all>>[number];

/** 组织机构: SQL only (the rules are the service's). */
export const orgsRepository = {
  all: (tx: Tx) =>
    tx
      .select({
        id: orgUnits.id,
        parentId: orgUnits.parentId,
        kind: orgUnits.kind,
        code: orgUnits.code,
        name: orgUnits.name,
        nameEn: orgUnits.nameEn,
        campusId: orgUnits.campusId,
        campusName: sql<string>`coalesce(${campuses.name}, '')`,
        gradeLevel: orgUnits.gradeLevel,
        graduated: orgUnits.graduated,
        sort: orgUnits.sort,
        remark: orgUnits.remark,
        version: orgUnits.version,
        memberCount: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.tenant_id = ${orgUnits.tenantId} AND u.org_unit_id = ${orgUnits.id})`,
      })
      .from(orgUnits)
      .leftJoin(campuses, and(eq(campuses.tenantId, orgUnits.tenantId), eq(campuses.id, orgUnits.campusId)))
      .orderBy(asc(orgUnits.sort), asc(orgUnits.code), asc(orgUnits.id)),

  campuses: (tx: Tx) => tx.select({ id: campuses.id, name: campuses.name }).from(campuses).orderBy(asc(campuses.code)),

  /** one lock per school tree: moves, adds and deletes one at a time */
  lockTree: (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('org-tree:' || current_setting('app.tenant_id', true)))`),

  async codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(and(eq(orgUnits.code, code), exceptId ? sql`${orgUnits.id} <> ${exceptId}` : undefined))
      .limit(1);
    return Boolean(row);
  },

  async insert(tx: Tx, row: typeof orgUnits.$inferInsert) {
    await tx.insert(orgUnits).values(row);
  },

  async update(tx: Tx, id: string, version: number, set: Partial<typeof orgUnits.$inferInsert>): Promise<number | null> {
    const [row] = await tx
      .update(orgUnits)
      .set({ ...set, updatedAt: new Date(), version: sql`${orgUnits.version} + 1` })
      .where(and(eq(orgUnits.id, id), eq(orgUnits.version, version)))
      .returning({ version: orgUnits.version });
    return row?.version ?? null;
  },

  async setPlace(tx: Tx, id: string, set: { parentId?: string; sort: number; gradeLevel?: number | null }, userId: string) {
    await tx
      .update(orgUnits)
      .set({ ...set, updatedAt: new Date(), updatedBy: userId, version: sql`${orgUnits.version} + 1` })
      .where(eq(orgUnits.id, id));
  },

  /** a grade's level follows to its classes */
  async setClassLevels(tx: Tx, gradeId: string, gradeLevel: number | null, userId: string) {
    await tx
      .update(orgUnits)
      .set({ gradeLevel, updatedAt: new Date(), updatedBy: userId, version: sql`${orgUnits.version} + 1` })
      .where(and(eq(orgUnits.parentId, gradeId), eq(orgUnits.kind, 'class')));
  },

  async remove(tx: Tx, id: string) {
    await tx.delete(orgUnits).where(eq(orgUnits.id, id));
  },

  async memberCount(tx: Tx, id: string): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.orgUnitId, id));
    return row?.n ?? 0;
  },

  async dutyCount(tx: Tx, id: string): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(staffDuties).where(eq(staffDuties.orgUnitId, id));
    return row?.n ?? 0;
  },

  /**
   * Whether any business row points at the unit: every foreign key to org_units (found in the
   * catalog, so a table added later is covered) other than the tree itself, users and duties (their
   * own messages), and the exam batches' grade lists. A key that cascades (a class's profile,
   * class_profiles_class_fk) is the unit's own part, removed with it: not business data.
   */
  async usedByBusinessData(tx: Tx, id: string): Promise<boolean> {
    const refs = await tx.execute<{ tbl: string; col: string }>(sql`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
        FROM pg_constraint c
        JOIN LATERAL unnest(c.conkey, c.confkey) AS k(con, ref) ON true
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.con
        JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = k.ref
       WHERE c.contype = 'f' AND c.confrelid = 'org_units'::regclass AND r.attname = 'id' AND c.confdeltype <> 'c'
         AND c.conrelid NOT IN ('org_units'::regclass, 'users'::regclass, 'staff_duties'::regclass)`);
    const checks: SQL[] = refs.rows.map((ref) => sql`EXISTS (SELECT 1 FROM ${sql.identifier(ref.tbl)} WHERE ${sql.identifier(ref.col)} = ${id}::uuid)`);
    checks.push(sql`EXISTS (SELECT 1 FROM exam_batches WHERE ${id}::uuid = ANY(grade_ids))`);
    const result = await tx.execute<{ used: boolean }>(sql`SELECT (${sql.join(checks, sql` OR `)}) AS used`);
    return Boolean(result.rows[0]?.used);
  },

  async members(tx: Tx, orgId: string, keyword: string, offset: number, limit: number) {
    const where = and(
      eq(users.orgUnitId, orgId),
      keyword ? or(ilike(users.name, `%${keyword}%`), ilike(users.username, `%${keyword}%`), ilike(users.userNo, `%${keyword}%`)) : undefined,
    );
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
    const rows = await tx
      .select({ id: users.id, username: users.username, name: users.name, userType: users.userType, userNo: users.userNo })
      .from(users)
      .where(where)
      .orderBy(asc(users.userNo), asc(users.name), asc(users.id))
      .offset(offset)
      .limit(limit);
    const duties = rows.length
      ? await tx
          .select({ userId: staffDuties.userId, duty: staffDuties.duty, subject: staffDuties.subject })
          .from(staffDuties)
          .where(and(eq(staffDuties.orgUnitId, orgId), inArray(staffDuties.userId, rows.map((row) => row.id))))
      : [];
    return { total: count?.n ?? 0, rows, duties };
  },

  async existingUsers(tx: Tx, ids: readonly string[]) {
    return tx.select({ id: users.id, userType: users.userType }).from(users).where(inArray(users.id, [...ids]));
  },

  async setOrgOfUsers(tx: Tx, ids: readonly string[], orgId: string | null, onlyIn?: string) {
    const updated = await tx
      .update(users)
      .set({ orgUnitId: orgId, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(and(inArray(users.id, [...ids]), onlyIn ? eq(users.orgUnitId, onlyIn) : undefined))
      .returning({ id: users.id });
    return updated.length;
  },
};
