// The exam and score-system constants and cross-field rules, without zod: screens that route files
// import (and so the /login entry chunk) may use them. contracts/exams.ts re-exports everything here.

export * from './exam-constants';

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
  nameEn?: string;
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
