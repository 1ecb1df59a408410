import { z } from 'zod';
import type { StatusChangeState, StatusChangeType } from './status-change-rules';

/** `POST /api/students/detail`: the detail drawer's tabs of one student (学生信息). */
export const studentDetailRequest = z.object({ id: z.uuid() });

/** Names as the tables keep them: the screen picks the caller's language (`nameEn` '' when none). */
interface Names {
  name: string;
  nameEn: string;
}

export interface StudentDetail {
  /** the student's parents and guardians (parent_students) */
  /** relation: the STD_GB_JTGX entry's names (a relation stored as text before 家庭信息: that text) */
  family: { id: string; name: string; relation: Names; phone: string; account: string; hasAccount: boolean }[];
  /** the classes the student was in, newest first (class_memberships; toDate '' = current) */
  history: { className: Names; fromDate: string; toDate: string; seatNo: number | null }[];
  /**
   * the student's status changes (学籍异动), newest first, with their attachments: whoever sees 学生信息
   * may open them (the applications engine's attachment readers of the kind status_change)
   */
  changes: {
    id: string;
    changeType: StatusChangeType;
    /** the type's and the state's words, as the tables name things */
    type: Names;
    state: StatusChangeState;
    stateName: Names;
    effectiveDate: string;
    fromClass: Names;
    toClass: Names;
    reason: string;
    attachments: { resId: string; resName: string }[];
  }[];
  /** the scores of the newest exam batches (at most 60 rows): batch, subject, score or mark */
  scores: { batch: string; batchDate: string; subject: Names; score: number | null; mark: string }[];
  /** the current semester's attendance: how many rolls marked each status */
  attendance: { semester: Names | null; counts: { status: Names; days: number }[] };
  /** place names of the two area codes (province, city, district joined) */
  places: { nativePlace: string; householdPlace: string };
}
