import type * as Contract from '../../../contracts/attendance';

/**
 * The contract's constants (contracts/attendance.ts), restated so that nothing here imports that
 * module's values: it builds zod schemas whose `jsonObjectInput` call the bundler cannot drop, and the
 * route files' loaders (this feature's api.ts, search.ts) sit in the /login entry chunk. Each constant
 * is typed as the contract's literal, so a change there fails typecheck here.
 */
export const ATTENDANCE_PERMISSION: typeof Contract.ATTENDANCE_PERMISSION = 'xskq';
export const ATTENDANCE_TAKE_PERMISSION: typeof Contract.ATTENDANCE_TAKE_PERMISSION = 'xskq_add';
export const ATTENDANCE_EXPORT_PERMISSION: typeof Contract.ATTENDANCE_EXPORT_PERMISSION = 'xskq_export';
export const ATTENDANCE_MANAGE_PERMISSION: typeof Contract.ATTENDANCE_MANAGE_PERMISSION = 'xskq_manage';
export const ATTENDANCE_STATUS_DICT: typeof Contract.ATTENDANCE_STATUS_DICT = 'STD_XSKQ_ZT';
export const AttendanceStatus: typeof Contract.AttendanceStatus = { present: '1', absent: '2', late: '3', leave: '4', other: '9' };
export const ATTENDANCE_REMARK_MAX: typeof Contract.ATTENDANCE_REMARK_MAX = 200;
export const ATTENDANCE_RANGE_MAX_DAYS: typeof Contract.ATTENDANCE_RANGE_MAX_DAYS = 366;
