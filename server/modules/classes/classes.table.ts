import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { classrooms } from '../places/classrooms.table';
import { orgUnits } from '../school/school.table';

/**
 * 班级管理 (issue 23 item 2): what a class has beside its org unit (kind 'class', the one source of
 * classes), one row per class (migration 0033). The head teacher and the deputy are staff_duties rows.
 */
export const classProfiles = pgTable(
  'class_profiles',
  {
    tenantId: tenantIdColumn(),
    orgUnitId: uuid('org_unit_id').notNull(),
    /** 班级编号: digits only, at most 30 (SPEC §5), '' none */
    classNo: text('class_no').notNull().default(''),
    classroomId: uuid('classroom_id'),
    /** the most current students (null: no limit); the database refuses an entry into a full class */
    capacity: integer('capacity'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orgUnitId] }),
    uniqueIndex('class_profiles_tenant_class_no_key').on(t.tenantId, t.classNo).where(sql`${t.classNo} <> ''`),
    uniqueIndex('class_profiles_tenant_classroom_key').on(t.tenantId, t.classroomId).where(sql`${t.classroomId} IS NOT NULL`),
    foreignKey({ name: 'class_profiles_class_fk', columns: [t.tenantId, t.orgUnitId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }).onDelete('cascade'),
    foreignKey({ name: 'class_profiles_classroom_fk', columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    check('class_profiles_class_no_check', sql`${t.classNo} ~ '^[0-9]{0,30}$'`),
    check('class_profiles_capacity_check', sql`${t.capacity} IS NULL OR ${t.capacity} BETWEEN 1 AND 999`),
  ],
);
