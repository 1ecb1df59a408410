// Student attendance's constants without zod (contracts/attendance.ts re-exports them with its schemas):
// route files and the screens they import (the /login entry chunk's reach) and the server use these.

/** menu and read permission; `_add` takes rolls (head and subject teachers); `_export` exports;
 * `_manage` sees every class, the classes without a roll, and corrects any roll (administrators) */
export const ATTENDANCE_PERMISSION = 'xskq';
export const ATTENDANCE_TAKE_PERMISSION = 'xskq_add';
export const ATTENDANCE_EXPORT_PERMISSION = 'xskq_export';
export const ATTENDANCE_MANAGE_PERMISSION = 'xskq_manage';

/** dictionary type of the attendance statuses (POST /dicts typeArr) */
export const ATTENDANCE_STATUS_DICT = 'STD_XSKQ_ZT';
/** the codes of that dictionary the app itself relies on; schools may add more (e.g. 早退) */
export const AttendanceStatus = { present: '1', absent: '2', late: '3', leave: '4', other: '9' } as const;
export const ATTENDANCE_REMARK_MAX = 200;
/** history and exports span at most this many days */
export const ATTENDANCE_RANGE_MAX_DAYS = 366;
