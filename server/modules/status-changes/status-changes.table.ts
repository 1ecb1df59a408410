import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { STATUS_CHANGE_TYPES } from '../../../contracts/status-change-rules';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { applications } from '../applications/applications.table';
import { orgUnits } from '../school/school.table';
import { users } from '../users/users.table';

/**
 * Each change type's effective flag per school (SPEC §4; migration 0031): on, an approved change of
 * the type moves the student (class membership, class, status, bed) on its date; off, it is kept as
 * an audited record that changes nothing. A school without its row reads on (rows are made as used).
 */
export const statusChangeTypes = pgTable(
  'status_change_types',
  {
    tenantId: tenantIdColumn(),
    code: text('code', { enum: STATUS_CHANGE_TYPES }).notNull(),
    effective: boolean('effective').notNull().default(true),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] }), check('status_change_types_code_check', sql`${t.code} IN ('insert', 'transfer_out', 'suspend', 'resume', 'class_change')`)],
);

/**
 * 学籍异动 (issue 23 item 4): one row per status change, with the id of its application (kind
 * 'status_change': state, audit chain, trail). Applied once, never edited: `applied_on` is the day its
 * effect began (the effective date, or the approval day when approved after it).
 */
export const statusChanges = pgTable(
  'status_changes',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    changeType: text('change_type', { enum: STATUS_CHANGE_TYPES }).notNull(),
    /** the type's flag when filed */
    effective: boolean('effective').notNull(),
    /** the class the student was in when filed (null: none) */
    fromClassId: uuid('from_class_id'),
    /** 插班, 复学, 转班: the class they go to */
    toClassId: uuid('to_class_id'),
    effectiveDate: date('effective_date').notNull(),
    appliedOn: date('applied_on'),
    appliedAt: timestamptz('applied_at'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('status_changes_tenant_student_idx').on(t.tenantId, t.studentId, t.effectiveDate),
    index('status_changes_tenant_due_idx').on(t.tenantId, t.effectiveDate).where(sql`${t.appliedOn} IS NULL AND ${t.effective}`),
    foreignKey({ name: 'status_changes_application_fk', columns: [t.tenantId, t.id], foreignColumns: [applications.tenantId, applications.id] }),
    foreignKey({ name: 'status_changes_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'status_changes_from_class_fk', columns: [t.tenantId, t.fromClassId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'status_changes_to_class_fk', columns: [t.tenantId, t.toClassId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'status_changes_type_fk', columns: [t.tenantId, t.changeType], foreignColumns: [statusChangeTypes.tenantId, statusChangeTypes.code] }),
    check('status_changes_type_check', sql`${t.changeType} IN ('insert', 'transfer_out', 'suspend', 'resume', 'class_change')`),
    check('status_changes_target_check', sql`(${t.changeType} IN ('insert', 'resume', 'class_change')) = (${t.toClassId} IS NOT NULL)`),
    check(
      'status_changes_applied_check',
      sql`(${t.appliedOn} IS NULL) = (${t.appliedAt} IS NULL) AND (${t.appliedOn} IS NULL OR ${t.appliedOn} >= ${t.effectiveDate})`,
    ),
  ],
);
