import { v7 as uuidv7 } from 'uuid';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import {
  type CandidateRow,
  type CandidateSearch,
  GRADUATION_PERMS,
  GRADUATION_PRINT_MAX,
  GRADUATION_TEXT,
  type GraduatePrint,
  type GraduateRequest,
  type GraduateRow,
  type GraduateSearch,
  type GraduationOptions,
  type HoldBackRequest,
  type HoldBackResult,
} from '../../../contracts/graduations';
import type { Label } from '../../../contracts/resource';
import { schoolDate } from '../../../contracts/school-time';
import type { Tx } from '../../db/client';
import { tableWorkbook } from '../../kit/xlsx';
import type { Lang } from '../../i18n/messages';
import { localName } from '../../i18n/local-name';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { CalendarService, UpgradeGraduated } from '../calendar/calendar.service';
import type { PermissionsService } from '../permissions/permissions.service';
import type { StatusChangesService } from '../status-changes/status-changes.service';
import type { UserAdminService } from '../users/user-admin.service';
import { type GraduateRecord, graduationsRepository as repo } from './graduations.repository';

const refuse = (code: (typeof ResponseCode)[keyof typeof ResponseCode], label: Label, data: unknown = null) => new AppError(code, (lang) => label[lang], {}, data);
/** the level of the classes a hold back places the student in: the graduating grade once their class graduated, else the one that becomes it at the upgrade */
const repeatLevel = (record: { class_level: number | null; class_graduated: boolean }) => (record.class_level === null ? null : record.class_graduated ? record.class_level : record.class_level - 1);
/** the student's account and their parents' as the screen shows them */
const accountsOf = (record: { account_enabled: boolean; account_ready: boolean; parents_enabled: number; parents_total: number }) => ({
  accountEnabled: record.account_enabled,
  accountReady: record.account_ready,
  parentAccounts: { enabled: record.parents_enabled, total: record.parents_total },
});
const stale = () => refuse(ResponseCode.conflict, GRADUATION_TEXT.stale, { stale: true });
/**
 * The day a move takes effect in the rosters: the date chosen, or today when it is past. A school
 * records a graduation or hold back after the fact (the date on the certificate); the attendance
 * rolls and score sheets taken since list the student as they were, so the move never rewrites
 * them (学籍异动's takeEffect does the same). The chosen date stays the record's date.
 */
const rosterDay = (chosen: string, today: string) => (chosen > today ? chosen : today);

const EXPORT_WORDS = {
  zh: { sheet: '毕业生', year: '毕业年份', className: '班级', studentNo: '学号', name: '姓名', gender: '性别', on: '毕业日期', account: '学生账号', parents: '家长账号', file: '毕业生名单', male: '男', female: '女', enabled: '启用', disabled: '停用', none: '未开通' },
  en: { sheet: 'Graduates', year: 'Year', className: 'Class', studentNo: 'Student no.', name: 'Name', gender: 'Gender', on: 'Graduated on', account: 'Student account', parents: 'Parent accounts enabled', file: 'graduates', male: 'Male', female: 'Female', enabled: 'Enabled', disabled: 'Disabled', none: 'Not opened' },
} as const;

/**
 * 毕业管理 (issue 23 item 5). Graduating a student, under their row lock (学籍异动's lock and move):
 * the open class membership ends on the graduation date, students.status becomes graduated, the bed
 * is released and the graduation row written, in the one transaction; accounts only when asked.
 * 留级 keeps a student of the graduating grade in school: a graduation of the latest year is removed
 * and they go to a class of the grade they repeat (the graduating grade after the upgrade, the one
 * below before it: that class becomes the graduating grade at the upgrade). The semester upgrade
 * graduates the graduating classes' studying students the same way (CalendarService.onUpgradeGraduate).
 */
export class GraduationsService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly statusChanges: StatusChangesService,
    private readonly userAdmin: UserAdminService,
    private readonly calendar: CalendarService,
  ) {
    calendar.onUpgradeGraduate((tx, session, graduating) => this.graduateClasses(tx, session, graduating));
  }

  private async require(tx: Tx, session: Session, code: string): Promise<void> {
    if (!(await this.permissions.grantedCodes(tx, session)).has(code)) throw refuse(ResponseCode.forbidden, GRADUATION_TEXT.noPermission);
  }

  /* -------------------------------------------------------------- reads */

  private async graduateWhere(tx: Tx, search: GraduateSearch) {
    const year = typeof search.year === 'number' ? search.year : await repo.latestYear(tx);
    return repo.graduateWhere({ year, classId: search.classId ?? '', keyword: search.keyword ?? '' });
  }

  private graduateRow(record: GraduateRecord): GraduateRow {
    return {
      id: record.id,
      studentNo: record.student_no,
      name: record.name,
      gender: record.gender,
      graduationYear: record.graduation_year,
      classId: record.class_id,
      className: record.class_name,
      classNameEn: record.class_name_en,
      graduatedOn: record.graduated_on,
      ...accountsOf(record),
      version: record.version,
      mayHoldBack: record.latest_year,
      repeatLevel: repeatLevel(record),
    };
  }

  /** `POST /api/graduations/list` (table A): one graduation year's graduates (none named: the newest), by class. */
  async list(tx: Tx, session: Session, request: { currPage: number; limit: number; search: GraduateSearch }): Promise<TableAData<GraduateRow>> {
    await this.require(tx, session, GRADUATION_PERMS.menu);
    const records = await repo.graduates(tx, await this.graduateWhere(tx, request.search), request.currPage * request.limit, request.limit);
    return { total: records[0]?.total ?? 0, rows: records.map((record) => this.graduateRow(record)) };
  }

  /** `POST /api/graduations/print`: the search's graduates up to GRADUATION_PRINT_MAX, with how many it found (the print view groups them by class and says when cut). */
  async print(tx: Tx, session: Session, search: GraduateSearch): Promise<GraduatePrint> {
    await this.require(tx, session, GRADUATION_PERMS.menu);
    const records = await repo.graduates(tx, await this.graduateWhere(tx, search), 0, GRADUATION_PRINT_MAX);
    return { rows: records.map((record) => this.graduateRow(record)), total: records[0]?.total ?? 0 };
  }

  /** `POST /api/graduations/candidates` (table A): studying students of the graduating grade, by class. */
  async candidates(tx: Tx, session: Session, request: { currPage: number; limit: number; search: CandidateSearch }): Promise<TableAData<CandidateRow>> {
    await this.require(tx, session, GRADUATION_PERMS.menu);
    const level = await this.calendar.graduatingLevel(tx, session.tenantId);
    const records = await repo.candidates(tx, level, { classId: request.search.classId ?? '', keyword: request.search.keyword ?? '' }, request.currPage * request.limit, request.limit);
    return {
      total: records[0]?.total ?? 0,
      rows: records.map((record) => ({
        id: record.id,
        studentNo: record.student_no,
        name: record.name,
        gender: record.gender,
        classId: record.class_id,
        className: record.class_name,
        classNameEn: record.class_name_en,
        enrolmentDate: record.enrolment_date,
        ...accountsOf(record),
        version: record.version,
        repeatLevel: repeatLevel(record),
      })),
    };
  }

  /** `POST /api/graduations/options`: years, the classes to filter by and to hold back into. */
  async options(tx: Tx, session: Session): Promise<GraduationOptions> {
    await this.require(tx, session, GRADUATION_PERMS.menu);
    const level = await this.calendar.graduatingLevel(tx, session.tenantId);
    const classes = await repo.classes(tx, level);
    const names = (row: { id: string; name: string; name_en: string }) => ({ id: row.id, name: row.name, nameEn: row.name_en });
    return {
      years: await repo.years(tx),
      graduateClasses: (await repo.graduateClasses(tx)).map((row) => ({ ...names(row), year: row.year })),
      candidateClasses: classes.filter((row) => row.graduating).map(names),
      currentClasses: classes.filter((row) => !row.graduated && row.grade_level !== null).map((row) => ({ ...names(row), gradeLevel: row.grade_level! })),
      currentYear: await repo.yearOf(tx, schoolDate()),
    };
  }

  /** `POST /api/graduations/export`: the search's graduates as a workbook in the caller's language. */
  async export(tx: Tx, session: Session, search: GraduateSearch, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    await this.require(tx, session, GRADUATION_PERMS.export);
    const rows = await repo.graduates(tx, await this.graduateWhere(tx, search), 0, null);
    const t = EXPORT_WORDS[lang];
    const bytes = await tableWorkbook([
      {
        name: t.sheet,
        columns: [
          { header: t.year, key: 'year', width: 10 },
          { header: t.className, key: 'className', width: 18 },
          { header: t.studentNo, key: 'studentNo', width: 14 },
          { header: t.name, key: 'name', width: 12 },
          { header: t.gender, key: 'gender', width: 8 },
          { header: t.on, key: 'on', width: 12 },
          { header: t.account, key: 'account', width: 12 },
          { header: t.parents, key: 'parents', width: 14 },
        ],
        rows: rows.map((row) => ({
          year: row.graduation_year,
          className: localName(lang, row.class_name, row.class_name_en),
          studentNo: row.student_no,
          name: row.name,
          gender: row.gender === '1' ? t.male : row.gender === '2' ? t.female : '',
          on: row.graduated_on,
          account: !row.account_enabled ? t.disabled : row.account_ready ? t.enabled : t.none,
          parents: `${row.parents_enabled}/${row.parents_total}`,
        })),
      },
    ]);
    return { fileName: `${t.file}-${rows[0]?.graduation_year ?? schoolDate()}.xlsx`, bytes };
  }

  /* -------------------------------------------------------------- writes */

  /**
   * Graduates one student, their row locked: studying, in a class of the graduating grade, the date
   * not before enrolment nor their joining the class. `version` (the student's record read by the
   * caller) must still be current; the upgrade passes none. The class membership ends from
   * rosterDay; the graduation keeps the date `on`.
   */
  private async graduateOne(tx: Tx, session: Session, studentId: string, on: string, year: number, level: number, version: number | null): Promise<void> {
    const student = await this.statusChanges.lockStudent(tx, studentId);
    const record = student && (await repo.record(tx, studentId));
    if (!student || !record) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.studentUnknown);
    if (version !== null && record.version !== version) throw stale();
    if (student.status !== 'studying') throw refuse(ResponseCode.unprocessable, GRADUATION_TEXT.notStudying(student.name));
    const open = student.openMembership;
    if (!open || !(await repo.isGraduatingClass(tx, open.class_id, level))) throw refuse(ResponseCode.unprocessable, GRADUATION_TEXT.notGraduating(student.name));
    if (on < record.enrolment_date) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.beforeEnrolment(student.name, record.enrolment_date));
    if (on < open.from_date) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.beforeClass(student.name, open.from_date));
    await this.statusChanges.moveStudent(tx, session, studentId, { on: rosterDay(on, schoolDate()), classId: null, status: 'graduated', changeId: null, releaseBed: true });
    await repo.insert(tx, { id: uuidv7(), studentId, year, classId: open.class_id, on, userId: session.userId });
  }

  /** `POST /api/graduations/graduate`: all or none of the students graduate; their and their parents' accounts only when asked. */
  async graduate(tx: Tx, session: Session, input: GraduateRequest): Promise<{ graduated: number; disabledAccounts: number }> {
    await this.require(tx, session, GRADUATION_PERMS.add);
    const today = schoolDate();
    if (input.graduatedOn > today) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.dateInFuture(today));
    const level = await this.calendar.graduatingLevel(tx, session.tenantId);
    const year = await repo.yearOf(tx, input.graduatedOn);
    const students = [...new Map(input.students.map((s) => [s.id, s])).values()].sort((a, b) => a.id.localeCompare(b.id));
    for (const student of students) await this.graduateOne(tx, session, student.id, input.graduatedOn, year, level, student.version);
    const disabledAccounts = input.disableAccounts ? await this.switchAccounts(tx, session, students.map((s) => s.id), false) : 0;
    return { graduated: students.length, disabledAccounts };
  }

  /**
   * The upgrade's part (calendar.service.ts setCurrent): the graduating classes' studying students
   * graduate today, accounts untouched. One who cannot (enrolled or joined the class after today) is
   * left studying in the graduated class, each in a savepoint so the upgrade goes on: 毕业管理's
   * 待毕业 lists them to graduate or hold back later, and the upgrade's answer counts them.
   */
  private async graduateClasses(tx: Tx, session: Session, graduating: { classIds: readonly string[]; endingSchoolYearId: string }): Promise<UpgradeGraduated> {
    if (graduating.classIds.length === 0) return { graduated: 0, notGraduated: 0 };
    const today = schoolDate();
    const year = (await repo.endYearOf(tx, graduating.endingSchoolYearId)) ?? (await repo.yearOf(tx, today));
    const level = await this.calendar.graduatingLevel(tx, session.tenantId);
    const ids = await repo.studyingIn(tx, graduating.classIds);
    let graduated = 0;
    for (const id of ids) {
      try {
        await tx.transaction((savepoint) => this.graduateOne(savepoint, session, id, today, year, level, null));
        graduated += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return { graduated, notGraduated: ids.length - graduated };
  }

  /**
   * `POST /api/graduations/hold-back` (留级): a studying student of the graduating grade, or a graduate
   * of the latest year (their graduation removed), goes to a current class of the grade they repeat
   * (学籍异动's move, from rosterDay), with a record of it dated `heldOn`. With enableAccounts their
   * account and their parents' are enabled again (a graduate's may have been disabled at graduation);
   * the answer says how many were, and whether the student's own stays disabled.
   */
  async holdBack(tx: Tx, session: Session, input: HoldBackRequest): Promise<HoldBackResult> {
    await this.require(tx, session, GRADUATION_PERMS.add);
    const today = schoolDate();
    if (input.heldOn > today) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.dateInFuture(today));
    const student = await this.statusChanges.lockStudent(tx, input.studentId);
    const record = student && (await repo.record(tx, input.studentId));
    if (!student || !record) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.studentUnknown);
    if (record.version !== input.version) throw stale();
    const level = await this.calendar.graduatingLevel(tx, session.tenantId);
    const graduation = await repo.graduationOf(tx, input.studentId);
    const open = student.openMembership;
    let fromClassId: string;
    let since: string;
    if (student.status === 'graduated' && graduation && graduation.graduation_year === (await repo.latestYear(tx))) {
      fromClassId = graduation.class_id;
      since = graduation.graduated_on;
    } else if (student.status === 'studying' && open && (await repo.isGraduatingClass(tx, open.class_id, level))) {
      fromClassId = open.class_id;
      since = open.from_date;
    } else throw refuse(ResponseCode.unprocessable, GRADUATION_TEXT.notHoldable);
    const from = await this.statusChanges.classFacts(tx, fromClassId);
    const target = await this.statusChanges.classFacts(tx, input.classId);
    if (!target || target.kind !== 'class' || target.graduated) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.classUnknown);
    if (target.id === fromClassId) throw refuse(ResponseCode.unprocessable, GRADUATION_TEXT.sameClass);
    const repeat = from && repeatLevel({ class_level: from.grade_level, class_graduated: from.graduated });
    if (typeof repeat === 'number' && target.grade_level !== repeat) {
      const grade = await repo.gradeAt(tx, repeat);
      throw refuse(ResponseCode.unprocessable, GRADUATION_TEXT.wrongGrade({ zh: grade?.name ?? String(repeat), en: grade?.name_en ?? String(repeat) }));
    }
    if (input.heldOn < since) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.beforeClass(student.name, since));
    if (graduation) await repo.remove(tx, graduation.id);
    await this.statusChanges.moveStudent(tx, session, input.studentId, { on: rosterDay(input.heldOn, today), classId: target.id, status: 'studying', changeId: null, releaseBed: false });
    const id = uuidv7();
    await repo.insertHoldBack(tx, { id, studentId: input.studentId, fromClassId, toClassId: target.id, on: input.heldOn, undid: Boolean(graduation), reason: input.reason, userId: session.userId });
    const enabledAccounts = input.enableAccounts ? await this.switchAccounts(tx, session, [input.studentId], true) : 0;
    return { id, enabledAccounts, accountDisabled: !(await repo.accountEnabled(tx, input.studentId)) };
  }

  /** The graduates' accounts and their parents' (disabling: parents with no child left in school). */
  private async switchAccounts(tx: Tx, session: Session, studentIds: readonly string[], enabled: boolean): Promise<number> {
    const parents = await repo.parentsOf(tx, studentIds, !enabled);
    return this.userAdmin.setAccountsEnabled(tx, session, [...studentIds, ...parents], enabled);
  }

  /** `POST /api/graduations/accounts`: 停用账号 / 启用账号 of graduates (and their parents). */
  async accounts(tx: Tx, session: Session, input: { studentIds: string[]; enabled: boolean }): Promise<{ changed: number }> {
    await this.require(tx, session, GRADUATION_PERMS.add);
    const ids = [...new Set(input.studentIds)];
    if ((await repo.countGraduates(tx, ids)) !== ids.length) throw refuse(ResponseCode.invalidInput, GRADUATION_TEXT.notGraduates);
    return { changed: await this.switchAccounts(tx, session, ids, input.enabled) };
  }
}
