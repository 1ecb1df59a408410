import { describe, expect, it } from 'vitest';
import { isoOfLocal, localOfIso, localOfMs, msOfLocal, schoolYearOf, showTime, showTimeSeconds } from './school-time';

describe('school time (+08:00)', () => {
  it('reads and writes datetime-local values as school time, whatever the device zone', () => {
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
});
