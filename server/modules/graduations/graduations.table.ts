import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../db/columns';
import { orgUnits } from '../school/school.table';
import { users } from '../users/users.table';

/**
 * 毕业管理 (issue 23 item 5; migration 0034): a student's graduation, at most one per student. The
 * year is the calendar year the school year ends in (2026 for 2025-2026); the class the one they left.
 */
export const graduations = pgTable(
  'graduations',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    graduationYear: integer('graduation_year').notNull(),
    classId: uuid('class_id').notNull(),
    graduatedOn: date('graduated_on').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('graduations_tenant_student_key').on(t.tenantId, t.studentId),
    index('graduations_tenant_year_idx').on(t.tenantId, t.graduationYear, t.classId),
    foreignKey({ name: 'graduations_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'graduations_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    check('graduations_year_check', sql`${t.graduationYear} BETWEEN 1900 AND 2200`),
  ],
);

/** 留级: a student of the graduating grade kept in school, placed in a class of the grade they repeat. */
export const graduationHoldbacks = pgTable(
  'graduation_holdbacks',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    fromClassId: uuid('from_class_id').notNull(),
    toClassId: uuid('to_class_id').notNull(),
    heldOn: date('held_on').notNull(),
    /** the student had graduated this year and the graduation was removed */
    undidGraduation: boolean('undid_graduation').notNull(),
    reason: text('reason').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('graduation_holdbacks_tenant_student_idx').on(t.tenantId, t.studentId, t.heldOn),
    foreignKey({ name: 'graduation_holdbacks_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'graduation_holdbacks_from_class_fk', columns: [t.tenantId, t.fromClassId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'graduation_holdbacks_to_class_fk', columns: [t.tenantId, t.toClassId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    check('graduation_holdbacks_reason_check', sql`char_length(${t.reason}) <= 200`),
    check('graduation_holdbacks_classes_check', sql`${t.fromClassId} <> ${t.toClassId}`),
  ],
);
