import { date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { orgUnits, semesters } from '../school/school.table';
import { users } from '../users/users.table';

/** One class's roll of one day (contracts/attendance.ts). `version` counts submissions (1 after the first). */
export const attendanceRolls = pgTable(
  'attendance_rolls',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    classId: uuid('class_id').notNull(),
    date: date('date').notNull(),
    semesterId: uuid('semester_id').notNull(),
    /** who submitted last, and when */
    takenBy: uuid('taken_by').notNull(),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('attendance_rolls_tenant_class_date_key').on(t.tenantId, t.classId, t.date),
    // "which classes have no roll today" and date-range history start from the date
    index('attendance_rolls_tenant_date_idx').on(t.tenantId, t.date),
    foreignKey({ name: 'attendance_rolls_class_fk', columns: [t.tenantId, t.classId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
    foreignKey({ name: 'attendance_rolls_semester_fk', columns: [t.tenantId, t.semesterId], foreignColumns: [semesters.tenantId, semesters.id] }),
    foreignKey({ name: 'attendance_rolls_taken_by_fk', columns: [t.tenantId, t.takenBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** One student's status on a roll. */
export const attendanceEntries = pgTable(
  'attendance_entries',
  {
    tenantId: tenantIdColumn(),
    rollId: uuid('roll_id').notNull(),
    studentId: uuid('student_id').notNull(),
    /** a code of the STD_XSKQ_ZT dictionary */
    status: text('status').notNull(),
    remark: text('remark').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.rollId, t.studentId] }),
    // a student's history over a date range
    index('attendance_entries_tenant_student_idx').on(t.tenantId, t.studentId),
    foreignKey({ name: 'attendance_entries_roll_fk', columns: [t.tenantId, t.rollId], foreignColumns: [attendanceRolls.tenantId, attendanceRolls.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'attendance_entries_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** The audit trail: every change of a student's status or remark (old values null on the first submission). */
export const attendanceChanges = pgTable(
  'attendance_changes',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    rollId: uuid('roll_id').notNull(),
    studentId: uuid('student_id').notNull(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    oldRemark: text('old_remark'),
    newRemark: text('new_remark').notNull(),
    changedBy: uuid('changed_by').notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
    /** the roll version this change produced */
    rollVersion: integer('roll_version').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('attendance_changes_tenant_roll_idx').on(t.tenantId, t.rollId),
    foreignKey({ name: 'attendance_changes_roll_fk', columns: [t.tenantId, t.rollId], foreignColumns: [attendanceRolls.tenantId, attendanceRolls.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'attendance_changes_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'attendance_changes_changed_by_fk', columns: [t.tenantId, t.changedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
