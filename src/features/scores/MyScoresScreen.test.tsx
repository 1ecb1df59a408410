import { i18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyScoreRow } from '../../../contracts/scores';
import { setConfig } from '../../lib/config';
import { fakeFetch, ok, renderWithProviders } from '../../test/render';
import { MyScoresScreen } from './MyScoresScreen';
import { BATCH } from './test-support';

const row = (subject: string, over: Partial<MyScoreRow> = {}): MyScoreRow => ({
  batchId: BATCH,
  batchName: '第一次月考',
  semesterName: '2026-2027学年第一学期',
  semesterNameEn: '2026-2027 Semester 1',
  subject,
  score: 92.5,
  mark: '',
  fullMark: 120,
  band: '良好',
  bandEn: 'Good',
  classAverage: 88.41,
  publishedAt: '2026-10-10T10:00:00.000Z',
  ...over,
});

describe('MyScoresScreen', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the published scores: batch, subject name, score or mark, full mark, band, class average', async () => {
    const fake = fakeFetch({
      '/dicts': ok({ STD_KM: [{ code: '01', name: '语文', nameEn: 'Chinese', sort: 1 }] }),
      '/api/scores/mine': ok({ rows: [row('01'), row('02', { score: null, mark: 'absent', band: '', classAverage: null })], total: 2 }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithProviders(<MyScoresScreen search={{}} onSearchChange={vi.fn()} />);
    const rows = await screen.findAllByTestId('my-score-row');
    expect(rows).toHaveLength(2);
    await within(rows[0]).findByText('语文');
    expect(rows[0].textContent).toBe('第一次月考2026-2027学年第一学期语文92.5120良好88.41');
    expect(within(rows[1]).getByTestId('my-score-value').textContent).toBe('缺考');
    expect(screen.queryByTestId('pick-child')).toBeNull();
    const body = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/scores/mine')!.init.body));
    expect(body).toMatchObject({ currPage: 0, search: '{}' });
  });

  it('in English: the semester, subject and band by their English names, from the same answer', async () => {
    const fake = fakeFetch({
      '/dicts': ok({ STD_KM: [{ code: '01', name: '语文', nameEn: 'Chinese', sort: 1 }] }),
      '/api/scores/mine': ok({ rows: [row('01')], total: 1 }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    i18n.activate('en');
    renderWithProviders(<MyScoresScreen search={{}} onSearchChange={vi.fn()} />);
    const [first] = await screen.findAllByTestId('my-score-row');
    await within(first).findByText('Chinese');
    expect(first.textContent).toBe('第一次月考2026-2027 Semester 1Chinese92.5120Good88.41');
  });

  it('a parent with several children picks one (when the server names them)', async () => {
    const fake = fakeFetch({
      '/dicts': ok({ STD_KM: [] }),
      '/api/scores/mine': ok({
        rows: [row('01')],
        total: 1,
        children: [
          { studentId: '01900000-0000-7000-8000-000000000001', studentName: '王小明' },
          { studentId: '01900000-0000-7000-8000-000000000002', studentName: '王小红' },
        ],
      }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderWithProviders(<MyScoresScreen search={{}} onSearchChange={onSearchChange} />);
    const picker = (await screen.findByTestId('pick-child')) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.text)).toEqual(['王小明', '王小红']);
  });
});
