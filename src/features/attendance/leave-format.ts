import { formatDate } from '../../lib/format';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const asDate = (value: string) => new Date(DAY_ONLY.test(value) ? `${value}T00:00:00` : value);

/**
 * An approved leave's span, short: 11/19–11/21 for days; 11/21 08:00–12:00 within one day. The leave
 * module gives instants (ISO date-times) or plain days (YYYY-MM-DD); both read in local time.
 */
export function formatLeaveSpan(from: string, to: string, locale: string): string {
  const start = asDate(from);
  const end = asDate(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const day = { month: 'numeric', day: 'numeric' } as const;
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const sameDay = start.toDateString() === end.toDateString();
  const timed = !DAY_ONLY.test(from) && !(start.getHours() === 0 && start.getMinutes() === 0 && end.getHours() >= 23);
  if (sameDay && timed) return `${formatDate(start, day, locale)} ${formatDate(start, time, locale)}–${formatDate(end, time, locale)}`;
  return sameDay ? formatDate(start, day, locale) : `${formatDate(start, day, locale)}–${formatDate(end, day, locale)}`;
}
