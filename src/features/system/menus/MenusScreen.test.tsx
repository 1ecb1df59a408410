import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuAdminNode } from '../../../../contracts/menu-admin';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderScreen } from '../../../test/render';
import { MenusScreen } from './MenusScreen';
import { recordNotices, type Notices } from '../../../test/notices';

let notified: Notices;

const node = (over: Partial<MenuAdminNode>): MenuAdminNode => ({
  id: '01900000-0000-7000-8000-000000000001',
  parentId: null,
  type: 'directory',
  menuname: '系统管理',
  menuNameEng: 'System',
  menuurl: '',
  icon: 'setting',
  sort: 10,
  hidden: false,
  alwaysShow: false,
  perms: ['system'],
  cdwz: 'left',
  sfswsy: '0',
  sfzdy: '0',
  zdycs: '',
  roleCount: 1,
  version: 1,
  children: [],
  ...over,
});
const button = node({ id: '01900000-0000-7000-8000-000000000003', parentId: '01900000-0000-7000-8000-000000000002', type: 'button', menuname: '新增', menuNameEng: 'Add', icon: '', perms: ['system_menu_add'] });
const menu = node({ id: '01900000-0000-7000-8000-000000000002', parentId: '01900000-0000-7000-8000-000000000001', type: 'menu', menuname: '菜单管理', menuNameEng: 'Menus', menuurl: '/system/menu', perms: ['system_menu'], children: [button] });
const other = node({ id: '01900000-0000-7000-8000-000000000004', menuname: '教学管理', menuNameEng: 'Teaching', icon: 'book', perms: [], cdwz: 'top', hidden: true });
const tree = [node({ children: [menu] }), other];
const ALL = ['system_menu', 'system_menu_add', 'system_menu_edit', 'system_menu_delete'];
const names = () => screen.getAllByTestId('menu-name').map((cell) => cell.textContent);

describe('MenusScreen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree with type, address, permission values, placement, hidden; the search keeps ancestors', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/menu-admin/tree': ok(tree) }).impl));
    const view = renderScreen(<MenusScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toEqual(['系统管理', '菜单管理', '教学管理']));
    // buttons start folded under their menu
    fireEvent.click(screen.getByRole('button', { name: '展开 菜单管理' }));
    expect(names()).toEqual(['系统管理', '菜单管理', '新增', '教学管理']);
    const rows = screen.getAllByTestId('menu-row');
    expect(within(rows[1]!).getByTestId('menu-type').textContent).toBe('菜单');
    expect(within(rows[1]!).getByTestId('menu-url').textContent).toBe('/system/menu');
    expect(within(rows[2]!).getByTestId('menu-perms').textContent).toBe('system_menu_add');
    expect(within(rows[3]!).getByTestId('menu-hidden').textContent).toBe('隐藏');
    expect(rows[3]!.textContent).toContain('顶部');
    expect(screen.getAllByTestId('tree-handle')).toHaveLength(4);
    view.unmount();
    renderScreen(<MenusScreen search={{ keyword: 'system_menu_add' }} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toEqual(['系统管理', '菜单管理', '新增']));
    // no dragging while filtered
    expect(screen.queryByTestId('tree-handle')).toBeNull();
  });

  it('without edit permission: no handles, no buttons', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/menu-admin/tree': ok(tree) }).impl));
    renderScreen(<MenusScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ['system_menu'] });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByTestId('tree-handle')).toBeNull();
    expect(screen.queryByTestId('menu-add')).toBeNull();
    expect(screen.queryByTestId('menu-edit')).toBeNull();
  });

  it('adds a child: rules show as typed in the server’s words; a refused save keeps the input; a saved one offers 刷新菜单', async () => {
    let attempts = 0;
    const fake = fakeFetch({
      '/api/menu-admin/tree': ok(tree),
      '/api/menu-admin/save': () => (++attempts === 1 ? fail(40000, '服务器拒绝') : ok({ id: 'new', version: 1 })),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<MenusScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '新增下级：系统管理' }));
    const form = await screen.findByTestId('menu-form');
    expect((within(form).getByTestId('menu-form-type') as HTMLSelectElement).value).toBe('menu');
    expect((within(form).getByTestId('menu-form-parent') as HTMLSelectElement).value).toBe(tree[0]!.id);
    fireEvent.change(within(form).getByTestId('menu-form-url'), { target: { value: 'bad url' } });
    expect(within(form).getByText('路由地址须以/开头，只能包含字母、数字、下划线、短横线和/，不超过200个字符')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('menu-form-url'), { target: { value: '/demo/page' } });
    fireEvent.change(within(form).getByTestId('menu-form-perms'), { target: { value: 'demo_page, 1bad' } });
    expect(within(form).getByText('权限值“1bad”无效：须以字母开头，只能包含字母、数字和下划线')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('menu-form-perms'), { target: { value: 'demo_page, demo_x' } });
    fireEvent.change(within(form).getByTestId('menu-form-icon'), { target: { value: 'chart' } });
    expect(within(form).getByTestId('menu-form-icon-preview').getAttribute('data-icon')).toBe('chart');
    // save with the name missing: refused in the form, nothing sent
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入菜单名称')).toBeTruthy();
    expect(attempts).toBe(0);
    fireEvent.change(within(form).getByTestId('menu-form-name'), { target: { value: '演示页' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await within(form).findByTestId('menu-form-error')).textContent).toBe('服务器拒绝');
    expect((within(form).getByTestId('menu-form-name') as HTMLInputElement).value).toBe('演示页');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByTestId('menu-form')).toBeNull());
    const sent = JSON.parse(String(fake.calls.filter((call) => call.url.pathname === '/api/menu-admin/save').at(-1)!.init.body));
    expect(sent).toMatchObject({ parentId: tree[0]!.id, type: 'menu', menuname: '演示页', menuurl: '/demo/page', icon: 'chart', perms: ['demo_page', 'demo_x'], sfzdy: '0', zdycs: '' });
    expect(sent.id).toBeUndefined();
    expect(notified.success).toContain('保存成功');
    expect(screen.getByTestId('menu-refresh-hint').textContent).toContain('刷新菜单');
    expect(screen.getByTestId('menu-refresh-now')).toBeTruthy();
  });

  it('edits with the version; a custom page needs its parameter; delete asks with the SPEC words and shows a refusal', async () => {
    const fake = fakeFetch({ '/api/menu-admin/tree': ok(tree), '/api/menu-admin/save': ok({ id: menu.id, version: 2 }), '/api/menu-admin/delete': fail(40900, '“教学管理”下还有1个子菜单或按钮，请先删除或移走它们') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<MenusScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '编辑：菜单管理' }));
    const form = await screen.findByTestId('menu-form');
    expect((within(form).getByTestId('menu-form-name') as HTMLInputElement).value).toBe('菜单管理');
    // a seeded 系统管理 row: says what it keeps; place, type, address and visibility cannot change here
    expect(within(form).getByTestId('menu-form-protected').textContent).toContain('system_menu');
    expect((within(form).getByTestId('menu-form-parent') as HTMLSelectElement).disabled).toBe(true);
    expect((within(form).getByTestId('menu-form-type') as HTMLSelectElement).disabled).toBe(true);
    expect((within(form).getByTestId('menu-form-url') as HTMLInputElement).readOnly).toBe(true);
    expect((within(form).getByRole('switch', { name: '隐藏' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('switch', { name: '自定义页面' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('自定义页面须填写自定义参数')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('menu-form-param'), { target: { value: 'id=1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByTestId('menu-form')).toBeNull());
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/menu-admin/save')!.init.body));
    expect(sent).toMatchObject({ id: menu.id, version: 1, sfzdy: '1', zdycs: 'id=1' });

    // the seeded 系统管理 rows cannot be deleted (greyed out, with why); an ordinary row asks
    const locked = await screen.findByRole('button', { name: '删除：系统管理' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(locked.getAttribute('title')).toBe('系统管理的基本菜单不能删除');
    fireEvent.click(screen.getByRole('button', { name: '删除：教学管理' }));
    expect(await screen.findByText('此操作将永久删除所选数据, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(notified.info).toContain('已取消删除操作');
    fireEvent.click(await screen.findByRole('button', { name: '删除：教学管理' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified.warning).toContain('“教学管理”下还有1个子菜单或按钮，请先删除或移走它们')); // SPEC §8: a failed delete is a warning
  });
});
