import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SurveyResults } from '../../../../contracts/surveys';
import { blankQuestion } from '../../../../contracts/survey-rules';
import { SURVEY_URLS } from '../../../../contracts/survey-urls';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { ResultsScreen } from './ResultsScreen';

const ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const CLASS = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
let n = 0;
const rating = { ...blankQuestion('q-rating', 'rating', () => `o${++n}`), title: '满意度打分' };
const text = { ...blankQuestion('q-text', 'text', () => `o${++n}`), title: '其他建议' };
const results: SurveyResults = {
  id: ID,
  title: '课后服务需求调查',
  answerCount: 12,
  targetCount: 40,
  rate: 0.3,
  orgs: [{ id: CLASS, name: '七年级(1)班', count: 12 }],
  questions: [rating, text],
  results: [
    { questionId: 'q-rating', answered: 12, average: 4.25, distribution: { '5': 6, '4': 3, '3': 3 } },
    { questionId: 'q-text', answered: 7, words: [{ word: '作业', count: 4 }, { word: '阅读', count: 2 }], texts: [{ text: '希望增加阅读时间', at: '2026-11-20T02:00:00.000Z' }] },
  ],
};
const detail = { id: ID, title: results.title, startsAt: '2026-11-19T09:00:00.000Z', endsAt: '2099-12-01T09:00:00.000Z', anonymous: false, version: 2 };

describe('问卷统计', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows answers against the target as a rate with its bar, the figures per question, and keeps the org and tab in the URL', async () => {
    const fake = fakeFetch({ [SURVEY_URLS.results]: ok(results), [SURVEY_URLS.get]: ok(detail) });
    vi.stubGlobal('fetch', fake.impl);
    const onSearchChange = vi.fn();
    renderWithProviders(<ResultsScreen search={{ id: ID }} onSearchChange={onSearchChange} onBack={() => undefined} />);
    expect((await screen.findByTestId('results-title')).textContent).toBe('课后服务需求调查');
    expect(screen.getByTestId('results-answer-count').textContent).toBe('12');
    expect(screen.getByTestId('results-target-count').textContent).toBe('40');
    expect(screen.getByTestId('results-rate').textContent).toBe('30%');
    expect(screen.getByTestId('results-rate-bar').getAttribute('aria-valuenow')).toBe('30');
    expect(within(screen.getByTestId('results-q-1')).getByTestId('results-average').textContent).toContain('4.3 / 5');
    const words = within(screen.getByTestId('results-q-2')).getByTestId('results-words');
    expect(words.textContent).toContain('作业');
    expect(within(screen.getByTestId('results-q-2')).getByTestId('results-texts').textContent).toContain('希望增加阅读时间');
    expect(JSON.parse(String(fake.calls.find((call) => call.url.pathname === SURVEY_URLS.results)!.init.body))).toEqual({ id: ID, orgUnitId: '' });

    fireEvent.change(screen.getByTestId('results-org'), { target: { value: CLASS } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ id: ID, org: CLASS });
    fireEvent.click(screen.getByTestId('results-tab-answers'));
    expect(onSearchChange).toHaveBeenLastCalledWith({ id: ID, tab: 'answers' });
  });

  it('reads the figures of the org in the URL', async () => {
    const fake = fakeFetch({ [SURVEY_URLS.results]: ok({ ...results, answerCount: 5, rate: null, targetCount: null }), [SURVEY_URLS.get]: ok(detail) });
    vi.stubGlobal('fetch', fake.impl);
    renderWithProviders(<ResultsScreen search={{ id: ID, org: CLASS }} onSearchChange={() => undefined} onBack={() => undefined} />);
    expect((await screen.findByTestId('results-answer-count')).textContent).toBe('5');
    expect(screen.getByTestId('results-rate').textContent).toBe('不限对象');
    expect(screen.getByTestId('results-org-note').textContent).toContain('七年级(1)班');
    expect(JSON.parse(String(fake.calls.find((call) => call.url.pathname === SURVEY_URLS.results)!.init.body))).toEqual({ id: ID, orgUnitId: CLASS });
  });

  it('anonymous: a small group shows no breakdown, and latest texts carry the day only', async () => {
    const fake = fakeFetch({
      [SURVEY_URLS.results]: ok({ ...results, answerCount: 2, orgs: [{ id: CLASS, name: '七年级(1)班', count: 2 }], results: [], suppressed: true }),
      [SURVEY_URLS.get]: ok({ ...detail, anonymous: true }),
    });
    vi.stubGlobal('fetch', fake.impl);
    const view = renderWithProviders(<ResultsScreen search={{ id: ID, org: CLASS }} onSearchChange={() => undefined} onBack={() => undefined} />);
    expect((await screen.findByTestId('results-suppressed')).textContent).toContain('答卷少于 5 份');
    expect(screen.queryByTestId('results-q-1')).toBeNull();
    view.unmount();

    vi.stubGlobal('fetch', fakeFetch({ [SURVEY_URLS.results]: ok(results), [SURVEY_URLS.get]: ok({ ...detail, anonymous: true }) }).impl);
    renderWithProviders(<ResultsScreen search={{ id: ID }} onSearchChange={() => undefined} onBack={() => undefined} />);
    const texts = await screen.findByTestId('results-texts');
    expect(texts.textContent).toContain('2026-11-20');
    expect(texts.textContent).not.toContain('10:00');
  });
});
