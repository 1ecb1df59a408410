import type { AttendanceClass, AttendanceRoll, AttendanceRollEntry } from '../../../contracts/attendance';
import type { DictItem } from '../../../contracts/dicts';

export const CLASS_1 = '01900000-0000-7000-8000-0000000000c1';
export const CLASS_2 = '01900000-0000-7000-8000-0000000000c2';
export const student = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const dictItem = (code: string, name: string, nameEn: string, sort: number): DictItem => ({
  code,
  name,
  nameEn,
  sort,
  parentCode: '',
  level: 1,
  alias: '',
  shortName: '',
  tag1: '',
  tag2: '',
  tag3: '',
  tag4: '',
  tag5: '',
});

/** STD_XSKQ_ZT as the demo seed has it (present first). */
export const STATUS_DICT: DictItem[] = [
  dictItem('1', '出勤', 'Present', 10),
  dictItem('2', '缺勤', 'Absent', 20),
  dictItem('3', '迟到', 'Late', 30),
  dictItem('4', '请假', 'Leave', 40),
  dictItem('9', '其他', 'Other', 90),
];

export function rollEntry(n: number, over: Partial<AttendanceRollEntry> = {}): AttendanceRollEntry {
  return {
    studentId: student(n),
    studentName: `学生${n}`,
    studentNo: `2026${String(n).padStart(3, '0')}`,
    status: '1',
    remark: '',
    approvedLeave: null,
    ...over,
  };
}

export function makeRoll(over: Partial<AttendanceRoll> = {}): AttendanceRoll {
  return {
    classId: CLASS_1,
    className: '七年级(1)班',
    classNameEn: 'Grade 7 Class 1',
    date: '2026-11-20',
    semester: { id: '01900000-0000-7000-8000-0000000000a1', name: '2026-2027学年第一学期', nameEn: '2026-2027 Semester 1' },
    version: 0,
    takenAt: null,
    takenByName: '',
    entries: [
      rollEntry(1, { studentName: '王小明' }),
      rollEntry(2, {
        studentName: '李小红',
        status: '4',
        approvedLeave: { leaveId: '01900000-0000-7000-8000-0000000000l1', from: '2026-11-19', to: '2026-11-21', reason: '病假' },
      }),
      rollEntry(3, { studentName: '张小刚' }),
    ],
    ...over,
  };
}

export function makeClass(over: Partial<AttendanceClass> = {}): AttendanceClass {
  return {
    classId: CLASS_1,
    className: '七年级(1)班',
    classNameEn: 'Grade 7 Class 1',
    gradeName: '七年级',
    gradeNameEn: 'Grade 7',
    duties: [{ duty: 'head_teacher', subject: '' }],
    studentCount: 40,
    taken: null,
    ...over,
  };
}

export { renderScreen } from '../../test/render';
