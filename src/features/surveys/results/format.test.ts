import { describe, expect, it } from 'vitest';
import { blankQuestion, type QuestionKind, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { answerText, averageText, choiceRows, dateRows, matrixTable, percentOf, rateText, ratingRows, sizedWords } from './format';

let n = 0;
const newId = () => `id${++n}`;
function question(kind: QuestionKind, over: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return { ...blankQuestion(`q-${kind}`, kind, newId), title: kind, ...over };
}
const choice = question('single', { options: [{ id: 'a', label: '满意' }, { id: 'b', label: '一般' }, { id: 'c', label: '不满意' }] });

describe('results formatting', () => {
  it('percentages have one decimal and survive an empty question; the rate reads as a percentage or —', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 0)).toBe(0);
    expect(rateText(0.4545)).toBe('45.5%');
    expect(rateText(1)).toBe('100%');
    expect(rateText(null)).toBe('—');
    expect(averageText(4.26)).toBe('4.3');
    expect(averageText(3.95)).toBe('4.0');
    expect(averageText(null)).toBe('—');
  });

  it("choice rows follow the question's option order with counts and shares of those who answered", () => {
    const rows = choiceRows(choice, { questionId: choice.id, answered: 4, optionCounts: { c: 1, a: 3 } });
    expect(rows).toEqual([
      { id: 'a', label: '满意', count: 3, percent: 75 },
      { id: 'b', label: '一般', count: 0, percent: 0 },
      { id: 'c', label: '不满意', count: 1, percent: 25 },
    ]);
  });

  it('a rating lists every score of its scale; a matrix is rows × columns; dates are oldest first', () => {
    const rating = question('rating', { max: 5 });
    const rows = ratingRows(rating, { questionId: rating.id, answered: 3, distribution: { '5': 2, '3': 1 } });
    expect(rows.map((row) => [row.label, row.count])).toEqual([['1', 0], ['2', 0], ['3', 1], ['4', 0], ['5', 2]]);
    const matrix = question('matrix', { rows: [{ id: 'r1', label: '饭菜' }, { id: 'r2', label: '卫生' }], options: [{ id: 'x', label: '好' }, { id: 'y', label: '差' }] });
    expect(matrixTable(matrix, { questionId: matrix.id, answered: 2, matrixCounts: { r1: { x: 2 }, r2: { x: 1, y: 1 } } }).counts).toEqual([[2, 0], [1, 1]]);
    expect(dateRows({ questionId: 'd', answered: 3, dates: { '2026-11-20': 1, '2026-11-02': 2 } }).map((row) => row.label)).toEqual(['2026-11-02', '2026-11-20']);
  });

  it('words are sized by count between the smallest and largest size', () => {
    const words = sizedWords([{ word: '食堂', count: 10 }, { word: '作业', count: 5 }, { word: '老师', count: 1 }]);
    expect(words[0]!.size).toBe(2);
    expect(words[2]!.size).toBe(0.875);
    expect(words[1]!.size).toBeGreaterThan(0.875);
    expect(words[1]!.size).toBeLessThan(2);
    expect(sizedWords([{ word: '一样', count: 3 }])[0]!.size).toBe(1.4375);
    expect(sizedWords(undefined)).toEqual([]);
  });

  it('raw answers read as labels, matrix lines, picture counts and plain values', () => {
    const multiple = question('multiple', { options: choice.options });
    expect(answerText(choice, 'b', String)).toBe('一般');
    expect(answerText(multiple, ['a', 'c'], String)).toBe('满意、不满意');
    const matrix = question('matrix', { rows: [{ id: 'r1', label: '饭菜' }, { id: 'r2', label: '卫生' }], options: [{ id: 'x', label: '好' }] });
    expect(answerText(matrix, { r2: 'x' }, String)).toBe('卫生：好');
    expect(answerText(multiple, ['a', 'c'], String, 'en')).toBe('满意, 不满意');
    expect(answerText(matrix, { r2: 'x' }, String, 'en')).toBe('卫生: 好');
    expect(answerText(question('picture'), ['f1', 'f2'], (count) => `${count}张图片`)).toBe('2张图片');
    expect(answerText(question('number'), 12.5, String)).toBe('12.5');
    expect(answerText(question('text'), undefined, String)).toBe('');
  });
});
