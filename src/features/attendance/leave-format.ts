import { formatDate, instantOf } from '../../lib/format';
import { localOfMs } from '../../lib/school-time';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An approved leave's span, short: 11/19–11/21 for days; 11/21 08:00–12:00 within one day. The leave
 * module gives instants (ISO date-times) or plain days (YYYY-MM-DD); both read in the school's zone.
 */
export function formatLeaveSpan(from: string, to: string, locale: string): string {
  const start = instantOf(from);
  const end = instantOf(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const day = { month: 'numeric', day: 'numeric' } as const;
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  // school wall times 'YYYY-MM-DDTHH:mm'
  const startWall = localOfMs(start.getTime());
  const endWall = localOfMs(end.getTime());
  const sameDay = startWall.slice(0, 10) === endWall.slice(0, 10);
  const wholeDays = startWall.endsWith('T00:00') && endWall.slice(11) >= '23:00';
  const timed = !DAY_ONLY.test(from) && !wholeDays;
  if (sameDay && timed) return `${formatDate(start, day, locale)} ${formatDate(start, time, locale)}–${formatDate(end, time, locale)}`;
  return sameDay ? formatDate(start, day, locale) : `${formatDate(start, day, locale)}–${formatDate(end, day, locale)}`;
}
