/**
 * 班级管理 (/jcsj/bjgl, issue 23 item 2): the calls beside the kit list, the permission codes and the
 * rules' words the screen, the server and the modules that put students into classes (学生信息,
 * 学籍异动) share. Zod-free: screens and route files import it.
 */
import type { Label } from './resource';

/** the menu's codes (contracts/menus.ts bjgl: crud + export); seats and subject teachers are edits */
export const CLASSES_PERMISSION = 'bjgl';
export const CLASSES_EDIT_PERMISSION = 'bjgl_edit';

export const CLASS_URLS = {
  roster: '/api/classes/roster',
  seats: '/api/classes/seats',
  subjectTeacherAdd: '/api/classes/subject-teachers/add',
  subjectTeacherRemove: '/api/classes/subject-teachers/remove',
} as const;

/** most students one seat save names (a class holds at most 999: the capacity's bound) */
export const SEATS_MAX = 999;

export const CLASS_TEXT = {
  /** the database refused an entry into a full class (migration 0033's capacity trigger) */
  classFull: { zh: '班级人数已满，不能再加入学生（可在班级管理中调整容纳人数）', en: 'The class is full: no more students can join it (its capacity is set in Classes)' },
  capacityBelowStudents: (students: number): Label => ({ zh: `容纳人数不能少于在班人数${students}`, en: `The capacity may not be below the ${students} students in the class` }),
  /** the database refused the capacity: students entered the class after the form was read (their number is not known here) */
  capacityBelowJoined: { zh: '容纳人数不能少于在班人数：刚有学生加入本班，请刷新后重试', en: 'The capacity may not be below the students in the class: students have just joined it; reload and try again' },
  notStaff: (label: Label): Label => ({ zh: `${label.zh}须为教职工`, en: `The ${label.en.toLowerCase()} must be a staff member` }),
  deputyIsHead: { zh: '副班主任不能与班主任为同一人', en: 'The deputy head teacher cannot be the head teacher' },
  classUnknown: { zh: '班级不存在或已毕业', en: 'The class does not exist or has graduated' },
  seatDuplicate: (seat: number): Label => ({ zh: `座号${seat}重复`, en: `Seat ${seat} is given twice` }),
  seatStudentUnknown: { zh: '学生不在本班', en: 'A student is not in this class' },
  seatStudentTwice: { zh: '同一学生在座号中出现了两次', en: 'A student is given a seat twice' },
  seatTaken: { zh: '座号已被本班其他学生占用，请刷新后重试', en: 'A seat is taken by another student of the class: reload and try again' },
  subjectUnknown: { zh: '科目不存在', en: 'The subject does not exist' },
  teacherUnknown: { zh: '请选择教职工', en: 'Choose a staff member' },
  subjectTeacherTaken: { zh: '该教师已是本班该科目的任课教师', en: 'The teacher already teaches this subject in the class' },
  subjectTeacherMissing: { zh: '该任课教师已不在本班', en: 'The teacher no longer teaches this subject in the class' },
  seatsSaved: { zh: '座号已保存', en: 'Seats saved' },
  subjectTeacherAdded: { zh: '任课教师已添加', en: 'Subject teacher added' },
  subjectTeacherRemoved: { zh: '任课教师已移除', en: 'Subject teacher removed' },
  rosterForbidden: { zh: '只能查看自己班级的花名册', en: 'You may see the roster of your own classes only' },
} as const satisfies Record<string, Label | ((...args: never[]) => Label)>;
