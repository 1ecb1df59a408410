import type { AttendanceRoll, AttendanceRollEntry, AttendanceSubmitRequest } from '../../../contracts/attendance';
import { ATTENDANCE_REMARK_MAX, AttendanceStatus } from '../../../contracts/attendance-constants';
import type { DictItem } from '../../../contracts/dicts';

/** One student's value on the roll. */
export interface Mark {
  status: string;
  remark: string;
}

export type Marks = Readonly<Record<string, Mark>>;

/** The outbox entity of one class's roll of one day. */
export const rollEntityKey = (classId: string, date: string): string => `attendance:${classId}:${date}`;

/**
 * The marks a roll shows: the server's, and before the first submission an approved leave counts as
 * leave (the server does so too; this keeps it true for an older cached answer).
 */
export function marksOfRoll(roll: AttendanceRoll): Record<string, Mark> {
  const marks: Record<string, Mark> = {};
  for (const entry of roll.entries) {
    const onLeave = roll.version === 0 && entry.approvedLeave && entry.status === AttendanceStatus.present;
    marks[entry.studentId] = { status: onLeave ? AttendanceStatus.leave : entry.status, remark: entry.remark };
  }
  return marks;
}

/** The server's marks with a queued submission laid over them (what the teacher sent last). */
export function overlayMarks(base: Record<string, Mark>, queued: AttendanceSubmitRequest | null | undefined): Record<string, Mark> {
  if (!queued) return base;
  const marks = { ...base };
  for (const entry of queued.entries) marks[entry.studentId] = { status: entry.status, remark: entry.remark ?? '' };
  return marks;
}

/** How many students have each status. */
export function countMarks(entries: readonly AttendanceRollEntry[], marks: Marks): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) {
    const status = marks[entry.studentId]?.status ?? AttendanceStatus.present;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

/**
 * A submission: the whole roll when `only` is not given (the first roll of the day), else only those
 * students (a correction: the students the teacher changed, so another person's changes to other
 * students survive a 'keep mine' after a conflict). Remarks trimmed; roster order.
 */
export function submissionOf(roll: AttendanceRoll, marks: Marks, baseVersion: number, only?: readonly string[]): AttendanceSubmitRequest {
  const wanted = only ? new Set(only) : null;
  return {
    classId: roll.classId,
    date: roll.date,
    baseVersion,
    entries: roll.entries
      .filter((entry) => !wanted || wanted.has(entry.studentId))
      .map((entry) => {
        const mark = marks[entry.studentId] ?? { status: AttendanceStatus.present, remark: '' };
        return { studentId: entry.studentId, status: mark.status, remark: mark.remark.trim().slice(0, ATTENDANCE_REMARK_MAX) };
      }),
  };
}

/** Students whose mark differs between two sets (status, or trimmed remark). */
export function changedStudents(a: Marks, b: Marks): string[] {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...ids].filter((id) => a[id]?.status !== b[id]?.status || (a[id]?.remark ?? '').trim() !== (b[id]?.remark ?? '').trim());
}

/**
 * The status options, in dictionary order, with 出勤 (present) first. Without the dictionary (offline
 * before it was ever cached) the app's own codes stand in, labelled by `fallbackLabel`.
 */
export function statusOptions(items: readonly DictItem[] | undefined, fallbackLabel: (code: string) => string, locale: string) {
  const known = Object.values(AttendanceStatus) as string[];
  const list =
    items && items.length > 0
      ? [...items].sort((x, y) => x.sort - y.sort).map((item) => ({ code: item.code, label: locale === 'en' && item.nameEn ? item.nameEn : item.name }))
      : known.map((code) => ({ code, label: fallbackLabel(code) }));
  const present = list.find((option) => option.code === AttendanceStatus.present);
  return present ? [present, ...list.filter((option) => option !== present)] : list;
}
