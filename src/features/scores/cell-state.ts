import { parseScoreText, SCORE_SCALE_MAX, type ScoreValueIssue } from '../../../contracts/score-rules';
import type { ScoreCell, ScoreMarkValue, ScoreSaveRequest, ScoreSheet, ScoreSystemSummary } from '../../../contracts/scores';
import { ScoreMark } from '../../../contracts/score-rules';

/** What a cell holds: a score, a mark (absent / exempt), or nothing. */
export interface CellValue {
  score: number | null;
  mark: ScoreMarkValue;
}

export const EMPTY_VALUE: CellValue = { score: null, mark: ScoreMark.none };

/** The outbox entity of one student's score of one subject in one batch (the natural key). */
export const scoreEntityKey = (batchId: string, subject: string, studentId: string): string => `score:${batchId}:${subject}:${studentId}`;

/** A cell's key inside a class's grid. */
export const cellKey = (subject: string, studentId: string): string => `${subject}:${studentId}`;

export type ParseError = ScoreValueIssue;

/** The scale a sheet's cells are checked against (a sheet without a scale is read-only; its cells are only shown). */
export const fullMarkOf = (sheet: Pick<ScoreSheet, 'system'>): number => sheet.system?.fullMark ?? SCORE_SCALE_MAX;
export type ParseResult = { ok: true; value: CellValue } | { ok: false; error: ParseError };

/** Words a teacher types (or pastes from Excel) for the marks; matched case-insensitively, trimmed. */
const ABSENT_WORDS = ['q', '缺', '缺考', 'absent'];
const EXEMPT_WORDS = ['m', '免', '免考', 'exempt'];

/**
 * A typed text as a cell value: '' clears; q / 缺考 marks absent, m / 免考 exempt; otherwise a number
 * between 0 and the sheet's full mark with at most two decimals (the score rule of
 * contracts/score-rules.ts, the server's). Extra words (the labels the cell shows in the reader's
 * language) also count as marks.
 */
export function parseCellInput(text: string, fullMark: number, labels: { absent?: string; exempt?: string } = {}): ParseResult {
  const value = text.trim().replace(/[０-９．]/g, (ch) => (ch === '．' ? '.' : String(ch.charCodeAt(0) - 0xff10)));
  if (value === '') return { ok: true, value: EMPTY_VALUE };
  const lower = value.toLowerCase();
  if (ABSENT_WORDS.includes(lower) || (labels.absent && lower === labels.absent.toLowerCase())) return { ok: true, value: { score: null, mark: ScoreMark.absent } };
  if (EXEMPT_WORDS.includes(lower) || (labels.exempt && lower === labels.exempt.toLowerCase())) return { ok: true, value: { score: null, mark: ScoreMark.exempt } };
  const parsed = parseScoreText(value, fullMark);
  if (!parsed.ok) return { ok: false, error: parsed.issue };
  return { ok: true, value: { score: parsed.score, mark: ScoreMark.none } };
}

export const sameValue = (a: CellValue, b: CellValue): boolean => a.score === b.score && a.mark === b.mark;

export const valueOfCell = (cell: ScoreCell | undefined): CellValue => (cell ? { score: cell.score === null ? null : Number(cell.score), mark: cell.mark } : EMPTY_VALUE);

export const valueOfPayload = (payload: ScoreSaveRequest): CellValue => ({ score: payload.score, mark: payload.mark ?? ScoreMark.none });

/** The text a cell shows for a value (marks in the reader's words). */
export function formatValue(value: CellValue, labels: { absent: string; exempt: string }): string {
  if (value.mark === ScoreMark.absent) return labels.absent;
  if (value.mark === ScoreMark.exempt) return labels.exempt;
  return value.score === null ? '' : String(value.score);
}

/**
 * A column's live figures. Entered: cells with a score or a mark. Total, average, highest and lowest
 * over the scores. Rates (excellent: score ≥ the system's excellent line; pass: ≥ pass line) over the
 * students who sat or should have sat the exam: scores and ABSENT students (an absent student counts,
 * as not excellent and not passed); EXEMPT students are left out of the rates and the average.
 */
export interface ColumnStats {
  entered: number;
  students: number;
  scored: number;
  absent: number;
  exempt: number;
  total: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  excellentRate: number | null;
  passRate: number | null;
}

/** `system` null (no scale): no lines, so no rates. */
export function columnStats(values: readonly CellValue[], system: Pick<ScoreSystemSummary, 'excellentLine' | 'passLine'> | null): ColumnStats {
  let scored = 0;
  let absent = 0;
  let exempt = 0;
  let total = 0;
  let highest: number | null = null;
  let lowest: number | null = null;
  let excellent = 0;
  let pass = 0;
  for (const value of values) {
    if (value.mark === ScoreMark.absent) absent += 1;
    else if (value.mark === ScoreMark.exempt) exempt += 1;
    else if (value.score !== null) {
      scored += 1;
      total += value.score;
      highest = highest === null ? value.score : Math.max(highest, value.score);
      lowest = lowest === null ? value.score : Math.min(lowest, value.score);
      if (system && value.score >= system.excellentLine) excellent += 1;
      if (system && value.score >= system.passLine) pass += 1;
    }
  }
  const base = scored + absent;
  return {
    entered: scored + absent + exempt,
    students: values.length,
    scored,
    absent,
    exempt,
    total: Math.round(total * 100) / 100,
    average: scored > 0 ? Math.round((total / scored) * 100) / 100 : null,
    highest,
    lowest,
    excellentRate: base > 0 && system ? excellent / base : null,
    passRate: base > 0 && system ? pass / base : null,
  };
}

/** Excel's copied block: rows by newline, cells by tab; the trailing newline Excel adds is dropped. */
export function parseClipboardBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** A student's total over a row's values (scores only). */
export function rowTotal(values: readonly CellValue[]): number | null {
  const scores = values.filter((value) => value.score !== null && value.mark === ScoreMark.none);
  if (scores.length === 0) return null;
  return Math.round(scores.reduce((sum, value) => sum + (value.score ?? 0), 0) * 100) / 100;
}
