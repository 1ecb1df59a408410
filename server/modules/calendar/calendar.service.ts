import { v7 as uuidv7 } from 'uuid';
import {
  CALENDAR_ADD_PERMISSION,
  CALENDAR_DELETE_PERMISSION,
  CALENDAR_EDIT_PERMISSION,
  CALENDAR_PERMISSION,
  type CalendarProblem,
  type CalendarSetCurrentResult,
  type SchoolYear,
  schoolYearProblems,
  type SchoolYearInput,
  type Semester,
  type SemesterInput,
  type SemesterListRequest,
  semesterProblems,
} from '../../../contracts/calendar';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { calendarRepository } from './calendar.repository';
import { nextLevelNames, topLevel } from './grade-names';
import { isUuid } from '../../../contracts/ids';

/** The first broken shared rule as a 40000 answer (its message names the rule, in the caller's language). */
function refuse(problems: readonly CalendarProblem[]): void {
  const first = problems[0];
  if (first) throw new AppError(ResponseCode.invalidInput, first.key, first.params ?? {});
}

const CONFLICT = ResponseCode.conflict;
/** a row's two names as a message parameter: the message shows the one of the caller's language */
const names = (row: { name: string; nameEn: string }) => ({ name: row.name, nameEn: row.nameEn });

/**
 * School years and semesters (contracts/calendar.ts). Every call checks its permission here too
 * (the route's access is the first gate). Setting the current semester runs in the request's one
 * transaction: flags, then, for a semester of another school year, the grade upgrade.
 */
/** What 毕业管理's part of the upgrade did: students graduated, and those left studying (毕业管理 lists them). */
export type UpgradeGraduated = { graduated: number; notGraduated: number };
/** 毕业管理's part of the upgrade: graduates the studying students of the graduating classes (graduations.service.ts). */
export type UpgradeGraduation = (tx: Tx, session: Session, graduating: { classIds: readonly string[]; endingSchoolYearId: string }) => Promise<UpgradeGraduated>;

export class CalendarService {
  private upgradeGraduation: UpgradeGraduation | undefined;

  constructor(private readonly permissions: PermissionsService) {}

  /** 毕业管理 registers how the upgrade graduates students (it depends on this service, not the other way). */
  onUpgradeGraduate(effect: UpgradeGraduation): void {
    this.upgradeGraduation = effect;
  }

  /** The level whose grade graduates at the upgrade (grade-names.ts topLevel), for 毕业管理's candidates. */
  async graduatingLevel(tx: Tx, tenantId: string): Promise<number> {
    const scheme = (await calendarRepository.tenantKind(tx, tenantId)) === 'kindergarten' ? 'kindergarten' : 'k12';
    return topLevel(scheme, await calendarRepository.grades(tx));
  }

  private require(tx: Tx, session: Session, code: string): Promise<void> {
    return this.permissions.assertHas(tx, session, code);
  }

  /** `POST /api/calendar/years`: every school year, newest first, with its number of semesters. */
  async years(tx: Tx, session: Session): Promise<SchoolYear[]> {
    await this.require(tx, session, CALENDAR_PERMISSION);
    return calendarRepository.years(tx);
  }

  /** `POST /api/calendar/semesters` (generic table A): semesters newest first, of one school year or all. */
  async semesters(tx: Tx, session: Session, request: SemesterListRequest): Promise<TableAData<Semester>> {
    await this.require(tx, session, CALENDAR_PERMISSION);
    const yearId = request.search.schoolYearId;
    const total = await calendarRepository.countSemesters(tx, yearId);
    const offset = request.currPage * request.limit;
    const rows = offset < total ? await calendarRepository.pageSemesters(tx, yearId, offset, request.limit) : [];
    return { total, rows };
  }

  /** `POST /api/calendar/years/add` (xnxq_add) and `/edit` (xnxq_edit). */
  async saveYear(tx: Tx, session: Session, input: SchoolYearInput, mode: 'add' | 'edit'): Promise<SchoolYear> {
    await this.require(tx, session, mode === 'add' ? CALENDAR_ADD_PERMISSION : CALENDAR_EDIT_PERMISSION);
    refuse(schoolYearProblems(input));
    const id = mode === 'add' ? uuidv7() : input.id;
    if (!id) throw new AppError(ResponseCode.invalidInput, 'calendarYearNotSet');
    if (mode === 'edit') {
      const existing = await calendarRepository.yearById(tx, id);
      if (!existing) throw new AppError(ResponseCode.notFound, 'calendarYearNotSet');
      if (existing.version !== input.version) throw new AppError(CONFLICT, 'calendarYearStale');
      const outside = await calendarRepository.semestersOutside(tx, id, input.startDate, input.endDate);
      if (outside) throw new AppError(ResponseCode.invalidInput, 'calendarYearExcludesSemester', { name: names(outside) });
    }
    const codeTaken = () => new AppError(CONFLICT, 'calendarYearCodeTaken', { code: input.code });
    const taken = await calendarRepository.yearByCode(tx, input.code);
    if (taken && taken.id !== id) throw codeTaken();
    const row = { code: input.code, name: input.name, nameEn: input.nameEn, startDate: input.startDate, endDate: input.endDate };
    // a concurrent request may take the code between the check and the write: the same refusal, not a fault
    // (the refusal ends the request, so no savepoint is needed)
    if (mode === 'add') await uniquely(() => calendarRepository.insertYear(tx, session.tenantId, session.userId, { id, ...row }), codeTaken);
    else if (!(await uniquely(() => calendarRepository.updateYear(tx, session.userId, id, input.version ?? 0, row), codeTaken))) {
      throw new AppError(CONFLICT, 'calendarYearStale');
    }
    const saved = (await calendarRepository.years(tx)).find((year) => year.id === id);
    if (!saved) throw new Error('school year vanished after save');
    return saved;
  }

  /** `POST /api/calendar/years/delete` (xnxq_delete): only school years without semesters. */
  async deleteYears(tx: Tx, session: Session, ids: readonly string[]): Promise<number> {
    await this.require(tx, session, CALENDAR_DELETE_PERMISSION);
    const unique = [...new Set(ids)];
    const found = await calendarRepository.yearsByIds(tx, unique);
    if (unique.length === 0 || found.length !== unique.length) throw new AppError(ResponseCode.invalidInput, 'calendarYearNotSet');
    const withSemesters = (await calendarRepository.semesterCounts(tx, unique)).find((row) => row.n > 0);
    if (withSemesters) {
      const year = found.find((row) => row.id === withSemesters.schoolYearId);
      const name = year ? names(year) : '';
      throw new AppError(CONFLICT, 'calendarYearHasSemesters', { name });
    }
    await calendarRepository.deleteYears(tx, unique);
    return unique.length;
  }

  /** `POST /api/calendar/semesters/add` (xnxq_add) and `/edit` (xnxq_edit). */
  async saveSemester(tx: Tx, session: Session, input: SemesterInput, mode: 'add' | 'edit'): Promise<Semester> {
    await this.require(tx, session, mode === 'add' ? CALENDAR_ADD_PERMISSION : CALENDAR_EDIT_PERMISSION);
    refuse(semesterProblems(input));
    const id = mode === 'add' ? uuidv7() : input.id;
    if (!id) throw new AppError(ResponseCode.invalidInput, 'calendarSemesterNotSet');
    if (mode === 'edit') {
      const existing = await calendarRepository.semesterById(tx, id);
      if (!existing) throw new AppError(ResponseCode.notFound, 'calendarSemesterNotSet');
      if (existing.version !== input.version) throw new AppError(CONFLICT, 'calendarSemesterStale');
    }
    const year = await calendarRepository.yearById(tx, input.schoolYearId);
    if (!year) throw new AppError(ResponseCode.invalidInput, 'calendarYearNotSet');
    if (input.startDate < year.startDate || input.endDate > year.endDate) {
      throw new AppError(ResponseCode.invalidInput, 'calendarSemesterOutsideYear', { year: names(year), start: year.startDate, end: year.endDate });
    }
    const overlap = await calendarRepository.overlapping(tx, year.id, input.startDate, input.endDate, mode === 'edit' ? id : undefined);
    if (overlap) throw new AppError(ResponseCode.invalidInput, 'calendarSemesterOverlap', { name: names(overlap) });
    const codeTaken = () => new AppError(CONFLICT, 'calendarSemesterCodeTaken', { code: input.code });
    const taken = await calendarRepository.semesterByCode(tx, input.code);
    if (taken && taken.id !== id) throw codeTaken();
    const row = {
      schoolYearId: year.id,
      code: input.code,
      name: input.name,
      nameEn: input.nameEn,
      year: input.year,
      startDate: input.startDate,
      endDate: input.endDate,
      teachStartDate: input.teachStartDate,
      teachEndDate: input.teachEndDate,
      weeks: input.weeks,
    };
    if (mode === 'add') await uniquely(() => calendarRepository.insertSemester(tx, session.tenantId, session.userId, { id, ...row }), codeTaken);
    else if (!(await uniquely(() => calendarRepository.updateSemester(tx, session.userId, id, input.version ?? 0, row), codeTaken))) {
      throw new AppError(CONFLICT, 'calendarSemesterStale');
    }
    const saved = await calendarRepository.semesterById(tx, id);
    if (!saved) throw new Error('semester vanished after save');
    return saved;
  }

  /**
   * `POST /api/calendar/semesters/delete` (xnxq_delete), all or nothing: refused when nothing is
   * selected or an id is unknown (所选学期未设置), when the selection holds the current semester,
   * and when an exam batch or an attendance roll belongs to one of them.
   */
  async deleteSemesters(tx: Tx, session: Session, ids: readonly string[]): Promise<number> {
    await this.require(tx, session, CALENDAR_DELETE_PERMISSION);
    const unique = [...new Set(ids)];
    const found = await calendarRepository.semestersByIds(tx, unique);
    if (unique.length === 0 || found.length !== unique.length) throw new AppError(ResponseCode.invalidInput, 'calendarSemesterNotSet');
    if (found.some((semester) => semester.isCurrent)) throw new AppError(CONFLICT, 'calendarDeleteContainsCurrent');
    const used = await calendarRepository.semesterInUse(tx, unique);
    const usedRow = found.find((semester) => semester.id === used);
    if (used) throw new AppError(CONFLICT, 'calendarSemesterInUse', { name: usedRow ? names(usedRow) : '' });
    await calendarRepository.deleteSemesters(tx, unique);
    return unique.length;
  }

  /**
   * `POST /api/calendar/semesters/set-current` (xnxq_edit): irreversible. Only a semester starting
   * after the current one (any semester when none is current). Flags: that semester and its school
   * year become the only current ones. When the school year changes, every grade not graduated moves
   * up one level with its classes (renamed by the shared naming scheme) and the top grade graduates
   * with its classes instead. The top is the end of the school's stage (grade-names.ts `topLevel`:
   * 九年级, or 12 for a school with 高中 grades; 大班), not the highest level that exists: a
   * junior school opened with 七年级 and 八年级 moves both up and graduates none. Students keep their
   * class, so they move up with it; the graduating classes' studying students graduate (毕业管理,
   * onUpgradeGraduate). All of it in the request's one transaction.
   */
  async setCurrent(tx: Tx, session: Session, id: string): Promise<CalendarSetCurrentResult> {
    await this.require(tx, session, CALENDAR_EDIT_PERMISSION);
    if (!isUuid(id)) throw new AppError(ResponseCode.invalidInput, 'calendarSemesterNotSet');
    await calendarRepository.lockCalendar(tx);
    const current = await calendarRepository.currentSemesters(tx);
    const target = await calendarRepository.semesterById(tx, id, true);
    if (!target) throw new AppError(ResponseCode.invalidInput, 'calendarSemesterNotSet');
    const latest = current.reduce<(typeof current)[number] | undefined>((best, row) => (!best || row.startDate > best.startDate ? row : best), undefined);
    if (latest && target.startDate <= latest.startDate) throw new AppError(ResponseCode.invalidInput, 'calendarChooseLaterSemester', { name: names(latest) });

    await calendarRepository.setCurrent(tx, session.userId, target.id, target.schoolYearId);
    const result: CalendarSetCurrentResult = { semester: { ...target, isCurrent: true }, upgraded: false, movedGrades: 0, graduatedGrades: 0, classes: 0, graduatedStudents: 0, notGraduatedStudents: 0 };
    if (!latest || latest.schoolYearId === target.schoolYearId) return result;

    const units = await calendarRepository.gradesAndClasses(tx);
    const grades = units.filter((unit) => unit.kind === 'grade' && unit.gradeLevel !== null);
    const scheme = (await calendarRepository.tenantKind(tx, session.tenantId)) === 'kindergarten' ? 'kindergarten' : 'k12';
    const top = topLevel(scheme, grades);
    const active = grades.filter((grade) => !grade.graduated);
    const classesOf = (gradeId: string) => units.filter((unit) => unit.kind === 'class' && unit.parentId === gradeId && !unit.graduated);
    const graduating = active.filter((grade) => (grade.gradeLevel ?? 0) >= top);
    const moving = active.filter((grade) => (grade.gradeLevel ?? 0) < top);

    const graduateIds = graduating.flatMap((grade) => [grade.id, ...classesOf(grade.id).map((klass) => klass.id)]);
    const moves = moving.flatMap((grade) => {
      const level = grade.gradeLevel ?? 0;
      return [grade, ...classesOf(grade.id)].map((unit) => ({ id: unit.id, ...nextLevelNames({ name: unit.name, nameEn: unit.nameEn }, level), gradeLevel: level + 1 }));
    });
    await calendarRepository.graduate(tx, session.userId, graduateIds);
    // the graduating classes' studying students graduate with them (their accounts untouched); one who cannot is counted, not a reason to stop
    const students = (await this.upgradeGraduation?.(tx, session, { classIds: graduateIds, endingSchoolYearId: latest.schoolYearId })) ?? { graduated: 0, notGraduated: 0 };
    await calendarRepository.moveUp(tx, session.userId, moves);
    return {
      ...result,
      upgraded: true,
      movedGrades: moving.length,
      graduatedGrades: graduating.length,
      classes: graduateIds.length - graduating.length + moves.length - moving.length,
      graduatedStudents: students.graduated,
      notGraduatedStudents: students.notGraduated,
    };
  }
}
