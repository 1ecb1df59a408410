import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { UserSortField } from '../../../contracts/users';
import type { Tx } from '../../db/client';
import { loginFailures, sessions } from '../auth/auth.table';
import { roles, userRoles } from '../permissions/permissions.table';
import { campuses } from '../places/places.table';
import { orgUnits } from '../school/school.table';
import { accountSettings, parentStudents, users } from './users.table';
import { escapeLike } from '../../db/like';

const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  userType: users.userType,
  enabled: users.enabled,
  passwordHash: users.passwordHash,
  /** seconds until the lockout ends (0 or less: not locked) */
  lockedForSeconds: sql<number | null>`extract(epoch FROM ${users.lockedUntil} - now())::float8`,
  mustChangePassword: users.mustChangePassword,
};

// Tenant scoping comes from row-level security: every Tx is bound to one tenant.
export const usersRepository = {
  findAccountByUsername: (tx: Tx, username: string) =>
    tx.select(accountColumns).from(users).where(eq(users.username, username)).limit(1).then((rows) => rows[0]),

  findAccountById: (tx: Tx, id: string) =>
    tx.select(accountColumns).from(users).where(eq(users.id, id)).limit(1).then((rows) => rows[0]),

  updatePasswordHash: (tx: Tx, id: string, passwordHash: string, changedBy: string) =>
    tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        // a password the user chose: no longer the initial or a reset one
        mustChangePassword: false,
        updatedAt: sql`now()`,
        updatedBy: changedBy,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, id)),
};

// ------------------------------------------------------------------ 用户管理 (/system/user)

export interface UserFilters {
  keyword?: string;
  userType?: string;
  orgUnitId?: string;
  enabled?: boolean;
  locked?: boolean;
  initialized?: boolean;
}

/** The WHERE of the list (alias u); the org filter takes the unit and every unit below it. */
function userWhere(filters: UserFilters): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filters.keyword) {
    const like = `%${escapeLike(filters.keyword)}%`;
    parts.push(sql`(u.name ILIKE ${like} OR u.username ILIKE ${like} OR u.user_no ILIKE ${like})`);
  }
  if (filters.userType) parts.push(sql`u.user_type = ${filters.userType}`);
  if (filters.orgUnitId) {
    parts.push(sql`u.org_unit_id IN (WITH RECURSIVE t AS (SELECT id FROM org_units WHERE id = ${filters.orgUnitId}::uuid
      UNION ALL SELECT o.id FROM org_units o JOIN t ON o.parent_id = t.id) SELECT id FROM t)`);
  }
  if (filters.enabled !== undefined) parts.push(sql`u.enabled = ${filters.enabled}`);
  if (filters.locked === true) parts.push(sql`u.locked_until > now()`);
  if (filters.locked === false) parts.push(sql`(u.locked_until IS NULL OR u.locked_until <= now())`);
  if (filters.initialized === true) parts.push(sql`u.account_initialized_at IS NOT NULL`);
  if (filters.initialized === false) parts.push(sql`u.account_initialized_at IS NULL`);
  return sql.join(parts, sql` AND `);
}

/** a column per sort field the contract accepts (USER_SORT_FIELDS) */
const SORTABLE_USER: Record<UserSortField, SQL> = { name: sql`u.name`, username: sql`u.username`, userNo: sql`u.user_no`, userType: sql`u.user_type`, createdAt: sql`u.created_at` };

export type UserListRecord = {
  id: string;
  username: string;
  name: string;
  user_type: '1' | '2' | '3' | '4';
  gender: string | null;
  user_no: string;
  org_unit_id: string | null;
  org_unit_name: string | null;
  campus_id: string | null;
  campus_name: string | null;
  phone: string;
  email: string;
  id_number: string;
  enabled: boolean;
  locked_until: string | null;
  account_initialized_at: string | null;
  must_change_password: boolean;
  remark: string;
  role_ids: string[];
  role_names: string[];
  version: number;
  total: string;
};

export type UserRecord = typeof users.$inferSelect;

export const userAdminRepository = {
  list: async (tx: Tx, filters: UserFilters, page: number, limit: number, sort?: { field: UserSortField; desc: boolean }) => {
    const order = sort ? sql`${SORTABLE_USER[sort.field]} ${sort.desc ? sql`DESC` : sql`ASC`}, u.id` : sql`u.user_type, u.user_no, u.username, u.id`;
    const result = await tx.execute<UserListRecord>(sql`
      SELECT u.id, u.username, u.name, u.user_type, u.gender, u.user_no, u.org_unit_id, o.name AS org_unit_name,
             u.campus_id, c.name AS campus_name, u.phone, u.email, u.id_number, u.enabled,
             to_char(u.locked_until AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') AS locked_until,
             to_char(u.account_initialized_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') AS account_initialized_at,
             u.must_change_password, u.remark, u.version,
             coalesce((SELECT array_agg(r.id::text ORDER BY r.sort, r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id AND ur.source = 'manual'), '{}') AS role_ids,
             coalesce((SELECT array_agg(r.name ORDER BY r.sort, r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS role_names,
             count(*) OVER () AS total
        FROM users u
        LEFT JOIN org_units o ON o.id = u.org_unit_id
        LEFT JOIN campuses c ON c.id = u.campus_id
       WHERE ${userWhere(filters)}
       ORDER BY ${order}
       LIMIT ${limit} OFFSET ${page * limit}`);
    return result.rows;
  },

  /** People (parents not counted) among the filters' matches or the ids, without and with an account initialised before. */
  initCounts: async (tx: Tx, scope: { filters: UserFilters } | { ids: string[] }) => {
    const where = 'ids' in scope ? sql`u.id = ANY(${`{${scope.ids.join(',')}}`}::uuid[])` : userWhere(scope.filters);
    const result = await tx.execute<{ fresh: number; initialized: number }>(sql`
      SELECT count(*) FILTER (WHERE u.account_initialized_at IS NULL)::int AS fresh,
             count(*) FILTER (WHERE u.account_initialized_at IS NOT NULL)::int AS initialized
        FROM users u WHERE ${where} AND u.user_type <> '4'`);
    return result.rows[0] ?? { fresh: 0, initialized: 0 };
  },

  /** ids of every user matching the filters (bulk initialisation of "all matching"), at most `max`. */
  idsMatching: async (tx: Tx, filters: UserFilters, max: number, peopleOnly = false) => {
    const people = peopleOnly ? sql` AND u.user_type <> '4'` : sql``;
    const result = await tx.execute<{ id: string }>(sql`SELECT u.id FROM users u WHERE ${userWhere(filters)}${people} ORDER BY u.user_no, u.id LIMIT ${max}`);
    return result.rows.map((row) => row.id);
  },

  byIds: (tx: Tx, ids: string[]) => (ids.length === 0 ? Promise.resolve([] as UserRecord[]) : tx.select().from(users).where(inArray(users.id, ids))),

  lockedById: (tx: Tx, id: string) => tx.select().from(users).where(eq(users.id, id)).for('update').then((rows) => rows[0]),

  usernameTaken: async (tx: Tx, username: string, exceptId?: string) =>
    (await tx.execute(sql`SELECT 1 FROM users WHERE lower(username) = lower(${username}) ${exceptId ? sql`AND id <> ${exceptId}::uuid` : sql``} LIMIT 1`)).rows.length > 0,

  userNoTaken: async (tx: Tx, userNo: string, exceptId?: string) =>
    (await tx.execute(sql`SELECT 1 FROM users WHERE user_no = ${userNo} AND user_type <> '4' ${exceptId ? sql`AND id <> ${exceptId}::uuid` : sql``} LIMIT 1`)).rows.length > 0,

  insert: (tx: Tx, row: typeof users.$inferInsert) => tx.insert(users).values(row),

  update: async (tx: Tx, id: string, version: number, values: Partial<typeof users.$inferInsert>) =>
    (
      await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
        .where(and(eq(users.id, id), eq(users.version, version)))
        .returning({ id: users.id })
    ).length > 0,

  /** plain field changes without a version check (enable, unlock, passwords, initialisation) */
  set: (tx: Tx, id: string, values: Partial<typeof users.$inferInsert>) =>
    tx
      .update(users)
      .set({ ...values, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, id)),

  manualRoleIds: async (tx: Tx, userId: string) =>
    (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.source, 'manual')))).map((row) => row.roleId),

  setManualRoles: async (tx: Tx, tenantId: string, userId: string, roleIds: string[], by: string) => {
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.source, 'manual')));
    if (roleIds.length > 0) {
      await tx
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ tenantId, userId, roleId, source: 'manual' as const, createdBy: by, updatedBy: by })))
        .onConflictDoNothing();
    }
  },

  ordinaryRoles: (tx: Tx) =>
    tx.select({ id: roles.id, name: roles.name, code: roles.code }).from(roles).where(eq(roles.type, 'ordinary')).orderBy(roles.sort, roles.name),

  campuses: (tx: Tx) => tx.select({ id: campuses.id, name: campuses.name }).from(campuses).orderBy(campuses.sort, campuses.code),

  orgUnits: (tx: Tx) =>
    tx.select({ id: orgUnits.id, parentId: orgUnits.parentId, name: orgUnits.name, kind: orgUnits.kind }).from(orgUnits).where(eq(orgUnits.graduated, false)).orderBy(orgUnits.sort, orgUnits.name),

  orgUnitById: (tx: Tx, id: string) => tx.select().from(orgUnits).where(eq(orgUnits.id, id)).then((rows) => rows[0]),

  /** Deletes a user's account links (roles by hand, parent links); business rows stay and refuse the delete. */
  deleteUser: async (tx: Tx, id: string) => {
    await tx.delete(parentStudents).where(or(eq(parentStudents.parentId, id), eq(parentStudents.studentId, id)));
    await tx.delete(users).where(eq(users.id, id));
  },

  /** Ends every live session of the user (their next call answers 90001). */
  endSessions: (tx: Tx, userId: string) =>
    tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokeReason: 'logout', updatedAt: sql`now()`, version: sql`${sessions.version} + 1` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),

  clearLoginFailures: (tx: Tx, accountKey: string) => tx.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey)),

  // --- account settings and initialisation ---

  settings: (tx: Tx) => tx.select().from(accountSettings).then((rows) => rows[0]),

  saveSettings: (tx: Tx, tenantId: string, values: { parentPrefix: string; studentNoTemplate: string }, by: string) =>
    tx
      .insert(accountSettings)
      .values({ tenantId, ...values, createdBy: by, updatedBy: by })
      .onConflictDoUpdate({ target: accountSettings.tenantId, set: { ...values, updatedBy: by, updatedAt: sql`now()`, version: sql`${accountSettings.version} + 1` } }),

  /** The start year of the current school year (or this calendar year). */
  currentSchoolYearStart: async (tx: Tx) => {
    const row = (await tx.execute<{ y: number }>(sql`SELECT extract(year FROM start_date)::int AS y FROM school_years WHERE is_current LIMIT 1`)).rows[0];
    return row?.y ?? new Date().getFullYear();
  },

  /** Every student number starting with `prefix` followed by exactly `digits` digits. */
  numbersWithPrefix: async (tx: Tx, prefix: string, digits: number) => {
    const pattern = `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9]{${digits}}$`;
    const result = await tx.execute<{ user_no: string }>(sql`SELECT user_no FROM users WHERE user_no ~ ${pattern}`);
    return result.rows.map((row) => row.user_no);
  },

  parentsOf: (tx: Tx, studentId: string) =>
    tx
      .select({ parent: users })
      .from(parentStudents)
      .innerJoin(users, eq(users.id, parentStudents.parentId))
      .where(eq(parentStudents.studentId, studentId))
      .then((rows) => rows.map((row) => row.parent)),

  linkParent: (tx: Tx, tenantId: string, parentId: string, studentId: string, by: string) =>
    tx.insert(parentStudents).values({ tenantId, parentId, studentId, createdBy: by, updatedBy: by }).onConflictDoNothing(),

  byUsername: (tx: Tx, username: string) => tx.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).then((rows) => rows[0]),
};
