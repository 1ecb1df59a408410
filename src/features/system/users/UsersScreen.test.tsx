import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserOptions } from '../../../../contracts/users';
import { setConfig } from '../../../lib/config';
import { fail, fakeFetch, ok, renderScreen } from '../../../test/render';
import { URLS } from './api';
import { UsersScreen } from './UsersScreen';
import { recordNotices } from '../../../test/notices';
import { userRow } from './test-support';

let notified: string[];

const options: UserOptions = { campuses: [], roles: [], orgUnits: [] };

const rows = [userRow({}), userRow({ id: '01900000-0000-7000-8000-000000000002', username: 'T1002', name: '李老师', accountInitializedAt: '2026-11-01T08:00:00+08:00' })];
const ALL = ['system_user', 'system_user_add', 'system_user_edit', 'system_user_delete', 'system_user_init', 'system_user_reset_pwd', 'system_user_export'];
const bodiesOf = (fake: ReturnType<typeof fakeFetch>, path: string) =>
  fake.calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

describe('用户管理 screen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices().all;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('搜索 puts every field in the URL, the 账号初始化 filter included, and the list asks the server with it', async () => {
    const fake = fakeFetch({ '/api/users/list': ok({ total: 2, rows }), '/api/users/options': ok(options) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSearchChange = vi.fn();
    renderScreen(<UsersScreen search={{ initialized: '0', size: 20 }} onSearchChange={onSearchChange} />, { permissions: ALL });
    await screen.findAllByTestId('user-row');
    expect((screen.getByTestId('user-search-initialized') as HTMLSelectElement).value).toBe('0');
    expect(JSON.parse(String(bodiesOf(fake, '/api/users/list')[0].search))).toEqual({ initialized: '0' });

    fireEvent.change(screen.getByTestId('user-search-keyword'), { target: { value: ' 王 ' } });
    fireEvent.change(screen.getByTestId('user-search-type'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('user-search-initialized'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(onSearchChange).toHaveBeenCalled());
    expect(onSearchChange).toHaveBeenLastCalledWith({ size: 20, keyword: '王', userType: '3', initialized: '1' });
  });

  it('初始化全部查询结果: the confirm gives the server’s numbers, skips initialised accounts unless ticked, and sends the flag', async () => {
    const fake = fakeFetch({
      '/api/users/list': ok({ total: 2, rows }),
      '/api/users/options': ok(options),
      '/api/users/init-preview': ok({ fresh: 1, initialized: 1, max: 500 }),
      '/api/users/initialize': ok({ rows: [], counts: { created: 1, reset: 0, skipped: 0, failed: 0 } }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<UsersScreen search={{ keyword: '老师' }} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findAllByTestId('user-row');
    expect(screen.getByTestId('user-init-bulk').textContent).toBe('初始化全部查询结果');

    fireEvent.click(screen.getByTestId('user-init-bulk'));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByTestId('user-init-fresh')).toHaveProperty('textContent', '将为 1 人创建账号。');
    expect(within(dialog).getByTestId('user-init-reset').textContent).toBe('跳过 1 个已初始化的账号。');
    expect(bodiesOf(fake, '/api/users/init-preview')).toEqual([{ all: true, search: JSON.stringify({ keyword: '老师' }) }]);
    fireEvent.click(within(dialog).getByRole('button', { name: '初始化' }));
    await waitFor(() => expect(bodiesOf(fake, '/api/users/initialize')).toHaveLength(1));
    expect(bodiesOf(fake, '/api/users/initialize')[0]).toEqual({ all: true, search: JSON.stringify({ keyword: '老师' }), includeInitialized: false });

    // ticking 同时重置已初始化的账号 says so in red and sends the flag
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByTestId('user-init-bulk'));
    const again = await screen.findByRole('alertdialog');
    await within(again).findByTestId('user-init-fresh');
    fireEvent.click(within(again).getByLabelText('同时重置已初始化的账号'));
    expect(within(again).getByTestId('user-init-reset').textContent).toBe('将重置 1 个已初始化的账号：原密码作废，需重新登录。');
    fireEvent.click(within(again).getByRole('button', { name: '初始化' }));
    await waitFor(() => expect(bodiesOf(fake, '/api/users/initialize')).toHaveLength(2));
    expect(bodiesOf(fake, '/api/users/initialize')[1]).toMatchObject({ includeInitialized: true });
  });

  it('says when the run is above the maximum', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ '/api/users/list': ok({ total: 900, rows }), '/api/users/options': ok(options), '/api/users/init-preview': ok({ fresh: 900, initialized: 0, max: 500 }) }).impl),
    );
    renderScreen(<UsersScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await screen.findAllByTestId('user-row');
    fireEvent.click(screen.getByTestId('user-init-bulk'));
    const dialog = await screen.findByRole('alertdialog');
    expect((await within(dialog).findByTestId('user-init-too-many')).textContent).toBe('一次最多初始化 500 人，请缩小查询范围（如按组织机构、用户类型筛选）。');
  });

  it('a refused save keeps the drawer and what was typed, with the server’s words', async () => {
    const fake = fakeFetch({
      '/api/users/list': ok({ total: 2, rows }),
      '/api/users/options': ok(options),
      '/api/users/save': fail(40900, '该用户已被他人修改，请刷新后重试'),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<UsersScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    const [first] = await screen.findAllByTestId('user-row');
    fireEvent.click(within(first).getByTestId('user-edit'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByTestId('user-form-name'), { target: { value: '王老师改' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(fake, '/api/users/save')).toHaveLength(1));
    expect(await screen.findByText('该用户已被他人修改，请刷新后重试')).toBeTruthy();
    expect(screen.getByTestId('user-form')).toBeTruthy();
    expect((screen.getByTestId('user-form-name') as HTMLInputElement).value).toBe('王老师改');
  });

  it('停用 asks first and names the person; cancelling sends nothing; 启用 needs no confirm', async () => {
    const off = userRow({ id: '01900000-0000-7000-8000-000000000003', username: 'T1003', name: '赵老师', enabled: false });
    const fake = fakeFetch({ '/api/users/list': ok({ total: 2, rows: [rows[0]!, off] }), '/api/users/options': ok(options), [URLS.enable]: ok(null) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<UsersScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    const [first, second] = await screen.findAllByTestId('user-row');
    const toggle = (tr: HTMLElement) => within(tr).getByTestId('user-toggle');
    expect(toggle(first!).textContent).toBe('停用');
    expect(toggle(second!).textContent).toBe('启用');

    fireEvent.click(toggle(first!));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('停用账号');
    expect(dialog.textContent).toContain('停用后，王老师（T1001）将被退出登录且无法再登录。是否继续?');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesOf(fake, URLS.enable)).toEqual([]);

    fireEvent.click(toggle(first!));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(notified).toContain('已停用'));
    expect(bodiesOf(fake, URLS.enable)).toEqual([{ ids: [rows[0]!.id], enabled: false }]);

    fireEvent.click(toggle(second!));
    await waitFor(() => expect(notified).toContain('已启用'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bodiesOf(fake, URLS.enable)).toEqual([{ ids: [rows[0]!.id], enabled: false }, { ids: [off.id], enabled: true }]);
  });
});
