import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceHistoryRow } from '../../../contracts/attendance';
import { setConfig } from '../../lib/config';
import { fakeFetch, ok, type FakeResponse } from '../../test/render';
import { HistoryScreen } from './HistoryScreen';
import { attendanceHistorySearchParams, compactHistorySearch, historyFiltersOf, type AttendanceHistoryParams } from './search';
import { CLASS_1, CLASS_2, makeClass, renderScreen, STATUS_DICT, student } from './test-support';

const HISTORY = '/api/attendance/history';
const EXPORT = '/api/attendance/export';

const historyRow = (over: Partial<AttendanceHistoryRow> = {}): AttendanceHistoryRow => ({
  date: '2026-11-19',
  classId: CLASS_1,
  className: '七年级(1)班',
  classNameEn: 'Grade 7 Class 1',
  studentId: student(1),
  studentName: '王小明',
  studentNo: '2026001',
  status: '2',
  remark: '发烧',
  takenByName: '李明华',
  takenAt: '2026-11-19T00:10:00.000Z',
  ...over,
});

describe('history search params', () => {
  it('keeps valid values and drops bad ones', () => {
    expect(
      attendanceHistorySearchParams({ classId: CLASS_1, from: '2026-11-01', to: '2026-11-20', status: '2', page: '1', size: '20', view: 'summary', x: 'y' }),
    ).toEqual({ classId: CLASS_1, from: '2026-11-01', to: '2026-11-20', status: '2', page: 1, size: 20, view: 'summary' });
    expect(attendanceHistorySearchParams({ classId: 'x', from: '2026-13-01', to: '20261120', status: "1' or 1", page: '-1', size: '15', view: 'x' })).toEqual({});
    expect(attendanceHistorySearchParams({ status: 2 })).toEqual({ status: '2' });
  });

  it('fills the range: the last 30 days up to today unless chosen', () => {
    expect(historyFiltersOf({ classId: CLASS_1 }, '2026-11-20')).toEqual({ classId: CLASS_1, from: '2026-10-22', to: '2026-11-20', status: '' });
    expect(historyFiltersOf({ studentId: student(1), from: '2026-09-01', to: '2026-09-30', status: '3' }, '2026-11-20')).toEqual({
      studentId: student(1),
      from: '2026-09-01',
      to: '2026-09-30',
      status: '3',
    });
  });

  it('leaves defaults out of the URL', () => {
    expect(compactHistorySearch({ classId: CLASS_1, status: '', page: 0, size: 10 })).toEqual({
      classId: CLASS_1,
      studentId: undefined,
      from: undefined,
      to: undefined,
      status: undefined,
      page: undefined,
      size: undefined,
      view: undefined,
    });
  });
});

describe('HistoryScreen', () => {
  let calls: { url: URL; init: RequestInit }[];
  const serve = (routes: Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>) => {
    const fake = fakeFetch({
      '/dicts': ok({ STD_XSKQ_ZT: STATUS_DICT }),
      '/api/attendance/classes': ok([makeClass(), makeClass({ classId: CLASS_2, className: '七年级(2)班' })]),
      ...routes,
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    calls = fake.calls;
  };
  const lastBody = (path: string) => JSON.parse(String(calls.filter((call) => call.url.pathname === path).at(-1)!.init.body));
  const show = (search: AttendanceHistoryParams, permissions = ['xskq']) => {
    const onSearchChange = vi.fn();
    renderScreen(<HistoryScreen search={search} onSearchChange={onSearchChange} />, { permissions });
    return onSearchChange;
  };

  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for what the URL says (table A) and lists the rows', async () => {
    serve({ [HISTORY]: ok({ total: 31, rows: [historyRow(), historyRow({ date: '2026-11-18', status: '3', remark: '' })] }) });
    show({ classId: CLASS_1, from: '2026-11-01', to: '2026-11-19', status: '2', page: 1, size: 20 });
    const table = await screen.findByTestId('history-table');
    await within(table).findAllByText('王小明');
    const body = lastBody(HISTORY);
    expect(body).toMatchObject({ currPage: 1, limit: 20 });
    expect(JSON.parse(body.search)).toEqual({ classId: CLASS_1, from: '2026-11-01', to: '2026-11-19', status: '2' });
    const rows = within(table).getAllByTestId('history-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['2', '3']);
    await within(rows[0]).findByText('缺勤');
    expect(screen.getByText('共 31 条')).toBeTruthy();
    // the form shows the URL's filters
    expect((screen.getByLabelText('开始日期') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('结束日期') as HTMLInputElement).value).toBe('2026-11-19');
    await waitFor(() => expect((screen.getByLabelText('班级') as HTMLSelectElement).value).toBe(CLASS_1));
  });

  it('searches with the form: filters into the URL, first page; a student name narrows to that student', async () => {
    serve({ [HISTORY]: ok({ total: 1, rows: [historyRow()] }) });
    const onSearchChange = show({ classId: CLASS_1, page: 2, size: 50 });
    await screen.findByRole('option', { name: '七年级(2)班' });
    fireEvent.change(screen.getByLabelText('班级'), { target: { value: CLASS_2 } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-09-30' } });
    await screen.findByRole('option', { name: '迟到' });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearchChange).toHaveBeenLastCalledWith(
      { classId: CLASS_2, studentId: undefined, from: '2026-09-01', to: '2026-09-30', status: '3', page: undefined, size: 50, view: undefined },
      undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: /王小明/ }));
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ classId: CLASS_1, studentId: student(1), page: undefined }));
  });

  it('refuses a reversed range without asking the server', async () => {
    serve({ [HISTORY]: ok({ total: 0, rows: [] }) });
    const onSearchChange = show({ classId: CLASS_1 });
    await screen.findByText('暂无数据');
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(screen.getByText('开始日期不能晚于结束日期')).toBeTruthy();
    expect(onSearchChange).not.toHaveBeenCalled();
  });

  it("opens a teacher's first class when the URL names none; a manager chooses", async () => {
    serve({});
    const onSearchChange = show({ status: '2' });
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ classId: CLASS_1, status: '2' }), { replace: true }));
    expect(calls.some((call) => call.url.pathname === HISTORY)).toBe(false);
  });

  it('asks a manager for a class first when the URL names none', async () => {
    serve({ '/api/attendance/classes': ok([makeClass({ duties: [] }), makeClass({ classId: CLASS_2, className: '七年级(2)班', duties: [] })]) });
    const onSearchChange = show({}, ['xskq', 'xskq_manage']);
    expect(await screen.findByTestId('history-choose-class')).toBeTruthy();
    await screen.findByRole('option', { name: '七年级(2)班' });
    expect(onSearchChange).not.toHaveBeenCalled();
    expect(calls.some((call) => call.url.pathname === HISTORY)).toBe(false);
  });

  it('exports to Excel through the download client, only with xskq_export', async () => {
    serve({
      [HISTORY]: ok({ total: 1, rows: [historyRow()] }),
      [EXPORT]: {
        body: 'xlsx-bytes',
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': "attachment; filename*=UTF-8''kq.xlsx" },
      },
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    show({ studentId: student(1), from: '2026-11-01', to: '2026-11-19' }, ['xskq', 'xskq_export']);
    fireEvent.click(await screen.findByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === EXPORT)).toBe(true));
    const call = calls.find((entry) => entry.url.pathname === EXPORT)!;
    expect(call.init.method).toBe('POST');
    expect(new Headers(call.init.headers).get('X-File-Request')).toBe('1');
    expect(JSON.parse(String(call.init.body))).toEqual({ studentId: student(1), from: '2026-11-01', to: '2026-11-19', status: '' });
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it("sums a class up per student (view=summary in the URL); a name opens that student's days", async () => {
    serve({
      '/api/attendance/summary': ok({
        days: 18,
        rows: [
          { studentId: student(1), studentName: '王小明', studentNo: '2026001', counts: { '1': 15, '2': 2, '3': 1 } },
          { studentId: student(2), studentName: '李小红', studentNo: '2026002', counts: { '1': 16, '4': 2 } },
        ],
      }),
    });
    const onSearchChange = show({ classId: CLASS_1, from: '2026-10-01', to: '2026-10-31', view: 'summary' });
    const rows = await screen.findAllByTestId('summary-row');
    expect(lastBody('/api/attendance/summary')).toEqual({ classId: CLASS_1, from: '2026-10-01', to: '2026-10-31' });
    expect(calls.some((call) => call.url.pathname === HISTORY)).toBe(false);
    expect(screen.getByText('共 18 个点名日，2 名学生')).toBeTruthy();
    await waitFor(() => expect(rows[0].textContent).toBe('王小明2026001152100'));
    fireEvent.click(within(rows[1]).getByRole('button', { name: /李小红/ }));
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ classId: CLASS_1, studentId: student(2), view: undefined }), undefined);
    fireEvent.click(screen.getByRole('button', { name: '明细' }));
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ classId: CLASS_1, view: undefined }), undefined);
  });

  it('switches to the summary through the URL', async () => {
    serve({ [HISTORY]: ok({ total: 0, rows: [] }) });
    const onSearchChange = show({ classId: CLASS_1, page: 3 });
    await screen.findByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: '按学生汇总' }));
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ classId: CLASS_1, view: 'summary', page: undefined }), undefined);
  });

  it('shows no export button without xskq_export', async () => {
    serve({ [HISTORY]: ok({ total: 0, rows: [] }) });
    show({ classId: CLASS_1 });
    await screen.findByText('暂无数据');
    expect(screen.queryByRole('button', { name: '导出 Excel' })).toBeNull();
  });

  it('speaks English', async () => {
    i18n.activate('en');
    serve({ [HISTORY]: ok({ total: 1, rows: [historyRow()] }) });
    show({ classId: CLASS_1 }, ['xskq', 'xskq_export']);
    expect(await screen.findByRole('heading', { name: 'Attendance history' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeTruthy();
    const table = await screen.findByTestId('history-table');
    await within(table).findByText('Absent');
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();
  });
});
