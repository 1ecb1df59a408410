import type { Tx } from '../../db/client';
import { leaveRepository } from './leave.repository';

export interface ApprovedLeave {
  leaveId: string;
  /** ISO date-times */
  from: string;
  to: string;
  reason: string;
}

/** Student leave as attendance needs it: approved student_leave applications (filed and audited in server/modules/applications). */
export class LeaveService {
  /**
   * Approved leave covering any part of the school day `date` (YYYY-MM-DD, in `timeZoneOffset`, e.g.
   * '+08:00'), by student; the earliest when several overlap.
   */
  async approvedLeavesOn(tx: Tx, studentIds: readonly string[], date: string, timeZoneOffset: string): Promise<Map<string, ApprovedLeave>> {
    const dayStart = new Date(`${date}T00:00:00${timeZoneOffset}`);
    const dayEnd = new Date(dayStart.getTime() + 24 * 60 * 60 * 1000 - 1);
    const found = new Map<string, ApprovedLeave>();
    for (const row of await leaveRepository.approvedOverlapping(tx, studentIds, dayStart, dayEnd)) {
      if (!found.has(row.studentId)) found.set(row.studentId, { leaveId: row.id, from: row.startsAt!.toISOString(), to: row.endsAt.toISOString(), reason: row.reason });
    }
    return found;
  }
}
