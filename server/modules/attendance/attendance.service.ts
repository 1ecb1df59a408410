import { v7 as uuidv7 } from 'uuid';
import {
  ATTENDANCE_EXPORT_PERMISSION,
  ATTENDANCE_MANAGE_PERMISSION,
  ATTENDANCE_RANGE_MAX_DAYS,
  ATTENDANCE_STATUS_DICT,
  AttendanceStatus,
  type AttendanceChange,
  type AttendanceClass,
  type AttendanceClassesRequest,
  type AttendanceHistoryRequest,
  type AttendanceHistoryRow,
  type AttendanceHistorySearch,
  type AttendanceMissingData,
  type AttendanceMissingRequest,
  type AttendanceRoll,
  type AttendanceRollEntry,
  type AttendanceRollRequest,
  type AttendanceSubmitRequest,
  type AttendanceSummaryData,
  type AttendanceSummaryRequest,
} from '../../../contracts/attendance';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { tableWorkbook } from '../../kit/xlsx';
import { localName } from '../../i18n/local-name';
import type { Lang } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { DictsService } from '../dicts/dicts.service';
import type { LeaveService } from '../leave/leave.service';
import type { PermissionsService } from '../permissions/permissions.service';
import type { SchoolService, Semester } from '../school/school.service';
import { attendanceRepository, type EntryWrite, type HistoryFilters } from './attendance.repository';
import { dayNumber, SCHOOL_TIME_ZONE, SCHOOL_UTC_OFFSET, schoolDate, weekday } from './school-day';

/** An export holds at most this many rows (a class over the longest range is about 15,000). */
export const ATTENDANCE_EXPORT_MAX_ROWS = 20_000;

interface TeachingScope {
  manage: boolean;
  /** the caller's head / subject teacher duties by class */
  duties: Map<string, AttendanceClass['duties']>;
}

interface ClassRow {
  id: string;
  name: string;
  nameEn: string;
  gradeName: string;
  gradeNameEn: string;
}

export class AttendanceService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly dicts: DictsService,
    private readonly school: SchoolService,
    private readonly leave: LeaveService,
    /** the clock, replaceable in tests */
    private readonly now: () => Date = () => new Date(),
  ) {}

  today(): string {
    return schoolDate(this.now());
  }

  /**
   * Per request (a session object lives for one request): the caller's teaching scope and the
   * status codes, read once for the many submissions of one outbox batch.
   */
  private readonly scopes = new WeakMap<Session, Promise<TeachingScope>>();
  private readonly statusCodes = new WeakMap<Session, Promise<ReadonlySet<string>>>();

  private scope(tx: Tx, session: Session): Promise<TeachingScope> {
    let scope = this.scopes.get(session);
    if (!scope) {
      scope = this.readScope(tx, session);
      // a failed read is not remembered
      scope.catch(() => this.scopes.delete(session));
      this.scopes.set(session, scope);
    }
    return scope;
  }

  private statusCodesFor(tx: Tx, session: Session): Promise<ReadonlySet<string>> {
    let codes = this.statusCodes.get(session);
    if (!codes) {
      codes = this.dicts.dicts(tx, [ATTENDANCE_STATUS_DICT]).then((data) => new Set((data[ATTENDANCE_STATUS_DICT] ?? []).map((item) => item.code)));
      codes.catch(() => this.statusCodes.delete(session));
      this.statusCodes.set(session, codes);
    }
    return codes;
  }

  private async readScope(tx: Tx, session: Session): Promise<TeachingScope> {
    const manage = (await this.permissions.grantedCodes(tx, session)).has(ATTENDANCE_MANAGE_PERMISSION);
    const duties = new Map<string, AttendanceClass['duties']>();
    for (const row of await attendanceRepository.teachingDuties(tx, session.userId)) {
      const list = duties.get(row.classId) ?? [];
      list.push({ duty: row.duty as 'head_teacher' | 'subject_teacher', subject: row.subject });
      duties.set(row.classId, list);
    }
    return { manage, duties };
  }

  /** The class, when the caller teaches it or manages attendance: 40400 / 40300 otherwise. */
  private async classFor(tx: Tx, scope: TeachingScope, classId: string): Promise<ClassRow> {
    const klass = await attendanceRepository.classById(tx, classId);
    if (!klass) throw new AppError(ResponseCode.notFound, 'attendanceClassNotFound');
    if (!scope.manage && !scope.duties.has(classId)) throw new AppError(ResponseCode.forbidden, 'attendanceNotYourClass');
    return klass;
  }

  /** A day a roll may be taken for: not in the future, inside a semester. */
  private async rollDay(tx: Tx, date: string): Promise<Semester> {
    if (date > this.today()) throw new AppError(ResponseCode.invalidInput, 'attendanceFutureDate');
    const semester = await this.school.semesterOn(tx, date);
    if (!semester) throw new AppError(ResponseCode.invalidInput, 'attendanceOutsideSemester');
    return semester;
  }

  private checkRange(from: string, to: string): void {
    if (Number.isNaN(dayNumber(from)) || Number.isNaN(dayNumber(to))) throw new AppError(ResponseCode.invalidInput, 'attendanceRangeInvalid');
    if (from > to) throw new AppError(ResponseCode.invalidInput, 'attendanceRangeInvalid');
    if (dayNumber(to) - dayNumber(from) + 1 > ATTENDANCE_RANGE_MAX_DAYS) {
      throw new AppError(ResponseCode.invalidInput, 'attendanceRangeTooLong', { max: ATTENDANCE_RANGE_MAX_DAYS });
    }
  }

  /** `POST /api/attendance/classes`: the caller's classes (every class for managers) with the roll of `date`. */
  async classes(tx: Tx, session: Session, request: AttendanceClassesRequest): Promise<AttendanceClass[]> {
    const scope = await this.scope(tx, session);
    const date = request.date ?? this.today();
    const classes = scope.manage ? await attendanceRepository.allClasses(tx) : await attendanceRepository.classesByIds(tx, [...scope.duties.keys()]);
    const ids = classes.map((klass) => klass.id);
    const counts = new Map((await attendanceRepository.studentCounts(tx, ids)).map((row) => [row.classId, row.n]));
    const rolls = new Map((await attendanceRepository.rollsOn(tx, scope.manage ? null : ids, date)).map((row) => [row.classId, row]));
    return classes.map((klass) => {
      const roll = rolls.get(klass.id);
      return {
        classId: klass.id,
        className: klass.name,
        classNameEn: klass.nameEn,
        gradeName: klass.gradeName,
        gradeNameEn: klass.gradeNameEn,
        duties: scope.duties.get(klass.id) ?? [],
        studentCount: counts.get(klass.id) ?? 0,
        taken: roll ? { version: roll.version, takenAt: roll.takenAt.toISOString(), takenByName: roll.takenByName } : null,
      };
    });
  }

  /** `POST /api/attendance/roll`: the roll as stored, or (not taken yet) everyone present or on approved leave. */
  async roll(tx: Tx, session: Session, request: AttendanceRollRequest): Promise<AttendanceRoll> {
    const scope = await this.scope(tx, session);
    const klass = await this.classFor(tx, scope, request.classId);
    const semester = await this.rollDay(tx, request.date);
    return this.readRoll(tx, klass, request.date, semester);
  }

  private async readRoll(tx: Tx, klass: ClassRow, date: string, semester: Semester): Promise<AttendanceRoll> {
    const roll = await attendanceRepository.findRoll(tx, klass.id, date);
    const students = await attendanceRepository.students(tx, klass.id, date);
    const stored = new Map(roll ? (await attendanceRepository.entries(tx, roll.id)).map((entry) => [entry.studentId, entry]) : []);
    const leaves = await this.leave.approvedLeavesOn(
      tx,
      students.map((s) => s.id),
      date,
      SCHOOL_UTC_OFFSET,
    );
    const entries: AttendanceRollEntry[] = students.map((student) => {
      const entry = stored.get(student.id);
      const approvedLeave = leaves.get(student.id) ?? null;
      return {
        studentId: student.id,
        studentName: student.name,
        studentNo: student.userNo,
        status: entry?.status ?? (approvedLeave ? AttendanceStatus.leave : AttendanceStatus.present),
        remark: entry?.remark ?? '',
        approvedLeave,
      };
    });
    return {
      classId: klass.id,
      className: klass.name,
      classNameEn: klass.nameEn,
      date,
      semester: { id: semester.id, name: semester.name, nameEn: semester.nameEn },
      version: roll?.version ?? 0,
      takenAt: roll && roll.version > 0 ? roll.takenAt.toISOString() : null,
      takenByName: roll && roll.version > 0 ? roll.takenByName : '',
      entries,
    };
  }

  /**
   * `POST /api/attendance/submit`: one transaction (the route is idempotent, so the outbox's key is
   * claimed in it too): the roll row locked or created, the version compared with `baseVersion`
   * (40900 with the server's roll), entries upserted, an audit row for each student whose status
   * or remark changes, version + 1. Students left out keep their status (or their default).
   */
  async submit(tx: Tx, session: Session, request: AttendanceSubmitRequest): Promise<AttendanceRoll> {
    const scope = await this.scope(tx, session);
    const klass = await this.classFor(tx, scope, request.classId);
    const semester = await this.rollDay(tx, request.date);

    const codes = await this.statusCodesFor(tx, session);
    const students = await attendanceRepository.students(tx, klass.id, request.date);
    const roster = new Set(students.map((s) => s.id));
    const submitted = new Map<string, EntryWrite>();
    request.entries.forEach((entry, index) => {
      if (!roster.has(entry.studentId)) throw new AppError(ResponseCode.invalidInput, 'attendanceStudentNotInClass', { index });
      if (submitted.has(entry.studentId)) throw new AppError(ResponseCode.invalidInput, 'attendanceStudentDuplicate', { index });
      if (!codes.has(entry.status)) throw new AppError(ResponseCode.invalidInput, 'attendanceStatusInvalid', { index, code: entry.status });
      submitted.set(entry.studentId, { studentId: entry.studentId, status: entry.status, remark: entry.remark });
    });

    let roll = await attendanceRepository.findRoll(tx, klass.id, request.date, true);
    if (!roll) {
      if (request.baseVersion !== 0) throw await this.conflict(tx, klass, request.date, semester);
      // A concurrent first submission inserts too: ours waits for it, then finds its row (and conflicts).
      await attendanceRepository.insertRoll(tx, { tenantId: session.tenantId, id: uuidv7(), classId: klass.id, date: request.date, semesterId: semester.id, userId: session.userId });
      roll = await attendanceRepository.findRoll(tx, klass.id, request.date, true);
      if (!roll) throw new Error('attendance roll vanished after insert');
    }
    if (roll.version !== request.baseVersion) throw await this.conflict(tx, klass, request.date, semester);

    const current = new Map((await attendanceRepository.entries(tx, roll.id)).map((entry) => [entry.studentId, entry]));
    // approved leave: the default of students without a status yet, and shown in the answer
    const leaves = await this.leave.approvedLeavesOn(
      tx,
      students.map((s) => s.id),
      request.date,
      SCHOOL_UTC_OFFSET,
    );
    const writes: EntryWrite[] = [];
    const entries: AttendanceRollEntry[] = [];
    for (const student of students) {
      const old = current.get(student.id);
      const approvedLeave = leaves.get(student.id) ?? null;
      const next = submitted.get(student.id) ?? old ?? { studentId: student.id, status: approvedLeave ? AttendanceStatus.leave : AttendanceStatus.present, remark: '' };
      if (!old || old.status !== next.status || old.remark !== next.remark) writes.push(next);
      entries.push({ studentId: student.id, studentName: student.name, studentNo: student.userNo, status: next.status, remark: next.remark, approvedLeave });
    }
    await attendanceRepository.upsertEntries(tx, session.tenantId, roll.id, session.userId, writes);
    const taken = await attendanceRepository.markTaken(tx, roll.id, session.userId);
    await attendanceRepository.insertChanges(
      tx,
      writes.map((write) => {
        const old = current.get(write.studentId);
        return {
          tenantId: session.tenantId,
          id: uuidv7(),
          rollId: roll.id,
          studentId: write.studentId,
          oldStatus: old?.status ?? null,
          newStatus: write.status,
          oldRemark: old?.remark ?? null,
          newRemark: write.remark,
          changedBy: session.userId,
          rollVersion: taken.version,
          createdBy: session.userId,
          updatedBy: session.userId,
        };
      }),
    );
    // the answer is composed from what was read and written (no second read of the roll)
    return {
      classId: klass.id,
      className: klass.name,
      classNameEn: klass.nameEn,
      date: request.date,
      semester: { id: semester.id, name: semester.name, nameEn: semester.nameEn },
      version: taken.version,
      takenAt: taken.takenAt.toISOString(),
      takenByName: taken.takenByName,
      entries,
    };
  }

  private async conflict(tx: Tx, klass: ClassRow, date: string, semester: Semester): Promise<AppError> {
    return new AppError(ResponseCode.conflict, 'attendanceConflict', {}, await this.readRoll(tx, klass, date, semester));
  }

  /** `POST /api/attendance/missing`: classes without a roll on a school day of the current semester. */
  async missing(tx: Tx, request: AttendanceMissingRequest): Promise<AttendanceMissingData> {
    if (Number.isNaN(dayNumber(request.date))) throw new AppError(ResponseCode.invalidInput, 'attendanceRangeInvalid');
    const semester = await this.school.semesterOn(tx, request.date);
    const day = weekday(request.date);
    const schoolDay = day !== 0 && day !== 6 && semester?.isCurrent === true;
    const classes = await attendanceRepository.allClasses(tx, request.campusId);
    if (!schoolDay) return { date: request.date, schoolDay, totalClasses: classes.length, missing: [] };
    const taken = new Set((await attendanceRepository.rollsOn(tx, null, request.date)).filter((roll) => roll.version > 0).map((roll) => roll.classId));
    const without = classes.filter((klass) => !taken.has(klass.id));
    const heads = new Map((await attendanceRepository.headTeacherNames(tx, without.map((klass) => klass.id))).map((row) => [row.classId, row.names]));
    return {
      date: request.date,
      schoolDay,
      totalClasses: classes.length,
      missing: without.map((klass) => ({
        classId: klass.id,
        className: klass.name,
        classNameEn: klass.nameEn,
        gradeName: klass.gradeName,
        gradeNameEn: klass.gradeNameEn,
        headTeacherName: heads.get(klass.id) ?? '',
      })),
    };
  }

  /** History filters the caller may use: teachers see their own classes (and their students) only. */
  private async historyFilters(tx: Tx, session: Session, search: AttendanceHistorySearch): Promise<HistoryFilters> {
    this.checkRange(search.from, search.to);
    if (!search.classId && !search.studentId) throw new AppError(ResponseCode.invalidInput, 'attendanceClassOrStudentRequired');
    const scope = await this.scope(tx, session);
    const filters: HistoryFilters = { classId: search.classId, studentId: search.studentId, from: search.from, to: search.to, status: search.status };
    if (scope.manage) return filters;
    if (search.classId && !scope.duties.has(search.classId)) throw new AppError(ResponseCode.forbidden, 'attendanceNotYourClass');
    if (search.studentId) {
      const found = await attendanceRepository.classOfStudent(tx, search.studentId);
      if (!found) throw new AppError(ResponseCode.notFound, 'attendanceStudentNotFound');
      if (!found.classId || !scope.duties.has(found.classId)) throw new AppError(ResponseCode.forbidden, 'attendanceNotYourStudent');
    }
    return { ...filters, classIds: [...scope.duties.keys()] };
  }

  /** `POST /api/attendance/history` (generic table A). */
  async history(tx: Tx, session: Session, request: AttendanceHistoryRequest): Promise<TableAData<AttendanceHistoryRow>> {
    const filters = await this.historyFilters(tx, session, request.search);
    const total = await attendanceRepository.countHistory(tx, filters);
    const offset = request.currPage * request.limit;
    const rows = offset < total ? await attendanceRepository.pageHistory(tx, filters, offset, request.limit) : [];
    return { total, rows: rows.map((row) => ({ ...row, takenAt: row.takenAt.toISOString() })) };
  }

  /** `POST /api/attendance/summary`: per student of the class, days per status over the range. */
  async summary(tx: Tx, session: Session, request: AttendanceSummaryRequest): Promise<AttendanceSummaryData> {
    this.checkRange(request.from, request.to);
    const scope = await this.scope(tx, session);
    const klass = await this.classFor(tx, scope, request.classId);
    const days = await attendanceRepository.countRolls(tx, klass.id, request.from, request.to);
    const counts = new Map<string, Record<string, number>>();
    for (const row of await attendanceRepository.statusCounts(tx, klass.id, request.from, request.to)) {
      const perStatus = counts.get(row.studentId) ?? {};
      perStatus[row.status] = row.n;
      counts.set(row.studentId, perStatus);
    }
    // whoever was in the class on a day of the range keeps their counts (a student moved out meanwhile too)
    const students = await attendanceRepository.students(tx, klass.id, request.from, request.to);
    return { days, rows: students.map((s) => ({ studentId: s.id, studentName: s.name, studentNo: s.userNo, counts: counts.get(s.id) ?? {} })) };
  }

  /** `POST /api/attendance/changes`: the roll's audit trail, newest first ([] while not taken). */
  async changes(tx: Tx, session: Session, request: AttendanceRollRequest): Promise<AttendanceChange[]> {
    const scope = await this.scope(tx, session);
    const klass = await this.classFor(tx, scope, request.classId);
    const roll = await attendanceRepository.findRoll(tx, klass.id, request.date);
    if (!roll) return [];
    return (await attendanceRepository.changes(tx, roll.id)).map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
  }

  /**
   * `POST /api/attendance/export`: the history search as an .xlsx workbook: a detail sheet (one row
   * per student and day) and a summary sheet (days per status per student, as numbers).
   */
  async export(tx: Tx, session: Session, search: AttendanceHistorySearch, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    const granted = await this.permissions.grantedCodes(tx, session);
    if (!granted.has(ATTENDANCE_EXPORT_PERMISSION)) throw new AppError(ResponseCode.forbidden, 'forbidden');
    const filters = await this.historyFilters(tx, session, search);
    const rows = await attendanceRepository.pageHistory(tx, filters, 0, ATTENDANCE_EXPORT_MAX_ROWS + 1);
    if (rows.length > ATTENDANCE_EXPORT_MAX_ROWS) throw new AppError(ResponseCode.invalidInput, 'attendanceExportTooLarge', { max: ATTENDANCE_EXPORT_MAX_ROWS });
    const items = (await this.dicts.dicts(tx, [ATTENDANCE_STATUS_DICT]))[ATTENDANCE_STATUS_DICT] ?? [];
    const statusName = new Map(items.map((item) => [item.code, localName(lang, item.name, item.nameEn)]));
    const t = EXPORT_TITLES[lang];

    const detailColumns = [
      { header: t.no, key: 'no', width: 8 },
      { header: t.date, key: 'date', width: 12 },
      { header: t.className, key: 'className', width: 16 },
      { header: t.studentNo, key: 'studentNo', width: 14 },
      { header: t.studentName, key: 'studentName', width: 12 },
      { header: t.status, key: 'status', width: 10 },
      { header: t.remark, key: 'remark', width: 30 },
      { header: t.takenBy, key: 'takenBy', width: 12 },
      { header: t.takenAt, key: 'takenAt', width: 20 },
    ];
    const details = rows.map((row, index) => ({
      no: index + 1,
      date: row.date,
      className: localName(lang, row.className, row.classNameEn),
      studentNo: row.studentNo,
      studentName: row.studentName,
      status: statusName.get(row.status) ?? row.status,
      remark: row.remark,
      takenBy: row.takenByName,
      takenAt: schoolDateTime(row.takenAt),
    }));

    // Summary: one row per student seen in the details, a numeric column per status, and the days.
    const codes = items.map((item) => item.code);
    for (const row of rows) if (!codes.includes(row.status)) codes.push(row.status);
    const perStudent = new Map<string, { studentNo: string; studentName: string; className: string; counts: Map<string, number>; days: number }>();
    for (const row of rows) {
      const key = `${row.classId}:${row.studentId}`;
      const entry = perStudent.get(key) ?? { studentNo: row.studentNo, studentName: row.studentName, className: localName(lang, row.className, row.classNameEn), counts: new Map(), days: 0 };
      entry.counts.set(row.status, (entry.counts.get(row.status) ?? 0) + 1);
      entry.days += 1;
      perStudent.set(key, entry);
    }
    const summaryColumns = [
      { header: t.className, key: 'className', width: 16 },
      { header: t.studentNo, key: 'studentNo', width: 14 },
      { header: t.studentName, key: 'studentName', width: 12 },
      { header: t.days, key: 'days', width: 8 },
      ...codes.map((code) => ({ header: statusName.get(code) ?? code, key: `s_${code}`, width: 8 })),
    ];
    const sorted = [...perStudent.values()].sort((a, b) => (a.className + a.studentNo).localeCompare(b.className + b.studentNo));
    const summaries = sorted.map((entry) => ({
      className: entry.className,
      studentNo: entry.studentNo,
      studentName: entry.studentName,
      days: entry.days,
      ...Object.fromEntries(codes.map((code) => [`s_${code}`, entry.counts.get(code) ?? 0])),
    }));

    const bytes = await tableWorkbook(
      [
        { name: t.detailSheet, columns: detailColumns, rows: details },
        { name: t.summarySheet, columns: summaryColumns, rows: summaries },
      ],
      this.now(),
    );
    return { fileName: `${t.fileName}_${search.from}_${search.to}.xlsx`, bytes };
  }
}

const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/** 'YYYY-MM-DD HH:mm:ss' in the school's zone */
const schoolDateTime = (at: Date) => timeFormat.format(at);

const EXPORT_TITLES: Record<Lang, Record<string, string>> = {
  zh: {
    fileName: '学生考勤',
    detailSheet: '考勤明细',
    summarySheet: '考勤汇总',
    no: '序号',
    date: '日期',
    className: '班级',
    studentNo: '学号',
    studentName: '姓名',
    status: '考勤状态',
    remark: '备注',
    takenBy: '点名人',
    takenAt: '点名时间',
    days: '点名天数',
  },
  en: {
    fileName: 'Student attendance',
    detailSheet: 'Details',
    summarySheet: 'Summary',
    no: 'No.',
    date: 'Date',
    className: 'Class',
    studentNo: 'Student number',
    studentName: 'Name',
    status: 'Status',
    remark: 'Remark',
    takenBy: 'Taken by',
    takenAt: 'Taken at',
    days: 'Days',
  },
};
