import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, schoolDate, schoolWallTime, weekday } from '../contracts/school-time';

describe('the school day (Asia/Shanghai, both sides)', () => {
  it("reads an instant's day and wall time in the school's zone", () => {
    // 16:30 UTC on 31 December is 00:30 on New Year's Day at the school
    expect(schoolDate(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
    expect(schoolDate(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(schoolWallTime(Date.parse('2026-11-24T00:00:12.345Z'))).toBe('2026-11-24T08:00:12.345');
  });

  it('counts calendar days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('not a day')).toBeNaN();
    expect(weekday('2026-11-28')).toBe(6);
  });
});
