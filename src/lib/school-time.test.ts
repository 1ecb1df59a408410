import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, isoOfLocal, localOfIso, localOfMs, msOfLocal, schoolMonth, schoolToday, schoolYearOf, showTime, showTimeSeconds } from './school-time';

// A device clock outside China: the school's day and hours must not change with it.
// (Node reads a new TZ at once; vi.stubEnv sets it, unstubAllEnvs puts the device's back)
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('school time (Asia/Shanghai, +08:00)', () => {
  it('reads and writes datetime-local values as school time, whatever the device zone', () => {
    expect(new Date('2026-11-24T00:00:00Z').getHours()).toBe(16); // the device is in Los Angeles
    expect(isoOfLocal('2026-11-24T08:00')).toBe('2026-11-24T08:00:00+08:00');
    expect(isoOfLocal('2026-11-24')).toBe('');
    expect(localOfIso('2026-11-24T00:00:00Z')).toBe('2026-11-24T08:00');
    expect(localOfIso('nonsense')).toBe('');
    expect(localOfIso(null)).toBe('');
    expect(localOfMs(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01T00:30');
    expect(msOfLocal('2026-11-24T08:00')).toBe(Date.parse('2026-11-24T00:00:00Z'));
    expect(msOfLocal('')).toBeNaN();
    expect(showTime('2026-11-24T00:00:00Z')).toBe('2026-11-24 08:00');
    expect(showTime(undefined)).toBe('—');
    expect(showTimeSeconds('2026-11-24T00:00:12.345Z')).toBe('2026-11-24 08:00:12');
    expect(schoolYearOf(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027');
  });

  it("knows the school's today and month, not the device's", () => {
    // Friday 27 November, 17:00 in Los Angeles: already Saturday the 28th, 09:00, at the school
    const evening = new Date('2026-11-27T17:00:00-08:00');
    expect(evening.getDate()).toBe(27);
    expect(schoolToday(evening)).toBe('2026-11-28');
    expect(schoolMonth(new Date('2026-11-30T17:00:00-08:00'))).toBe('2026-12');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
