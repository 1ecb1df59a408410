import { z } from 'zod';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';

/**
 * Exam batches (考试批次, menu /jxgl/kspc) and score systems with their grade bands (成绩体系,
 * menu /jxgl/cjtx). SPEC §3 'Score system', §4 published / unpublished (unpublished in italics),
 * §5 'exam end not before start', 'exam-batch sort field multiple of 10 for regular sessions' and the
 * score rules, §6 publishing needs permission, §9 score scale 0–200. Paths are not shown in the SPEC,
 * so POST + JSON in its style; lists are generic table A.
 *
 * The cross-field rules live here once (`examBatchIssues`, `scoreSystemIssues`): the forms show them
 * per field as typed, the server refuses the same input with the same meaning (its own zh / en
 * catalogue, keyed by the issue codes).
 */

export const EXAMS_PERMISSION = 'kspc';
export const EXAMS_ADD_PERMISSION = 'kspc_add';
export const EXAMS_EDIT_PERMISSION = 'kspc_edit';
export const EXAMS_DELETE_PERMISSION = 'kspc_delete';
export const EXAMS_PUBLISH_PERMISSION = 'kspc_publish';
export const SCORE_SYSTEMS_PERMISSION = 'cjtx';
export const SCORE_SYSTEMS_ADD_PERMISSION = 'cjtx_add';
export const SCORE_SYSTEMS_EDIT_PERMISSION = 'cjtx_edit';
export const SCORE_SYSTEMS_DELETE_PERMISSION = 'cjtx_delete';

export const EXAM_NAME_MAX = 30;
/** sort of a batch: 0-9999; regular sessions (月考, 期中, 期末) use multiples of 10 */
export const EXAM_SORT_MAX = 9999;
export const EXAM_REGULAR_SORT_STEP = 10;
export const SCORE_SYSTEM_NAME_MAX = 30;
export const SCORE_BAND_NAME_MAX = 20;
/** SPEC §9 score scale 0–200: full marks and band boundaries are integers in this range */
export const SCORE_BOUNDARY_MAX = 200;
export const SCORE_BANDS_MAX = 20;
export const EXAM_GRADES_MAX = 20;
export const EXAM_SUBJECTS_MAX = 40;

/** A real calendar day (not 2026-02-30), years 1900-9999. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text && day.getUTCFullYear() >= 1900;
  }, 'YYYY-MM-DD');
const subjectCode = z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9_]+$/);
const uniqueList = <T extends z.ZodType<string>>(item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min)
    .max(max)
    .transform((list) => [...new Set(list)]);
/** a finite number (the rules below say what range) */
const numberField = z.number().refine(Number.isFinite);

/* ------------------------------------------------------------------ rules shared by form and server */

/** A rule broken by an input: `field` is the wire path (e.g. `bands.1.minScore`), `code` a message key. */
export interface RuleIssue<C extends string = string> {
  field: string;
  code: C;
  params?: Record<string, string | number>;
}

export type ExamBatchIssueCode = 'examEndBeforeStart' | 'examSortNotMultipleOf10';

/** SPEC §5: exam end not before start; a regular session's sort is a multiple of 10. */
export function examBatchIssues(input: { startDate?: string; endDate?: string; sort?: number | null; regular?: boolean }): RuleIssue<ExamBatchIssueCode>[] {
  const issues: RuleIssue<ExamBatchIssueCode>[] = [];
  if (input.startDate && input.endDate && input.endDate < input.startDate) issues.push({ field: 'endDate', code: 'examEndBeforeStart' });
  if (input.regular && typeof input.sort === 'number' && Number.isFinite(input.sort) && input.sort % EXAM_REGULAR_SORT_STEP !== 0) {
    issues.push({ field: 'sort', code: 'examSortNotMultipleOf10', params: { step: EXAM_REGULAR_SORT_STEP } });
  }
  return issues;
}

export type ScoreSystemIssueCode =
  | 'scoreSystemFullMarkRange'
  | 'scoreSystemLineRange'
  | 'scoreSystemExcellentBelowPass'
  | 'scoreBandBoundary'
  | 'scoreBandAboveFullMark'
  | 'scoreBandMinAboveMax'
  | 'scoreBandConversionOutside'
  | 'scoreBandNameDuplicate'
  | 'scoreBandsOverlap';

export interface ScoreBandInput {
  name: string;
  conversionScore: number | null;
  minScore: number | null;
  maxScore: number | null;
}

const isBoundary = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SCORE_BOUNDARY_MAX;

/**
 * SPEC §5 score rules of one system: the full mark an integer 0-200; both lines within 0..full mark
 * and the excellent line not below the pass line ('highest not below lowest'); per band: boundaries
 * and conversion score integers 0-200 and not above the full mark, minimum not above maximum,
 * conversion score between them, name unique; bands do not overlap. Empty values are left to the
 * required checks.
 */
export function scoreSystemIssues(input: {
  fullMark?: number | null;
  excellentLine?: number | null;
  passLine?: number | null;
  bands?: readonly ScoreBandInput[];
}): RuleIssue<ScoreSystemIssueCode>[] {
  const issues: RuleIssue<ScoreSystemIssueCode>[] = [];
  const fullMarkOk = isBoundary(input.fullMark);
  if (input.fullMark !== null && input.fullMark !== undefined && !fullMarkOk) {
    issues.push({ field: 'fullMark', code: 'scoreSystemFullMarkRange', params: { max: SCORE_BOUNDARY_MAX } });
  }
  const top = fullMarkOk ? (input.fullMark as number) : SCORE_BOUNDARY_MAX;
  const lineOk = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= top;
  for (const field of ['excellentLine', 'passLine'] as const) {
    const value = input[field];
    if (value !== null && value !== undefined && !lineOk(value)) issues.push({ field, code: 'scoreSystemLineRange', params: { max: top } });
  }
  if (lineOk(input.excellentLine) && lineOk(input.passLine) && input.excellentLine < input.passLine) {
    issues.push({ field: 'excellentLine', code: 'scoreSystemExcellentBelowPass' });
  }
  const bands = input.bands ?? [];
  const seen = new Map<string, number>();
  const good: { index: number; min: number; max: number; name: string }[] = [];
  bands.forEach((band, index) => {
    const row = index + 1;
    const name = band.name.trim();
    if (name) {
      const first = seen.get(name);
      if (first !== undefined) issues.push({ field: `bands.${index}.name`, code: 'scoreBandNameDuplicate', params: { row, name } });
      else seen.set(name, index);
    }
    let rowOk = true;
    for (const field of ['minScore', 'maxScore', 'conversionScore'] as const) {
      const value = band[field];
      if (value === null || value === undefined) {
        rowOk = false;
        continue;
      }
      if (!isBoundary(value)) {
        issues.push({ field: `bands.${index}.${field}`, code: 'scoreBandBoundary', params: { row, max: SCORE_BOUNDARY_MAX } });
        rowOk = false;
      } else if (fullMarkOk && value > top) {
        issues.push({ field: `bands.${index}.${field}`, code: 'scoreBandAboveFullMark', params: { row, fullMark: top } });
        rowOk = false;
      }
    }
    if (!rowOk) return;
    const min = band.minScore as number;
    const max = band.maxScore as number;
    const conversion = band.conversionScore as number;
    if (min > max) {
      issues.push({ field: `bands.${index}.minScore`, code: 'scoreBandMinAboveMax', params: { row } });
      return;
    }
    if (conversion < min || conversion > max) {
      issues.push({ field: `bands.${index}.conversionScore`, code: 'scoreBandConversionOutside', params: { row, min, max } });
    }
    const other = good.find((item) => min <= item.max && item.min <= max);
    if (other) issues.push({ field: `bands.${index}.minScore`, code: 'scoreBandsOverlap', params: { row, other: other.name || String(other.index + 1) } });
    good.push({ index, min, max, name });
  });
  return issues;
}

/* ------------------------------------------------------------------ exam batches */

/** `POST /api/exams/options`: the choices of the batch form and search. */
export interface ExamOptions {
  semesters: { id: string; name: string; isCurrent: boolean }[];
  /** the school's grades that have not graduated, in order */
  grades: { id: string; name: string }[];
  /** the STD_KM dictionary */
  subjects: { code: string; name: string }[];
}

/** `POST /api/exams/list`: generic table A; search semesterId (default the current semester), name (contains), published '1' / '0'. */
export const examBatchSearch = z.object({
  semesterId: z.union([z.uuid(), z.literal('')]).optional(),
  name: z.string().trim().max(EXAM_NAME_MAX).optional(),
  published: z.enum(['', '0', '1']).optional(),
});
export type ExamBatchSearch = z.infer<typeof examBatchSearch>;
export const examBatchListRequest = tableARequest.extend({ search: jsonObjectInput(examBatchSearch) });
export type ExamBatchListRequest = z.infer<typeof examBatchListRequest>;

export interface ExamBatchRow {
  id: string;
  semesterId: string;
  semesterName: string;
  name: string;
  gradeIds: string[];
  gradeNames: string[];
  subjects: string[];
  startDate: string;
  endDate: string;
  sort: number;
  regular: boolean;
  published: boolean;
  publishedAt: string | null;
  publishedByName: string | null;
  /** score systems of the batch */
  systemCount: number;
  version: number;
}

/** `POST /api/exams/save`: add (no id) or edit (id, and the version it was read at). */
export const examBatchSaveRequest = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  name: z.string().trim().min(1).max(EXAM_NAME_MAX),
  semesterId: z.uuid(),
  gradeIds: uniqueList(z.uuid(), 1, EXAM_GRADES_MAX),
  subjects: uniqueList(subjectCode, 1, EXAM_SUBJECTS_MAX),
  startDate: isoDate,
  endDate: isoDate,
  sort: z.number().int().min(0).max(EXAM_SORT_MAX),
  regular: z.boolean(),
});
export type ExamBatchSaveRequest = z.infer<typeof examBatchSaveRequest>;

export const examBatchIdRequest = z.object({ id: z.uuid() });
export type ExamBatchIdRequest = z.infer<typeof examBatchIdRequest>;

/** `POST /api/exams/publish`: publish (true) or unpublish (false); kspc_publish. */
export const examBatchPublishRequest = z.object({ id: z.uuid(), published: z.boolean() });
export type ExamBatchPublishRequest = z.infer<typeof examBatchPublishRequest>;
export interface ExamBatchPublishData {
  published: boolean;
  /** students and parents told (message type 成绩发布); 0 when unpublishing */
  notified: number;
}

/* ------------------------------------------------------------------ score systems */

export interface ScoreBand {
  id: string;
  name: string;
  conversionScore: number;
  minScore: number;
  maxScore: number;
}

export interface ScoreSystemRow {
  id: string;
  batchId: string;
  name: string;
  /** [] = every grade of the batch */
  gradeIds: string[];
  /** [] = every subject of the batch */
  subjects: string[];
  fullMark: number;
  excellentLine: number;
  passLine: number;
  ratio: number;
  /** highest first */
  bands: ScoreBand[];
  version: number;
}

/** `POST /api/score-systems/list`: the score systems of one batch, each with its bands. */
export const scoreSystemListRequest = z.object({ batchId: z.uuid() });
export type ScoreSystemListRequest = z.infer<typeof scoreSystemListRequest>;

export const scoreBandInput = z.object({
  name: z.string().trim().min(1).max(SCORE_BAND_NAME_MAX),
  conversionScore: numberField,
  minScore: numberField,
  maxScore: numberField,
});

/** `POST /api/score-systems/save`: add (no id) or edit (id); the bands are saved whole (the list replaces the stored one). */
export const scoreSystemSaveRequest = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  batchId: z.uuid(),
  name: z.string().trim().min(1).max(SCORE_SYSTEM_NAME_MAX),
  gradeIds: uniqueList(z.uuid(), 0, EXAM_GRADES_MAX),
  subjects: uniqueList(subjectCode, 0, EXAM_SUBJECTS_MAX),
  fullMark: numberField,
  excellentLine: numberField,
  passLine: numberField,
  ratio: z.number().min(0).max(1),
  bands: z.array(scoreBandInput).max(SCORE_BANDS_MAX),
});
export type ScoreSystemSaveRequest = z.infer<typeof scoreSystemSaveRequest>;

export const scoreSystemIdRequest = z.object({ id: z.uuid() });
export type ScoreSystemIdRequest = z.infer<typeof scoreSystemIdRequest>;
