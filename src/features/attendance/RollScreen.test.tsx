import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceChange, AttendanceSubmitRequest } from '../../../contracts/attendance';
import { setConfig } from '../../lib/config';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { fail, fakeFetch, ok, type FakeResponse } from '../../test/render';
import { attendanceKeys } from './api';
import { RollScreen } from './RollScreen';
import { CLASS_1, makeRoll, renderScreen, STATUS_DICT, student } from './test-support';

const ROLL = '/api/attendance/roll';
const TAKE = ['xskq', 'xskq_add'];

let scopeSerial = 0;

describe('RollScreen', () => {
  let calls: { url: URL; init: RequestInit }[];
  const serve = (routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) => {
    const fake = fakeFetch({ '/dicts': ok({ STD_XSKQ_ZT: STATUS_DICT }), ...routes });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    calls = fake.calls;
  };
  const show = (permissions = TAKE, date = '2026-11-20') => {
    const onDateChange = vi.fn();
    const view = renderScreen(<RollScreen classId={CLASS_1} date={date} onDateChange={onDateChange} />, { permissions });
    return { ...view, onDateChange };
  };
  const rows = () => screen.getAllByTestId('roll-row');
  const row = (name: string) => rows().find((element) => within(element).queryByText(name))!;
  const count = (code: string) => screen.getByTestId(`roll-count-${code}`).textContent;
  const outbox = async () => (await currentDb()!.outbox.toArray()) as OutboxEntry<AttendanceSubmitRequest>[];

  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    // a fresh offline store per test (as for one logged-in user)
    scopeSerial += 1;
    setScope({ tenant: 'demo', userId: `u${scopeSerial}` });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps showing the roll restored from the device when its refetch fails offline (no error instead of the sheet)', async () => {
    serve({});
    const fake = fetch as unknown as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes(ROLL) ? Promise.reject(new TypeError('Failed to fetch')) : fake(input, init),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
    // restored from the device, stale: the screen fetches it again, and that fails
    queryClient.setQueryData(attendanceKeys.roll(CLASS_1, '2026-11-20'), makeRoll(), { updatedAt: 1 });
    renderScreen(<RollScreen classId={CLASS_1} date="2026-11-20" onDateChange={vi.fn()} />, { permissions: TAKE, queryClient });
    await waitFor(() => expect(queryClient.getQueryState(attendanceKeys.roll(CLASS_1, '2026-11-20'))?.status).toBe('error'));
    expect(rows()).toHaveLength(3);
    expect(screen.queryByTestId('roll-error')).toBeNull();
  });

  it('starts with everyone present, approved leave shown as leave with its dates', async () => {
    serve({ [ROLL]: ok(makeRoll()) });
    show();
    await screen.findByText('王小明');
    expect(rows().map((element) => element.getAttribute('data-status'))).toEqual(['1', '4', '1']);
    expect(within(row('李小红')).getByTestId('approved-leave').textContent).toMatch(/请假 11\/19–11\/21/);
    await waitFor(() => expect(count('1')).toBe('出勤 2'));
    expect(count('4')).toBe('请假 1');
    expect(row('张小刚').getAttribute('data-status')).toBe('1');
    expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('none');
    expect(screen.getByText('未点名')).toBeTruthy();
    // the roll asked for is the URL's
    expect(JSON.parse(String(calls.find((call) => call.url.pathname === ROLL)!.init.body))).toEqual({ classId: CLASS_1, date: '2026-11-20' });
  });

  it('shows a leave the server left as present (older answer) as leave before the first roll', async () => {
    const roll = makeRoll();
    roll.entries[1] = { ...roll.entries[1], status: '1' };
    serve({ [ROLL]: ok(roll) });
    show();
    await screen.findByText('李小红');
    expect(row('李小红').getAttribute('data-status')).toBe('4');
  });

  it('marks a student absent with one tap and updates the counts; the remark opens on demand', async () => {
    serve({ [ROLL]: ok(makeRoll()) });
    show();
    await screen.findByText('王小明');
    await waitFor(() => expect(count('1')).toBe('出勤 2'));
    fireEvent.click(within(row('王小明')).getByRole('radio', { name: '缺勤' }));
    expect(row('王小明').getAttribute('data-status')).toBe('2');
    expect(within(row('王小明')).getByRole('radio', { name: '缺勤' }).getAttribute('aria-checked')).toBe('true');
    expect(count('1')).toBe('出勤 1');
    expect(count('2')).toBe('缺勤 1');
    expect(screen.getByText('有未提交的修改')).toBeTruthy();
    // remark: hidden until asked for
    expect(within(row('王小明')).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(row('王小明')).getByRole('button', { name: '备注' }));
    fireEvent.change(within(row('王小明')).getByRole('textbox', { name: '王小明 的备注' }), { target: { value: '发烧' } });
    expect(within(row('王小明')).getByRole('button', { name: '备注 ✓' })).toBeTruthy();
    // undo brings back the roll as it was
    fireEvent.click(screen.getByRole('button', { name: '撤销修改' }));
    expect(row('王小明').getAttribute('data-status')).toBe('1');
  });

  it("a student's statuses are one Tab stop (the chosen one); the arrow keys move to and choose the next or previous, wrapping", async () => {
    serve({ [ROLL]: ok(makeRoll()) });
    show();
    await screen.findByText('王小明');
    const radios = () => within(row('王小明')).getAllByRole('radio');
    expect(within(row('王小明')).getByRole('radiogroup', { name: '王小明 的考勤状态' })).toBeTruthy();
    expect(radios().map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    radios()[0].focus();
    fireEvent.keyDown(radios()[0], { key: 'ArrowRight' });
    expect(row('王小明').getAttribute('data-status')).toBe('2');
    expect(document.activeElement).toBe(radios()[1]);
    expect(radios().map((radio) => radio.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    fireEvent.keyDown(radios()[1], { key: 'ArrowDown' });
    expect(row('王小明').getAttribute('data-status')).toBe('3');
    fireEvent.keyDown(radios()[2], { key: 'ArrowLeft' });
    fireEvent.keyDown(radios()[1], { key: 'ArrowUp' });
    expect(row('王小明').getAttribute('data-status')).toBe('1');
    // ↑ on the first wraps to the last; the other students keep theirs
    fireEvent.keyDown(radios()[0], { key: 'ArrowUp' });
    expect(row('王小明').getAttribute('data-status')).toBe('9');
    expect(document.activeElement).toBe(radios()[4]);
    expect(row('张小刚').getAttribute('data-status')).toBe('1');
  });

  it('submits through the outbox: one entry, entity key, whole roll, base version; then shows it as waiting to sync', async () => {
    serve({ [ROLL]: ok(makeRoll({ version: 0 })) });
    const { unmount } = show();
    await screen.findByText('王小明');
    fireEvent.click(within(row('张小刚')).getByRole('radio', { name: '迟到' }));
    fireEvent.click(within(row('王小明')).getByRole('button', { name: '备注' }));
    fireEvent.change(within(row('王小明')).getByRole('textbox', { name: '王小明 的备注' }), { target: { value: '  早到  ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [entry] = await outbox();
    expect(entry.kind).toBe('attendance.submit');
    expect(entry.entityKey).toBe(`attendance:${CLASS_1}:2026-11-20`);
    expect(entry.baseVersion).toBe(0);
    expect(entry.state).toBe('pending');
    expect(entry.payload).toEqual({
      classId: CLASS_1,
      date: '2026-11-20',
      baseVersion: 0,
      entries: [
        { studentId: student(1), status: '1', remark: '早到' },
        { studentId: student(2), status: '4', remark: '' },
        { studentId: student(3), status: '3', remark: '' },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('pending'));
    expect(screen.getByText('待同步')).toBeTruthy();
    expect(row('张小刚').getAttribute('data-status')).toBe('3');
    // nothing changed since: submit waits for a change
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(true);

    // a reload (the server roll from the cache still says version 0): the queued roll is what shows
    unmount();
    show(TAKE);
    await screen.findByText('张小刚');
    await waitFor(() => expect(row('张小刚').getAttribute('data-status')).toBe('3'));
    expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('pending');
  });

  it('a correction of a queued roll is queued after it, from the same base version', async () => {
    serve({ [ROLL]: ok(makeRoll({ version: 2, takenAt: '2026-11-20T00:10:00.000Z', takenByName: '李明华' })) });
    show();
    await screen.findByText('王小明');
    fireEvent.click(within(row('王小明')).getByRole('radio', { name: '缺勤' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('pending'));
    fireEvent.click(within(row('王小明')).getByRole('radio', { name: '迟到' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const entries = await outbox();
    expect(entries.map((entry) => entry.baseVersion)).toEqual([2, 2]);
    // a correction carries only the students changed (so others' changes survive 'keep mine')
    expect(entries.map((entry) => entry.payload.entries)).toEqual([
      [{ studentId: student(1), status: '2', remark: '' }],
      [{ studentId: student(1), status: '3', remark: '' }],
    ]);
  });

  it('a reopened roll shows who submitted it and when, synced; submit waits for a correction', async () => {
    serve({ [ROLL]: ok(makeRoll({ version: 3, takenAt: '2026-11-20T00:10:00.000Z', takenByName: '李明华' })) });
    show();
    await screen.findByText('王小明');
    expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('synced');
    expect(screen.getByText('已同步')).toBeTruthy();
    expect(screen.getByTestId('roll-taken').textContent).toMatch(/^李明华 于 .+ 提交$/);
    const submit = screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(row('王小明')).getByRole('radio', { name: '其他' }));
    expect(submit.disabled).toBe(false);
  });

  it('lists the change history of a roll', async () => {
    const changes: AttendanceChange[] = [
      {
        studentId: student(1),
        studentName: '王小明',
        oldStatus: '1',
        newStatus: '2',
        oldRemark: '',
        newRemark: '发烧',
        changedByName: '赵主任',
        changedAt: '2026-11-20T02:00:00.000Z',
        version: 2,
      },
      { studentId: student(3), studentName: '张小刚', oldStatus: null, newStatus: '3', oldRemark: null, newRemark: '', changedByName: '李明华', changedAt: '2026-11-20T00:10:00.000Z', version: 1 },
      // everyone's default on the first roll: summed up, not listed
      { studentId: student(1), studentName: '王小明', oldStatus: null, newStatus: '1', oldRemark: null, newRemark: '', changedByName: '李明华', changedAt: '2026-11-20T00:10:00.000Z', version: 1 },
    ];
    serve({
      [ROLL]: ok(makeRoll({ version: 2, takenAt: '2026-11-20T02:00:00.000Z', takenByName: '赵主任' })),
      '/api/attendance/changes': ok(changes),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '修改记录' }));
    const dialog = await screen.findByTestId('roll-changes');
    const items = await within(dialog).findAllByTestId('roll-change');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toMatch(/王小明出勤→缺勤/);
    expect(items[0].textContent).toMatch(/备注：— → 发烧/);
    expect(items[0].textContent).toMatch(/赵主任 · .+ · 第 2 次提交/);
    expect(items[1].textContent).toMatch(/张小刚（首次）→迟到/);
    expect(within(dialog).getByTestId('roll-change-routine').textContent).toBe('另有 1 人首次点名记为出勤');
    const body = JSON.parse(String(calls.find((call) => call.url.pathname === '/api/attendance/changes')!.init.body));
    expect(body).toEqual({ classId: CLASS_1, date: '2026-11-20' });
  });

  it.each([
    ['future date', 40000, '不能为未来的日期点名'],
    ['outside the semester', 40000, '2026-08-01 不在本学期内'],
    ['not your class', 40300, '您不是该班级的任课教师'],
  ])('shows the server refusal (%s)', async (_case, code, msg) => {
    serve({ [ROLL]: fail(code, msg) });
    show();
    const alert = await screen.findByTestId('roll-error');
    expect(alert.textContent).toContain(msg);
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('asks before leaving unsubmitted marks', async () => {
    serve({ [ROLL]: ok(makeRoll()) });
    const { router } = show();
    await screen.findByText('王小明');
    fireEvent.click(within(row('王小明')).getByRole('radio', { name: '缺勤' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    act(() => void router.navigate({ to: '/', search: { leave: 1 } as never }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(router.state.location.search).toEqual({});
    act(() => void router.navigate({ to: '/', search: { leave: 2 } as never }));
    await waitFor(() => expect(router.state.location.search).toEqual({ leave: 2 }));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('no future day in the date picker; another day goes through the route', async () => {
    serve({ [ROLL]: ok(makeRoll()) });
    const { onDateChange } = show();
    const input = (await screen.findByLabelText('日期')) as HTMLInputElement;
    expect(input.max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(input, { target: { value: '2026-11-18' } });
    expect(onDateChange).toHaveBeenCalledWith('2026-11-18');
  });

  it('shows a conflict and a failure with the reason, pointing at the pending panel', async () => {
    serve({ [ROLL]: ok(makeRoll({ version: 1, takenAt: '2026-11-20T00:10:00.000Z', takenByName: '李明华' })) });
    const payload: AttendanceSubmitRequest = {
      classId: CLASS_1,
      date: '2026-11-20',
      baseVersion: 1,
      entries: [{ studentId: student(1), status: '2', remark: '' }],
    };
    const base = { kind: 'attendance.submit', entityKey: `attendance:${CLASS_1}:2026-11-20`, payload, baseVersion: 1, attempts: 1, serverData: null, nextAttemptAt: 0 };
    await currentDb()!.outbox.add({ ...base, opId: '01900000-0000-7000-8000-00000000e001', createdAt: 1, state: 'conflict', lastError: { code: 40900, msg: '冲突' } });
    show();
    await waitFor(() => expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('conflict'));
    expect(screen.getByText('冲突')).toBeTruthy();
    // the link opens the pending panel, where the conflict is decided
    fireEvent.click(screen.getByRole('button', { name: '打开待同步面板' }));
    const panel = await screen.findByTestId('outbox-panel');
    await within(panel).findByText(/学生考勤：/);
    fireEvent.keyDown(panel, { key: 'Escape' });
    // the teacher's queued values are what the roll shows
    expect(row('王小明').getAttribute('data-status')).toBe('2');

    await act(async () => {
      await currentDb()!.outbox.update('01900000-0000-7000-8000-00000000e001', { state: 'failed', lastError: { code: 40300, msg: '您不是该班级的任课教师' } });
    });
    await waitFor(() => expect(screen.getByTestId('sync-state').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('您不是该班级的任课教师')).toBeTruthy();
  });

  it('is read-only without xskq_add', async () => {
    serve({ [ROLL]: ok(makeRoll()) });
    show(['xskq']);
    await screen.findByText('王小明');
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
    expect((within(row('王小明')).getByRole('radio', { name: '缺勤' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks English', async () => {
    i18n.activate('en');
    serve({ [ROLL]: ok(makeRoll({ version: 1, takenAt: '2026-11-20T00:10:00.000Z', takenByName: 'Li' })) });
    show();
    await screen.findByText('王小明');
    await within(row('王小明')).findByRole('radio', { name: 'Absent' });
    fireEvent.click(within(row('王小明')).getByRole('radio', { name: 'Absent' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByText('Synced')).toBeTruthy();
    expect(count('2')).toBe('Absent 1');
    expect(screen.getByRole('button', { name: 'Change history' })).toBeTruthy();
    expect(within(row('李小红')).getByTestId('approved-leave').textContent).toMatch(/^Leave /);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Grade 7 Class 1');
    expect(screen.getByTestId('roll-state').textContent).toContain('2026-2027 Semester 1 · ');
  });
});
