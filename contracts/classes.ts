import { z } from 'zod';
import { SEATS_MAX } from './class-rules';
import { calendarDate } from './dates';

export { CLASS_TEXT, CLASS_URLS, CLASSES_EDIT_PERMISSION, CLASSES_PERMISSION, SEATS_MAX } from './class-rules';

/** `POST /api/classes/roster`: a class's students on a day (today or any past day: class_memberships), its subject teachers. */
export const classRosterRequest = z.object({ classId: z.uuid(), date: calendarDate });
export type ClassRosterRequest = z.infer<typeof classRosterRequest>;

/** `POST /api/classes/seats`: seat numbers of current students (null: none); seats not named stay. */
export const classSeatsRequest = z.object({
  classId: z.uuid(),
  seats: z.array(z.object({ studentId: z.uuid(), seatNo: z.number().int().min(1).max(999).nullable() })).min(1).max(SEATS_MAX),
});
export type ClassSeatsRequest = z.infer<typeof classSeatsRequest>;

/** `POST /api/classes/subject-teachers/add` and `/remove`: a staff_duties subject_teacher row of the class. */
export const classSubjectTeacherRequest = z.object({ classId: z.uuid(), userId: z.uuid(), subject: z.string().trim().min(1).max(20) });
export type ClassSubjectTeacherRequest = z.infer<typeof classSubjectTeacherRequest>;

export interface ClassRosterStudent {
  id: string;
  studentNo: string;
  name: string;
  /** '1' male, '2' female, '' unknown */
  gender: string;
  seatNo: number | null;
  /** the membership's dates: from (inclusive), to (exclusive, '' = still in the class) */
  fromDate: string;
  toDate: string;
}

export interface ClassRoster {
  classId: string;
  date: string;
  /** the day is today: seats may be set (current students only) */
  current: boolean;
  students: ClassRosterStudent[];
  /** subject teachers now (staff_duties), the subject's dictionary names */
  subjectTeachers: { userId: string; name: string; userNo: string; subject: string; subjectName: string; subjectNameEn: string }[];
}
