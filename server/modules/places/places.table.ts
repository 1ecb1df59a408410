import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';

// Places (SPEC §3 Room, §5 places): campuses → buildings → classrooms. The ranges repeat the
// definitions' rules (contracts/resources) so that nothing outside them reaches the table, even an
// import or a script.

/** 校区: a school's sites; org units and users name theirs. */
export const campuses = pgTable(
  'campuses',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('campuses_tenant_code_key').on(t.tenantId, t.code),
    uniqueIndex('campuses_tenant_name_key').on(t.tenantId, t.name),
    check('campuses_code_check', sql`char_length(${t.code}) BETWEEN 1 AND 30`),
    check('campuses_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 30`),
  ],
);

/**
 * A building of a campus (教学楼 here, 宿舍楼 in dorms.table.ts: their own tables, the same columns and
 * rules): its code is below 999 and it has at most 9 floors. Indexes and constraints are named after the table.
 */
export const buildingTable = <const N extends string>(name: N) =>
  pgTable(
    name,
    {
      tenantId: tenantIdColumn(),
      id: uuid('id').notNull(),
      code: integer('code').notNull(),
      name: text('name').notNull(),
      floors: integer('floors').notNull(),
      campusId: uuid('campus_id').notNull(),
      ...auditColumns(),
    },
    (t) => [
      primaryKey({ columns: [t.tenantId, t.id] }),
      uniqueIndex(`${name}_tenant_code_key`).on(t.tenantId, t.code),
      uniqueIndex(`${name}_tenant_name_key`).on(t.tenantId, t.name),
      index(`${name}_tenant_campus_idx`).on(t.tenantId, t.campusId),
      // no cascade: a campus with buildings is refused (23503 → the definition's inUse words)
      foreignKey({ name: `${name}_campus_fk`, columns: [t.tenantId, t.campusId], foreignColumns: [campuses.tenantId, campuses.id] }),
      check(`${name}_code_check`, sql`${t.code} BETWEEN 1 AND 998`),
      check(`${name}_name_check`, sql`char_length(${t.name}) BETWEEN 1 AND 30`),
      check(`${name}_floors_check`, sql`${t.floors} BETWEEN 1 AND 9`),
    ],
  );

/** 教学楼 */
export const buildings = buildingTable('buildings');
