import { describe, expect, it } from 'vitest';
import { decimalsOfNumber, parseScoreText, scoreIssue } from '../../../contracts/score-rules';
import { columnStats, parseCellInput, parseClipboardBlock, rowTotal, type CellValue } from './cell-state';

const score = (value: number): CellValue => ({ score: value, mark: '' });
const absent: CellValue = { score: null, mark: 'absent' };
const exempt: CellValue = { score: null, mark: 'exempt' };
const empty: CellValue = { score: null, mark: '' };

describe('parseCellInput', () => {
  it('accepts 0 to the full mark with at most two decimals', () => {
    expect(parseCellInput('0', 100)).toEqual({ ok: true, value: score(0) });
    expect(parseCellInput(' 99.5 ', 100)).toEqual({ ok: true, value: score(99.5) });
    expect(parseCellInput('88.25', 100)).toEqual({ ok: true, value: score(88.25) });
    expect(parseCellInput('100', 100)).toEqual({ ok: true, value: score(100) });
    expect(parseCellInput('１２０', 150)).toEqual({ ok: true, value: score(120) });
  });
  it('refuses above the scale, three decimals, negative and words', () => {
    expect(parseCellInput('100.5', 100)).toEqual({ ok: false, error: 'range' });
    expect(parseCellInput('120', 100)).toEqual({ ok: false, error: 'range' });
    expect(parseCellInput('88.125', 100)).toEqual({ ok: false, error: 'decimals' });
    expect(parseCellInput('-1', 100)).toEqual({ ok: false, error: 'format' });
    expect(parseCellInput('abc', 100)).toEqual({ ok: false, error: 'format' });
    expect(parseCellInput('1e2', 100)).toEqual({ ok: false, error: 'format' });
    expect(parseCellInput('99.999999999', 100)).toEqual({ ok: false, error: 'decimals' });
  });
  it('reads marks (q / 缺考 absent, m / 免考 exempt) and an empty cell', () => {
    expect(parseCellInput('q', 100)).toEqual({ ok: true, value: absent });
    expect(parseCellInput('Q', 100)).toEqual({ ok: true, value: absent });
    expect(parseCellInput('缺考', 100)).toEqual({ ok: true, value: absent });
    expect(parseCellInput('m', 100)).toEqual({ ok: true, value: exempt });
    expect(parseCellInput('免考', 100)).toEqual({ ok: true, value: exempt });
    expect(parseCellInput('Exempt', 100, { exempt: 'Exempt' })).toEqual({ ok: true, value: exempt });
    expect(parseCellInput('  ', 100)).toEqual({ ok: true, value: empty });
  });
});

describe('the score rule (contracts/score-rules.ts, shared with the server and the import)', () => {
  it('counts decimals exactly, without a tolerance', () => {
    expect(decimalsOfNumber(0.29)).toBe(2);
    expect(decimalsOfNumber(59.99)).toBe(2);
    expect(decimalsOfNumber(100)).toBe(0);
    expect(decimalsOfNumber(99.999999999)).toBe(9);
    expect(decimalsOfNumber(1.5e-7)).toBe(8);
    expect(scoreIssue(99.999999999, 100)).toBe('decimals');
    expect(scoreIssue(100.01, 100)).toBe('range');
    expect(scoreIssue(0.29, 100)).toBeNull();
    expect(parseScoreText('85.555', 120)).toEqual({ ok: false, issue: 'decimals' });
    expect(parseScoreText('88.5', 120)).toEqual({ ok: true, score: 88.5 });
  });
});

describe('columnStats', () => {
  it('counts entered cells; average over scores; rates over scores and absent students, exempt left out', () => {
    const stats = columnStats([score(90), score(70), score(50), absent, exempt, empty], { excellentLine: 85, passLine: 60 });
    expect(stats.entered).toBe(5);
    expect(stats.students).toBe(6);
    expect(stats.total).toBe(210);
    expect(stats.average).toBe(70);
    expect(stats.highest).toBe(90);
    expect(stats.lowest).toBe(50);
    // 4 in the rates (3 scores + 1 absent): 1 excellent, 2 passed
    expect(stats.excellentRate).toBe(0.25);
    expect(stats.passRate).toBe(0.5);
  });
  it('has no rates without a scale (no lines)', () => {
    expect(columnStats([score(90), score(50)], null)).toMatchObject({ average: 70, excellentRate: null, passRate: null });
  });
  it('has no figures for an empty column', () => {
    const stats = columnStats([empty, exempt], { excellentLine: 85, passLine: 60 });
    expect(stats).toMatchObject({ entered: 1, total: 0, average: null, highest: null, lowest: null, excellentRate: null, passRate: null });
  });
});

describe('clipboard and totals', () => {
  it("splits Excel's block into rows and cells, dropping the trailing newline", () => {
    expect(parseClipboardBlock('90\n85.5\r\n缺考\n')).toEqual([['90'], ['85.5'], ['缺考']]);
    expect(parseClipboardBlock('90\t80\n70\t60')).toEqual([
      ['90', '80'],
      ['70', '60'],
    ]);
  });
  it('totals a row over its scores only', () => {
    expect(rowTotal([score(90), absent, score(80.5)])).toBe(170.5);
    expect(rowTotal([absent, empty])).toBeNull();
  });
});
