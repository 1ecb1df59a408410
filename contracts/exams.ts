import { z } from 'zod';
import { calendarDate } from './dates';
import { sortedTableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { EXAM_GRADES_MAX, EXAM_NAME_MAX, EXAM_SORT_MAX, EXAM_SUBJECTS_MAX, SCORE_BAND_NAME_MAX, SCORE_BANDS_MAX, SCORE_SYSTEM_NAME_MAX } from './exam-rules';

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

export * from './exam-rules';

const subjectCode = z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9_]+$/);
const uniqueList = <T extends z.ZodType<string>>(item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min)
    .max(max)
    .transform((list) => [...new Set(list)]);
/** a finite number (the rules below say what range) */
const numberField = z.number().refine(Number.isFinite);

/**
 * An edit (an id) must carry the version it was read at: a save from an older version is refused
 * (40900, reload and try again) instead of overwriting someone else's change.
 */
const versionOnEdit = (value: { id?: string; version?: number }, ctx: z.RefinementCtx) => {
  if (value.id !== undefined && value.version === undefined) {
    ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  }
};

/* ------------------------------------------------------------------ exam batches */

/** `POST /api/exams/options`: the choices of the batch form and search. */
export interface ExamOptions {
  semesters: { id: string; name: string; nameEn: string; isCurrent: boolean }[];
  /** the school's grades that have not graduated, in order */
  grades: { id: string; name: string; nameEn: string }[];
  /** the STD_KM dictionary */
  subjects: { code: string; name: string; nameEn: string }[];
}

/** `POST /api/exams/list`: generic table A; search semesterId (default the current semester), name (contains), published '1' / '0'. */
export const examBatchSearch = z.object({
  semesterId: z.union([z.uuid(), z.literal('')]).optional(),
  name: z.string().trim().max(EXAM_NAME_MAX).optional(),
  published: z.enum(['', '0', '1']).optional(),
});
export type ExamBatchSearch = z.infer<typeof examBatchSearch>;
/** the columns an exam batch list sorts by */
export const EXAM_BATCH_SORT_FIELDS = ['name', 'startDate', 'endDate', 'sort', 'published'] as const;
export type ExamBatchSortField = (typeof EXAM_BATCH_SORT_FIELDS)[number];
export const examBatchListRequest = sortedTableARequest(EXAM_BATCH_SORT_FIELDS).extend({ search: jsonObjectInput(examBatchSearch) });
export type ExamBatchListRequest = z.infer<typeof examBatchListRequest>;

export interface ExamBatchRow {
  id: string;
  semesterId: string;
  semesterName: string;
  semesterNameEn: string;
  name: string;
  gradeIds: string[];
  gradeNames: string[];
  /** by index of gradeIds, '' where a grade has no English name */
  gradeNamesEn: string[];
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

/** `POST /api/exams/save`: add (no id) or edit (id, and the version it was read at: required). */
export const examBatchSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    name: z.string().trim().min(1).max(EXAM_NAME_MAX),
    semesterId: z.uuid(),
    gradeIds: uniqueList(z.uuid(), 1, EXAM_GRADES_MAX),
    subjects: uniqueList(subjectCode, 1, EXAM_SUBJECTS_MAX),
    startDate: calendarDate,
    endDate: calendarDate,
    sort: z.number().int().min(0).max(EXAM_SORT_MAX),
    regular: z.boolean(),
  })
  .superRefine(versionOnEdit);
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
  /** '' when none: the client shows `name` then */
  nameEn: string;
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
  /** optional ('' shows the Chinese name in English), as long as the name may be */
  nameEn: z.string().trim().max(SCORE_BAND_NAME_MAX).default(''),
  conversionScore: numberField,
  minScore: numberField,
  maxScore: numberField,
});

/**
 * `POST /api/score-systems/save`: add (no id) or edit (id, and the version it was read at: required);
 * the bands are saved whole (the list replaces the stored one).
 */
export const scoreSystemSaveRequest = z
  .object({
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
  })
  .superRefine(versionOnEdit);
export type ScoreSystemSaveRequest = z.infer<typeof scoreSystemSaveRequest>;

export const scoreSystemIdRequest = z.object({ id: z.uuid() });
export type ScoreSystemIdRequest = z.infer<typeof scoreSystemIdRequest>;
