import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreSaveRequest, ScoreSheet } from '../../../contracts/scores';
import { setConfig } from '../../lib/config';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { useOutboxEntries, type OutboxEntry } from '../../lib/offline/outbox';
import { renderWithProviders } from '../../test/render';
import { cellKey } from './cell-state';
import { ScoreGrid, type GridColumn } from './ScoreGrid';
import { BATCH, CLASS_1, makeSheet, student } from './test-support';

let scopeSerial = 0;

/** The grid with the live outbox, as the screen wires it. */
function Harness({ columns }: { columns: GridColumn[] }) {
  const entries = useOutboxEntries({ kind: 'scores.save' }) as OutboxEntry<ScoreSaveRequest>[];
  const queued = new Map<string, OutboxEntry<ScoreSaveRequest>[]>();
  for (const entry of entries) {
    const key = cellKey(entry.payload.subject, entry.payload.studentId);
    queued.set(key, [...(queued.get(key) ?? []), entry]);
  }
  return <ScoreGrid batchId={BATCH} classId={CLASS_1} columns={columns} queued={queued} autoFocus />;
}

const column = (sheet: ScoreSheet, subjectName = '数学'): GridColumn => ({ subject: sheet.subject, subjectName, sheet });
const inputs = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const outbox = async () => ((await currentDb()!.outbox.toArray()) as OutboxEntry<ScoreSaveRequest>[]).sort((a, b) => a.createdAt - b.createdAt || (a.opId < b.opId ? -1 : 1));
const type = (element: HTMLInputElement, text: string) => fireEvent.change(element, { target: { value: text } });
const key = (element: Element, name: string, extra: Record<string, unknown> = {}) => fireEvent.keyDown(element, { key: name, ...extra });
const stat = (id: string, index = 0) => within(screen.getByTestId(`score-stat-${id}`)).getAllByTestId('score-stat')[index].textContent;

describe('ScoreGrid', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    scopeSerial += 1;
    setScope({ tenant: 'demo', userId: `s${scopeSerial}` });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.restoreAllMocks();
  });

  it('focuses the first cell; typing + Enter queues the cell and goes down, ↑ goes up; each cell one outbox entry', async () => {
    renderWithProviders(<Harness columns={[column(makeSheet({}, 3, { 2: { score: 70, version: 3 } }))]} />);
    const [first, second, third] = inputs();
    await waitFor(() => expect(document.activeElement).toBe(first));
    type(first, '95');
    key(first, 'Enter');
    expect(document.activeElement).toBe(second);
    expect(second.value).toBe('70');
    type(second, '88.5');
    key(second, 'ArrowDown');
    expect(document.activeElement).toBe(third);
    key(third, 'ArrowUp');
    expect(document.activeElement).toBe(second);

    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const [a, b] = await outbox();
    expect(a.kind).toBe('scores.save');
    expect(a.entityKey).toBe(`score:${BATCH}:02:${student(1)}`);
    expect(a.payload).toEqual({ batchId: BATCH, classId: CLASS_1, subject: '02', studentId: student(1), score: 95, mark: '', baseVersion: 0 });
    expect(a.baseVersion).toBe(0);
    // edited from the server's version 3
    expect(b.payload).toMatchObject({ studentId: student(2), score: 88.5, baseVersion: 3 });
    expect(b.baseVersion).toBe(3);
    await waitFor(() => expect(screen.getAllByTestId('score-cell')[0].getAttribute('data-state')).toBe('queued'));
    expect(first.value).toBe('95');
  });

  it('refuses an invalid value with its message at the cell, queues nothing, and Escape reverts', async () => {
    renderWithProviders(<Harness columns={[column(makeSheet({}, 2, { 1: { score: 60, version: 1 } }))]} />);
    const [first, second] = inputs();
    await waitFor(() => expect(document.activeElement).toBe(first));
    type(first, '101');
    expect(screen.getByTestId('score-cell-error').textContent).toBe('成绩应在0到100之间');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    key(first, 'Enter');
    // stays in the cell
    expect(document.activeElement).toBe(first);
    type(first, '88.125');
    expect(screen.getByTestId('score-cell-error').textContent).toBe('成绩最多保留两位小数');
    type(first, 'x1');
    expect(screen.getByTestId('score-cell-error').textContent).toBe('请输入 0 到 100 的数字，或 q 缺考、m 免考');
    key(first, 'Escape');
    expect(first.value).toBe('60');
    expect(screen.queryByTestId('score-cell-error')).toBeNull();
    key(first, 'Enter');
    expect(document.activeElement).toBe(second);
    // leaving an invalid cell with the mouse keeps it (and its message), still not queued
    type(second, '500');
    fireEvent.blur(second);
    expect(second.value).toBe('500');
    expect(screen.getByTestId('score-cell-error')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await outbox()).toHaveLength(0);
  });

  it('in English the message is English', async () => {
    const { i18n } = await import('@lingui/core');
    act(() => i18n.activate('en'));
    try {
      renderWithProviders(<Harness columns={[column(makeSheet({}, 1))]} />);
      const [first] = inputs();
      type(first, '150');
      expect(screen.getByTestId('score-cell-error').textContent).toBe('The score must be between 0 and 100');
    } finally {
      act(() => i18n.activate('zh'));
    }
  });

  it('marks: q absent, m exempt (typed, or the buttons on the focused cell)', async () => {
    renderWithProviders(<Harness columns={[column(makeSheet({}, 3))]} />);
    const [first, second, third] = inputs();
    await waitFor(() => expect(document.activeElement).toBe(first));
    type(first, 'q');
    key(first, 'Enter');
    type(second, 'M');
    key(second, 'Enter');
    expect(first.value).toBe('缺考');
    expect(second.value).toBe('免考');
    expect(document.activeElement).toBe(third);
    fireEvent.click(screen.getByRole('button', { name: '缺考 (q)' }));
    await waitFor(() => expect(third.value).toBe('缺考'));
    await waitFor(async () => expect(await outbox()).toHaveLength(3));
    const payloads = (await outbox()).map((entry) => [entry.payload.score, entry.payload.mark]);
    expect(payloads).toEqual([
      [null, 'absent'],
      [null, 'exempt'],
      [null, 'absent'],
    ]);
  });

  it("the pinned bar names the focused cell's student and shows its column's figures; its marks act on that cell", async () => {
    const maths = makeSheet({}, 3, { 1: { score: 90, version: 1 }, 2: { score: 50, version: 1 } });
    const chinese = makeSheet({ subject: '01' }, 3, { 1: { score: 70, version: 1 } });
    renderWithProviders(<Harness columns={[column(maths), column(chinese, '语文')]} />);
    const bar = await screen.findByTestId('score-summary');
    const figure = (id: string) => within(within(bar).getByTestId(`score-summary-${id}`)).getByTestId('score-summary-value').textContent;
    await waitFor(() => expect(within(bar).getByTestId('score-marks-target').textContent).toBe('学生1'));
    expect(within(bar).getByText('数学')).toBeTruthy();
    expect(figure('entered')).toBe('2/3');
    expect(figure('average')).toBe('70');
    expect(figure('pass')).toBe('50%');
    // → to 语文: its figures
    key(input('学生1 数学'), 'ArrowRight');
    expect(within(bar).getByText('语文')).toBeTruthy();
    expect(figure('entered')).toBe('1/3');
    key(input('学生1 语文'), 'ArrowDown');
    expect(within(bar).getByTestId('score-marks-target').textContent).toBe('学生2');
    fireEvent.click(within(bar).getByRole('button', { name: '免考 (m)' }));
    await waitFor(() => expect(input('学生2 语文').value).toBe('免考'));
    expect(document.activeElement).toBe(input('学生2 语文'));
  });

  it('a column pasted from Excel fills the cells from the focused one down; invalid values stay unqueued', async () => {
    renderWithProviders(<Harness columns={[column(makeSheet({}, 4))]} />);
    const [, second, third, fourth] = inputs();
    second.focus();
    fireEvent.paste(second, { clipboardData: { getData: () => '90\n77.5\r\n缺考\n' } });
    expect(second.value).toBe('90');
    expect(third.value).toBe('77.5');
    expect(fourth.value).toBe('缺考');
    await waitFor(async () => expect(await outbox()).toHaveLength(3));
    expect((await outbox()).map((entry) => entry.payload.studentId)).toEqual([student(2), student(3), student(4)]);

    // an invalid value in the block: refused at its cell, the others queued
    fireEvent.paste(inputs()[0], { clipboardData: { getData: () => '50\n300\n' } });
    expect(inputs()[0].value).toBe('50');
    expect(inputs()[1].value).toBe('300');
    expect(screen.getByTestId('score-cell-error').textContent).toBe('成绩应在0到100之间');
    await waitFor(async () => expect(await outbox()).toHaveLength(4));
  });

  it('all subjects: Tab, ← and → go across the columns; each student has a total', async () => {
    const maths = makeSheet({ subject: '02' }, 2, { 1: { score: 90, version: 1 } });
    const chinese = makeSheet({ subject: '01' }, 2, { 1: { score: 80, version: 1 } });
    renderWithProviders(<Harness columns={[column(chinese, '语文'), column(maths, '数学')]} />);
    const chinese1 = input('学生1 语文');
    const maths1 = input('学生1 数学');
    const chinese2 = input('学生2 语文');
    await waitFor(() => expect(document.activeElement).toBe(chinese1));
    key(chinese1, 'Tab');
    expect(document.activeElement).toBe(maths1);
    // Tab at the row's end wraps to the next row
    key(maths1, 'Tab');
    expect(document.activeElement).toBe(chinese2);
    key(chinese2, 'ArrowRight');
    expect(document.activeElement).toBe(input('学生2 数学'));
    key(input('学生2 数学'), 'ArrowLeft');
    expect(document.activeElement).toBe(chinese2);
    expect(screen.getAllByTestId('score-total').map((cell) => cell.textContent)).toEqual(['170', '—']);
    type(chinese2, '60');
    // the total follows the typing
    expect(screen.getAllByTestId('score-total')[1].textContent).toBe('60');
  });

  it('live figures per column: entered, total, average, highest, lowest, excellent and pass rates', async () => {
    renderWithProviders(
      <Harness columns={[column(makeSheet({}, 5, { 1: { score: 90, version: 1 }, 2: { score: 70, version: 1 }, 3: { mark: 'exempt', version: 1 } }))]} />,
    );
    expect(stat('entered')).toBe('3/5');
    expect(stat('total')).toBe('160');
    expect(stat('average')).toBe('80');
    expect(stat('excellent')).toBe('50%');
    expect(stat('pass')).toBe('100%');
    // typing an absence (counts in the rates as not passed) and a low score
    type(inputs()[3], 'q');
    type(inputs()[4], '40');
    expect(stat('entered')).toBe('5/5');
    expect(stat('average')).toBe('66.67');
    expect(stat('highest')).toBe('90');
    expect(stat('lowest')).toBe('40');
    expect(stat('excellent')).toBe('25%');
    expect(stat('pass')).toBe('50%');
  });

  it('a second edit of a queued cell is queued after it from the same base version (the outbox chains it); a remount shows the queued value', async () => {
    const sheet = makeSheet({}, 2, { 1: { score: 50, version: 4 } });
    const { unmount } = renderWithProviders(<Harness columns={[column(sheet)]} />);
    const [first] = inputs();
    type(first, '60');
    key(first, 'Enter');
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('score-cell')[0].getAttribute('data-state')).toBe('queued'));
    first.focus();
    type(first, '65');
    key(first, 'Enter');
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const entries = await outbox();
    expect(entries.map((entry) => [entry.payload.score, entry.baseVersion, entry.entityKey])).toEqual([
      [60, 4, `score:${BATCH}:02:${student(1)}`],
      [65, 4, `score:${BATCH}:02:${student(1)}`],
    ]);
    unmount();
    // reload: the server's cell (from the cache) still says 50; what was typed shows
    renderWithProviders(<Harness columns={[column(sheet)]} />);
    await waitFor(() => expect(inputs()[0].value).toBe('65'));
    expect(screen.getAllByTestId('score-cell')[0].getAttribute('data-state')).toBe('queued');
  });

  it('a published sheet is read-only, in normal type; an unpublished one in italics', async () => {
    const { unmount } = renderWithProviders(<Harness columns={[column(makeSheet({ editable: false, batch: { id: BATCH, name: '第一次月考', published: true } }, 2))]} />);
    expect(inputs()[0].readOnly).toBe(true);
    expect(screen.getAllByTestId('score-cell')[0].className).not.toMatch(/unpublished/);
    expect(screen.queryByTestId('score-marks')).toBeNull();
    type(inputs()[0], '80');
    key(inputs()[0], 'Enter');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await outbox()).toHaveLength(0);
    unmount();
    renderWithProviders(<Harness columns={[column(makeSheet({}, 2))]} />);
    expect(screen.getAllByTestId('score-cell')[0].className).toMatch(/unpublished/);
  });
});
