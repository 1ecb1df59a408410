import { i18n } from '@lingui/core';
import type { AnswerValue, SurveyOption, SurveyQuestion } from '../../../../contracts/survey-rules';
import { SURVEY_LIMITS } from '../../../../contracts/survey-rules';
import type { QuestionResult } from '../../../../contracts/surveys';
import { formatList } from '../../../lib/format';

/**
 * The results screen's figures from the server's QuestionResult (pure: unit-tested). Percentages of a
 * choice are of the answers that answered the question (a multiple-choice question's add up to more
 * than 100 %).
 */

/** count / total as a percentage with one decimal (0 when total is 0). */
export function percentOf(count: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.round((count / total) * 1000) / 10;
}

/** A 0..1 rate as '45.5%' (null: '—'). */
export function rateText(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '—';
  return `${Math.round(rate * 1000) / 10}%`;
}

/** An average with one decimal, '—' when there is none. */
export function averageText(average: number | null | undefined): string {
  if (average === null || average === undefined || Number.isNaN(average)) return '—';
  // always one decimal: 3.95 shows as 4.0, not as a whole 4 that reads like an exact score
  return (Math.round(average * 10) / 10).toFixed(1);
}

export interface CountRow {
  id: string;
  label: string;
  count: number;
  percent: number;
}

/** single / multiple: one row per option in the question's order. */
export function choiceRows(question: SurveyQuestion, result: QuestionResult | undefined): CountRow[] {
  const counts = result?.optionCounts ?? {};
  const answered = result?.answered ?? 0;
  return question.options.map((option) => {
    const count = counts[option.id] ?? 0;
    return { id: option.id, label: option.label, count, percent: percentOf(count, answered) };
  });
}

/** rating: the scale's size (1..max). */
export const ratingMax = (question: SurveyQuestion): number => question.max ?? SURVEY_LIMITS.ratingMaxDefault;

/** rating: one row per score 1..max (the distribution's counts). */
export function ratingRows(question: SurveyQuestion, result: QuestionResult | undefined): CountRow[] {
  const distribution = result?.distribution ?? {};
  const answered = result?.answered ?? 0;
  const rows: CountRow[] = [];
  for (let score = 1; score <= ratingMax(question); score += 1) {
    const count = distribution[String(score)] ?? 0;
    rows.push({ id: String(score), label: String(score), count, percent: percentOf(count, answered) });
  }
  return rows;
}

/** matrix: rows (statements) × columns (options) of counts. */
export function matrixTable(question: SurveyQuestion, result: QuestionResult | undefined): { rows: SurveyOption[]; columns: SurveyOption[]; counts: number[][] } {
  const counts = result?.matrixCounts ?? {};
  return {
    rows: question.rows,
    columns: question.options,
    counts: question.rows.map((row) => question.options.map((column) => counts[row.id]?.[column.id] ?? 0)),
  };
}

/** date: counts by date, oldest first. */
export function dateRows(result: QuestionResult | undefined): CountRow[] {
  const dates = result?.dates ?? {};
  const answered = result?.answered ?? 0;
  return Object.keys(dates)
    .sort()
    .map((date) => ({ id: date, label: date, count: dates[date] ?? 0, percent: percentOf(dates[date] ?? 0, answered) }));
}

export interface SizedWord {
  word: string;
  count: number;
  /** font size in rem: 0.875 for the rarest, 2 for the most frequent */
  size: number;
}

/** The word list sized by count (linear between the rarest and the most frequent). */
export function sizedWords(words: readonly { word: string; count: number }[] | undefined, min = 0.875, max = 2): SizedWord[] {
  const list = words ?? [];
  if (!list.length) return [];
  const counts = list.map((word) => word.count);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return list.map(({ word, count }) => ({
    word,
    count,
    size: high === low ? (min + max) / 2 : Math.round((min + ((count - low) / (high - low)) * (max - min)) * 1000) / 1000,
  }));
}

/**
 * One answer's value in words (the raw answers' table): option labels, matrix 'row：column' lines,
 * numbers, dates, texts, picture counts. `pictures` words a picture answer's count; the separators are the
 * reader's language's (满意、不满意 / Satisfied, Unsatisfied).
 */
export function answerText(question: SurveyQuestion, value: AnswerValue | undefined, pictures: (count: number) => string, locale: string = i18n.locale || 'zh'): string {
  if (value === undefined || value === null) return '';
  const label = (id: string) => question.options.find((option) => option.id === id)?.label ?? id;
  switch (question.kind) {
    case 'single':
      return typeof value === 'string' ? label(value) : '';
    case 'multiple':
      return Array.isArray(value) ? formatList(value.map(label), locale) : '';
    case 'matrix':
      if (typeof value !== 'object' || Array.isArray(value)) return '';
      return question.rows
        .filter((row) => value[row.id])
        .map((row) => (locale === 'en' ? `${row.label}: ${label(value[row.id]!)}` : `${row.label}：${label(value[row.id]!)}`))
        .join(locale === 'en' ? '; ' : '；');
    case 'picture':
      return Array.isArray(value) && value.length ? pictures(value.length) : '';
    default:
      return Array.isArray(value) ? formatList(value, locale) : typeof value === 'object' ? '' : String(value);
  }
}
