import { sql, type SQL } from 'drizzle-orm';
import type { RoleFilterKind, RoleSortField, RoleType } from '../../../contracts/roles';
import type { Tx } from '../../db/client';

export type CategoryDbRow = {
  id: string;
  code: string;
  name: string;
  name_en: string;
  sort: number;
  remark: string;
  role_count: number;
  version: number;
};

export type RoleDbRow = {
  id: string;
  code: string;
  name: string;
  name_en: string;
  business_system: string;
  category_name: string | null;
  category_name_en: string | null;
  type: RoleType;
  filter_kind: RoleFilterKind;
  filter: string;
  filter_params: string[];
  sort: number;
  remark: string;
  member_count: number;
  menu_count: number;
  members_refreshed_at: Date | null;
  members_error: string;
  version: number;
};

export interface RoleValues {
  code: string;
  name: string;
  nameEn: string;
  businessSystem: string;
  type: RoleType;
  filterKind: RoleFilterKind;
  filter: string;
  filterParams: string[];
  sort: number;
  remark: string;
}

export interface RoleListFilter {
  keyword?: string;
  type?: RoleType;
  category?: string;
}

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

const roleSelect = sql`
  SELECT r.id::text, r.code, r.name, r.name_en, r.business_system, c.name AS category_name, c.name_en AS category_name_en,
         r.type, r.filter_kind, r.filter, r.filter_params, r.sort, r.remark,
         (SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = r.id) AS member_count,
         (SELECT count(*)::int FROM role_menus rm WHERE rm.role_id = r.id) AS menu_count,
         r.members_refreshed_at, r.members_error, r.version
  FROM roles r LEFT JOIN role_categories c ON c.tenant_id = r.tenant_id AND c.code = r.business_system`;

function roleWhere(filter: RoleListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    parts.push(sql`(r.name ILIKE ${pattern} OR r.code ILIKE ${pattern} OR r.name_en ILIKE ${pattern})`);
  }
  if (filter.type) parts.push(sql`r.type = ${filter.type}`);
  if (filter.category) parts.push(sql`r.business_system = ${filter.category}`);
  return sql.join(parts, sql` AND `);
}

/** a column per sort field the contract accepts (ROLE_SORT_FIELDS) */
const ORDER_COLUMNS: Record<RoleSortField, SQL> = {
  sort: sql`r.sort`,
  code: sql`r.code`,
  name: sql`r.name`,
  type: sql`r.type`,
  businessSystem: sql`r.business_system`,
} as const;

// Tenant scoping comes from row-level security.
export const rolesRepository = {
  /* ---------------------------------------------------------------- categories */
  categories: async (tx: Tx) =>
    (
      await tx.execute<CategoryDbRow>(sql`
        SELECT c.id::text, c.code, c.name, c.name_en, c.sort, c.remark, c.version,
               (SELECT count(*)::int FROM roles r WHERE r.business_system = c.code) AS role_count
        FROM role_categories c ORDER BY c.sort, c.code`)
    ).rows,
  categoryById: async (tx: Tx, id: string) => (await rolesRepository.categories(tx)).find((row) => row.id === id),
  categoryCodeTaken: async (tx: Tx, code: string, exceptId: string | null) =>
    (await tx.execute(sql`SELECT 1 FROM role_categories WHERE code = ${code} AND (${exceptId}::uuid IS NULL OR id <> ${exceptId}::uuid)`)).rows.length > 0,
  insertCategory: (
    tx: Tx,
    tenantId: string,
    id: string,
    values: {
      code: string;
      name: string;
      nameEn: string;
      sort: number;
      remark: string;
    },
    userId: string,
  ) =>
    tx.execute(sql`
      INSERT INTO role_categories (tenant_id, id, code, name, name_en, sort, remark, created_by, updated_by)
      VALUES (${tenantId}, ${id}, ${values.code}, ${values.name}, ${values.nameEn}, ${values.sort}, ${values.remark}, ${userId}, ${userId})`),
  updateCategory: async (
    tx: Tx,
    id: string,
    version: number,
    values: {
      code: string;
      name: string;
      nameEn: string;
      sort: number;
      remark: string;
    },
    userId: string,
  ) =>
    (
      await tx.execute(sql`
        UPDATE role_categories SET code = ${values.code}, name = ${values.name}, name_en = ${values.nameEn}, sort = ${values.sort}, remark = ${values.remark},
               updated_at = now(), updated_by = ${userId}, version = version + 1
        WHERE id = ${id} AND version = ${version} RETURNING id`)
    ).rows.length > 0,
  renameCategoryOfRoles: (tx: Tx, from: string, to: string) => tx.execute(sql`UPDATE roles SET business_system = ${to} WHERE business_system = ${from}`),
  deleteCategories: (tx: Tx, ids: readonly string[]) => tx.execute(sql`DELETE FROM role_categories WHERE id = ANY(${uuidArray(ids)})`),

  /* ---------------------------------------------------------------- roles */
  list: async (tx: Tx, filter: RoleListFilter, order: { field: RoleSortField; direction: 'asc' | 'desc' }, limit: number, offset: number) => {
    const where = roleWhere(filter);
    const total = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM roles r WHERE ${where}`)).rows[0]?.n ?? 0;
    const direction = order.direction === 'desc' ? sql`DESC` : sql`ASC`;
    const rows = (
      await tx.execute<RoleDbRow>(sql`${roleSelect} WHERE ${where} ORDER BY ${ORDER_COLUMNS[order.field]} ${direction}, r.code LIMIT ${limit} OFFSET ${offset}`)
    ).rows;
    return { total, rows };
  },
  byId: async (tx: Tx, id: string, lock = false) =>
    (await tx.execute<RoleDbRow>(sql`${roleSelect} WHERE r.id = ${id}${lock ? sql` FOR UPDATE OF r` : sql``}`)).rows[0],
  byIds: async (tx: Tx, ids: readonly string[]) => (await tx.execute<RoleDbRow>(sql`${roleSelect} WHERE r.id = ANY(${uuidArray(ids)})`)).rows,
  dynamicRoles: async (tx: Tx) =>
    (
      await tx.execute<{
        id: string;
        filter_kind: RoleFilterKind;
        filter: string;
        filter_params: string[];
        version: number;
      }>(sql`SELECT id::text, filter_kind, filter, filter_params, version FROM roles WHERE type = 'sql' AND filter <> '' ORDER BY code`)
    ).rows,
  codeTaken: async (tx: Tx, code: string, exceptId: string | null) =>
    (await tx.execute(sql`SELECT 1 FROM roles WHERE code = ${code} AND (${exceptId}::uuid IS NULL OR id <> ${exceptId}::uuid)`)).rows.length > 0,
  insert: (tx: Tx, tenantId: string, id: string, values: RoleValues, userId: string | null) =>
    tx.execute(sql`
      INSERT INTO roles (tenant_id, id, code, name, name_en, business_system, type, filter_kind, filter, filter_params, sort, remark, created_by, updated_by)
      VALUES (${tenantId}, ${id}, ${values.code}, ${values.name}, ${values.nameEn}, ${values.businessSystem}, ${values.type}, ${values.filterKind},
              ${values.filter}, ${textArray(values.filterParams)}, ${values.sort}, ${values.remark}, ${userId}, ${userId})`),
  update: async (tx: Tx, id: string, version: number, values: RoleValues, userId: string) =>
    (
      await tx.execute(sql`
        UPDATE roles SET code = ${values.code}, name = ${values.name}, name_en = ${values.nameEn}, business_system = ${values.businessSystem},
               type = ${values.type}, filter_kind = ${values.filterKind}, filter = ${values.filter}, filter_params = ${textArray(values.filterParams)},
               sort = ${values.sort}, remark = ${values.remark}, updated_at = now(), updated_by = ${userId}, version = version + 1
        WHERE id = ${id} AND version = ${version} RETURNING id`)
    ).rows.length > 0,
  bumpVersion: async (tx: Tx, id: string, version: number, userId: string) =>
    (
      await tx.execute(
        sql`UPDATE roles SET version = version + 1, updated_at = now(), updated_by = ${userId} WHERE id = ${id} AND version = ${version} RETURNING id`,
      )
    ).rows.length > 0,
  delete: (tx: Tx, ids: readonly string[]) => tx.execute(sql`DELETE FROM roles WHERE id = ANY(${uuidArray(ids)})`),

  /* ---------------------------------------------------------------- dynamic members */
  /**
   * Makes the role's dynamic members exactly `ids` (people that still exist); manual rows stay.
   * Records the run. Whether anything changed.
   */
  syncDynamicMembers: async (tx: Tx, tenantId: string, roleId: string, ids: readonly string[]): Promise<boolean> => {
    const removed = await tx.execute(
      sql`DELETE FROM user_roles WHERE role_id = ${roleId} AND source = 'dynamic' AND NOT (user_id = ANY(${uuidArray(ids)})) RETURNING user_id`,
    );
    const added = await tx.execute(sql`
      INSERT INTO user_roles (tenant_id, user_id, role_id, source)
      SELECT ${tenantId}, u.id, ${roleId}, 'dynamic' FROM users u WHERE u.id = ANY(${uuidArray(ids)})
      ON CONFLICT DO NOTHING RETURNING user_id`);
    await tx.execute(sql`UPDATE roles SET members_refreshed_at = now(), members_error = '' WHERE id = ${roleId}`);
    return removed.rows.length + added.rows.length > 0;
  },
  recordFailure: (tx: Tx, roleId: string, error: string) =>
    tx.execute(sql`UPDATE roles SET members_refreshed_at = now(), members_error = ${error} WHERE id = ${roleId}`),
  dropDynamicMembers: (tx: Tx, roleId: string) => tx.execute(sql`DELETE FROM user_roles WHERE role_id = ${roleId} AND source = 'dynamic'`),
  dropManualMembers: (tx: Tx, roleId: string) => tx.execute(sql`DELETE FROM user_roles WHERE role_id = ${roleId} AND source = 'manual'`),

  /* ---------------------------------------------------------------- members */
  members: async (tx: Tx, roleId: string, keyword: string, limit: number, offset: number) => {
    const pattern = keyword ? containsPattern(keyword) : '';
    const where = sql`ur.role_id = ${roleId}${pattern ? sql` AND (u.name ILIKE ${pattern} OR u.username ILIKE ${pattern} OR u.user_no ILIKE ${pattern})` : sql``}`;
    const from = sql`FROM user_roles ur JOIN users u ON u.tenant_id = ur.tenant_id AND u.id = ur.user_id LEFT JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id`;
    const total = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from} WHERE ${where}`)).rows[0]?.n ?? 0;
    const rows = (
      await tx.execute<{
        id: string;
        name: string;
        username: string;
        user_type: string;
        org_name: string | null;
        source: 'manual' | 'dynamic';
      }>(
        sql`SELECT u.id::text, u.name, u.username, u.user_type, o.name AS org_name, ur.source ${from} WHERE ${where} ORDER BY u.name, u.username LIMIT ${limit} OFFSET ${offset}`,
      )
    ).rows;
    return { total, rows };
  },
  existingUsers: async (tx: Tx, ids: readonly string[]) =>
    (await tx.execute<{ id: string }>(sql`SELECT id::text FROM users WHERE id = ANY(${uuidArray(ids)})`)).rows.map((row) => row.id),
  addMembers: (tx: Tx, tenantId: string, roleId: string, ids: readonly string[], userId: string) =>
    tx.execute(sql`
      INSERT INTO user_roles (tenant_id, user_id, role_id, source, created_by, updated_by)
      SELECT ${tenantId}, u.id, ${roleId}, 'manual', ${userId}, ${userId} FROM users u WHERE u.id = ANY(${uuidArray(ids)})
      ON CONFLICT DO NOTHING`),
  removeMembers: (tx: Tx, roleId: string, ids: readonly string[]) =>
    tx.execute(sql`DELETE FROM user_roles WHERE role_id = ${roleId} AND user_id = ANY(${uuidArray(ids)})`),
  memberIds: async (tx: Tx, roleId: string) =>
    (await tx.execute<{ id: string }>(sql`SELECT user_id::text AS id FROM user_roles WHERE role_id = ${roleId}`)).rows.map((row) => row.id),
  peopleSample: async (tx: Tx, ids: readonly string[]) =>
    (
      await tx.execute<{
        id: string;
        name: string;
        username: string;
        user_type: string;
      }>(sql`SELECT id::text, name, username, user_type FROM users WHERE id = ANY(${uuidArray(ids)}) ORDER BY name, username`)
    ).rows,

  /* ---------------------------------------------------------------- menus */
  allMenus: async (tx: Tx) =>
    (
      await tx.execute<{
        id: string;
        parent_id: string | null;
        type: 'directory' | 'menu' | 'button';
        menuname: string;
        remark: { menuNameEng?: string } | null;
        perms: string[];
      }>(sql`SELECT id::text, parent_id::text, type, menuname, remark, perms FROM menus ORDER BY sort, menuname`)
    ).rows,
  grantedMenuIds: async (tx: Tx, roleId: string) =>
    (await tx.execute<{ id: string }>(sql`SELECT menu_id::text AS id FROM role_menus WHERE role_id = ${roleId}`)).rows.map((row) => row.id),
  replaceGrants: async (tx: Tx, tenantId: string, roleId: string, menuIds: readonly string[], userId: string) => {
    await tx.execute(sql`DELETE FROM role_menus WHERE role_id = ${roleId} AND NOT (menu_id = ANY(${uuidArray(menuIds)}))`);
    await tx.execute(sql`
      INSERT INTO role_menus (tenant_id, role_id, menu_id, created_by, updated_by)
      SELECT ${tenantId}, ${roleId}, m.id, ${userId}, ${userId} FROM menus m WHERE m.id = ANY(${uuidArray(menuIds)})
      ON CONFLICT DO NOTHING`);
  },
};
