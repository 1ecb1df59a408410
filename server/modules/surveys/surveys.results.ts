import { SCHOOL_TIME_ZONE_OFFSET, schoolDate } from '../../../contracts/school-time';
import type { QuestionResult } from '../../../contracts/surveys';
import { type AnswerValue, type AnswerValues, isEmptyAnswer, SURVEY_LIMITS, type SurveyQuestion } from '../../../contracts/survey-rules';

/**
 * Per-question results of a questionnaire's answers (contracts/surveys.ts QuestionResult): option
 * counts, matrix counts, rating and number average / min / max (ratings also per score), dates, the
 * latest texts and pictures, and the most frequent words of text answers.
 */

/** Word lists read the newest texts only, each cut (review M3: segmenting is synchronous and costly). */
export const WORDS_TEXTS_MAX = 1000;
export const WORDS_TEXT_CHARS = 500;

/** Pictures listed per picture question (the latest). */
export const LATEST_PICTURES = 24;

/** Words that say nothing about the answer (zh and en), dropped from word lists. */
const STOP_WORDS = new Set([
  ...'我们 你们 他们 她们 它们 这个 那个 这些 那些 一个 一些 一下 没有 就是 还是 可以 什么 因为 所以 但是 如果 已经 非常 比较 希望 觉得 自己 这样 那样 然后 还有 以及 或者 而且 的话 目前 现在 有点 其实 可能 应该 需要 一定 不是 我们的 孩子们 怎么 这里 那里 时候 问题 方面 感觉 真的 特别 一直 大家 还是 能够 不会 不要 没什么 挺好 很多 一点'.split(' '),
  ...'the and for are but not you all any can was our with this that have from they will would there their what about which when very more also been just than then them some into its too has had were her his him she how who why out get got may one two'.split(' '),
]);

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const LATIN = /^[a-z]+$/;

/** Words of a text worth counting: Chinese words of 2+ characters, latin words of 3+ letters (lower case), no stop words. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const word = segment.segment.toLowerCase();
    const length = [...word].length;
    const keep = HAN.test(word) ? length >= 2 : LATIN.test(word) && length >= 3;
    if (keep && !STOP_WORDS.has(word)) words.push(word);
  }
  return words;
}

/** The most frequent words of these texts (each text counts a word once), ties by first appearance. */
export function topWords(texts: readonly string[], limit: number = SURVEY_LIMITS.topWords): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const text of texts) for (const word of new Set(wordsOf(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()]
    .map(([word, count], order) => ({ word, count, order }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, limit)
    .map(({ word, count }) => ({ word, count }));
}

const round = (value: number) => Math.round(value * 100) / 100;

function numbers(values: number[]): Pick<QuestionResult, 'average' | 'min' | 'max'> {
  if (values.length === 0) return { average: null, min: null, max: null };
  return { average: round(values.reduce((sum, v) => sum + v, 0) / values.length), min: Math.min(...values), max: Math.max(...values) };
}

export interface AnswerForResults {
  values: AnswerValues;
  submitted_at: Date;
}

/** Results of every question; `answers` oldest first. */
export function questionResults(questions: readonly SurveyQuestion[], answers: readonly AnswerForResults[], options: { datesOnly?: boolean } = {}): QuestionResult[] {
  const newestFirst = [...answers].reverse();
  // an anonymous questionnaire's texts carry their school date only (review M5)
  const when = (at: Date) => (options.datesOnly ? `${schoolDate(at)}T00:00:00${SCHOOL_TIME_ZONE_OFFSET}` : at.toISOString());
  return questions.map((q) => {
    const given = answers.map((a) => a.values[q.id]).filter((v): v is AnswerValue => !isEmptyAnswer(v));
    const result: QuestionResult = { questionId: q.id, answered: given.length };
    switch (q.kind) {
      case 'single':
      case 'multiple': {
        const counts: Record<string, number> = Object.fromEntries(q.options.map((o) => [o.id, 0]));
        for (const v of given) for (const id of Array.isArray(v) ? v : [v]) if (typeof id === 'string' && id in counts) counts[id] += 1;
        result.optionCounts = counts;
        break;
      }
      case 'matrix': {
        const counts: Record<string, Record<string, number>> = Object.fromEntries(q.rows.map((r) => [r.id, Object.fromEntries(q.options.map((o) => [o.id, 0]))]));
        for (const v of given) {
          if (typeof v !== 'object' || Array.isArray(v)) continue;
          for (const [rowId, optionId] of Object.entries(v)) if (counts[rowId] && optionId in counts[rowId]) counts[rowId][optionId] += 1;
        }
        result.matrixCounts = counts;
        break;
      }
      case 'rating': {
        const scores = given.filter((v): v is number => typeof v === 'number');
        Object.assign(result, numbers(scores));
        const max = q.max ?? SURVEY_LIMITS.ratingMaxDefault;
        const distribution: Record<string, number> = {};
        for (let score = 1; score <= max; score += 1) distribution[String(score)] = 0;
        for (const score of scores) distribution[String(score)] = (distribution[String(score)] ?? 0) + 1;
        result.distribution = distribution;
        break;
      }
      case 'number':
        Object.assign(result, numbers(given.filter((v): v is number => typeof v === 'number')));
        break;
      case 'date': {
        const dates: Record<string, number> = {};
        for (const v of given) if (typeof v === 'string') dates[v] = (dates[v] ?? 0) + 1;
        result.dates = Object.fromEntries(Object.entries(dates).sort(([a], [b]) => a.localeCompare(b)));
        break;
      }
      case 'text': {
        const texts: string[] = [];
        for (const a of newestFirst) {
          const v = a.values[q.id];
          if (typeof v === 'string' && v.trim()) texts.push(v.slice(0, WORDS_TEXT_CHARS));
          if (texts.length >= WORDS_TEXTS_MAX) break;
        }
        result.words = topWords(texts);
        result.texts = newestFirst
          .flatMap((a) => {
            const v = a.values[q.id];
            return typeof v === 'string' && v.trim() ? [{ text: v, at: when(a.submitted_at) }] : [];
          })
          .slice(0, SURVEY_LIMITS.latestTexts);
        break;
      }
      case 'picture':
        result.pictures = newestFirst.flatMap((a) => (Array.isArray(a.values[q.id]) ? (a.values[q.id] as string[]) : [])).slice(0, LATEST_PICTURES);
        break;
    }
    return result;
  });
}
