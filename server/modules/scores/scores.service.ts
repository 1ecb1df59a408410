import { v7 as uuidv7 } from 'uuid';
import { SUBJECT_DICT } from '../../../contracts/dicts';
import { ResponseCode } from '../../../contracts/envelope';
import {
  ScoreMark,
  scoreIssue,
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
import { localName } from '../../i18n/local-name';
import type { Lang } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { DictsService } from '../dicts/dicts.service';
import type { PermissionsService } from '../permissions/permissions.service';
import { scoresRepository, type CellRow, type CellWrite, type SheetContextRow, type SystemRow } from './scores.repository';
import { buildScoresWorkbook, buildTemplate, type ExportClass, readImport } from './scores.excel';
import { bandOf, pickScoreSystem } from './scores.systems';

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

/** The score rule of SPEC §5 (contracts/score-rules.ts) against a sheet's scale: the message key, or null when the score is fine. */
export function scoreProblem(score: number, fullMark: number): { key: 'scoresOutOfRange' | 'scoresTooManyDecimals'; params: { fullMark: number } } | null {
  const issue = scoreIssue(score, fullMark);
  if (issue === null) return null;
  return { key: issue === 'range' ? 'scoresOutOfRange' : 'scoresTooManyDecimals', params: { fullMark } };
}

/** A sheet context that passed the checks: its class, and the score system giving its scale (null: 'grade has no scale'). */
type CheckedContext<C extends SheetContextRow = SheetContextRow> = C & {
  class_id: string;
  class_name: string;
  grade_id: string;
  system: SystemRow | null;
  /** the caller may write the sheet (subject teacher of the class, or cjlr_manage); published is not considered */
  writer: boolean;
};

/** A checked context of a write: it has a scale. */
type WritableContext<C extends SheetContextRow = SheetContextRow> = CheckedContext<C> & { system: SystemRow };

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
/** a score's band as a my-scores row says it: both names ('' when none), the reader's language picks */
const bandNames = (band: { name: string; nameEn: string } | null) => ({ band: band?.name ?? '', bandEn: band?.nameEn ?? '' });

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
  /** class → subjects taught ('*' = every subject: head teacher, read only); a manager's own duties too */
  duties: Map<string, Set<string>>;
}

const teaches = (rights: Rights, classId: string, subject: string) => rights.duties.get(classId)?.has(subject) ?? false;

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
    // read for a manager too: the screen opens the sheet the caller teaches first
    for (const row of await scoresRepository.duties(tx, session.userId)) {
      const set = duties.get(row.class_id) ?? new Set<string>();
      set.add(row.duty === 'head_teacher' ? '*' : row.subject);
      duties.set(row.class_id, set);
    }
    return { manage, duties };
  }

  /**
   * The checks every sheet call makes, on one context row: batch, class of one of its grades,
   * subject of the batch, and the caller reading it (subject teacher or head teacher of the class,
   * or managing). The sheet's score system is picked here (null: no scale; reads still answer).
   */
  private checkContext<C extends SheetContextRow>(context: C | undefined, manage: boolean, subject: string): CheckedContext<C> {
    if (!context) throw new AppError(ResponseCode.notFound, 'scoresBatchNotFound');
    if (!context.class_id || !context.grade_id || !context.class_name) throw new AppError(ResponseCode.notFound, 'scoresClassNotFound');
    if (!manage && !context.teaches && !context.heads) throw new AppError(ResponseCode.forbidden, 'scoresNotYourSheet');
    if (!context.batch_grade_ids.includes(context.grade_id)) throw new AppError(ResponseCode.invalidInput, 'scoresClassNotInBatch');
    if (!context.batch_subjects.includes(subject)) throw new AppError(ResponseCode.invalidInput, 'scoresSubjectNotInBatch');
    const system = pickScoreSystem(context.systems, { gradeIds: context.batch_grade_ids, subjects: context.batch_subjects }, context.grade_id, subject);
    return { ...context, class_id: context.class_id, class_name: context.class_name, grade_id: context.grade_id, system, writer: manage || context.teaches };
  }

  /**
   * The checks of a write (save, submit, import, template): those of a read, then the caller teaches
   * the subject in the class (a head teacher only reads the class's other subjects), the batch is
   * not published, and the sheet has a scale.
   */
  private checkWrite<C extends SheetContextRow>(context: C | undefined, manage: boolean, subject: string): WritableContext<C> {
    const checked = this.checkContext(context, manage, subject);
    if (!checked.writer) throw new AppError(ResponseCode.forbidden, 'scoresNotYourSubject');
    if (checked.published) throw new AppError(ResponseCode.forbidden, 'scoresBatchPublished');
    if (!checked.system) throw new AppError(ResponseCode.unprocessable, 'scoreGradeNoScale');
    return checked as WritableContext<C>;
  }

  /** `POST /api/scores/options`: semesters, the batches of one (default the current), the classes and subjects the caller may open. */
  async options(tx: Tx, session: Session, request: ScoreOptionsRequest): Promise<ScoreOptions> {
    const semesters = await scoresRepository.semesters(tx);
    const semesterId = request.semesterId ?? semesters.find((s) => s.is_current)?.id ?? semesters[0]?.id ?? null;
    const result: ScoreOptions = { semesters: semesters.map((s) => ({ id: s.id, name: s.name, nameEn: s.name_en, isCurrent: s.is_current })), semesterId, batches: [] };
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
          classNameEn: klass.name_en,
          gradeName: klass.grade_name,
          gradeNameEn: klass.grade_name_en,
          subjects: batch.subjects
            .filter((subject) => mayOpen(rights, klass.id, subject))
            .map((subject) => ({ subject, submitted: submitted.get(`${batch.id}:${klass.id}:${subject}`) ?? false, taught: teaches(rights, klass.id, subject) })),
        }))
        .filter((klass) => klass.subjects.length > 0),
    }));
    return result;
  }

  /** `POST /api/scores/sheet`: the roster with every cell, the score system and the sheet's state. */
  async sheet(tx: Tx, session: Session, request: ScoreSheetRequest): Promise<ScoreSheet> {
    const manage = await this.manages(tx, session);
    const context = this.checkContext(await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject), manage, request.subject);
    if (!context.sheet_id && !context.published && context.writer && context.system) {
      // The sheet row is made when its writer first opens it, so the saves that follow (50 of them,
      // side by side) never wait on each other creating it; an empty sheet is no score (a batch with
      // only empty sheets can still be deleted).
      const created = await scoresRepository.ensureSheet(tx, { tenantId: session.tenantId, id: uuidv7(), ...request, userId: session.userId });
      context.sheet_id = created.id;
      context.submitted = created.submitted;
    }
    return this.readSheet(tx, context, request);
  }

  private async readSheet(tx: Tx, context: CheckedContext, request: ScoreSheetRequest): Promise<ScoreSheet> {
    const [students, stored, bands] = [
      await scoresRepository.roster(tx, context.class_id, context.batch_start, context.batch_end),
      context.sheet_id ? await scoresRepository.cells(tx, context.sheet_id) : [],
      context.system ? await scoresRepository.bands(tx, context.system.id) : [],
    ];
    const byStudent = new Map(stored.map((row) => [row.student_id, row]));
    return {
      batch: { id: request.batchId, name: context.batch_name, published: context.published },
      classId: context.class_id,
      className: context.class_name,
      classNameEn: context.class_name_en ?? '',
      subject: request.subject,
      system: context.system
        ? {
            id: context.system.id,
            name: context.system.name,
            fullMark: context.system.fullMark,
            excellentLine: context.system.excellentLine,
            passLine: context.system.passLine,
            bands: bands.map((band) => ({ name: band.name, nameEn: band.name_en, conversionScore: band.conversion_score, minScore: band.min_score, maxScore: band.max_score })),
          }
        : null,
      ...(context.system ? {} : { noScale: true }),
      submitted: context.submitted ?? false,
      submittedAt: iso(context.submitted_at),
      submittedByName: context.submitted_by_name ?? '',
      editable: !context.published && context.writer && context.system !== null,
      students: students.map((s) => ({ studentId: s.id, studentName: s.name, studentNo: s.user_no })),
      cells: students.map((s) => cellOf(s.id, byStudent.get(s.id))),
    };
  }

  /**
   * `POST /api/scores/save` (idempotent): one cell. One read (the context and the current cell,
   * FOR SHARE on the batch), the sheet row locked FOR SHARE (made first on the sheet's first save),
   * then one statement writing the score (only while its version is still `baseVersion`) and its
   * audit row. A save that changes nothing answers the stored cell; clearing a cell of a submitted
   * sheet is refused (mark it absent or exempt instead).
   */
  async save(tx: Tx, session: Session, input: ScoreSaveInput): Promise<ScoreCell> {
    if (input.mark !== ScoreMark.none && input.score !== null) throw new AppError(ResponseCode.invalidInput, 'scoresMarkedWithScore');
    const manage = await this.manages(tx, session);
    const context = this.checkWrite(
      await scoresRepository.cellContext(tx, session.userId, input.batchId, input.classId, input.subject, input.studentId),
      manage,
      input.subject,
    );
    if (!context.in_class) throw new AppError(ResponseCode.invalidInput, 'scoresStudentNotInClass');
    if (input.score !== null) {
      const problem = scoreProblem(input.score, context.system.fullMark);
      if (problem) throw new AppError(ResponseCode.unprocessable, problem.key, problem.params);
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
    }
    // FOR SHARE on the sheet: a submit under way (FOR UPDATE) finishes first and is seen here; a
    // submit that comes later waits for this save, so it never counts a cell this save clears.
    const submitted = await scoresRepository.lockSheet(tx, sheetId, 'share');
    if (submitted && input.score === null && input.mark === ScoreMark.none) throw new AppError(ResponseCode.invalidInput, 'scoresSubmittedNoClear');
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
    const context = this.checkWrite(await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject, true), manage, request.subject);
    const sheet = context.sheet_id
      ? { id: context.sheet_id }
      : await scoresRepository.ensureSheet(tx, { tenantId: session.tenantId, id: uuidv7(), ...request, userId: session.userId });
    // FOR UPDATE on the sheet: saves under way (FOR SHARE) finish first, so the count below sees them
    const submitted = await scoresRepository.lockSheet(tx, sheet.id, 'update');
    const roster = await scoresRepository.roster(tx, context.class_id, context.batch_start, context.batch_end);
    if (roster.length === 0 || (await scoresRepository.countIncomplete(tx, context.class_id, sheet.id, context.batch_start, context.batch_end)) > 0) {
      throw new AppError(ResponseCode.invalidInput, 'scoresIncomplete');
    }
    if (!submitted) await scoresRepository.markSubmitted(tx, sheet.id, session.userId);
    const fresh = this.checkContext(await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject), manage, request.subject);
    return this.readSheet(tx, fresh, request);
  }

  /** `POST /api/scores/changes`: the audit trail of a sheet, newest first ([] before the first save). */
  async changes(tx: Tx, session: Session, request: ScoreChangesRequest): Promise<ScoreChange[]> {
    const manage = await this.manages(tx, session);
    const context = this.checkContext(await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject), manage, request.subject);
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
    return new Map(items.map((item) => [item.code, localName(lang, item.name, item.nameEn)]));
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
      batch.start_date,
      batch.end_date,
    );
    const cells = new Map((await scoresRepository.batchCells(tx, batch.id)).map((row) => [`${row.class_id}:${row.subject}:${row.student_id}`, row]));
    const names = await this.subjectNames(tx, lang);
    const sheets: ExportClass[] = plan.map(({ klass, subjects }) => ({
      className: localName(lang, klass.name, klass.name_en),
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
    const single = plan.length === 1 ? `_${localName(lang, plan[0].klass.name, plan[0].klass.name_en)}${plan[0].subjects.length === 1 ? `_${names.get(plan[0].subjects[0]) ?? plan[0].subjects[0]}` : ''}` : '';
    return { fileName: `${batch.name}${single}.xlsx`, bytes };
  }

  /** `GET /api/scores/template`: the sheet's roster with its current cells, and the sheet's identity on a hidden worksheet. */
  async template(tx: Tx, session: Session, request: ScoreSheetRequest, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    // a read (a GET writes nothing: no sheet row is made here), refused where the import would be
    const manage = await this.manages(tx, session);
    const context = this.checkContext(await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject), manage, request.subject);
    if (!context.writer) throw new AppError(ResponseCode.forbidden, 'scoresNotYourSubject');
    const sheet = await this.readSheet(tx, context, request);
    const subjectName = (await this.subjectNames(tx, lang)).get(request.subject) ?? request.subject;
    const bytes = await buildTemplate(request, sheet, subjectName, lang);
    return { fileName: `${sheet.batch.name}_${localName(lang, sheet.className, sheet.classNameEn)}_${subjectName}${lang === 'zh' ? '_导入模板' : '_template'}.xlsx`, bytes };
  }

  /**
   * `POST /api/scores/import`: every row checked first (student number of the class, a score within
   * the scale with at most two decimals, 缺考 / 免考, or blank = unchanged); any invalid row → 40000
   * with every row's problem in data.errors and nothing written; else every changed cell written
   * (version + 1, audit row, a correction after submission) in this one transaction.
   */
  async import(tx: Tx, session: Session, request: ScoreSheetRequest, bytes: Buffer, lang: Lang): Promise<ScoreImportResult> {
    const manage = await this.manages(tx, session);
    const context = this.checkWrite(await scoresRepository.sheetContext(tx, session.userId, request.batchId, request.classId, request.subject, true), manage, request.subject);
    const fullMark = context.system.fullMark;
    const parsed = await readImport(bytes, request, fullMark, lang);
    if (parsed === 'notTemplate') throw new AppError(ResponseCode.invalidInput, 'scoresImportTemplateRequired');
    if (parsed === 'otherSheet') throw new AppError(ResponseCode.invalidInput, 'scoresImportTemplateMismatch');
    const roster = await scoresRepository.roster(tx, context.class_id, context.batch_start, context.batch_end);
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
    const sheetId = context.sheet_id ?? (await scoresRepository.ensureSheet(tx, { tenantId: session.tenantId, id: uuidv7(), ...request, userId: session.userId })).id;
    const submitted = await scoresRepository.lockSheet(tx, sheetId, 'share');
    const current = new Map((await scoresRepository.cells(tx, sheetId, true)).map((row) => [row.student_id, row]));
    const writes: (CellWrite & { changeId: string; baseVersion: number })[] = [];
    for (const cell of wanted) {
      const old = current.get(cell.studentId);
      if (old && old.score === cell.score && old.mark === cell.mark) continue;
      if (!old && cell.score === null && cell.mark === '') continue;
      writes.push({ ...cell, oldScore: old ? old.score : null, oldMark: old ? old.mark : null, changeId: uuidv7(), baseVersion: old ? old.version : 0 });
    }
    const written = await scoresRepository.writeCells(tx, { tenantId: session.tenantId, sheetId, userId: session.userId, correction: submitted, rows: writes });
    // a cell someone else saved between the read above and the write (a first save of an empty cell):
    // the whole import is rolled back (this error ends the transaction), nothing is overwritten
    if (written !== writes.length) throw new AppError(ResponseCode.conflict, 'scoresImportConflict');
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
    const systems = rows.map((row) => pickScoreSystem(row.systems, { gradeIds: row.batch_grade_ids, subjects: row.batch_subjects }, row.grade_id, row.subject));
    const bands = await scoresRepository.bandsOfSystems(tx, [...new Set(systems.flatMap((system) => (system ? [system.id] : [])))]);
    const bandRanges = (systemId: string) =>
      bands.filter((band) => band.system_id === systemId).map((band) => ({ name: band.name, nameEn: band.name_en, minScore: band.min_score, maxScore: band.max_score }));
    return {
      total: rows[0]?.total ?? (request.currPage > 0 ? (await scoresRepository.myScores(tx, studentId, { semesterId, batchId }, 0, 1))[0]?.total ?? 0 : 0),
      rows: rows.map((row, index) => ({
        batchId: row.batch_id,
        batchName: row.batch_name,
        semesterName: row.semester_name,
        semesterNameEn: row.semester_name_en,
        subject: row.subject,
        score: row.score,
        mark: row.mark as ScoreMarkValue,
        fullMark: systems[index]?.fullMark ?? 0,
        ...bandNames(systems[index] ? bandOf(row.score, bandRanges(systems[index].id)) : null),
        classAverage: row.class_average,
        publishedAt: iso(row.published_at) ?? '',
      })),
      children,
      studentId,
    };
  }
}
