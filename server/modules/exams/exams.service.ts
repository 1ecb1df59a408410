import { v7 as uuidv7 } from 'uuid';
import { SUBJECT_DICT } from '../../../contracts/dicts';
import { ResponseCode, type TableAData, tableASortOf } from '../../../contracts/envelope';
import {
  EXAMS_ADD_PERMISSION,
  EXAMS_DELETE_PERMISSION,
  EXAMS_EDIT_PERMISSION,
  EXAMS_PUBLISH_PERMISSION,
  examBatchIssues,
  SCORE_SYSTEMS_ADD_PERMISSION,
  SCORE_SYSTEMS_DELETE_PERMISSION,
  SCORE_SYSTEMS_EDIT_PERMISSION,
  scoreSystemIssues,
  type ExamBatchIdRequest,
  type ExamBatchListRequest,
  type ExamBatchPublishData,
  type ExamBatchPublishRequest,
  type ExamBatchRow,
  type ExamBatchSaveRequest,
  type ExamOptions,
  type RuleIssue,
  type ScoreBand,
  type ScoreSystemIdRequest,
  type ScoreSystemListRequest,
  type ScoreSystemRow,
  type ScoreSystemSaveRequest,
} from '../../../contracts/exams';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { fieldLabel, type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { MessagesService } from '../messages/messages.service';
import type { PermissionsService } from '../permissions/permissions.service';
import { type BandRecord, type BatchRecord, examsRepository, type SystemRecord } from './exams.repository';
import { pickScoreSystem } from '../scores/scores.systems';

/** Message type 成绩发布 (entry '3' of the STD_XB_XXLX dictionary, server/db/seed/dicts.ts MESSAGE_TYPES.score). */
export const SCORE_RELEASE_MESSAGE_TYPE = '3';
/** Where the score-release message links: 我的成绩. */
export const MY_SCORES_PATH = '/jxgl/wdcj';

/** A score system with its bands (highest first): what score entry reads for a class's grade and subject. */
export type ScoreSystemWithBands = ScoreSystemRow;

const toBand = (band: BandRecord): ScoreBand => ({
  id: band.id,
  name: band.name,
  nameEn: band.nameEn,
  conversionScore: band.conversionScore,
  minScore: band.minScore,
  maxScore: band.maxScore,
});

const toSystem = (system: SystemRecord, bands: BandRecord[]): ScoreSystemRow => ({
  id: system.id,
  batchId: system.batchId,
  name: system.name,
  gradeIds: system.gradeIds,
  subjects: system.subjects,
  fullMark: system.fullMark,
  excellentLine: Number(system.excellentLine),
  passLine: Number(system.passLine),
  ratio: Number(system.ratio),
  bands: bands.filter((band) => band.systemId === system.id).map(toBand),
  version: system.version,
});

/** The grades and subjects a system covers ([] = all of the batch's). */
const coverage = (system: { gradeIds: readonly string[]; subjects: readonly string[] }, batch: { gradeIds: readonly string[]; subjects: readonly string[] }) => ({
  grades: system.gradeIds.length > 0 ? system.gradeIds : batch.gradeIds,
  subjects: system.subjects.length > 0 ? system.subjects : batch.subjects,
});

/**
 * The score system of `batchId` that covers `gradeId` (a grade org unit) and `subject` (an STD_KM
 * code), with its bands highest first; null when none does (score entry then says 'grade has no
 * scale', message key `scoreGradeNoScale`). The choice is scores.systems.ts pickScoreSystem (most
 * specific first), shared with score entry. For other modules: call through `services.exams.findScoreSystem`.
 */
export async function findScoreSystem(tx: Tx, batchId: string, gradeId: string, subject: string): Promise<ScoreSystemWithBands | null> {
  const batch = await examsRepository.batchById(tx, batchId);
  if (!batch) return null;
  const systems = await examsRepository.systemsOfBatch(tx, batchId);
  // the one choice rule (scores.systems.ts), the same score entry and 我的成绩 use
  const system = pickScoreSystem(systems, batch, gradeId, subject);
  if (!system) return null;
  return toSystem(system, await examsRepository.bandsOfSystems(tx, [system.id]));
}

/** The first (up to three) rule issues as one 40000 error in the caller's language. */
function refuseIssues(issues: readonly RuleIssue[]): never {
  const shown = issues.slice(0, 3);
  throw new AppError(ResponseCode.invalidInput, (lang: Lang) =>
    shown.map((issue) => translate(lang, issue.code as MessageKey, issue.params ?? {})).join(lang === 'zh' ? '；' : '; '),
  );
}

/** Exam batches (/jxgl/kspc), publishing, score systems and their grade bands (/jxgl/cjtx). */
export class ExamsService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly messages: MessagesService,
  ) {}

  /** See the module function `findScoreSystem`. */
  findScoreSystem(tx: Tx, batchId: string, gradeId: string, subject: string): Promise<ScoreSystemWithBands | null> {
    return findScoreSystem(tx, batchId, gradeId, subject);
  }

  private require(tx: Tx, session: Session, code: string): Promise<void> {
    return this.permissions.assertHas(tx, session, code);
  }

  private async batchOr404(tx: Tx, id: string): Promise<BatchRecord> {
    const batch = await examsRepository.batchById(tx, id);
    if (!batch) throw new AppError(ResponseCode.notFound, 'examBatchNotFound');
    return batch;
  }

  /**
   * The batch locked FOR UPDATE (score saves hold FOR SHARE on it): what is checked below cannot
   * change under the write, and a save in flight finishes first.
   */
  private async lockedBatchOr404(tx: Tx, id: string): Promise<BatchRecord> {
    const batch = await examsRepository.batchForUpdate(tx, id);
    if (!batch) throw new AppError(ResponseCode.notFound, 'examBatchNotFound');
    return batch;
  }

  /** A published batch and its score systems stay as the students saw them: unpublish first. */
  private refuseWhilePublished(batch: BatchRecord): void {
    if (batch.published) throw new AppError(ResponseCode.forbidden, 'examBatchPublishedLocked');
  }

  /** `POST /api/exams/options`: semesters (newest first), grades not graduated, subjects (STD_KM). */
  async options(tx: Tx): Promise<ExamOptions> {
    const semesters = await examsRepository.semesters(tx);
    const grades = (await examsRepository.grades(tx)).filter((grade) => !grade.graduated).map(({ id, name, nameEn }) => ({ id, name, nameEn }));
    const subjects = await examsRepository.dictEntries(tx, SUBJECT_DICT);
    return { semesters, grades, subjects };
  }

  /** `POST /api/exams/list`: generic table A; without a semester in the search, the current semester's. */
  async list(tx: Tx, request: ExamBatchListRequest): Promise<TableAData<ExamBatchRow>> {
    const search = request.search;
    const semesterId = search.semesterId || (await examsRepository.currentSemesterId(tx));
    const published = search.published === '1' ? true : search.published === '0' ? false : undefined;
    const sort = tableASortOf(request);
    const { total, rows } = await examsRepository.listBatches(tx, { semesterId, name: search.name || undefined, published }, request.currPage, request.limit, sort);
    const grades = new Map((await examsRepository.grades(tx)).map((grade) => [grade.id, grade]));
    return {
      total,
      rows: rows.map(({ batch, semesterName, semesterNameEn, publishedByName, systemCount }) => ({
        id: batch.id,
        semesterId: batch.semesterId,
        semesterName,
        semesterNameEn,
        name: batch.name,
        gradeIds: batch.gradeIds,
        gradeNames: batch.gradeIds.map((id) => grades.get(id)?.name ?? ''),
        gradeNamesEn: batch.gradeIds.map((id) => grades.get(id)?.nameEn ?? ''),
        subjects: batch.subjects,
        startDate: batch.startDate,
        endDate: batch.endDate,
        sort: batch.sort,
        regular: batch.regular,
        published: batch.published,
        publishedAt: batch.publishedAt ? batch.publishedAt.toISOString() : null,
        publishedByName: publishedByName ?? null,
        systemCount: Number(systemCount),
        version: batch.version,
      })),
    };
  }

  /** `POST /api/exams/save`: add (kspc_add) or edit (kspc_edit) a batch. */
  async save(tx: Tx, session: Session, request: ExamBatchSaveRequest): Promise<{ id: string }> {
    await this.require(tx, session, request.id ? EXAMS_EDIT_PERMISSION : EXAMS_ADD_PERMISSION);
    const existing = request.id ? await this.lockedBatchOr404(tx, request.id) : undefined;
    if (existing) this.refuseWhilePublished(existing);
    const issues = examBatchIssues(request);
    if (issues.length > 0) refuseIssues(issues);
    if (!(await examsRepository.semesterById(tx, request.semesterId))) throw new AppError(ResponseCode.invalidInput, 'examSemesterNotFound');
    const grades = new Map((await examsRepository.grades(tx)).map((grade) => [grade.id, grade]));
    // a graduated grade may stay on a batch that already had it (an old semester's batch)
    if (request.gradeIds.some((id) => !grades.has(id) || (grades.get(id)!.graduated && !existing?.gradeIds.includes(id)))) {
      throw new AppError(ResponseCode.invalidInput, 'examGradeInvalid');
    }
    const subjectCodes = new Set((await examsRepository.dictEntries(tx, SUBJECT_DICT)).map((entry) => entry.code));
    const unknown = request.subjects.filter((code) => !subjectCodes.has(code));
    if (unknown.length > 0) throw new AppError(ResponseCode.invalidInput, 'examSubjectInvalid', { codes: unknown.join(', ') });
    if (await examsRepository.batchNameTaken(tx, request.semesterId, request.name, request.id)) {
      throw new AppError(ResponseCode.conflict, 'examBatchNameTaken', { name: request.name });
    }
    const values = {
      semesterId: request.semesterId,
      name: request.name,
      gradeIds: request.gradeIds,
      subjects: request.subjects,
      startDate: request.startDate,
      endDate: request.endDate,
      sort: request.sort,
      regular: request.regular,
    };
    if (!existing) {
      const id = uuidv7();
      await uniquely(
        () => examsRepository.insertBatch(tx, { tenantId: session.tenantId, id, ...values, createdBy: session.userId, updatedBy: session.userId }),
        () => new AppError(ResponseCode.conflict, 'examBatchNameTaken', { name: request.name }),
      );
      return { id };
    }
    // entered scores stay reachable: no grade or subject that has scores leaves the batch, and the
    // batch stays in its semester once there are scores
    const scored = await examsRepository.scoredScopes(tx, existing.id);
    if (scored.length > 0 && request.semesterId !== existing.semesterId) throw new AppError(ResponseCode.conflict, 'examBatchSemesterHasScores');
    const droppedGrade = scored.find((row) => !request.gradeIds.includes(row.gradeId));
    if (droppedGrade) {
      throw new AppError(ResponseCode.conflict, 'examBatchGradeHasScores', { name: grades.get(droppedGrade.gradeId) ?? droppedGrade.gradeId });
    }
    const droppedSubject = scored.find((row) => !request.subjects.includes(row.subject));
    if (droppedSubject) {
      const subjectName = (await examsRepository.dictEntries(tx, SUBJECT_DICT)).find((row) => row.code === droppedSubject.subject)?.name ?? droppedSubject.subject;
      throw new AppError(ResponseCode.conflict, 'examBatchSubjectHasScores', { name: subjectName });
    }
    // a score system naming a grade or subject the batch drops would cover nothing it can reach
    for (const system of await examsRepository.systemsOfBatch(tx, existing.id)) {
      if (system.gradeIds.some((id) => !request.gradeIds.includes(id)) || system.subjects.some((code) => !request.subjects.includes(code))) {
        throw new AppError(ResponseCode.conflict, 'examBatchScopeInUse', { name: system.name });
      }
    }
    const updated = await uniquely(
      () => examsRepository.updateBatch(tx, existing.id, versionOf(request), { ...values, updatedBy: session.userId }),
      () => new AppError(ResponseCode.conflict, 'examBatchNameTaken', { name: request.name }),
    );
    if (!updated) {
      throw new AppError(ResponseCode.conflict, 'examBatchStale');
    }
    return { id: existing.id };
  }

  /** `POST /api/exams/delete` (kspc_delete): refused while scores or score systems exist. */
  async delete(tx: Tx, session: Session, request: ExamBatchIdRequest): Promise<void> {
    await this.require(tx, session, EXAMS_DELETE_PERMISSION);
    // locked first: a first score save in flight commits before the checks below see it
    const batch = await this.lockedBatchOr404(tx, request.id);
    if (await examsRepository.batchHasScores(tx, batch.id)) throw new AppError(ResponseCode.conflict, 'examBatchHasScores');
    if ((await examsRepository.systemCount(tx, batch.id)) > 0) throw new AppError(ResponseCode.conflict, 'examBatchHasSystems');
    await examsRepository.deleteBatch(tx, batch.id);
  }

  /**
   * `POST /api/exams/publish`: publish or unpublish (SPEC §6: without kspc_publish, 40300 'please
   * contact the administrator'). Publishing an unpublished batch tells every student of its grades
   * and their parents (message type 成绩发布, one message, linking to 我的成绩).
   */
  async publish(tx: Tx, session: Session, request: ExamBatchPublishRequest): Promise<ExamBatchPublishData> {
    await this.permissions.assertMayPublish(tx, session, [EXAMS_PUBLISH_PERMISSION]);
    // locked first: score saves in flight commit before, later ones see the new flag; of two
    // simultaneous publishes, the second sees the first's and tells nobody again
    const batch = await this.lockedBatchOr404(tx, request.id);
    if (batch.published === request.published) return { published: batch.published, notified: 0 };
    await examsRepository.setPublished(tx, batch.id, request.published, session.userId);
    if (!request.published) return { published: false, notified: 0 };
    const recipientIds = await examsRepository.studentsAndParentsOfGrades(tx, batch.gradeIds);
    if (recipientIds.length > 0) {
      // stored as a key and parameters: each reader sees it in their own language
      const dates = batch.startDate === batch.endDate ? batch.startDate : `${batch.startDate} ~ ${batch.endDate}`;
      await this.messages.send(tx, session.tenantId, {
        type: SCORE_RELEASE_MESSAGE_TYPE,
        text: { key: 'scoresReleased', params: { name: batch.name, dates } },
        link: MY_SCORES_PATH,
        senderId: session.userId,
        recipientIds,
      });
    }
    return { published: true, notified: recipientIds.length };
  }

  /* -------------------------------------------------------------- score systems */

  /** `POST /api/score-systems/list`: the batch's score systems with their bands. */
  async systems(tx: Tx, request: ScoreSystemListRequest): Promise<ScoreSystemRow[]> {
    await this.batchOr404(tx, request.batchId);
    const systems = await examsRepository.systemsOfBatch(tx, request.batchId);
    const bands = await examsRepository.bandsOfSystems(
      tx,
      systems.map((system) => system.id),
    );
    return systems.map((system) => toSystem(system, bands));
  }

  /** `POST /api/score-systems/save`: add (cjtx_add) or edit (cjtx_edit) a system and its bands (the list replaces the stored one). */
  async saveSystem(tx: Tx, session: Session, request: ScoreSystemSaveRequest): Promise<{ id: string }> {
    await this.require(tx, session, request.id ? SCORE_SYSTEMS_EDIT_PERMISSION : SCORE_SYSTEMS_ADD_PERMISSION);
    const existing = request.id ? await examsRepository.systemById(tx, request.id) : undefined;
    if (request.id && !existing) throw new AppError(ResponseCode.notFound, 'scoreSystemNotFound');
    // a system stays with its batch
    const batch = await this.lockedBatchOr404(tx, existing ? existing.batchId : request.batchId);
    this.refuseWhilePublished(batch);
    const issues = scoreSystemIssues(request);
    if (issues.length > 0) refuseIssues(issues);
    if (request.gradeIds.some((id) => !batch.gradeIds.includes(id))) throw new AppError(ResponseCode.invalidInput, 'scoreSystemGradeNotInBatch');
    if (request.subjects.some((code) => !batch.subjects.includes(code))) throw new AppError(ResponseCode.invalidInput, 'scoreSystemSubjectNotInBatch');
    if (await examsRepository.systemNameTaken(tx, batch.id, request.name, existing?.id)) {
      throw new AppError(ResponseCode.conflict, 'scoreSystemNameTaken', { name: request.name });
    }
    const mine = coverage(request, batch);
    // the scale holds every score already entered on the sheets it covers
    const highest = await examsRepository.highestScore(tx, batch.id, mine.grades, mine.subjects);
    if (highest !== null && request.fullMark < highest) {
      throw new AppError(ResponseCode.conflict, 'scoreSystemFullMarkBelowScores', { max: formatScore(highest) });
    }
    for (const other of await examsRepository.systemsOfBatch(tx, batch.id)) {
      if (other.id === existing?.id) continue;
      const theirs = coverage(other, batch);
      const grade = mine.grades.find((id) => theirs.grades.includes(id));
      const subject = mine.subjects.find((code) => theirs.subjects.includes(code));
      if (grade && subject) {
        // both names: the message names the grade and the subject in the caller's language
        const gradeRow = (await examsRepository.grades(tx)).find((row) => row.id === grade);
        const subjectRow = (await examsRepository.dictEntries(tx, SUBJECT_DICT)).find((row) => row.code === subject);
        const gradeName = gradeRow ? { name: gradeRow.name, nameEn: gradeRow.nameEn } : grade;
        const subjectName = subjectRow ? { name: subjectRow.name, nameEn: subjectRow.nameEn } : subject;
        throw new AppError(ResponseCode.conflict, 'scoreSystemCoverageOverlap', { grade: gradeName, subject: subjectName, name: other.name });
      }
    }
    const values = {
      name: request.name,
      gradeIds: request.gradeIds,
      subjects: request.subjects,
      fullMark: request.fullMark,
      excellentLine: request.excellentLine,
      passLine: request.passLine,
      ratio: request.ratio,
    };
    let id: string;
    if (existing) {
      id = existing.id;
      const updated = await uniquely(
        () => examsRepository.updateSystem(tx, id, versionOf(request), { ...values, updatedBy: session.userId }),
        () => new AppError(ResponseCode.conflict, 'scoreSystemNameTaken', { name: request.name }),
      );
      if (!updated) {
        throw new AppError(ResponseCode.conflict, 'scoreSystemStale');
      }
    } else {
      id = uuidv7();
      await uniquely(
        () => examsRepository.insertSystem(tx, { tenantId: session.tenantId, id, batchId: batch.id, ...values, createdBy: session.userId, updatedBy: session.userId }),
        () => new AppError(ResponseCode.conflict, 'scoreSystemNameTaken', { name: request.name }),
      );
    }
    // stored highest first; a band written meanwhile by someone else is their change, not a fault
    const ordered = [...request.bands].sort((a, b) => b.maxScore - a.maxScore);
    const bandRows = ordered.map((band, index) => ({
      tenantId: session.tenantId,
      id: uuidv7(),
      systemId: id,
      name: band.name,
      nameEn: band.nameEn,
      conversionScore: band.conversionScore,
      minScore: band.minScore,
      maxScore: band.maxScore,
      sort: (index + 1) * 10,
      createdBy: session.userId,
      updatedBy: session.userId,
    }));
    await uniquely(
      () => examsRepository.replaceBands(tx, id, bandRows),
      () => new AppError(ResponseCode.conflict, 'scoreSystemStale'),
    );
    return { id };
  }

  /** `POST /api/score-systems/delete` (cjtx_delete): a system that has grade bands cannot be deleted (SPEC §5). */
  async deleteSystem(tx: Tx, session: Session, request: ScoreSystemIdRequest): Promise<void> {
    await this.require(tx, session, SCORE_SYSTEMS_DELETE_PERMISSION);
    const system = await examsRepository.systemById(tx, request.id);
    if (!system) throw new AppError(ResponseCode.notFound, 'scoreSystemNotFound');
    this.refuseWhilePublished(await this.lockedBatchOr404(tx, system.batchId));
    if ((await examsRepository.bandCount(tx, system.id)) > 0) throw new AppError(ResponseCode.conflict, 'scoreSystemHasBands');
    await examsRepository.deleteSystem(tx, system.id);
  }
}

/** A stored score as people write it: 110, 98.5, 99.25. */
const formatScore = (score: number) => String(Number(score.toFixed(2)));

/** The version an edit was read at (the contract requires it with an id). */
function versionOf(request: { version?: number }): number {
  if (request.version === undefined) throw new AppError(ResponseCode.invalidInput, (lang: Lang) => translate(lang, 'fieldRequired', { field: fieldLabel(lang, 'version') }));
  return request.version;
}

