import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLogPage, AppLogRow } from '../../../../contracts/app-logs';
import { setConfig } from '../../../lib/config';
import { fakeFetch, ok, renderScreen } from '../../../test/render';
import { LogsScreen } from './LogsScreen';

const row = (n: number, over: Partial<AppLogRow> = {}): AppLogRow => ({
  id: `01900000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
  at: `2026-11-21T0${n % 10}:00:00.000Z`,
  userId: '01900000-0000-7000-8000-0000000000aa',
  userName: '王老师',
  account: 'teacher',
  url: `/api/exams/list`,
  ip: '10.0.0.1',
  method: 'POST',
  handler: '/api/exams/list',
  params: '{"body":{"limit":10}}',
  durationMs: 12,
  module: 'exams',
  moduleName: { zh: '考试批次', en: 'Exam batches' },
  operation: 'lists exams',
  operationName: { zh: '查询考试批次', en: 'Search exam batches' },
  kind: 'read',
  target: null,
  clientType: 'pc',
  errorCode: null,
  errorMessage: null,
  systemName: 'xiaowu',
  ...over,
});

const page = (rows: AppLogRow[], over: Partial<AppLogPage> = {}): AppLogPage => ({
  rows,
  total: null,
  totalCapped: false,
  firstCursor: rows.length ? `1000_${rows[0]!.id}` : null,
  lastCursor: rows.length ? `999_${rows[rows.length - 1]!.id}` : null,
  hasNext: true,
  hasPrev: false,
  ...over,
});

const bodies = (calls: { url: URL; init: RequestInit }[], path: string) =>
  calls.filter((c) => c.url.pathname === path).map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);

describe('LogsScreen', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.activate('zh');
  });

  it('lists today’s calls with name and account, a capped total, next page by cursor; the detail shows the whole call', async () => {
    const failed = row(2, { errorCode: 40300, errorMessage: '没有权限', params: '{"body":{"search":"x"}}' });
    const fake = fakeFetch({
      '/api/app-logs/options': ok({ modules: [{ value: 'exams', zh: '考试批次', en: 'Exam batches' }], handlers: ['/api/exams/list'], systemNames: ['xiaowu'] }),
      '/api/app-logs/list': (init) => {
        const body = JSON.parse(String(init.body)) as { count: boolean };
        return ok(body.count ? page([], { total: 10_000, totalCapped: true }) : page([row(1), failed]));
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderScreen(<LogsScreen search={{}} onSearchChange={onSearchChange} />, { permissions: ['system_log'] });
    const rows = await screen.findAllByTestId('log-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('log-user-name').textContent).toBe('王老师');
    expect(within(rows[0]!).getByTestId('log-user-account').textContent).toBe('teacher');
    expect(rows[1]!.getAttribute('data-failed')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('keyset-pager-total').textContent).toBe('超过 10000 条（只计到 10000 条）'));
    // today in school time, both ends
    const sent = bodies(fake.calls, '/api/app-logs/list')[0]!;
    const filter = JSON.parse(String(sent.search)) as Record<string, string>;
    expect(filter.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filter.to).toBe(filter.from);
    // no export without system_log_export
    expect(screen.queryByTestId('log-export')).toBeNull();

    fireEvent.click(screen.getByTestId('keyset-next'));
    expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ cursor: `999_${failed.id}`, dir: 'next', page: 1, from: filter.from }));

    fireEvent.click(within(rows[1]!).getByTestId('log-detail-open'));
    const detail = await screen.findByTestId('log-detail');
    expect(within(detail).getByTestId('log-detail-status').textContent).toBe('异常 40300');
    expect(within(detail).getByTestId('log-detail-error').textContent).toBe('没有权限');
    expect(within(detail).getByTestId('log-detail-user').textContent).toBe('王老师（teacher）');
    expect(within(detail).getByTestId('log-detail-params').textContent).toContain('"search": "x"');
  });

  const reset = row(3, {
    url: '/api/users/reset-password',
    handler: '/api/users/reset-password',
    module: 'users',
    moduleName: { zh: '用户管理', en: 'Users' },
    operationName: { zh: '重置密码', en: 'Reset password' },
    kind: 'change',
    target: '黄涛建 (201812102)',
  });
  const auditFetch = () =>
    fakeFetch({
      '/api/app-logs/options': ok({ modules: [{ value: 'users', zh: '用户管理', en: 'Users' }, { value: 'applog', zh: '用户日志', en: 'User logs' }], handlers: [], systemNames: [] }),
      '/api/app-logs/list': ok(page([reset], { total: 1 })),
    });

  it('the 操作 column names the operation and its target; modules are filtered by name; reads are asked for with the switch', async () => {
    const fake = auditFetch();
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderScreen(<LogsScreen search={{ operation: '重置密码' }} onSearchChange={onSearchChange} />, { permissions: ['system_log'] });
    const [shown] = await screen.findAllByTestId('log-row');
    expect(within(shown!).getByTestId('log-operation').textContent).toBe('重置密码：黄涛建 (201812102)');
    expect(JSON.parse(String(bodies(fake.calls, '/api/app-logs/list')[0]!.search))).toMatchObject({ operation: '重置密码' });
    await waitFor(() => expect(within(screen.getByTestId('log-module')).getByRole('option', { name: '用户管理' })).toBeTruthy());
    expect(within(screen.getByTestId('log-module')).queryByRole('option', { name: 'users' })).toBeNull();

    const readsSwitch = screen.getByRole('switch');
    expect(readsSwitch.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(readsSwitch);
    expect(onSearchChange).toHaveBeenCalledWith(expect.objectContaining({ reads: '1', operation: '重置密码' }));
  });

  it('in English the operation, its target and the modules are English', async () => {
    i18n.activate('en');
    vi.stubGlobal('fetch', vi.fn(auditFetch().impl));
    renderScreen(<LogsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_log'] });
    const [shown] = await screen.findAllByTestId('log-row');
    expect(within(shown!).getByTestId('log-operation').textContent).toBe('Reset password: 黄涛建 (201812102)');
    await waitFor(() => expect(within(screen.getByTestId('log-module')).getByRole('option', { name: 'User logs' })).toBeTruthy());
  });

  it('refuses a bad filter with the server’s words and sends nothing new; a good one goes to the URL without the cursor', async () => {
    const fake = fakeFetch({
      '/api/app-logs/options': ok({ modules: [], handlers: [], systemNames: [] }),
      '/api/app-logs/list': ok(page([row(1)], { total: 1 })),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderScreen(<LogsScreen search={{ cursor: `5_${row(1).id}`, dir: 'next', page: 3 }} onSearchChange={onSearchChange} />, { permissions: ['system_log', 'system_log_export'] });
    await screen.findAllByTestId('log-row');
    expect(screen.getByTestId('keyset-page').textContent).toBe('第 4 页');
    expect(screen.getByTestId('log-export')).toBeTruthy();

    fireEvent.change(screen.getByTestId('log-ip'), { target: { value: '10.0.*.1' } });
    fireEvent.change(screen.getByTestId('log-duration'), { target: { value: '-5' } });
    fireEvent.submit(screen.getByRole('search'));
    const issues = await screen.findByTestId('log-filter-issues');
    expect(issues.textContent).toContain('IP只能包含数字、字母 a-f、点和冒号，前缀查询以 * 结尾');
    expect(issues.textContent).toContain('耗时必须是 0 到 3600000 之间的整数（毫秒）');
    expect(onSearchChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('log-ip'), { target: { value: '10.0.*' } });
    fireEvent.change(screen.getByTestId('log-duration'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('log-url-filter'), { target: { value: '/api/exams' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledTimes(1));
    const next = onSearchChange.mock.calls[0]![0] as Record<string, unknown>;
    expect(next).toMatchObject({ ip: '10.0.*', minDuration: 500, url: '/api/exams' });
    expect(next.cursor).toBeUndefined();
    expect(next.page).toBeUndefined();
    expect(screen.queryByTestId('log-filter-issues')).toBeNull();
  });
});
