import { t } from '@lingui/core/macro';
import { schoolToday } from '../../lib/school-time';

/** Today as yyyy-mm-dd (what a native date input holds): the school's today, whatever the device's zone. */
export const todayText = (now: Date = new Date()): string => schoolToday(now);

/**
 * The date helper (SPEC §5): a start later than its end gives 开始时间应早于结束时间. Values are
 * yyyy-mm-dd, yyyy-mm-ddThh:mm or hh:mm texts of the same shape, so text order is time order.
 * Either side empty passes (required-ness is a separate rule).
 */
export function checkDateRange(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start || !end) return null;
  return start > end ? t`开始时间应早于结束时间` : null;
}

/** SPEC §5 "Cannot choose a future date". */
export function checkNotFuture(value: string | null | undefined, now = new Date()): string | null {
  if (!value) return null;
  return value.slice(0, 10) > todayText(now) ? t`不能选择未来的日期` : null;
}
