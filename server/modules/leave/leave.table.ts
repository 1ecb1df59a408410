import { foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { users } from '../users/users.table';

export const LEAVE_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveState = (typeof LEAVE_STATES)[number];

/**
 * Students' leave (SPEC §1 'Student affairs'). Minimal for now: attendance reads approved leave from
 * it; the leave screens and audit flow (issue 8) build on this table.
 */
export const studentLeaves = pgTable(
  'student_leaves',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    /** a code of the leave-type dictionary (issue 8), e.g. 病假 / 事假 */
    leaveType: text('leave_type').notNull().default(''),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    reason: text('reason').notNull().default(''),
    state: text('state', { enum: LEAVE_STATES }).notNull().default('pending'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('student_leaves_tenant_student_idx').on(t.tenantId, t.studentId, t.startsAt),
    foreignKey({ name: 'student_leaves_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
