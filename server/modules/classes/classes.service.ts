import { ResponseCode } from '../../../contracts/envelope';
import { CLASS_TEXT, CLASSES_EDIT_PERMISSION, CLASSES_PERMISSION, type ClassRoster, type ClassRosterRequest, type ClassSeatsRequest, type ClassSubjectTeacherRequest } from '../../../contracts/classes';
import type { Label } from '../../../contracts/resource';
import { schoolDate } from '../../../contracts/school-time';
import type { Tx } from '../../db/client';
import { pgErrorCode } from '../../db/unique';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { classesRepository as repo } from './classes.repository';

const refuse = (code: (typeof ResponseCode)[keyof typeof ResponseCode], label: Label) => new AppError(code, (lang) => label[lang]);

/**
 * 班级管理 besides the kit list (classes.module.ts): a class's roster of any day (the memberships of
 * db/roster.ts), seat numbers of its current students, its subject teachers (staff_duties rows, as
 * attendance and scores read them). A holder of bjgl without bjgl_edit (a head teacher) sees the
 * rosters of the classes they lead only.
 */
export class ClassesService {
  constructor(private readonly permissions: PermissionsService) {}

  async roster(tx: Tx, session: Session, request: ClassRosterRequest): Promise<ClassRoster> {
    const granted = await this.permissions.grantedCodes(tx, session);
    if (!granted.has(CLASSES_PERMISSION)) throw new AppError(ResponseCode.forbidden, 'forbidden');
    if (!(await repo.classExists(tx, request.classId))) throw refuse(ResponseCode.notFound, CLASS_TEXT.classUnknown);
    if (!granted.has(CLASSES_EDIT_PERMISSION) && !(await repo.leads(tx, session.userId, request.classId))) throw refuse(ResponseCode.forbidden, CLASS_TEXT.rosterForbidden);
    return {
      classId: request.classId,
      date: request.date,
      current: request.date >= schoolDate(),
      students: await repo.roster(tx, request.classId, request.date),
      subjectTeachers: await repo.subjectTeachers(tx, request.classId),
    };
  }

  /** Seat numbers of current students: each seat once in the request and among the class's students (a partial unique index). */
  async seats(tx: Tx, session: Session, request: ClassSeatsRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, CLASSES_EDIT_PERMISSION);
    if (!(await repo.lockCurrentClass(tx, request.classId))) throw refuse(ResponseCode.notFound, CLASS_TEXT.classUnknown);
    const seen = new Set<number>();
    for (const { seatNo } of request.seats) {
      if (seatNo === null) continue;
      if (seen.has(seatNo)) throw refuse(ResponseCode.invalidInput, CLASS_TEXT.seatDuplicate(seatNo));
      seen.add(seatNo);
    }
    const ids = [...new Set(request.seats.map((seat) => seat.studentId))];
    if (ids.length !== request.seats.length) throw refuse(ResponseCode.invalidInput, CLASS_TEXT.seatStudentTwice);
    if ((await repo.openMembers(tx, request.classId, ids)).length !== ids.length) throw refuse(ResponseCode.invalidInput, CLASS_TEXT.seatStudentUnknown);
    try {
      // in a savepoint: a seat another student holds leaves the request's transaction usable for the refusal
      await tx.transaction((savepoint) => repo.setSeats(savepoint, request.classId, request.seats, session.userId));
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw refuse(ResponseCode.conflict, CLASS_TEXT.seatTaken);
      throw error;
    }
  }

  /** The class's current teacher of a subject of the subject dictionary (the scores module's); a second row of the same is refused. */
  async addSubjectTeacher(tx: Tx, session: Session, request: ClassSubjectTeacherRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, CLASSES_EDIT_PERMISSION);
    if (!(await repo.lockCurrentClass(tx, request.classId))) throw refuse(ResponseCode.notFound, CLASS_TEXT.classUnknown);
    if (!(await repo.isStaff(tx, request.userId))) throw refuse(ResponseCode.invalidInput, CLASS_TEXT.teacherUnknown);
    if (!(await repo.subjectExists(tx, request.subject))) throw refuse(ResponseCode.invalidInput, CLASS_TEXT.subjectUnknown);
    if (!(await repo.addSubjectTeacher(tx, { ...request, by: session.userId }))) throw refuse(ResponseCode.conflict, CLASS_TEXT.subjectTeacherTaken);
  }

  async removeSubjectTeacher(tx: Tx, session: Session, request: ClassSubjectTeacherRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, CLASSES_EDIT_PERMISSION);
    if (!(await repo.lockCurrentClass(tx, request.classId))) throw refuse(ResponseCode.notFound, CLASS_TEXT.classUnknown);
    if (!(await repo.removeSubjectTeacher(tx, request))) throw refuse(ResponseCode.notFound, CLASS_TEXT.subjectTeacherMissing);
  }
}
