import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { users } from '../users/users.table';
import { buildings } from './places.table';

/** 教室 (SPEC §3 Room): a room of a building. Its own file: users.table imports places.table (campuses). */
export const classrooms = pgTable(
  'classrooms',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** 房间号 */
    code: text('code').notNull(),
    name: text('name').notNull(),
    buildingId: uuid('building_id').notNull(),
    floor: integer('floor').notNull(),
    /** an entry code of the STD_JSLB dictionary */
    category: text('category').notNull(),
    adminId: uuid('admin_id'),
    capacity: integer('capacity').notNull(),
    applyType: text('apply_type', { enum: ['none', 'direct', 'audit'] }).notNull().default('audit'),
    advanceDays: integer('advance_days').notNull().default(7),
    deadlineDays: integer('deadline_days').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('classrooms_tenant_code_key').on(t.tenantId, t.code),
    uniqueIndex('classrooms_tenant_name_key').on(t.tenantId, t.name),
    index('classrooms_tenant_building_idx').on(t.tenantId, t.buildingId, t.floor),
    // no cascade: a building with classrooms is refused (23503 → the definition's inUse words)
    foreignKey({ name: 'classrooms_building_fk', columns: [t.tenantId, t.buildingId], foreignColumns: [buildings.tenantId, buildings.id] }),
    foreignKey({ name: 'classrooms_admin_fk', columns: [t.tenantId, t.adminId], foreignColumns: [users.tenantId, users.id] }),
    check('classrooms_code_check', sql`char_length(${t.code}) BETWEEN 1 AND 30`),
    check('classrooms_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 30`),
    check('classrooms_floor_check', sql`${t.floor} BETWEEN 1 AND 9`),
    check('classrooms_capacity_check', sql`${t.capacity} BETWEEN 1 AND 99`),
    check('classrooms_apply_type_check', sql`${t.applyType} IN ('none', 'direct', 'audit')`),
    check('classrooms_days_check', sql`${t.advanceDays} BETWEEN 0 AND 90 AND ${t.deadlineDays} BETWEEN 0 AND 30`),
  ],
);
