import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleCategoryRow, RoleFilterCatalog, RoleRow } from '../../../../contracts/roles';
import { HttpError } from '../../../lib/http';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderWithProviders } from '../../../test/render';
import { useRolesCatalog } from './catalog';
import RoleDrawer, { type RoleDrawerProps } from './RoleDrawer';

const categories: RoleCategoryRow[] = [
  { id: 'c1', code: 'xiaowu', name: '校务系统', nameEn: 'School affairs', sort: 0, remark: '', roleCount: 3, version: 1 },
  { id: 'c2', code: 'jw', name: '教务系统', nameEn: '', sort: 1, remark: '', roleCount: 0, version: 1 },
];
const catalog: RoleFilterCatalog = {
  relations: [{ name: 'role_filters.people', columns: [{ name: 'id', type: 'uuid', note: '用户 ID' }, { name: 'user_type', type: 'text', note: '' }] }],
  functions: ['lower', 'coalesce'],
  procedures: [{ name: 'role_filters.people_of_grade', params: ['年级', '校区', '性别'], note: '某年级的学生' }],
};

function Drawer(props: RoleDrawerProps) {
  return useRolesCatalog() ? <RoleDrawer {...props} /> : null;
}

const builtIn = { id: '01900000-0000-7000-8000-000000000001', code: 'teacher', name: '教师', nameEn: 'Teacher', businessSystem: 'xiaowu', businessSystemName: '校务系统', type: 'ordinary', filterKind: 'select', filter: '', filterParams: [], sort: 1, remark: '', memberCount: 5, menuCount: 9, membersRefreshedAt: null, membersError: '', builtIn: true, version: 4 } as RoleRow;

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('RoleDrawer', () => {
  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('saves nothing while a field is wrong and says why as typed', async () => {
    const onSave = vi.fn();
    renderWithProviders(<Drawer categories={categories} onClose={vi.fn()} onSave={onSave} />);
    await screen.findByTestId('role-form');
    fireEvent.change(screen.getByTestId('role-form-code'), { target: { value: '9abc' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const form = screen.getByTestId('role-form');
    await waitFor(() => expect(within(form).getByText('请输入')).toBeTruthy());
    expect(within(form).getByText('角色编码须以字母开头，只能包含字母、数字和下划线')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a dynamic role: 测试 shows the refusal in the server’s words, then the count and a sample; save sends the filter', async () => {
    let refuse = true;
    const fake = fakeFetch({
      '/api/roles/filter/catalog': ok(catalog),
      '/api/roles/filter/test': () =>
        refuse
          ? fail(40000, '筛选条件不能读取系统目录（pg_catalog.pg_authid）')
          : ok({ count: 25, durationMs: 12, sample: [{ id: 'u1', name: '张三', username: 'zhangsan', userType: '3' }] }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Drawer categories={categories} onClose={vi.fn()} onSave={onSave} />);
    await screen.findByTestId('role-form');
    fireEvent.change(screen.getByTestId('role-form-name'), { target: { value: '高一教师' } });
    fireEvent.change(screen.getByTestId('role-form-code'), { target: { value: 'g1_teachers' } });
    type('role-form-type', 'sql');
    const editor = await screen.findByTestId('role-form-filter');
    // the help panel lists what the catalog allows, with an example built from it
    fireEvent.click(screen.getByTestId('role-filter-help-toggle'));
    const help = await screen.findByTestId('role-filter-help');
    await waitFor(() => expect(within(help).getByText('role_filters.people')).toBeTruthy());
    expect(within(help).getByText('lower, coalesce')).toBeTruthy();
    expect(within(help).getByTestId('role-filter-example').textContent).toBe('SELECT id FROM role_filters.people');

    fireEvent.change(editor, { target: { value: 'SELECT id FROM pg_catalog.pg_authid' } });
    fireEvent.click(screen.getByTestId('role-filter-test'));
    expect((await screen.findByTestId('role-filter-refused')).textContent).toBe('筛选条件不能读取系统目录（pg_catalog.pg_authid）');
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/roles/filter/test')?.init.body));
    expect(sent).toEqual({ filterKind: 'select', filter: 'SELECT id FROM pg_catalog.pg_authid', filterParams: [] });

    refuse = false;
    fireEvent.change(editor, { target: { value: 'SELECT id FROM role_filters.people' } });
    expect(screen.queryByTestId('role-filter-refused')).toBeNull();
    fireEvent.click(screen.getByTestId('role-filter-test'));
    const result = await screen.findByTestId('role-filter-result');
    expect(result.textContent).toContain('符合条件 25 人（用时 12 毫秒）');
    expect(within(result).getByText('张三（zhangsan）')).toBeTruthy();
    expect(within(result).getByText('仅显示前 1 人')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ code: 'g1_teachers', name: '高一教师', businessSystem: 'xiaowu', type: 'sql', filterKind: 'select', filter: 'SELECT id FROM role_filters.people', filterParams: [] });
  });

  it('a procedure: chosen from the catalog, its parameters named by it', async () => {
    const fake = fakeFetch({ '/api/roles/filter/catalog': ok(catalog), '/api/roles/filter/test': ok({ count: 0, durationMs: 3, sample: [] }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithProviders(<Drawer categories={categories} onClose={vi.fn()} onSave={vi.fn()} />);
    await screen.findByTestId('role-form');
    type('role-form-type', 'sql');
    await screen.findByTestId('role-form-filter');
    type('role-form-filter-kind', 'procedure');
    await waitFor(() => expect(screen.getByTestId('role-form-procedure').querySelectorAll('option').length).toBeGreaterThan(1));
    type('role-form-procedure', 'role_filters.people_of_grade');
    expect(await screen.findByText('年级')).toBeTruthy();
    expect(screen.getByText('某年级的学生')).toBeTruthy();
    fireEvent.change(screen.getByTestId('role-form-param-0'), { target: { value: '2024' } });
    fireEvent.click(screen.getByTestId('role-filter-test'));
    expect((await screen.findByTestId('role-filter-result')).textContent).toContain('符合条件 0 人');
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/roles/filter/test')?.init.body));
    expect(sent).toEqual({ filterKind: 'procedure', filter: 'role_filters.people_of_grade', filterParams: ['2024'] });
  });

  it('switching 筛选方式 keeps what was typed under each kind; save sends the active one', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/roles/filter/catalog': ok(catalog) }).impl));
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Drawer categories={categories} onClose={vi.fn()} onSave={onSave} />);
    await screen.findByTestId('role-form');
    type('role-form-name', '高一学生');
    type('role-form-code', 'g1_students');
    type('role-form-type', 'sql');
    type('role-form-filter', 'SELECT id FROM role_filters.people');
    type('role-form-filter-kind', 'procedure');
    await waitFor(() => expect(screen.getByTestId('role-form-procedure').querySelectorAll('option').length).toBeGreaterThan(1));
    type('role-form-procedure', 'role_filters.people_of_grade');
    type('role-form-param-0', '2024');
    type('role-form-filter-kind', 'select');
    expect((screen.getByTestId('role-form-filter') as HTMLTextAreaElement).value).toBe('SELECT id FROM role_filters.people');
    type('role-form-filter-kind', 'procedure');
    expect((screen.getByTestId('role-form-procedure') as HTMLSelectElement).value).toBe('role_filters.people_of_grade');
    expect((screen.getByTestId('role-form-param-0') as HTMLInputElement).value).toBe('2024');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ type: 'sql', filterKind: 'procedure', filter: 'role_filters.people_of_grade', filterParams: ['2024'] });
  });

  it('a refused save keeps the drawer and what was typed, with the server’s words; a built-in role’s code is fixed', async () => {
    const onSave = vi.fn().mockRejectedValue(new HttpError(40900, '该角色已被他人修改，请刷新后重试'));
    renderWithProviders(<Drawer row={builtIn} categories={categories} onClose={vi.fn()} onSave={onSave} />);
    await screen.findByTestId('role-form');
    expect((screen.getByTestId('role-form-code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('role-form-remark'), { target: { value: '全体任课教师' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('role-form-error')).textContent).toBe('该角色已被他人修改，请刷新后重试');
    expect((screen.getByTestId('role-form-remark') as HTMLTextAreaElement).value).toBe('全体任课教师');
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ id: builtIn.id, version: 4, code: 'teacher', remark: '全体任课教师' });
  });
});
