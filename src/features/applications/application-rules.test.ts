import { describe, expect, it } from 'vitest';
import { cancelRefusal, leaveDays } from '../../../contracts/application-rules';

/** An instant given as the school's wall time (+08:00). */
const at = (wall: string) => new Date(`${wall}:00+08:00`);
const days = (from: string, to: string) => leaveDays(at(from), at(to));

describe('leaveDays (half days: before 12:00 the morning, after it the afternoon)', () => {
  it('counts a morning or an afternoon as half a day, a day across noon as one', () => {
    expect(days('2026-11-24T13:00', '2026-11-24T17:00')).toBe(0.5);
    expect(days('2026-11-24T08:00', '2026-11-24T12:00')).toBe(0.5);
    expect(days('2026-11-24T08:00', '2026-11-24T17:00')).toBe(1);
    expect(days('2026-11-24T12:00', '2026-11-24T18:00')).toBe(0.5);
  });

  it('counts each day of a longer leave, halves at its ends', () => {
    expect(days('2026-11-24T08:00', '2026-11-26T17:00')).toBe(3);
    expect(days('2026-11-24T13:00', '2026-11-25T12:00')).toBe(1);
    expect(days('2026-11-24T13:00', '2026-11-26T17:00')).toBe(2.5);
    expect(days('2026-11-24T08:00', '2026-11-26T11:00')).toBe(2.5);
  });

  it('does not count the next day for an end at midnight, and nothing for an empty or reversed range', () => {
    expect(days('2026-11-24T08:00', '2026-11-25T00:00')).toBe(1);
    expect(days('2026-11-24T13:00', '2026-11-25T00:00')).toBe(0.5);
    expect(days('2026-11-24T08:00', '2026-11-24T08:00')).toBe(0);
    expect(days('2026-11-24T17:00', '2026-11-24T08:00')).toBe(0);
  });

  it('reads the days in the school time zone whatever the instant was written in', () => {
    // 05:00 UTC is 13:00 at school: an afternoon
    expect(leaveDays(new Date('2026-11-24T05:00:00Z'), new Date('2026-11-24T09:00:00Z'))).toBe(0.5);
  });
});

describe('cancelRefusal (销假)', () => {
  const leave = { kind: 'student_leave' as const, state: 'approved' as const, cancelState: 'not_cancelled' as const, startsAt: '2026-11-24T00:00:00.000Z' };

  it('refuses a leave that has not started, allows it from its start', () => {
    expect(cancelRefusal(leave, new Date('2026-11-23T23:59:59Z'))).toBe('notStarted');
    expect(cancelRefusal(leave, new Date('2026-11-24T00:00:00Z'))).toBeNull();
  });

  it('refuses what is not an approved, uncancelled leave of a cancellable kind', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(cancelRefusal({ ...leave, state: 'pending' }, now)).toBe('notCancellable');
    expect(cancelRefusal({ ...leave, cancelState: 'cancelled' }, now)).toBe('notCancellable');
    expect(cancelRefusal({ ...leave, kind: 'travel' }, now)).toBe('notCancellable');
  });
});
