import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExamBatchRow, ExamOptions, ScoreSystemRow } from '../../../contracts/exams';
import { GrantsProvider } from '../../components/Permission';
import { notify } from '../../lib/notify';
import { fail, fakeFetch, ok, renderWithProviders } from '../../test/render';
import { ExamBatchesScreen } from './ExamBatchesScreen';
import { ScoreSystemsScreen } from './ScoreSystemsScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SEMESTER = '0199a000-0000-7000-8000-000000000001';
const GRADE = '0199a000-0000-7000-8000-000000000007';
const options: ExamOptions = {
  semesters: [{ id: SEMESTER, name: '2026-2027学年第一学期', nameEn: '2026-2027 Semester 1', isCurrent: true }],
  grades: [{ id: GRADE, name: '七年级', nameEn: 'Grade 7' }],
  subjects: [
    { code: '01', name: '语文', nameEn: 'Chinese' },
    { code: '02', name: '数学', nameEn: 'Mathematics' },
  ],
};
const BATCH: ExamBatchRow = {
  id: '0199a000-0000-7000-8000-0000000000b1',
  semesterId: SEMESTER,
  semesterName: '2026-2027学年第一学期',
  semesterNameEn: '2026-2027 Semester 1',
  name: '第一次月考',
  gradeIds: [GRADE],
  gradeNames: ['七年级'],
  gradeNamesEn: ['Grade 7'],
  subjects: ['01', '02'],
  startDate: '2026-10-10',
  endDate: '2026-10-11',
  sort: 10,
  regular: true,
  published: true,
  publishedAt: '2026-10-20T08:00:00.000Z',
  publishedByName: '系统管理员',
  systemCount: 1,
  version: 3,
};
const SYSTEM: ScoreSystemRow = {
  id: '0199a000-0000-7000-8000-0000000000c1',
  batchId: BATCH.id,
  name: '百分制',
  gradeIds: [],
  subjects: [],
  fullMark: 100,
  excellentLine: 85,
  passLine: 60,
  ratio: 1,
  bands: [{ id: '0199a000-0000-7000-8000-0000000000d1', name: '优秀', nameEn: 'Excellent', conversionScore: 95, minScore: 85, maxScore: 100 }],
  version: 5,
};
const LOCKED = '考试批次已发布，不能修改；请先取消发布';

function serve(extra: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch({
    '/api/exams/options': ok(options),
    '/api/exams/list': ok({ total: 1, rows: [BATCH] }),
    '/api/score-systems/list': ok([SYSTEM]),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fake;
}
const sent = (fake: ReturnType<typeof fakeFetch>, path: string) => JSON.parse(String(fake.calls.find((c) => c.url.pathname === path)!.init.body)) as Record<string, unknown>;

describe('exam screens: edits carry the version read, refusals show the server’s message', () => {
  it('考试批次: editing a published batch sends its id and version; the refusal is shown and the form stays open', async () => {
    const error = vi.spyOn(notify, 'error');
    const fake = serve({ '/api/exams/save': fail(40300, LOCKED) });
    renderWithProviders(
      <GrantsProvider value={{ permissions: ['kspc', 'kspc_edit'], roles: [] }}>
        <ExamBatchesScreen search={{}} onSearchChange={() => undefined} />
      </GrantsProvider>,
    );
    const [row] = await screen.findAllByTestId('exam-batch-row');
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('exam-batch-locked').textContent).toBe('该考试批次已发布，不能修改；如需修改，请先取消发布');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(error).toHaveBeenCalledWith(LOCKED));
    expect(sent(fake, '/api/exams/save')).toMatchObject({ id: BATCH.id, version: 3, name: '第一次月考', subjects: ['01', '02'] });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('成绩体系: editing a system sends its id and version; a refusal (published batch) is shown and the form stays open', async () => {
    const error = vi.spyOn(notify, 'error');
    const fake = serve({ '/api/score-systems/save': fail(40300, LOCKED) });
    renderWithProviders(
      <GrantsProvider value={{ permissions: ['cjtx', 'cjtx_edit'], roles: [] }}>
        <ScoreSystemsScreen search={{ semesterId: SEMESTER, batchId: BATCH.id }} onSearchChange={() => undefined} />
      </GrantsProvider>,
    );
    const [row] = await screen.findAllByTestId('score-system-row');
    expect(screen.getByTestId('score-systems-locked').textContent).toBe('该考试批次已发布，成绩体系不能修改；如需修改，请先取消发布');
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await waitFor(() => expect(error).toHaveBeenCalledWith(LOCKED));
    expect(sent(fake, '/api/score-systems/save')).toMatchObject({ id: SYSTEM.id, version: 5, batchId: BATCH.id, fullMark: 100, bands: [{ name: '优秀', nameEn: 'Excellent', minScore: 85, maxScore: 100, conversionScore: 95 }] });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('成绩体系 in English: the batch picker, grades, subjects and bands by their English names', async () => {
    i18n.activate('en');
    serve({});
    renderWithProviders(
      <GrantsProvider value={{ permissions: ['cjtx'], roles: [] }}>
        <ScoreSystemsScreen search={{ semesterId: SEMESTER, batchId: BATCH.id }} onSearchChange={() => undefined} />
      </GrantsProvider>,
    );
    const [row] = await screen.findAllByTestId('score-system-row');
    expect(within(row).getByText('Excellent 85-100')).toBeTruthy();
    expect(screen.getByRole('option', { name: '2026-2027 Semester 1 (current)' })).toBeTruthy();
    expect(row.textContent).not.toContain('优秀');
  });
});
