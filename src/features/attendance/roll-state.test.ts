import { describe, expect, it } from 'vitest';
import { formatLeaveSpan } from './leave-format';
import { changedStudents, countMarks, marksOfRoll, overlayMarks, rollEntityKey, statusOptions, submissionOf } from './roll-state';
import { addDays, isoDay } from './search';
import { CLASS_1, makeRoll, STATUS_DICT, student } from './test-support';

describe('roll state', () => {
  it('takes the server marks, a queued submission over them, and counts them', () => {
    const roll = makeRoll();
    const base = marksOfRoll(roll);
    expect(base[student(2)]).toEqual({ status: '4', remark: '' });
    const shown = overlayMarks(base, {
      classId: CLASS_1,
      date: roll.date,
      baseVersion: 0,
      entries: [{ studentId: student(1), status: '2', remark: '病' }],
    });
    expect(shown[student(1)]).toEqual({ status: '2', remark: '病' });
    expect(shown[student(3)]).toBe(base[student(3)]);
    expect(countMarks(roll.entries, shown)).toEqual({ '2': 1, '4': 1, '1': 1 });
    expect(changedStudents(base, shown)).toEqual([student(1)]);
    expect(changedStudents(base, { ...base, [student(3)]: { status: '1', remark: ' ' } })).toEqual([]);
  });

  it('submits the whole roll with trimmed remarks and the base version', () => {
    const roll = makeRoll();
    const marks = { ...marksOfRoll(roll), [student(3)]: { status: '9', remark: `  ${'x'.repeat(250)} ` } };
    const payload = submissionOf(roll, marks, 4);
    expect(payload.baseVersion).toBe(4);
    expect(payload.entries.map((entry) => entry.status)).toEqual(['1', '4', '9']);
    expect(payload.entries[2].remark).toHaveLength(200);
    // a correction: only the students named, in roster order
    expect(submissionOf(roll, marks, 4, [student(3), student(1)]).entries.map((entry) => entry.studentId)).toEqual([student(1), student(3)]);
    expect(rollEntityKey(CLASS_1, '2026-11-20')).toBe(`attendance:${CLASS_1}:2026-11-20`);
  });

  it('offers the dictionary statuses with present first, or the app codes without it', () => {
    const shuffled = [STATUS_DICT[2], STATUS_DICT[0], STATUS_DICT[4]];
    expect(statusOptions(shuffled, (code) => code, 'zh').map((option) => option.label)).toEqual(['出勤', '迟到', '其他']);
    expect(statusOptions(STATUS_DICT, (code) => code, 'en').map((option) => option.label)).toEqual(['Present', 'Absent', 'Late', 'Leave', 'Other']);
    expect(statusOptions(undefined, (code) => `#${code}`, 'zh').map((option) => option.label)).toEqual(['#1', '#2', '#3', '#4', '#9']);
  });
});

describe('dates', () => {
  it("today and day arithmetic in the school's calendar", () => {
    // 23:59 UTC on the 5th is 07:59 on the 6th at the school
    expect(isoDay(new Date('2026-01-05T23:59:00Z'))).toBe('2026-01-06');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('formats an approved leave as days, or times within one day', () => {
    expect(formatLeaveSpan('2026-11-19', '2026-11-21', 'zh')).toBe('11/19–11/21');
    expect(formatLeaveSpan('2026-11-19T00:00:00', '2026-11-21T23:59:59', 'en')).toBe('11/19–11/21');
    expect(formatLeaveSpan('2026-11-21T08:00:00', '2026-11-21T12:00:00', 'zh')).toBe('11/21 08:00–12:00');
    expect(formatLeaveSpan('bad', '2026-11-21', 'zh')).toBe('');
  });
});
