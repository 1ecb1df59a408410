// The score-value rule (SPEC §5 / §9) and the score constants, without zod: the score grid (whose
// route files' loaders sit in the /login entry chunk), the server's save and the import parser all
// use these. contracts/scores.ts re-exports everything here.

/** menu and read permission (teachers: the sheets they teach) */
export const SCORES_PERMISSION = 'cjlr';
export const SCORES_SUBMIT_PERMISSION = 'cjlr_submit';
export const SCORES_IMPORT_PERMISSION = 'cjlr_import';
export const SCORES_EXPORT_PERMISSION = 'cjlr_export';
/** every class and subject, corrections after publishing are still refused (administrators) */
export const SCORES_MANAGE_PERMISSION = 'cjlr_manage';
/** students and parents: their own published scores */
export const MY_SCORES_PERMISSION = 'wdcj';

/** SPEC §9 score scale 0–200; a score has at most two decimals */
export const SCORE_SCALE_MAX = 200;
export const SCORE_DECIMALS = 2;
export const ScoreMark = { none: '', absent: 'absent', exempt: 'exempt' } as const;
export type ScoreMarkValue = (typeof ScoreMark)[keyof typeof ScoreMark];

/** What is wrong with a score: not a number at all, outside 0..fullMark, or more than two decimals. */
export type ScoreValueIssue = 'format' | 'range' | 'decimals';

/** A plain decimal text: digits, optionally a point and digits (also '.5' and '5.'); no sign, no exponent. */
const DECIMAL_TEXT = /^(\d+(\.\d*)?|\.\d+)$/;

/** Digits after the point of a decimal text ('88.50' → 2, '88.500' → 3: the text is what was typed). */
const decimalsOfText = (text: string) => (text.includes('.') ? text.slice(text.indexOf('.') + 1).length : 0);

/**
 * Digits after the point of a number, exactly: its shortest round-trip text (what JSON carries),
 * so 99.9999999 has 7 and 0.29 has 2 (no tolerance: the database would round the first to 100).
 */
export function decimalsOfNumber(value: number): number {
  const text = String(Math.abs(value));
  const exponent = text.indexOf('e');
  if (exponent < 0) return decimalsOfText(text);
  const power = Number(text.slice(exponent + 1));
  const mantissa = decimalsOfText(text.slice(0, exponent));
  return Math.max(0, mantissa - power);
}

/** A score against a sheet's scale (0 ≤ score ≤ fullMark, at most two decimals): the issue, or null when fine. */
export function scoreIssue(score: number, fullMark: number): Exclude<ScoreValueIssue, 'format'> | null {
  if (!Number.isFinite(score) || score < 0 || score > fullMark) return 'range';
  if (decimalsOfNumber(score) > SCORE_DECIMALS) return 'decimals';
  return null;
}

/**
 * A typed (or imported) decimal text as a score against the scale: the number, or the issue. The
 * decimals are counted on the text itself ('85.555' → decimals, '1e2' → format).
 */
export function parseScoreText(text: string, fullMark: number): { ok: true; score: number } | { ok: false; issue: ScoreValueIssue } {
  const value = text.trim();
  if (!DECIMAL_TEXT.test(value)) return { ok: false, issue: 'format' };
  const score = Number(value);
  if (!Number.isFinite(score) || score < 0 || score > fullMark) return { ok: false, issue: 'range' };
  if (decimalsOfText(value) > SCORE_DECIMALS) return { ok: false, issue: 'decimals' };
  return { ok: true, score };
}
