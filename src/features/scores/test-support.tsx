import type { ScoreCell, ScoreOptions, ScoreSheet } from '../../../contracts/scores';

export const BATCH = '01900000-0000-7000-8000-0000000000b1';
export const CLASS_1 = '01900000-0000-7000-8000-0000000000c1';
export const SEMESTER = '01900000-0000-7000-8000-0000000000a1';
export const student = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const SYSTEM = { id: '01900000-0000-7000-8000-0000000000d1', name: '百分制', fullMark: 100, excellentLine: 85, passLine: 60, bands: [] };

export function cell(n: number, over: Partial<ScoreCell> = {}): ScoreCell {
  return { studentId: student(n), score: null, mark: '', version: 0, enteredByName: '', enteredAt: null, ...over };
}

/** A sheet of `count` students (学生1…), every cell empty unless given. */
export function makeSheet(over: Partial<ScoreSheet> = {}, count = 3, cells: Record<number, Partial<ScoreCell>> = {}): ScoreSheet {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  return {
    batch: { id: BATCH, name: '期中考试', published: false },
    classId: CLASS_1,
    className: '七年级(1)班',
    classNameEn: 'Grade 7 Class 1',
    subject: '02',
    system: SYSTEM,
    submitted: false,
    submittedAt: null,
    submittedByName: '',
    editable: true,
    students: numbers.map((n) => ({ studentId: student(n), studentName: `学生${n}`, studentNo: `2026${String(n).padStart(3, '0')}` })),
    cells: numbers.map((n) => cell(n, cells[n])),
    ...over,
  };
}

export function makeOptions(subjects = ['02']): ScoreOptions {
  return {
    semesters: [{ id: SEMESTER, name: '2026-2027学年第一学期', nameEn: '2026-2027 Semester 1', isCurrent: true }],
    semesterId: SEMESTER,
    batches: [
      {
        batchId: BATCH,
        name: '期中考试',
        published: false,
        startDate: '2026-11-10',
        endDate: '2026-11-12',
        classes: [{ classId: CLASS_1, className: '七年级(1)班', classNameEn: 'Grade 7 Class 1', gradeName: '七年级', gradeNameEn: 'Grade 7', subjects: subjects.map((subject) => ({ subject, submitted: false, taught: true })) }],
      },
    ],
  };
}
