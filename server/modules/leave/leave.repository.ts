import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { studentLeaves } from './leave.table';

// Tenant scoping comes from row-level security.
export const leaveRepository = {
  /** Approved leaves of these students overlapping [dayStart, dayEnd). */
  approvedOverlapping: (tx: Tx, studentIds: readonly string[], dayStart: Date, dayEnd: Date) =>
    studentIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: studentLeaves.id, studentId: studentLeaves.studentId, startsAt: studentLeaves.startsAt, endsAt: studentLeaves.endsAt, reason: studentLeaves.reason })
          .from(studentLeaves)
          .where(
            and(
              inArray(studentLeaves.studentId, [...studentIds]),
              eq(studentLeaves.state, 'approved'),
              lte(studentLeaves.startsAt, dayEnd),
              gte(studentLeaves.endsAt, dayStart),
            ),
          )
          .orderBy(studentLeaves.startsAt),
};
