import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { roles } from '../permissions/permissions.table';
import { campuses } from '../places/places.table';
import { orgUnits } from '../school/school.table';
import { users } from '../users/users.table';
import { teacherTypes } from './selector.table';

export interface PeopleFilter {
  /** '1'..'4' (validated by the contract) */
  userTypes?: string[];
  /** already stripped; matched as a contains-pattern */
  keyword?: string;
  campusId?: string;
  campusCode?: string;
  orgCode?: string;
  orgOnlyItself: boolean;
  userNo?: string;
}

export interface PersonSearchRow {
  id: string;
  name: string;
  username: string;
  user_no: string;
  user_type: string;
  org_name: string | null;
}

// Tenant scoping comes from row-level security: every Tx is bound to one tenant.
export const selectorRepository = {
  /** the caller's user type ('1'..'4'), or undefined for an unknown id */
  userType: async (tx: Tx, userId: string) =>
    (await tx.select({ userType: users.userType }).from(users).where(eq(users.id, userId)).limit(1))[0]?.userType,

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
      .select({ id: orgUnits.id, parentId: orgUnits.parentId, code: orgUnits.code, name: orgUnits.name, nameEn: orgUnits.nameEn, kind: orgUnits.kind, graduated: orgUnits.graduated })
      .from(orgUnits)
      .orderBy(asc(orgUnits.sort), asc(orgUnits.code)),

  /**
   * One page and the total, by xiaowu_people_search() (migration 0006): a SECURITY DEFINER function
   * that filters by the transaction's tenant itself, so the search indexes work under RLS.
   */
  searchPeople: async (tx: Tx, filter: PeopleFilter, limit: number, offset: number) => {
    const result = await tx.execute<{ result: { total: number; rows: PersonSearchRow[] } }>(sql`
      SELECT xiaowu_people_search(
        ${filter.userTypes?.length ? `{${filter.userTypes.join(',')}}` : null}::text[], ${filter.keyword ?? null}::text, ${filter.campusId ?? null}::uuid,
        ${filter.campusCode ?? null}::text, ${filter.orgCode ?? null}::text, ${filter.orgOnlyItself}::boolean,
        ${filter.userNo ?? null}::text, ${limit}::int, ${offset}::int) AS result`);
    return result.rows[0]?.result ?? { total: 0, rows: [] };
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
