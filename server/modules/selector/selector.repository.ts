import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { roles } from '../permissions/permissions.table';
import { campuses, orgUnits } from '../school/school.table';
import { users } from '../users/users.table';
import { teacherTypes } from './selector.table';

export interface PeopleFilter {
  userTypes?: string[];
  /** already stripped; matched as a contains-pattern */
  keyword?: string;
  campusId?: string;
  campusCode?: string;
  orgCode?: string;
  orgOnlyItself: boolean;
  userNo?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of a people search; the trigram index users_search_trgm_idx serves the keyword. */
function peopleWhere(filter: PeopleFilter): SQL {
  const parts: SQL[] = [sql`u.enabled`];
  if (filter.userTypes?.length) parts.push(sql`u.user_type IN (${sql.join(filter.userTypes.map((t) => sql`${t}`), sql`, `)})`);
  if (filter.keyword) parts.push(sql`(u.name || ' ' || u.username || ' ' || u.user_no) ILIKE ${`%${escapeLike(filter.keyword)}%`}`);
  if (filter.campusId) parts.push(sql`u.campus_id = ${filter.campusId}::uuid`);
  if (filter.campusCode) parts.push(sql`u.campus_id = (SELECT c.id FROM campuses c WHERE c.code = ${filter.campusCode})`);
  if (filter.userNo) parts.push(sql`u.user_no = ${filter.userNo}`);
  if (filter.orgCode) {
    parts.push(
      filter.orgOnlyItself
        ? sql`u.org_unit_id = (SELECT o.id FROM org_units o WHERE o.code = ${filter.orgCode})`
        : sql`u.org_unit_id IN (
            WITH RECURSIVE below AS (
              SELECT o.id FROM org_units o WHERE o.code = ${filter.orgCode}
              UNION ALL
              SELECT c.id FROM org_units c JOIN below b ON c.parent_id = b.id
            ) SELECT id FROM below)`,
    );
  }
  return sql.join(parts, sql` AND `);
}

// Tenant scoping comes from row-level security: every Tx is bound to one tenant.
export const selectorRepository = {
  campuses: (tx: Tx) =>
    tx.select({ id: campuses.id, code: campuses.code, name: campuses.name }).from(campuses).orderBy(asc(campuses.sort), asc(campuses.code)),

  roles: (tx: Tx, type: 'ordinary' | 'sql' | undefined) =>
    tx
      .select({ code: roles.code, name: roles.name, nameEn: roles.nameEn, businessSystem: roles.businessSystem, type: roles.type })
      .from(roles)
      .where(type ? eq(roles.type, type) : undefined)
      .orderBy(asc(roles.businessSystem), asc(roles.sort), asc(roles.code)),

  orgUnits: (tx: Tx) =>
    tx
      .select({ id: orgUnits.id, parentId: orgUnits.parentId, code: orgUnits.code, name: orgUnits.name, nameEn: orgUnits.nameEn, kind: orgUnits.kind })
      .from(orgUnits)
      .orderBy(asc(orgUnits.sort), asc(orgUnits.code)),

  countPeople: async (tx: Tx, filter: PeopleFilter): Promise<number> => {
    const result = await tx.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM users u WHERE ${peopleWhere(filter)}`);
    return result.rows[0]?.total ?? 0;
  },

  pagePeople: async (tx: Tx, filter: PeopleFilter, limit: number, offset: number) => {
    const result = await tx.execute<{ id: string; name: string; username: string; user_no: string; user_type: string; org_name: string | null }>(sql`
      SELECT u.id, u.name, u.username, u.user_no, u.user_type, o.name AS org_name
      FROM (
        SELECT u.id, u.name, u.username, u.user_no, u.user_type, u.org_unit_id, u.tenant_id
        FROM users u
        WHERE ${peopleWhere(filter)}
        ORDER BY u.user_type, u.user_no, u.id
        LIMIT ${limit} OFFSET ${offset}
      ) u
      LEFT JOIN org_units o ON o.tenant_id = u.tenant_id AND o.id = u.org_unit_id
      ORDER BY u.user_type, u.user_no, u.id`);
    return result.rows;
  },

  peopleByIds: (tx: Tx, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: users.id, name: users.name, username: users.username, userNo: users.userNo, userType: users.userType })
          .from(users)
          .where(inArray(users.id, ids)),

  areasAt: async (tx: Tx, level: number, parentCode: string | undefined) => {
    const result = await tx.execute<{ code: string; name: string; level: number; has_children: boolean }>(sql`
      SELECT a.code, a.name, a.level, EXISTS (SELECT 1 FROM areas c WHERE c.parent_code = a.code) AS has_children
      FROM areas a
      WHERE a.level = ${level} ${parentCode === undefined ? sql`` : sql`AND a.parent_code = ${parentCode}`}
      ORDER BY a.sort, a.code`);
    return result.rows;
  },

  /** the area and its ancestors, leaf first */
  areaChain: async (tx: Tx, code: string) => {
    const result = await tx.execute<{ code: string }>(sql`
      WITH RECURSIVE up AS (
        SELECT a.code, a.parent_code, 0 AS depth FROM areas a WHERE a.code = ${code}
        UNION ALL
        SELECT p.code, p.parent_code, up.depth + 1 FROM areas p JOIN up ON p.code = up.parent_code
      ) SELECT code FROM up ORDER BY depth`);
    return result.rows.map((row) => row.code);
  },

  teacherTypes: (tx: Tx) =>
    tx.select({ code: teacherTypes.code, name: teacherTypes.name, nameEn: teacherTypes.nameEn }).from(teacherTypes).orderBy(asc(teacherTypes.sort), asc(teacherTypes.code)),

};
