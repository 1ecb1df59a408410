import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { applications } from '../applications/applications.table';

/** a cancelled leave (销假) ends when the student came back */
const effectiveEnd = sql<Date>`coalesce(${applications.cancelledAt}, ${applications.endsAt})`.mapWith(applications.endsAt);

// Tenant scoping comes from row-level security.
export const leaveRepository = {
  /**
   * Approved student leaves of these students overlapping the day, up to the return time when
   * cancelled: the effective end strictly after the day's start (a return at 00:00 is not on leave that day).
   */
  approvedOverlapping: (tx: Tx, studentIds: readonly string[], dayStart: Date, dayEnd: Date) =>
    studentIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: applications.id, studentId: applications.applicantId, startsAt: applications.startsAt, endsAt: effectiveEnd, reason: applications.reason })
          .from(applications)
          .where(
            and(
              eq(applications.kind, 'student_leave'),
              inArray(applications.applicantId, [...studentIds]),
              eq(applications.state, 'approved'),
              lte(applications.startsAt, dayEnd),
              gt(effectiveEnd, dayStart),
              // a leave cancelled at its start (zero length) is no leave
              gt(effectiveEnd, applications.startsAt),
            ),
          )
          .orderBy(applications.startsAt),
};
