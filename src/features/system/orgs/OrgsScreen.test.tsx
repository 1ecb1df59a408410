import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgNode, OrgTreeData } from '../../../../contracts/orgs';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, ok, renderScreen } from '../../../test/render';
import { OrgsScreen } from './OrgsScreen';
import { recordNotices, type Notices } from '../../../test/notices';

let notified: Notices;

const node = (over: Partial<OrgNode>): OrgNode => ({
  id: '01900000-0000-7000-8000-0000000000a1',
  parentId: null,
  kind: 'school',
  code: 'SCHOOL',
  name: '示范学校',
  nameEn: 'Demo School',
  campusId: null,
  campusName: '',
  gradeLevel: null,
  graduated: false,
  sort: 0,
  remark: '',
  memberCount: 0,
  version: 1,
  children: [],
  ...over,
});
const klass = node({ id: '01900000-0000-7000-8000-0000000000c1', parentId: '01900000-0000-7000-8000-0000000000b1', kind: 'class', code: 'C7_1', name: '七年级(1)班', nameEn: 'Class 7-1', gradeLevel: 7, memberCount: 2 });
const oldClass = node({ id: '01900000-0000-7000-8000-0000000000c2', parentId: '01900000-0000-7000-8000-0000000000b2', kind: 'class', code: 'C_OLD', name: '2020级(1)班', nameEn: '', gradeLevel: 10, graduated: true });
const grade = node({ id: '01900000-0000-7000-8000-0000000000b1', parentId: '01900000-0000-7000-8000-0000000000a1', kind: 'grade', code: 'G7', name: '七年级', nameEn: 'Grade 7', gradeLevel: 7, children: [klass] });
const oldGrade = node({ id: '01900000-0000-7000-8000-0000000000b2', parentId: '01900000-0000-7000-8000-0000000000a1', kind: 'grade', code: 'G_OLD', name: '2020级', nameEn: '', gradeLevel: 10, graduated: true, children: [oldClass] });
const dept = node({ id: '01900000-0000-7000-8000-0000000000d1', parentId: '01900000-0000-7000-8000-0000000000a1', kind: 'department', code: 'JWC', name: '教务处', nameEn: 'Academic Affairs', memberCount: 3 });
const data: OrgTreeData = { nodes: [node({ children: [dept, grade, oldGrade] })], campuses: [{ id: '01900000-0000-7000-8000-0000000000e1', name: '本部' }] };
const ALL = ['system_org', 'system_org_add', 'system_org_edit', 'system_org_delete'];
const names = () => screen.getAllByTestId('org-name').map((cell) => cell.textContent);

describe('OrgsScreen', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree with kinds, counts and graduated units marked; the search keeps ancestors', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/orgs/tree': ok(data) }).impl));
    const view = renderScreen(<OrgsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toEqual(['示范学校', '教务处', '七年级', '七年级(1)班', '2020级', '2020级(1)班']));
    const rows = screen.getAllByTestId('org-row');
    expect(within(rows[3]!).getByTestId('org-kind').textContent).toBe('班级');
    expect(within(rows[3]!).getByTestId('org-member-count').textContent).toBe('2');
    expect(within(rows[4]!).getByTestId('org-graduated').textContent).toBe('已毕业');
    // the school cannot be deleted; a class has no children to add
    expect(within(rows[0]!).queryByTestId('org-delete')).toBeNull();
    expect(within(rows[3]!).queryByTestId('org-add-child')).toBeNull();
    view.unmount();
    renderScreen(<OrgsScreen search={{ keyword: 'C7_1' }} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toEqual(['示范学校', '七年级', '七年级(1)班']));
  });

  it('adds a class under a grade: problems as typed in the server’s words; the body carries the parent and kind', async () => {
    const fake = fakeFetch({ '/api/orgs/tree': ok(data), '/api/orgs/save': ok({ id: 'x', version: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<OrgsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toHaveLength(6));
    fireEvent.click(screen.getByRole('button', { name: '新增下级：七年级' }));
    const form = await screen.findByTestId('org-form');
    expect((within(form).getByTestId('org-form-kind') as HTMLSelectElement).value).toBe('class');
    expect(within(form).getByTestId('org-form-class-level').textContent).toBe('7');
    fireEvent.change(within(form).getByTestId('org-form-code'), { target: { value: 'C7-2' } });
    expect(within(form).getByText('机构编码只能包含字母、数字和下划线，不超过30个字符')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('org-form-code'), { target: { value: 'C7_2' } });
    fireEvent.change(within(form).getByTestId('org-form-name'), { target: { value: '七年级(2)班#' } });
    expect(within(form).getByText('机构名称不能包含特殊字符')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('org-form-name'), { target: { value: '七年级(2)班' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByTestId('org-form')).toBeNull());
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/orgs/save')!.init.body));
    expect(sent).toMatchObject({ parentId: grade.id, kind: 'class', code: 'C7_2', name: '七年级(2)班', gradeLevel: null });
  });

  it('a refused delete shows the server’s reason', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/orgs/tree': ok(data), '/api/orgs/delete': fail(40900, '“教务处”下还有3名人员，请先移出后再删除') }).impl));
    renderScreen(<OrgsScreen search={{}} onSearchChange={vi.fn()} />, { permissions: ALL });
    await waitFor(() => expect(names()).toHaveLength(6));
    fireEvent.click(screen.getByRole('button', { name: '删除：教务处' }));
    expect(await screen.findByText('此操作将永久删除所选数据, 是否继续?')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified.warning).toContain('“教务处”下还有3名人员，请先移出后再删除')); // SPEC §8: a failed delete is a warning
  });
});
