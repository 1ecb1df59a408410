import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';

/**
 * The VIEW class_records (migration 0033: a current class with its grade, profile, head teacher,
 * deputy and number of current students; edits through its INSTEAD OF trigger), declared as a table
 * so the resource kit lists, edits and exports it. Not in db/schema.ts: drizzle-kit must not generate
 * a table for it. The unique indexes are the base tables' that guard its fields.
 */
export const classRecords = pgTable(
  'class_records',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    gradeId: uuid('grade_id'),
    gradeLevel: integer('grade_level'),
    sort: integer('sort').notNull(),
    campusId: uuid('campus_id'),
    classNo: text('class_no').notNull(),
    classroomId: uuid('classroom_id'),
    capacity: integer('capacity'),
    headTeacherId: uuid('head_teacher_id'),
    headTeacherName: text('head_teacher_name').notNull(),
    deputyHeadTeacherId: uuid('deputy_head_teacher_id'),
    studentCount: integer('student_count').notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('class_profiles_tenant_class_no_key').on(t.tenantId, t.classNo),
    uniqueIndex('class_profiles_tenant_classroom_key').on(t.tenantId, t.classroomId),
  ],
);
