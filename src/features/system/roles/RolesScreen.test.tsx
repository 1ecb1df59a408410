import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleCategoryRow, RoleMemberRow, RoleRow } from '../../../../contracts/roles';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderScreen } from '../../../test/render';
import { CategoriesScreen } from './CategoriesScreen';
import { RolesScreen } from './RolesScreen';
import { recordNotices, type Notices } from '../../../test/notices';

let notified: Notices;

const role = (over: Partial<RoleRow>): RoleRow => ({
  id: '01900000-0000-7000-8000-000000000001',
  code: 'teacher',
  name: '教师',
  nameEn: 'Teacher',
  businessSystem: 'xiaowu',
  businessSystemName: '校务系统',
  type: 'ordinary',
  filterKind: 'select',
  filter: '',
  filterParams: [],
  sort: 1,
  remark: '',
  memberCount: 12,
  menuCount: 30,
  membersRefreshedAt: null,
  membersError: '',
  builtIn: true,
  version: 1,
  ...over,
});
const teacher = role({});
const club = role({ id: '01900000-0000-7000-8000-000000000002', code: 'club_lead', name: '社团负责人', nameEn: '', builtIn: false, memberCount: 2, menuCount: 4 });
const dynamic = role({
  id: '01900000-0000-7000-8000-000000000003',
  code: 'g1',
  name: '高一学生',
  nameEn: 'Grade 1 students',
  type: 'sql',
  filter: 'SELECT id FROM role_filters.people',
  builtIn: false,
  memberCount: 0,
  membersRefreshedAt: '2026-11-21T04:00:00.000Z',
  membersError: '筛选条件运行超时（3 秒）',
});
const categories: RoleCategoryRow[] = [{ id: '01900000-0000-7000-8000-0000000000c1', code: 'xiaowu', name: '校务系统', nameEn: 'School affairs', sort: 0, remark: '', roleCount: 3, version: 1 }];
const member: RoleMemberRow = { id: 'u1', name: '张三', username: 'zhangsan', userType: '2', orgName: '高一(1)班', source: 'dynamic' };
const ALL = ['system_role', 'system_role_add', 'system_role_edit', 'system_role_delete', 'system_role_type', 'system_role_type_add', 'system_role_type_edit', 'system_role_type_delete'];

describe('RolesScreen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists roles: built-in ones marked and not deletable, a dynamic role’s failure in red; batch delete asks, sends the ids', async () => {
    const fake = fakeFetch({
      '/api/roles/list': ok({ total: 3, rows: [teacher, club, dynamic] }),
      '/api/roles/categories': ok(categories),
      '/api/roles/delete': ok(null),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<RolesScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    const rows = await screen.findAllByTestId('role-row');
    expect(rows.map((row) => within(row).getByTestId('role-name').textContent)).toEqual(['教师', '社团负责人', '高一学生']);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('role-builtin').textContent).toBe('内置');
    expect((within(first).getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(true);
    expect((within(first).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(second).queryByTestId('role-builtin')).toBeNull();
    expect(within(third).getByTestId('role-refresh-error').textContent).toBe('筛选条件运行超时（3 秒）');
    expect(within(third).getByText('动态SQL角色')).toBeTruthy();

    fireEvent.click(within(second).getByRole('checkbox'));
    fireEvent.click(within(third).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('role-batch-delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('此操作将永久删除所选数据, 是否继续?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified.success).toEqual(['删除成功']));
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/roles/delete')?.init.body));
    expect(sent).toEqual({ ids: [club.id, dynamic.id] });
  });

  it('a dynamic role’s members are read-only, with 刷新成员 (no add, remove or selection)', async () => {
    const fake = fakeFetch({
      '/api/roles/list': ok({ total: 2, rows: [club, dynamic] }),
      '/api/roles/categories': ok(categories),
      '/api/roles/members': ok({ total: 1, rows: [member] }),
      '/api/roles/refresh-members': ok({ ...dynamic, membersRefreshedAt: '2026-11-21T05:30:00.000Z', membersError: '' }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<RolesScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    const rows = await screen.findAllByTestId('role-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('role-members'));
    const drawer = await screen.findByTestId('role-members-drawer');
    expect(await within(drawer).findByTestId('member-name')).toBeTruthy();
    expect(within(drawer).queryByTestId('member-add')).toBeNull();
    expect(within(drawer).queryByTestId('member-remove')).toBeNull();
    expect(within(drawer).queryByRole('checkbox')).toBeNull();
    expect(within(drawer).getByTestId('role-refresh-error').textContent).toBe('筛选条件运行超时（3 秒）');
    fireEvent.click(within(drawer).getByTestId('role-refresh-members'));
    await waitFor(() => expect(notified.success).toEqual(['刷新成功']));
    expect(notified.info).toEqual(['受影响的用户在点击“刷新菜单”或下次登录后生效']);
    expect(within(drawer).queryByTestId('role-refresh-error')).toBeNull();
    expect(within(drawer).getByTestId('role-refreshed-at').textContent).toBe('2026-11-21 13:30');
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/roles/refresh-members')?.init.body));
    expect(sent).toEqual({ id: dynamic.id });
  });

  it('a member search sends the keyword with the role', async () => {
    const fake = fakeFetch({ '/api/roles/list': ok({ total: 1, rows: [club] }), '/api/roles/categories': ok(categories), '/api/roles/members': ok({ total: 0, rows: [] }), '/api/roles/members/remove': fail(40000, 'x') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<RolesScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    fireEvent.click(within(await screen.findByTestId('role-row')).getByTestId('role-members'));
    const drawer = await screen.findByTestId('role-members-drawer');
    expect(within(drawer).getByTestId('member-add')).toBeTruthy();
    fireEvent.change(within(drawer).getByTestId('member-search'), { target: { value: '张' } });
    fireEvent.keyDown(within(drawer).getByTestId('member-search'), { key: 'Enter' });
    await waitFor(() => {
      const bodies = fake.calls.filter((call) => call.url.pathname === '/api/roles/members').map((call) => JSON.parse(String(call.init.body)) as { search: string });
      expect(bodies.map((body) => JSON.parse(body.search))).toContainEqual({ roleId: club.id, keyword: '张' });
    });
  });
});

describe('CategoriesScreen', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('lists the role types with their role counts; a delete the server refuses shows its words', async () => {
    const fake = fakeFetch({ '/api/roles/categories': ok(categories), '/api/roles/categories/delete': fail(40000, '该角色类型下还有 3 个角色，不能删除') });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<CategoriesScreen />, { permissions: ALL });
    const row = await screen.findByTestId('category-row');
    expect(within(row).getByTestId('category-name').textContent).toBe('校务系统');
    expect(within(row).getByTestId('category-role-count').textContent).toBe('3');
    fireEvent.click(within(row).getByTestId('category-delete'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified.warning).toEqual(['该角色类型下还有 3 个角色，不能删除'])); // SPEC §8: a failed delete is a warning
    expect(JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/roles/categories/delete')?.init.body))).toEqual({ ids: [categories[0]?.id] });
  });
});
