import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MineRow } from '../../../../contracts/surveys';
import { SURVEY_URLS } from '../../../../contracts/survey-urls';
import { resetOfflineDbForTests, setScope } from '../../../lib/offline/db';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { AnswerScreen } from './AnswerScreen';

const row = (over: Partial<MineRow>): MineRow => ({
  id: '99999999-9999-4999-8999-999999999999',
  title: '课后服务需求调查',
  startsAt: '2026-11-19T09:00:00.000Z',
  endsAt: '2026-12-01T09:00:00.000Z',
  timeState: 'started',
  anonymous: false,
  questionCount: 4,
  answeredAt: null,
  ...over,
});

describe('问卷填报 list', () => {
  beforeEach(() => setScope({ tenant: 'demo', userId: 'list' }));
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
  });

  it('lists my questionnaires with state and answered time, filters through the URL, and opens one by ?id=', async () => {
    const rows = [row({}), row({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', title: '家长满意度调查', answeredAt: '2026-11-20T02:30:00.000Z' })];
    const fake = fakeFetch({ [SURVEY_URLS.mine]: ok({ rows, total: 2 }), [SURVEY_URLS.open]: { body: { code: 40400, result: false, msg: '', data: { reason: 'not_found' } } } });
    vi.stubGlobal('fetch', fake.impl);
    const onSearchChange = vi.fn();
    renderWithProviders(<AnswerScreen search={{}} onSearchChange={onSearchChange} />);
    const table = await screen.findByTestId('survey-mine');
    const answered = await within(table).findByTestId('survey-mine-answered');
    expect(answered.textContent).toContain('已填写');
    expect(answered.textContent).toContain('2026-11-20 10:30');
    expect(within(table).getByTestId('survey-mine-unanswered').textContent).toBe('未填写');
    expect(within(table).getAllByText('进行中')).toHaveLength(2);
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === SURVEY_URLS.mine)!.init.body)) as { search: string };
    expect(JSON.parse(body.search)).toEqual({});

    fireEvent.change(screen.getByTestId('survey-mine-answered-filter'), { target: { value: 'no' } });
    fireEvent.change(screen.getByTestId('survey-mine-keyword'), { target: { value: ' 课后 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ answered: 'no', keyword: '课后' });

    fireEvent.click(within(table).getAllByTestId('survey-mine-open')[0]!);
    expect(onSearchChange).toHaveBeenLastCalledWith({ id: rows[0]!.id });
  });
});
