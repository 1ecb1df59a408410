import type { AttendanceClass } from '../../../contracts/attendance';
import { post } from '../../lib/http';
import { ATTENDANCE_TAKE_PERMISSION } from '../../../contracts/attendance-constants';
import { schoolToday } from '../../lib/school-time';
import { weekday } from '../../../contracts/school-time';

/**
 * Ready for app/dashboard-cards.ts PENDING_COUNTS ({ id: 'attendance-without-roll', requirement,
 * title: 今日未点名的班级, to: '/xssw/xskq', count }) — not listed yet: the administrator holds every
 * code, so the line would replace "nothing waiting" that tests/e2e/shell.spec.ts expects for admin.
 * Who would see it: those who take rolls.
 */
export const ATTENDANCE_TAKE_REQUIREMENT = { anyOf: [ATTENDANCE_TAKE_PERMISSION] } as const;

/**
 * How many of the caller's classes have no roll today (the classes they teach; weekends count none).
 * The classes call does not say whether today is a school day, so a holiday on a weekday still counts.
 */
export async function classesWithoutRollToday(signal: AbortSignal, now = new Date()): Promise<number> {
  const today = schoolToday(now);
  const day = weekday(today);
  if (day === 0 || day === 6) return 0;
  const classes = await post<AttendanceClass[]>('/api/attendance/classes', { date: today }, { signal });
  return classes.filter((item) => item.duties.length > 0 && !item.taken).length;
}
