import { describe, expect, it } from 'vitest';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, isCalendarDate, isCalendarMonth, isDateTime } from '../../contracts/date-rules';
import { calendarDate, calendarDateOrBlank, calendarMonth, dateTime } from '../../contracts/dates';

describe('the date family', () => {
  it('a calendar date is a real day of a year in range', () => {
    for (const day of ['2026-03-02', '2024-02-29', '2000-02-29', `${DATE_YEAR_MIN}-01-01`, `${DATE_YEAR_MAX}-12-31`, '1935-07-01']) expect(isCalendarDate(day), day).toBe(true);
    for (const day of ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-45', '2026-00-10', '2026-01-00', '0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31', '2026-3-2', ' 2026-03-02', '2026-03-02T00:00:00Z', '']) {
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('a month is YYYY-MM of a year in range', () => {
    for (const month of ['2026-01', '2026-12', '1900-01', '2100-12']) expect(isCalendarMonth(month), month).toBe(true);
    for (const month of ['0000-01', '9999-12', '2026-13', '2026-00', '2026-1', '2026-01-01']) expect(isCalendarMonth(month), month).toBe(false);
  });

  it('a date-time is ISO 8601 with seconds, at most milliseconds and an offset, on a real day in range', () => {
    for (const text of ['2026-03-02T08:00:00Z', '2026-03-02T08:00:00.123Z', '2026-03-02T08:00:00+08:00', '2026-03-02T08:00:00.5-05:30', '1900-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z']) {
      expect(isDateTime(text), text).toBe(true);
    }
    for (const text of [
      '0000-01-01T00:00:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '2026-02-30T00:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02T08:00Z',
      '2026-03-02T08:00:00',
      '2026-03-02T08:00:00.1234Z',
      '2026-03-02T08:00:00+0800',
      '2026-03-02 08:00:00Z',
    ]) {
      expect(isDateTime(text), text).toBe(false);
    }
  });

  it('the zod types refuse with the message key the server names the field with; blank is a filter left open', () => {
    expect(calendarDate.safeParse(' 2026-03-02 ')).toEqual({ success: true, data: '2026-03-02' });
    expect(calendarDate.safeParse('2026-02-30').error?.issues[0]?.message).toBe('dateInvalid');
    expect(calendarMonth.safeParse('9999-12').error?.issues[0]?.message).toBe('monthInvalid');
    expect(dateTime.safeParse('0001-01-01T00:00:00.000Z').error?.issues[0]?.message).toBe('dateTimeInvalid');
    expect(calendarDateOrBlank.safeParse('').success).toBe(true);
    expect(calendarDate.safeParse('').success).toBe(false);
  });
});
