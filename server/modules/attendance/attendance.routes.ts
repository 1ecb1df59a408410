import {
  ATTENDANCE_EXPORT_PERMISSION,
  ATTENDANCE_MANAGE_PERMISSION,
  ATTENDANCE_PERMISSION,
  ATTENDANCE_TAKE_PERMISSION,
  attendanceChangesRequest,
  attendanceClassesRequest,
  attendanceExportRequest,
  attendanceHistoryRequest,
  attendanceMissingRequest,
  attendanceRollRequest,
  attendanceSubmitRequest,
  attendanceSummaryRequest,
} from '../../../contracts/attendance';
import { xlsxReply } from '../../kit/xlsx';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';

const TAKE = { anyOf: [ATTENDANCE_TAKE_PERMISSION, ATTENDANCE_MANAGE_PERMISSION] } as const;
const READ = { anyOf: [ATTENDANCE_PERMISSION, ATTENDANCE_MANAGE_PERMISSION] } as const;

/** Student attendance (contracts/attendance.ts). Teachers reach their own classes only (the service checks). */
export const attendanceRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/attendance/classes',
    operation: reads('考勤班级', 'Attendance classes'),
    access: TAKE,
    summary: "the caller's classes (all classes with xskq_manage), each with its duties, student count and the roll of `date` (today)",
    body: attendanceClassesRequest,
    handler: ({ tx, session, body, services }) => services.attendance.classes(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/roll',
    operation: reads('打开点名表', 'Open a roll'),
    access: TAKE,
    summary: "one class's roll of one day (everyone present, or on approved leave, until taken); no future date, inside a semester",
    body: attendanceRollRequest,
    handler: ({ tx, session, body, services }) => services.attendance.roll(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/submit',
    operation: changes('提交考勤', 'Submit attendance'),
    access: TAKE,
    summary: 'submits a roll from baseVersion (Idempotency-Key replayable): 40900 with the server roll when it moved; audit rows for every change',
    body: attendanceSubmitRequest,
    target: ({ tx, body }) => logTargets.attendanceRoll(tx, body.classId, body.date),
    idempotent: true,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const roll = await services.attendance.submit(tx, session, body);
      setMessage('attendanceSubmitted');
      return roll;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/missing',
    operation: reads('未点名班级', 'Classes without a roll'),
    access: { anyOf: [ATTENDANCE_MANAGE_PERMISSION] },
    summary: 'classes without a roll on `date` (schoolDay false on weekends and outside the current semester)',
    body: attendanceMissingRequest,
    handler: ({ tx, body, services }) => services.attendance.missing(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/history',
    operation: reads('查询考勤记录', 'Search attendance records'),
    access: READ,
    summary: 'generic table A of roll entries (search: classId or studentId, from, to, status); teachers: their classes only',
    body: attendanceHistoryRequest,
    handler: ({ tx, session, body, services }) => services.attendance.history(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/summary',
    operation: reads('考勤汇总', 'Attendance summary'),
    access: READ,
    summary: "per student of a class, days per status code over a date range",
    body: attendanceSummaryRequest,
    handler: ({ tx, session, body, services }) => services.attendance.summary(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/changes',
    operation: reads('考勤修改记录', 'Attendance changes'),
    access: READ,
    summary: "a roll's audit trail (who changed which student from what to what), newest first",
    body: attendanceChangesRequest,
    handler: ({ tx, session, body, services }) => services.attendance.changes(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/attendance/export',
    answers: 'file',
    operation: reads('导出考勤', 'Export attendance'),
    access: { anyOf: [ATTENDANCE_EXPORT_PERMISSION] },
    summary: 'the history search as an .xlsx download (details and per-student summary sheets; RFC 5987 filename*)',
    body: attendanceExportRequest,
    handler: async ({ tx, session, body, services, reply, lang }) => {
      const { fileName, bytes } = await services.attendance.export(tx, session, body, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];
