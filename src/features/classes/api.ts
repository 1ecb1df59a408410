import { CLASS_URLS } from '../../../contracts/class-rules';
import type { ClassRoster, ClassSeatsRequest, ClassSubjectTeacherRequest } from '../../../contracts/classes';
import { post } from '../../lib/http';

/** A class's roster of a day and its subject teachers (POST /api/classes/roster). */
export const classRosterQuery = (classId: string, date: string) => ({
  queryKey: ['classes', 'roster', classId, date],
  queryFn: () => post<ClassRoster>(CLASS_URLS.roster, { classId, date }),
});

export const saveSeats = (request: ClassSeatsRequest) => post<null>(CLASS_URLS.seats, request);
export const addSubjectTeacher = (request: ClassSubjectTeacherRequest) => post<null>(CLASS_URLS.subjectTeacherAdd, request);
export const removeSubjectTeacher = (request: ClassSubjectTeacherRequest) => post<null>(CLASS_URLS.subjectTeacherRemove, request);
