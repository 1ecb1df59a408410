import { z } from 'zod';
import { ATTENDANCE_REMARK_MAX } from './attendance-constants';
import { calendarDate } from './dates';
import { jsonObjectInput } from './input';

/**
 * Student attendance (SPEC §1 'Student affairs'; menu 学生考勤 /xssw/xskq; paths not shown in the
 * SPEC, so POST + JSON in its style). One roll per class per school day: every student present by
 * default, one status each from the ATTENDANCE_STATUS_DICT dictionary, with an optional remark.
 * The roll is submitted whole, through the outbox (Idempotency-Key), with the version it was edited
 * from; a roll changed on the server meanwhile answers 40900 with the server's roll, so the teacher
 * chooses in the conflict inbox. Every change of a student's status keeps an audit row.
 */

export {
  ATTENDANCE_EXPORT_PERMISSION,
  ATTENDANCE_MANAGE_PERMISSION,
  ATTENDANCE_PERMISSION,
  ATTENDANCE_RANGE_MAX_DAYS,
  ATTENDANCE_REMARK_MAX,
  ATTENDANCE_STATUS_DICT,
  ATTENDANCE_TAKE_PERMISSION,
  AttendanceStatus,
} from './attendance-constants';

const statusCode = z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9_]+$/);

/** `POST /api/attendance/classes`: the classes whose roll the caller may take (or, with _manage, all). */
export interface AttendanceClass {
  classId: string;
  className: string;
  /** '' when the class has no English name (the client shows className then); the same for every *NameEn */
  classNameEn: string;
  gradeName: string;
  gradeNameEn: string;
  /** the caller's duties there: 'head_teacher', 'subject_teacher' (+ subject, a SUBJECT_DICT code); [] for managers */
  duties: { duty: 'head_teacher' | 'subject_teacher'; subject: string }[];
  studentCount: number;
  /** the roll of `date` (today when not given): null when not taken yet */
  taken: { version: number; takenAt: string; takenByName: string } | null;
}
export const attendanceClassesRequest = z.object({ date: calendarDate.optional() });
export type AttendanceClassesRequest = z.infer<typeof attendanceClassesRequest>;

/** `POST /api/attendance/roll`: one class's roll of one day. */
export const attendanceRollRequest = z.object({ classId: z.uuid(), date: calendarDate });
export type AttendanceRollRequest = z.infer<typeof attendanceRollRequest>;

export interface AttendanceRollEntry {
  studentId: string;
  studentName: string;
  studentNo: string;
  /** a status code of ATTENDANCE_STATUS_DICT */
  status: string;
  remark: string;
  /** approved leave covering that day (later: from the leave module); the roll shows it as leave */
  approvedLeave: { leaveId: string; from: string; to: string; reason: string } | null;
}

export interface AttendanceRoll {
  classId: string;
  className: string;
  classNameEn: string;
  date: string;
  semester: { id: string; name: string; nameEn: string };
  /** 0 while not taken; every submission adds one */
  version: number;
  takenAt: string | null;
  takenByName: string;
  /** in roster order (student number); before the first submission everyone is present, or on leave */
  entries: AttendanceRollEntry[];
}

/**
 * `POST /api/attendance/submit` (outbox kind 'attendance.submit', entity `attendance:<classId>:<date>`),
 * header Idempotency-Key. `baseVersion` is the roll's version the teacher edited from (0: not taken).
 * Students left out keep their status; unknown students are refused. Answers the new roll.
 * 40900 (conflict) when the roll moved past baseVersion: data is the server's AttendanceRoll.
 */
export const attendanceSubmitRequest = z.object({
  classId: z.uuid(),
  date: calendarDate,
  baseVersion: z.number().int().min(0),
  entries: z
    .array(z.object({ studentId: z.uuid(), status: statusCode, remark: z.string().trim().max(ATTENDANCE_REMARK_MAX).default('') }))
    .min(1)
    .max(300),
});
export type AttendanceSubmitRequest = z.infer<typeof attendanceSubmitRequest>;

/** `POST /api/attendance/missing` (_manage): classes without a roll on `date` (school days of the current semester). */
export const attendanceMissingRequest = z.object({ date: calendarDate, campusId: z.uuid().optional() });
export type AttendanceMissingRequest = z.infer<typeof attendanceMissingRequest>;
export interface AttendanceMissingData {
  date: string;
  /** false on a weekend or outside the semester: nothing is missing then */
  schoolDay: boolean;
  totalClasses: number;
  missing: { classId: string; className: string; classNameEn: string; gradeName: string; gradeNameEn: string; headTeacherName: string }[];
}

/**
 * `POST /api/attendance/history` (generic table A): one row per student and day with a roll.
 * search JSON: classId (required unless studentId), studentId, from, to (YYYY-MM-DD, at most
 * ATTENDANCE_RANGE_MAX_DAYS apart), status ('' any). Teachers see their classes; _manage every class.
 */
export const attendanceHistorySearch = z.object({
  classId: z.uuid().optional(),
  studentId: z.uuid().optional(),
  from: calendarDate,
  to: calendarDate,
  status: z.string().trim().max(16).default(''),
});
export type AttendanceHistorySearch = z.infer<typeof attendanceHistorySearch>;
export const attendanceHistoryRequest = z.object({
  currPage: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  search: jsonObjectInput(attendanceHistorySearch),
});
export type AttendanceHistoryRequest = z.infer<typeof attendanceHistoryRequest>;
export interface AttendanceHistoryRow {
  date: string;
  classId: string;
  className: string;
  classNameEn: string;
  studentId: string;
  studentName: string;
  studentNo: string;
  status: string;
  remark: string;
  takenByName: string;
  takenAt: string;
}

/** `POST /api/attendance/summary`: per student over a range, counts per status code (a class's table). */
export const attendanceSummaryRequest = z.object({ classId: z.uuid(), from: calendarDate, to: calendarDate });
export type AttendanceSummaryRequest = z.infer<typeof attendanceSummaryRequest>;
export interface AttendanceSummaryData {
  days: number;
  rows: { studentId: string; studentName: string; studentNo: string; counts: Record<string, number> }[];
}

/** `POST /api/attendance/changes`: the audit trail of one roll (who changed which student from what to what), newest first. */
export const attendanceChangesRequest = attendanceRollRequest;
export type AttendanceChangesRequest = z.infer<typeof attendanceChangesRequest>;
export interface AttendanceChange {
  studentId: string;
  studentName: string;
  oldStatus: string | null;
  newStatus: string;
  oldRemark: string | null;
  newRemark: string;
  changedByName: string;
  changedAt: string;
  version: number;
}

/** `POST /api/attendance/export` (_export): the history search as an .xlsx download (raw bytes). */
export const attendanceExportRequest = attendanceHistorySearch;
