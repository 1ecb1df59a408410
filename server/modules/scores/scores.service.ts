import { v7 as uuidv7 } from 'uuid';
import { SUBJECT_DICT } from '../../../contracts/dicts';
import { ResponseCode, type ResponseCodeValue } from '../../../contracts/envelope';
import {
  ScoreMark,
  SCORES_MANAGE_PERMISSION,
  type MyScoresData,
  type MyScoresRequest,
  type ScoreCell,
  type ScoreChange,
  type ScoreChangesRequest,
  type ScoreExportRequest,
  type ScoreImportResult,
  type ScoreMarkValue,
  type ScoreOptions,
  type ScoreOptionsRequest,
  type ScoreSheet,
  type ScoreSheetRequest,
} from '../../../contracts/scores';
import type { Tx } from '../../db/client';
import type { Lang } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/auth.service';
import type { DictsService } from '../dicts/dicts.service';
import type { PermissionsService } from '../permissions/permissions.service';
import { scoresRepository, type CellRow, type CellWrite, type SheetContextRow } from './scores.repository';
import { buildScoresWorkbook, buildTemplate, type ExportClass, readImport } from './scores.excel';

/** contracts/scores.ts: 42200 for a score the sheet's scale refuses and for a grade without a scale */
export const UNPROCESSABLE: ResponseCodeValue = ResponseCode.idempotencyMismatch;

/** The body the save route accepts: the contract's, with the score's range and decimals left to the service (its messages name the scale). */
export interface ScoreSaveInput {
  batchId: string;
  classId: string;
  subject: string;
  studentId: string;
  score: number | null;
  mark: ScoreMarkValue;
  baseVersion: number;
}

const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** The score rules of SPEC §5 against a sheet's scale: the message key, or null when the score is fine. */
export function scoreProblem(score: number, fullMark: number): { key: 'scoresOutOfRange' | 'scoresTooManyDecimals'; params: { fullMark: number } } | null {
  if (!Number.isFinite(score) || score < 0 || score > fullMark) return { key: 'scoresOutOfRange', params: { fullMark } };
  if (!hasTwoDecimalsAtMost(score)) return { key: 'scoresTooManyDecimals', params: { fullMark } };
  return null;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

const cellOf = (studentId: string, row: CellRow | undefined): ScoreCell => ({
  studentId,
  score: row?.score ?? null,
  mark: (row?.mark ?? '') as ScoreMarkValue,
  version: row?.version ?? 0,
  enteredByName: row?.entered_by_name ?? '',
  enteredAt: iso(row?.entered_at ?? null),
});

interface Rights {
  manage: boolean;
  /** class → subjects taught ('*' = every subject: head teacher) */
  duties: Map<string, Set<string>>;
}

const mayOpen = (rights: Rights, classId: string, subject: string) => {
  if (rights.manage) return true;
  const taught = rights.duties.get(classId);
  return taught !== undefined && (taught.has('*') || taught.has(subject));
};

export class ScoresService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly dicts: DictsService,
  ) {}

  private async manages(tx: Tx, session: Session): Promise<boolean> {
    return (await this.permissions.grantedCodes(tx, session)).has(SCORES_MANAGE_PERMISSION);
  }

  private async rights(tx: Tx, session: Session): Promise<Rights> {
    const manage = await this.manages(tx, session);
    const duties = new Map<string, Set<string>>();
    if (!manage) {
      for (const row of await scoresRepository.duties(tx, session.userId)) {
        const set = duties.get(row.class_id) ?? new Set<string>();
        set.add(row.duty === 'head_teacher' ? '*' : row.subject);
        duties.set(row.class_id, set);
      }
    }
    return { manage, duties };
  }

  /**
   * The checks every sheet call makes, on one context row: batch, class of one of its grades,
   * subject of the batch, a score system, and the caller teaching it (or managing). `write` adds:
   * the batch is not published.
   */
  private checkContext(
    context: SheetContextRow | undefined,
    manage: boolean,
    subject: string,
    write: boolean,
  ): asserts context is SheetContextRow & { class_id: string; class_name: string; grade_id: string; system_id: string; full_mark: number } {
    if (!context) throw new AppError(ResponseCode.notFound, 'scoresBatchNotFound');
    if (!context.class_id || !context.grade_id) throw new AppError(ResponseCode.notFound, 'scoresClassNotFound');
    if (!manage && !context.teaches) throw new AppError(ResponseCode.forbidden, 'scoresNotYourSheet');
    if (!context.batch_grade_ids.includes(context.grade_id)) throw new AppError(ResponseCode.invalidInput, 'scoresClassNotInBatch');
    if (!context.batch_subjects.includes(subject)) throw new AppError(ResponseCode.invalidInput, 'scoresSubjectNotInBatch');
    if (write && context.published) throw new AppError(ResponseCode.forbidden, 'scoresBatchPublished');
    if (!context.system_id || context.full_mark === null) throw new AppError(UNPROCESSABLE, 'scoreGradeNoScale');
  }

  /** `POST /api/scores/options`: semesters, the batches of one (default the current), the classes and subjects the caller may open. */
  async options(tx: Tx, session: Session, request: ScoreOptionsRequest): Promise<ScoreOptions> {
    const semesters = await scoresRepository.semesters(tx);
    const semesterId = request.semesterId ?? semesters.find((s) => s.is_current)?.id ?? semesters[0]?.id ?? null;
    const result: ScoreOptions = { semesters: semesters.map((s) => ({ id: s.id, name: s.name, isCurrent: s.is_current })), semesterId, batches: [] };
    if (!semesterId) return result;
    const batches = await scoresRepository.batchesOf(tx, semesterId);
    if (batches.length === 0) return result;
    const rights = await this.rights(tx, session);
    const classes = await scoresRepository.classesOfGrades(tx, [...new Set(batches.flatMap((batch) => batch.grade_ids))]);
    const submitted = new Map((await scoresRepository.sheetsOf(tx, batches.map((batch) => batch.id))).map((s) => [`${s.batch_id}:${s.class_id}:${s.subject}`, s.submitted]));
    result.batches = batches.map((batch) => ({
      batchId: batch.id,
      name: batch.name,
      published: batch.published,
      startDate: batch.start_date,
      endDate: batch.end_date,
      classes: classes
        .filter((klass) => batch.grade_ids.includes(klass.grade_id))
        .map((klass) => ({
          classId: klass.id,
          className: klass.name,
          gradeName: klass.grade_name,
          subjects: batch.subjects
            .filter((subject) => mayOpen(rights, klass.id, subject))
            .map((subject) => ({ subject, submitted: submitted.get(`${batch.id}:${klass.id}:${subject}`) ?? false })),
        }))
        .filter((klass) => klass.subjects.length > 0),
    }));
    return result;
  }

  /** `POST /api/scores/sheet`: the roster with every cell, the score system and the sheet's state. */
  async sheet(tx: Tx, session: Session, request: ScoreSheetRequest): Promise<ScoreSheet> {
    const manage = await this.manages(tx, session);
    const context = await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject);
    this.checkContext(context, manage, request.subject, false);
    if (!context.sheet_id && !context.published) {
      // The sheet row is made when the sheet is first opened, so the saves that follow (50 of them,
      // side by side) never wait on each other creating it; an empty sheet is no score (a batch with
      // only empty sheets can still be deleted).
      const created = await scoresRepository.ensureSheet(tx, { tenantId: session.tenantId, id: uuidv7(), ...request, userId: session.userId });
      context.sheet_id = created.id;
      context.submitted = created.submitted;
    }
    return this.readSheet(tx, context, request);
  }

  private async readSheet(tx: Tx, context: SheetContextRow & { class_id: string; class_name: string; system_id: string; full_mark: number }, request: ScoreSheetRequest): Promise<ScoreSheet> {
    const [students, stored, bands] = [
      await scoresRepository.roster(tx, context.class_id),
      context.sheet_id ? await scoresRepository.cells(tx, context.sheet_id) : [],
      await scoresRepository.bands(tx, context.system_id),
    ];
    const byStudent = new Map(stored.map((row) => [row.student_id, row]));
    return {
      batch: { id: request.batchId, name: context.batch_name, published: context.published },
      classId: context.class_id,
      className: context.class_name,
      subject: request.subject,
      system: {
        id: context.system_id,
        name: context.system_name ?? '',
        fullMark: context.full_mark,
        excellentLine: context.excellent_line ?? 0,
        passLine: context.pass_line ?? 0,
        bands: bands.map((band) => ({ name: band.name, conversionScore: band.conversion_score, minScore: band.min_score, maxScore: band.max_score })),
      },
      submitted: context.submitted ?? false,
      submittedAt: iso(context.submitted_at),
      submittedByName: context.submitted_by_name ?? '',
      editable: !context.published,
      students: students.map((s) => ({ studentId: s.id, studentName: s.name, studentNo: s.user_no })),
      cells: students.map((s) => cellOf(s.id, byStudent.get(s.id))),
    };
  }

  /**
   * `POST /api/scores/save` (idempotent): one cell. One read (the context and the current cell),
   * then one statement writing the score (only while its version is still `baseVersion`) and its
   * audit row; the first save of a sheet creates the sheet first. A save that changes nothing
   * answers the stored cell.
   */
  async save(tx: Tx, session: Session, input: ScoreSaveInput): Promise<ScoreCell> {
    if (input.mark !== ScoreMark.none && input.score !== null) throw new AppError(ResponseCode.invalidInput, 'scoresMarkedWithScore');
    const manage = await this.manages(tx, session);
    const context = await scoresRepository.cellContext(tx, session.userId, input.batchId, input.classId, input.subject, input.studentId);
    this.checkContext(context, manage, input.subject, true);
    if (!context.in_class) throw new AppError(ResponseCode.invalidInput, 'scoresStudentNotInClass');
    if (input.score !== null) {
      const problem = scoreProblem(input.score, context.full_mark);
      if (problem) throw new AppError(UNPROCESSABLE, problem.key, problem.params);
    }
    const current: CellRow | undefined =
      context.version === null
        ? undefined
        : {
            student_id: input.studentId,
            score: context.score,
            mark: context.mark ?? '',
            version: context.version,
            entered_at: context.entered_at!,
            entered_by_name: context.entered_by_name ?? '',
          };
    const currentCell = cellOf(input.studentId, current);
    if (currentCell.version !== input.baseVersion) throw new AppError(ResponseCode.conflict, 'scoresConflict', {}, currentCell);
    if (currentCell.score === input.score && currentCell.mark === input.mark) return currentCell;

    let sheetId = context.sheet_id;
    let submitted = context.submitted ?? false;
    if (!sheetId) {
      const sheet = await scoresRepository.ensureSheet(tx, {
        tenantId: session.tenantId,
        id: uuidv7(),
        batchId: input.batchId,
        classId: input.classId,
        subject: input.subject,
        userId: session.userId,
      });
      sheetId = sheet.id;
      submitted = sheet.submitted;
    }
    const saved = await scoresRepository.saveCell(tx, {
      tenantId: session.tenantId,
      sheetId,
      studentId: input.studentId,
      score: input.score,
      mark: input.mark,
      baseVersion: input.baseVersion,
      userId: session.userId,
      changeId: uuidv7(),
      oldScore: current ? current.score : null,
      oldMark: current ? current.mark : null,
      correction: submitted,
    });
    if (!saved) {
      // someone else saved it between our read and our write
      throw new AppError(ResponseCode.conflict, 'scoresConflict', {}, cellOf(input.studentId, await scoresRepository.cell(tx, sheetId, input.studentId)));
    }
    return { studentId: input.studentId, score: input.score, mark: input.mark, version: saved.version, enteredByName: context.caller_name, enteredAt: iso(saved.entered_at) };
  }

  /** `POST /api/scores/submit`: every student of the class has a score or a mark (SPEC §8), then submitted. */
  async submit(tx: Tx, session: Session, request: ScoreSheetRequest): Promise<ScoreSheet> {
    const manage = await this.manages(tx, session);
    const context = await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject);
    this.checkContext(context, manage, request.subject, true);
    const sheet = context.sheet_id
      ? { id: context.sheet_id }
      : await scoresRepository.ensureSheet(tx, { tenantId: session.tenantId, id: uuidv7(), ...request, userId: session.userId });
    const roster = await scoresRepository.roster(tx, context.class_id);
    if (roster.length === 0 || (await scoresRepository.countIncomplete(tx, context.class_id, sheet.id)) > 0) {
      throw new AppError(ResponseCode.invalidInput, 'scoresIncomplete');
    }
    if (!context.submitted) await scoresRepository.markSubmitted(tx, sheet.id, session.userId);
    const fresh = await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject);
    this.checkContext(fresh, manage, request.subject, false);
    return this.readSheet(tx, fresh, request);
  }

  /** `POST /api/scores/changes`: the audit trail of a sheet, newest first ([] before the first save). */
  async changes(tx: Tx, session: Session, request: ScoreChangesRequest): Promise<ScoreChange[]> {
    const manage = await this.manages(tx, session);
    const context = await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject);
    this.checkContext(context, manage, request.subject, false);
    if (!context.sheet_id) return [];
    return (await scoresRepository.changes(tx, context.sheet_id, request.studentId)).map((row) => ({
      studentId: row.student_id,
      studentName: row.student_name,
      oldScore: row.old_score,
      oldMark: row.old_mark,
      newScore: row.new_score,
      newMark: row.new_mark,
      correction: row.correction,
      changedByName: row.changed_by_name,
      changedAt: iso(row.changed_at)!,
      version: row.version,
    }));
  }

  private async subjectNames(tx: Tx, lang: Lang): Promise<Map<string, string>> {
    const items = (await this.dicts.dicts(tx, [SUBJECT_DICT]))[SUBJECT_DICT] ?? [];
    return new Map(items.map((item) => [item.code, lang === 'en' && item.nameEn ? item.nameEn : item.name]));
  }

  /**
   * `POST /api/scores/export`: one class and subject, one class (every subject the caller may see),
   * or the whole batch (a worksheet per class). Scores are numbers, marks the words 缺考 / 免考.
   */
  async export(tx: Tx, session: Session, request: ScoreExportRequest, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    const batch = await scoresRepository.batch(tx, request.batchId);
    if (!batch) throw new AppError(ResponseCode.notFound, 'scoresBatchNotFound');
    if (request.subject && !batch.subjects.includes(request.subject)) throw new AppError(ResponseCode.invalidInput, 'scoresSubjectNotInBatch');
    const rights = await this.rights(tx, session);
    let classes = await scoresRepository.classesOfGrades(tx, batch.grade_ids);
    if (request.classId) {
      if (!classes.some((klass) => klass.id === request.classId)) throw new AppError(ResponseCode.invalidInput, 'scoresClassNotInBatch');
      classes = classes.filter((klass) => klass.id === request.classId);
    }
    const wanted = request.subject ? [request.subject] : batch.subjects;
    const plan = classes
      .map((klass) => ({ klass, subjects: wanted.filter((subject) => mayOpen(rights, klass.id, subject)) }))
      .filter((entry) => entry.subjects.length > 0);
    if (plan.length === 0) {
      if (request.classId && request.subject) throw new AppError(ResponseCode.forbidden, 'scoresNotYourSheet');
      throw new AppError(ResponseCode.invalidInput, 'scoresExportNothing');
    }
    const rosters = await scoresRepository.rosters(
      tx,
      plan.map((entry) => entry.klass.id),
    );
    const cells = new Map((await scoresRepository.batchCells(tx, batch.id)).map((row) => [`${row.class_id}:${row.subject}:${row.student_id}`, row]));
    const names = await this.subjectNames(tx, lang);
    const sheets: ExportClass[] = plan.map(({ klass, subjects }) => ({
      className: klass.name,
      subjects: subjects.map((subject) => ({ code: subject, name: names.get(subject) ?? subject })),
      students: rosters
        .filter((s) => s.class_id === klass.id)
        .map((s) => ({
          studentNo: s.user_no,
          name: s.name,
          cells: subjects.map((subject) => {
            const cell = cells.get(`${klass.id}:${subject}:${s.id}`);
            return { score: cell?.score ?? null, mark: (cell?.mark ?? '') as ScoreMarkValue };
          }),
        })),
    }));
    const bytes = await buildScoresWorkbook(sheets, lang);
    const single = plan.length === 1 ? `_${plan[0].klass.name}${plan[0].subjects.length === 1 ? `_${names.get(plan[0].subjects[0]) ?? plan[0].subjects[0]}` : ''}` : '';
    return { fileName: `${batch.name}${single}.xlsx`, bytes };
  }

  /** `GET /api/scores/template`: the sheet's roster with its current cells, and the sheet's identity on a hidden worksheet. */
  async template(tx: Tx, session: Session, request: ScoreSheetRequest, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    const sheet = await this.sheet(tx, session, request);
    const subjectName = (await this.subjectNames(tx, lang)).get(request.subject) ?? request.subject;
    const bytes = await buildTemplate(request, sheet, subjectName, lang);
    return { fileName: `${sheet.batch.name}_${sheet.className}_${subjectName}${lang === 'zh' ? '_导入模板' : '_template'}.xlsx`, bytes };
  }

  /**
   * `POST /api/scores/import`: every row checked first (student number of the class, a score within
   * the scale with at most two decimals, 缺考 / 免考, or blank = unchanged); any invalid row → 40000
   * with every row's problem in data.errors and nothing written; else every changed cell written
   * (version + 1, audit row, a correction after submission) in this one transaction.
   */
  async import(tx: Tx, session: Session, request: ScoreSheetRequest, bytes: Buffer, lang: Lang): Promise<ScoreImportResult> {
    const manage = await this.manages(tx, session);
    const context = await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject);
    this.checkContext(context, manage, request.subject, true);
    const fullMark = context.full_mark;
    const parsed = await readImport(bytes, request, fullMark, lang, (score) => scoreProblem(score, fullMark) !== null);
    if (parsed === 'notTemplate') throw new AppError(ResponseCode.invalidInput, 'scoresImportTemplateRequired');
    if (parsed === 'otherSheet') throw new AppError(ResponseCode.invalidInput, 'scoresImportTemplateMismatch');
    const roster = await scoresRepository.roster(tx, context.class_id);
    const byNo = new Map(roster.map((s) => [s.user_no, s.id]));
    const errors = [...parsed.errors];
    const seen = new Set<string>();
    const wanted: { studentId: string; score: number | null; mark: ScoreMarkValue }[] = [];
    for (const row of parsed.rows) {
      if (!row.studentNo) {
        errors.push({ row: row.row, studentNo: '', message: parsed.message('scoresRowStudentNoMissing') });
        continue;
      }
      const studentId = byNo.get(row.studentNo);
      if (!studentId) {
        errors.push({ row: row.row, studentNo: row.studentNo, message: parsed.message('scoresRowStudentUnknown') });
        continue;
      }
      if (seen.has(row.studentNo)) {
        errors.push({ row: row.row, studentNo: row.studentNo, message: parsed.message('scoresRowStudentDuplicate') });
        continue;
      }
      seen.add(row.studentNo);
      if (row.value) wanted.push({ studentId, ...row.value });
    }
    if (errors.length > 0) {
      errors.sort((a, b) => a.row - b.row);
      const result: ScoreImportResult = { imported: 0, errors };
      throw new AppError(ResponseCode.invalidInput, 'scoresImportInvalid', { count: new Set(errors.map((e) => e.row)).size }, result);
    }
    const sheet = context.sheet_id
      ? { id: context.sheet_id, submitted: context.submitted ?? false }
      : await scoresRepository.ensureSheet(tx, { tenantId: session.tenantId, id: uuidv7(), ...request, userId: session.userId });
    const current = new Map((await scoresRepository.cells(tx, sheet.id, true)).map((row) => [row.student_id, row]));
    const writes: (CellWrite & { changeId: string })[] = [];
    for (const cell of wanted) {
      const old = current.get(cell.studentId);
      if (old && old.score === cell.score && old.mark === cell.mark) continue;
      if (!old && cell.score === null && cell.mark === '') continue;
      writes.push({ ...cell, oldScore: old ? old.score : null, oldMark: old ? old.mark : null, changeId: uuidv7() });
    }
    await scoresRepository.writeCells(tx, { tenantId: session.tenantId, sheetId: sheet.id, userId: session.userId, correction: sheet.submitted, rows: writes });
    return { imported: writes.length, errors: [] };
  }

  /**
   * `POST /api/scores/mine` (generic table A): a student's own scores of published batches; a
   * parent's of one linked child (default the first). Anyone else has no own scores.
   */
  async mine(tx: Tx, session: Session, request: MyScoresRequest): Promise<MyScoresData> {
    const { studentId: asked, semesterId, batchId } = request.search;
    const userType = await scoresRepository.userType(tx, session.userId);
    let studentId: string | undefined;
    let children: MyScoresData['children'] = [];
    if (userType === '2') {
      if (asked && asked !== session.userId) throw new AppError(ResponseCode.forbidden, 'scoresNotYourChild');
      studentId = session.userId;
    } else {
      children = await scoresRepository.children(tx, session.userId);
      if (asked && !children.some((child) => child.studentId === asked)) throw new AppError(ResponseCode.forbidden, 'scoresNotYourChild');
      studentId = asked ?? children[0]?.studentId;
    }
    if (!studentId) return { total: 0, rows: [], children, studentId: '' };
    const rows = await scoresRepository.myScores(tx, studentId, { semesterId, batchId }, request.currPage * request.limit, request.limit);
    return {
      total: rows[0]?.total ?? (request.currPage > 0 ? (await scoresRepository.myScores(tx, studentId, { semesterId, batchId }, 0, 1))[0]?.total ?? 0 : 0),
      rows: rows.map((row) => ({
        batchId: row.batch_id,
        batchName: row.batch_name,
        semesterName: row.semester_name,
        subject: row.subject,
        score: row.score,
        mark: row.mark as ScoreMarkValue,
        fullMark: row.full_mark ?? 0,
        band: row.band ?? '',
        classAverage: row.class_average,
        publishedAt: iso(row.published_at) ?? '',
      })),
      children,
      studentId,
    };
  }
}
