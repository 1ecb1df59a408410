import { z } from 'zod';
import { jsonObjectInput } from './input';
import { decimalsOfNumber, SCORE_DECIMALS, SCORE_SCALE_MAX, ScoreMark, type ScoreMarkValue } from './score-rules';

export * from './score-rules';

/*
 * Server notes (issue 7, additive: no field or call changed; what the server answers where the text
 * below leaves it open):
 * - save: a score outside 0..fullMark → 42200 '成绩应在0到{fullMark}之间'; more than two decimals →
 *   42200 '成绩最多保留两位小数'; a mark with a score → 40000; a save equal to the stored cell answers
 *   that cell without a new version or audit row.
 * - export: classId without subject → that class with every subject of the batch the caller may see.
 * - template: its hidden worksheet names the batch, class and subject; import refuses any other
 *   workbook (40000 '请使用成绩导入模板导入') and another sheet's template. Score cells: a number,
 *   缺考 / 免考 (or absent / exempt), blank = unchanged.
 * - import: any invalid row → code 40000, result false, msg '导入失败：{n}行数据有误，未导入任何成绩',
 *   data = ScoreImportResult { imported: 0, errors }; success → code 1, data { imported, errors: [] }.
 * - mine: callers who are neither students nor parents get an empty table.
 * Review fixes (issue 7 review 1.1-1.10, additive):
 * - writes (save, submit, import, template) need a subject_teacher duty for the class and subject, or
 *   cjlr_manage; a head teacher reading another subject of the class gets editable false, and a
 *   write there answers 40300 '您不是该班级此科目的任课教师，只能查看成绩'.
 * - sheet and changes answer without a scale (system null, noScale true, editable false); writes
 *   still answer 42200 '该年级未设置分制'.
 * - clearing a cell (score null, mark '') of a submitted sheet → 40000 '已提交的成绩不能清空，可标记缺考或免考'.
 * - import accepts .xlsx only; a cell changed by someone else during the import → 40900, nothing imported.
 */

/**
 * Score entry, corrections and own scores (SPEC §1 'Teaching', §4 published/unpublished, §5 score
 * rules, §8 messages; menu 成绩录入 /jxgl/cjlr and 我的成绩 /jxgl/wdcj; paths not shown in the SPEC,
 * so POST + JSON in its style).
 *
 * A sheet is one class × one subject (a SUBJECT_DICT code) × one exam batch. Its scale (full mark)
 * and rates come from the batch's score system covering the class's grade and the subject; none →
 * 'grade has no scale': the sheet reads read-only (noScale), writes answer 42200. Every student's cell is saved on its own through the outbox (kind
 * 'scores.save', entity `score:<batchId>:<subject>:<studentId>`, the natural key student × exam ×
 * subject) carrying the version it was edited from; a cell changed on the server meanwhile answers
 * 40900 with the server's cell, so the teacher chooses in the conflict inbox. Submitting a sheet
 * needs every student to have a score or a mark. After submission a teacher may still correct a cell
 * while the batch is unpublished (the change is marked as a correction); every change keeps an audit
 * row. Students and parents see only published batches, and only their own (child's) scores.
 */

const subjectCode = z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9_]+$/);
/** at most two decimals, 0-200 here; the sheet's own scale is checked by the server (and as typed) */
const scoreValue = z
  .number()
  .min(0)
  .max(SCORE_SCALE_MAX)
  .refine((value) => decimalsOfNumber(value) <= SCORE_DECIMALS, 'at most two decimals');

/** `POST /api/scores/options`: what the caller may open: batches (current semester first) → classes → subjects. */
export const scoreOptionsRequest = z.object({ semesterId: z.uuid().optional() });
export type ScoreOptionsRequest = z.infer<typeof scoreOptionsRequest>;
export interface ScoreOptions {
  semesters: { id: string; name: string; nameEn: string; isCurrent: boolean }[];
  semesterId: string | null;
  batches: {
    batchId: string;
    name: string;
    published: boolean;
    startDate: string;
    endDate: string;
    /** the classes of the batch's grades the caller teaches (every class with _manage), with the subjects */
    classes: {
      classId: string;
      className: string;
      classNameEn: string;
      gradeName: string;
      gradeNameEn: string;
      /** taught: the caller teaches the subject in the class (a subject teacher's duty; the screen opens such a sheet first) */
      subjects: { subject: string; submitted: boolean; taught: boolean }[];
    }[];
  }[];
}

export const scoreSheetRequest = z.object({ batchId: z.uuid(), classId: z.uuid(), subject: subjectCode });
export type ScoreSheetRequest = z.infer<typeof scoreSheetRequest>;

export interface ScoreCell {
  studentId: string;
  score: number | null;
  mark: ScoreMarkValue;
  /** 0 while never saved; every save adds one */
  version: number;
  enteredByName: string;
  enteredAt: string | null;
}

export interface ScoreSystemSummary {
  id: string;
  name: string;
  /** the scale: 0 ≤ score ≤ fullMark */
  fullMark: number;
  excellentLine: number;
  passLine: number;
  bands: { name: string; nameEn: string; conversionScore: number; minScore: number; maxScore: number }[];
}

/** `POST /api/scores/sheet`: one class's scores of one subject in one batch, in roster order. */
export interface ScoreSheet {
  batch: { id: string; name: string; published: boolean };
  classId: string;
  className: string;
  classNameEn: string;
  subject: string;
  /** null when no score system of the batch covers the class's grade and the subject (then noScale) */
  system: ScoreSystemSummary | null;
  /**
   * true when no score system covers the grade and subject ('grade has no scale', 该年级未设置分制):
   * the sheet is still shown, read-only (editable false); saves, submits and imports are refused
   * with that message (42200). Absent or false otherwise.
   */
  noScale?: boolean;
  submitted: boolean;
  submittedAt: string | null;
  submittedByName: string;
  /**
   * false when the batch is published (nothing changes any more), the sheet has no scale, or the
   * caller may not write it: writes need a subject_teacher duty for the class and subject (or
   * cjlr_manage); a head teacher reads every subject of the class but writes only what they teach.
   */
  editable: boolean;
  students: { studentId: string; studentName: string; studentNo: string }[];
  cells: ScoreCell[];
}

/**
 * `POST /api/scores/save` (outbox kind 'scores.save', idempotent): one student's cell.
 * score null with mark '' clears the cell. A mark other than '' needs score null.
 * baseVersion: the cell's version the teacher edited from (0: never saved).
 * Answers the saved ScoreCell; 40900 with data = the server's ScoreCell when the version moved on;
 * 42200 when the score is above the sheet's scale; 40300 when the caller does not teach the class
 * and subject, or the batch is published.
 */
export const scoreSaveRequest = z
  .object({
    batchId: z.uuid(),
    classId: z.uuid(),
    subject: subjectCode,
    studentId: z.uuid(),
    score: scoreValue.nullable(),
    mark: z.enum([ScoreMark.none, ScoreMark.absent, ScoreMark.exempt]).default(ScoreMark.none),
    baseVersion: z.number().int().min(0),
  })
  .refine((cell) => cell.mark === ScoreMark.none || cell.score === null, { message: 'a marked cell has no score', path: ['score'] });
export type ScoreSaveRequest = z.infer<typeof scoreSaveRequest>;

/** `POST /api/scores/submit` (cjlr_submit): refused with the SPEC's message while any student has neither score nor mark. */
export const scoreSubmitRequest = scoreSheetRequest;

/** `POST /api/scores/changes`: the audit trail of a sheet (optionally one student), newest first. */
export const scoreChangesRequest = scoreSheetRequest.extend({ studentId: z.uuid().optional() });
export type ScoreChangesRequest = z.infer<typeof scoreChangesRequest>;
export interface ScoreChange {
  studentId: string;
  studentName: string;
  oldScore: number | null;
  oldMark: string | null;
  newScore: number | null;
  newMark: string;
  correction: boolean;
  changedByName: string;
  changedAt: string;
  version: number;
}

/**
 * `POST /api/scores/export` (cjlr_export): .xlsx (raw bytes). A class sheet (classId + subject) or a
 * whole batch (every class and subject the caller may see); numbers stay numbers, 0 is 0.
 */
export const scoreExportRequest = z.object({ batchId: z.uuid(), classId: z.uuid().optional(), subject: subjectCode.optional() });
export type ScoreExportRequest = z.infer<typeof scoreExportRequest>;

/**
 * `GET /api/scores/template?batchId&classId&subject` (cjlr_import): the import template of a sheet.
 * `POST /api/scores/import` (cjlr_import, multipart: file + batchId, classId, subject): every row is
 * checked first; any invalid row → nothing written, data lists the rows' errors.
 */
export interface ScoreImportRowError {
  /** 1-based row number in the sheet, as Excel shows it */
  row: number;
  studentNo: string;
  message: string;
}
export interface ScoreImportResult {
  imported: number;
  errors: ScoreImportRowError[];
}

/**
 * `POST /api/scores/mine` (wdcj, generic table A): published scores of the caller (student) or of
 * one child (parent: studentId of a linked child; default the first). search JSON: semesterId, batchId.
 */
export const myScoresSearch = z.object({ studentId: z.uuid().optional(), semesterId: z.uuid().optional(), batchId: z.uuid().optional() });
export const myScoresRequest = z.object({
  currPage: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  search: jsonObjectInput(myScoresSearch),
});
export type MyScoresRequest = z.infer<typeof myScoresRequest>;
/** The answer of `mine`: the page, and for a parent the linked children to choose from ([] for a student). */
export interface MyScoresData {
  total: number;
  rows: MyScoreRow[];
  /** a parent's children, in student-number order; the page shows `studentId` or else the first */
  children: { studentId: string; studentName: string }[];
  /** whose scores the page lists ('' when the caller has no child) */
  studentId: string;
}
export interface MyScoreRow {
  batchId: string;
  batchName: string;
  semesterName: string;
  semesterNameEn: string;
  subject: string;
  score: number | null;
  mark: ScoreMarkValue;
  fullMark: number;
  /** the grade band the score falls in ('' when none) */
  band: string;
  bandEn: string;
  classAverage: number | null;
  publishedAt: string;
}
