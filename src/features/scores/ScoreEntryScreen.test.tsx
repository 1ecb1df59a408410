import 'fake-indexeddb/auto';
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../app/theme';
import { toaster } from '../../lib/toaster';
import { GrantsProvider } from '../../components/Permission';
import { setConfig } from '../../lib/config';
import { resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { fail, fakeFetch, ok, type FakeResponse } from '../../test/render';
import { readLastSheet } from './last-sheet';
import { ScoreEntryScreen } from './ScoreEntryScreen';
import type { ScoreEntrySearch } from './search';
import { BATCH, CLASS_1, makeOptions, makeSheet, SEMESTER, student } from './test-support';

const SUBJECTS = [
  { code: '01', name: '语文', nameEn: 'Chinese', sort: 1 },
  { code: '02', name: '数学', nameEn: 'Mathematics', sort: 2 },
];
let serial = 0;

function show(search: ScoreEntrySearch, permissions = ['cjlr', 'cjlr_submit', 'cjlr_export', 'cjlr_import']) {
  const onSearchChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <GrantsProvider value={{ permissions, roles: [] }}>
            <ScoreEntryScreen search={search} onSearchChange={onSearchChange} />
          </GrantsProvider>
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { onSearchChange, queryClient };
}

describe('ScoreEntryScreen', () => {
  let calls: { url: URL; init: RequestInit }[];
  const serve = (routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) => {
    const fake = fakeFetch({ '/dicts': ok({ STD_KM: SUBJECTS }), ...routes });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    calls = fake.calls;
  };
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    serial += 1;
    setScope({ tenant: 'demo', userId: `e${serial}` });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers only the options the server gives; the choice goes into the URL', async () => {
    serve({ '/api/scores/options': ok(makeOptions(['01', '02'])) });
    const { onSearchChange } = show({});
    const batch = (await screen.findByTestId('pick-batch')) as HTMLSelectElement;
    expect([...batch.options].map((option) => option.text)).toEqual(['请选择考试批次', '期中考试']);
    fireEvent.change(batch, { target: { value: BATCH } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ semesterId: undefined, batchId: BATCH });
    expect(screen.getByText('请选择考试批次、班级和科目')).toBeTruthy();
  });

  it("opens the URL's sheet with the first cell focused; 'all subjects' when the class has several", async () => {
    serve({ '/api/scores/options': ok(makeOptions(['01', '02'])), '/api/scores/sheet': ok(makeSheet({}, 3)) });
    show({ semesterId: SEMESTER, batchId: BATCH, classId: CLASS_1, subject: '02' });
    await screen.findByTestId('score-grid');
    const subject = screen.getByTestId('pick-subject') as HTMLSelectElement;
    await waitFor(() => expect([...subject.options].map((option) => option.text)).toEqual(['全部科目', '语文', '数学']));
    expect(subject.value).toBe('02');
    expect(screen.getAllByTestId('score-row')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('textbox')[0]));
    const sheetCall = calls.find((call) => call.url.pathname === '/api/scores/sheet')!;
    expect(JSON.parse(String(sheetCall.init.body))).toEqual({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    expect(screen.getByTestId('score-unpublished')).toBeTruthy();
  });

  it('the subject picker: ↓ only browses (no load, the focus stays); Enter commits, Escape reverts, a click commits at once', async () => {
    serve({ '/api/scores/options': ok(makeOptions(['01', '02'])), '/api/scores/sheet': ok(makeSheet({}, 3)) });
    const { onSearchChange } = show({ semesterId: SEMESTER, batchId: BATCH, classId: CLASS_1, subject: '02' });
    await screen.findByTestId('score-grid');
    const subject = screen.getByTestId('pick-subject') as HTMLSelectElement;
    subject.focus();
    // ↑ on the closed select (the browser moves the selection and fires change): browsing
    fireEvent.keyDown(subject, { key: 'ArrowUp' });
    fireEvent.change(subject, { target: { value: '01' } });
    fireEvent.keyDown(subject, { key: 'ArrowUp' });
    fireEvent.change(subject, { target: { value: 'all' } });
    expect(subject.value).toBe('all');
    expect(onSearchChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(subject);
    fireEvent.keyDown(subject, { key: 'Escape' });
    expect(subject.value).toBe('02');
    fireEvent.keyDown(subject, { key: 'ArrowUp' });
    fireEvent.change(subject, { target: { value: '01' } });
    fireEvent.keyDown(subject, { key: 'Enter' });
    expect(onSearchChange).toHaveBeenLastCalledWith({ semesterId: SEMESTER, batchId: BATCH, classId: CLASS_1, subject: '01' });
    // a pick with the pointer (or from the opened list) commits at once
    fireEvent.pointerDown(subject);
    fireEvent.change(subject, { target: { value: 'all' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ semesterId: SEMESTER, batchId: BATCH, classId: CLASS_1, subject: 'all' });
    expect(onSearchChange).toHaveBeenCalledTimes(2);
  });

  it('remembers the opened sheet for this user (the route reopens it)', async () => {
    serve({ '/api/scores/options': ok(makeOptions(['01', '02'])), '/api/scores/sheet': ok(makeSheet({}, 3)) });
    show({ semesterId: SEMESTER, batchId: BATCH, classId: CLASS_1, subject: '02' });
    await screen.findByTestId('score-grid');
    expect(readLastSheet()).toEqual({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    setScope({ tenant: 'demo', userId: 'someone-else' });
    expect(readLastSheet()).toBeNull();
  });

  it("shows the server's refusal of a submission (students without scores)", async () => {
    serve({
      '/api/scores/options': ok(makeOptions()),
      '/api/scores/sheet': ok(makeSheet({}, 2)),
      '/api/scores/submit': fail(40000, '班级学生未注册或成绩未录入完整，不能提交成绩'),
    });
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    fireEvent.click(await screen.findByTestId('score-submit'));
    expect((await screen.findByTestId('score-submit-refused')).textContent).toBe('班级学生未注册或成绩未录入完整，不能提交成绩');
  });

  it('a submitted sheet says further edits are corrections; a published batch is read-only', async () => {
    serve({
      '/api/scores/options': ok(makeOptions()),
      '/api/scores/sheet': ok(makeSheet({ submitted: true, submittedByName: '李老师', submittedAt: '2026-11-20T08:00:00.000Z' }, 2)),
    });
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    expect((await screen.findByTestId('score-corrections')).textContent).toMatch(/更正/);
    expect(screen.queryByTestId('score-submit')).toBeNull();
    const status = screen.getByTestId('score-sheet-status');
    expect(within(status).getByTestId('score-submitted')).toBeTruthy();
  });

  it("an import with invalid rows lists the server's per-row errors (nothing written)", async () => {
    serve({
      '/api/scores/options': ok(makeOptions()),
      '/api/scores/sheet': ok(makeSheet({}, 2)),
      '/api/scores/import': {
        body: {
          code: 40000,
          result: false,
          msg: '导入失败：2 行有错误，未写入任何成绩',
          data: { imported: 0, errors: [{ row: 3, studentNo: '2026002', message: '成绩应在0到100之间' }, { row: 5, studentNo: '2026999', message: '学号不在本班' }] },
        },
      },
    });
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    fireEvent.click(await screen.findByTestId('score-import'));
    const input = (await screen.findByTestId('import-input')) as HTMLInputElement;
    const file = new File(['x'], 'scores.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    const table = await screen.findByTestId('score-import-errors');
    const rows = within(table).getAllByTestId('score-import-error');
    expect(rows.map((row) => row.textContent)).toEqual(['32026002成绩应在0到100之间', '52026999学号不在本班']);
    const call = calls.find((item) => item.url.pathname === '/api/scores/import')!;
    const form = call.init.body as FormData;
    expect([form.get('batchId'), form.get('classId'), form.get('subject')]).toEqual([BATCH, CLASS_1, '02']);
  });

  it('the audit dialog lists who changed which score from what to what, corrections marked; per student on demand', async () => {
    const changes = [
      { studentId: student(1), studentName: '学生1', oldScore: 80, oldMark: '', newScore: 85, newMark: '', correction: true, changedByName: '李明华', changedAt: '2026-11-21T02:00:00.000Z', version: 2 },
      { studentId: student(1), studentName: '学生1', oldScore: null, oldMark: null, newScore: 80, newMark: '', correction: false, changedByName: '李明华', changedAt: '2026-11-20T02:00:00.000Z', version: 1 },
      { studentId: student(2), studentName: '学生2', oldScore: null, oldMark: null, newScore: null, newMark: 'absent', correction: false, changedByName: '李明华', changedAt: '2026-11-20T02:01:00.000Z', version: 1 },
    ];
    serve({
      '/api/scores/options': ok(makeOptions()),
      '/api/scores/sheet': ok(makeSheet({}, 2)),
      '/api/scores/changes': (init) => {
        const body = JSON.parse(String(init.body)) as { studentId?: string };
        return ok(body.studentId ? changes.filter((change) => change.studentId === body.studentId) : changes);
      },
    });
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    fireEvent.click(await screen.findByTestId('score-changes-open'));
    const dialog = await screen.findByTestId('score-changes');
    await waitFor(() => expect(within(dialog).getAllByTestId('score-change')).toHaveLength(3));
    const [first, , third] = within(dialog).getAllByTestId('score-change');
    expect(first.textContent).toMatch(/^学生18085更正李明华/);
    expect(third.textContent).toMatch(/^学生2—缺考李明华/);
    fireEvent.change(within(dialog).getByRole('combobox', { name: '学生' }), { target: { value: student(2) } });
    await waitFor(() => expect(within(dialog).getAllByTestId('score-change')).toHaveLength(1));
    const last = calls.filter((call) => call.url.pathname === '/api/scores/changes').at(-1)!;
    expect(JSON.parse(String(last.init.body))).toEqual({ batchId: BATCH, classId: CLASS_1, subject: '02', studentId: student(2) });
  });

  it('exports the class sheet or the whole batch (cjlr_export)', async () => {
    serve({ '/api/scores/options': ok(makeOptions()), '/api/scores/sheet': ok(makeSheet({}, 2)) });
    const fake = fetch as unknown as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    const exports: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/api/scores/export')) return fake(input, init);
        exports.push(JSON.parse(String(init?.body)));
        return Promise.resolve(new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': "attachment; filename*=UTF-8''a.xlsx" } }));
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    fireEvent.click(await screen.findByTestId('score-export-class'));
    await waitFor(() => expect(exports).toHaveLength(1));
    fireEvent.click(screen.getByTestId('score-export-batch'));
    await waitFor(() => expect(exports).toEqual([{ batchId: BATCH, classId: CLASS_1, subject: '02' }, { batchId: BATCH }]));
  });

  it('without cjlr_export, cjlr_import and cjlr_submit the buttons are not offered', async () => {
    serve({ '/api/scores/options': ok(makeOptions()), '/api/scores/sheet': ok(makeSheet({}, 2)) });
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' }, ['cjlr']);
    await screen.findByTestId('score-grid');
    expect(screen.queryByTestId('score-export-class')).toBeNull();
    expect(screen.queryByTestId('score-import')).toBeNull();
    expect(screen.queryByTestId('score-submit')).toBeNull();
  });

  it("a sheet without a scale shows its scores read-only under the note 'grade has no scale' (该年级未设置分制)", async () => {
    serve({
      '/api/scores/options': ok(makeOptions()),
      '/api/scores/sheet': ok(makeSheet({ system: null, noScale: true, editable: false }, 2, { 1: { score: 77, version: 1 } })),
    });
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    expect((await screen.findByTestId('score-no-scale')).textContent).toBe('该年级未设置分制');
    await screen.findByTestId('score-grid');
    const cells = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(cells.map((input) => [input.value, input.readOnly])).toEqual([
      ['77', true],
      ['', true],
    ]);
    expect(screen.getByTestId('score-column').textContent).toContain('未设置分制');
    expect(screen.queryByTestId('score-submit')).toBeNull();
    expect(screen.queryByTestId('score-import')).toBeNull();
    expect(screen.queryByTestId('score-marks')).toBeNull();
  });

  it("a head teacher's other subject (editable false) is read-only: no submit, no import, cells read-only; export stays", async () => {
    serve({
      '/api/scores/options': ok(makeOptions(['01', '02'])),
      '/api/scores/sheet': ok(makeSheet({ subject: '01', editable: false }, 2, { 1: { score: 90, version: 1 } })),
    });
    show({ batchId: BATCH, classId: CLASS_1, subject: '01' });
    await screen.findByTestId('score-grid');
    expect(screen.getByTestId('score-read-only').textContent).toBe('只读');
    expect((screen.getAllByRole('textbox') as HTMLInputElement[]).every((input) => input.readOnly)).toBe(true);
    expect(screen.queryByTestId('score-submit')).toBeNull();
    expect(screen.queryByTestId('score-import')).toBeNull();
    expect(screen.getByTestId('score-export-class')).toBeTruthy();
    expect(screen.queryByTestId('score-no-scale')).toBeNull();
  });

  it('the import takes .xlsx only: an old .xls is refused before sending, naming the format', async () => {
    serve({ '/api/scores/options': ok(makeOptions()), '/api/scores/sheet': ok(makeSheet({}, 2)) });
    const toast = vi.spyOn(toaster, 'create');
    show({ batchId: BATCH, classId: CLASS_1, subject: '02' });
    fireEvent.click(await screen.findByTestId('score-import'));
    const input = (await screen.findByTestId('import-input')) as HTMLInputElement;
    expect(input.accept).toBe('.xlsx');
    fireEvent.change(input, { target: { files: [new File(['x'], 'scores.xls', { type: 'application/vnd.ms-excel' })] } });
    await waitFor(() => expect(toast.mock.calls.map((call) => (call[0] as { title?: string }).title)).toContain('只能上传.xlsx类型的文件'));
    expect(calls.some((call) => call.url.pathname === '/api/scores/import')).toBe(false);
  });
});
