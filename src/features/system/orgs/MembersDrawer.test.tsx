import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgMemberRow, OrgNode } from '../../../../contracts/orgs';
import { setConfig } from '../../../lib/config';
import { fakeFetch, ok, renderScreen } from '../../../test/render';
import MembersDrawer from './MembersDrawer';
import { recordNotices } from '../../../test/notices';

let notified: string[];

// The people selector (its own tests cover searching and ticking) stands in as what it hands back:
// the chosen codes, people as U_<id>, here with an org code mixed in.
vi.mock('../../../components/selector/PeopleOrgRoleSelector', () => ({
  PeopleOrgRoleSelector: ({ value, onChange, placeholder, userType }: { value: string; onChange: (value: string, entries: unknown[]) => void; placeholder?: string; userType?: string }) => (
    <div>
      <span data-testid="picked">{value || placeholder}</span>
      <span data-testid="picker-user-type">{userType ?? 'any'}</span>
      <button type="button" onClick={() => onChange('U_u9,O_other,U_u8', [])}>
        挑选人员
      </button>
    </div>
  ),
}));

const node = (kind: OrgNode['kind']): OrgNode => ({
  id: '0193a000-0000-7000-8000-0000000000c1',
  parentId: null,
  kind,
  code: 'C71',
  name: '七年级(1)班',
  nameEn: 'Grade 7 Class 1',
  campusId: null,
  campusName: '',
  gradeLevel: 7,
  graduated: false,
  sort: 1,
  remark: '',
  memberCount: 2,
  version: 1,
  children: [],
});
const members: OrgMemberRow[] = [
  { id: 'u1', username: 'zhangsan', name: '张三', userType: '2', userNo: '2019001', duties: [] },
  { id: 'u2', username: 'lisi', name: '李四', userType: '2', userNo: '2019002', duties: [] },
];
const bodies = (fake: ReturnType<typeof fakeFetch>, path: string) => fake.calls.filter((call) => call.url.pathname === path).map((call) => JSON.parse(String(call.init.body)) as unknown);

describe('组织机构 成员 drawer', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    notified = recordNotices().all;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a class: students are added through the selector (only people are sent), then the list and the tree reload', async () => {
    const fake = fakeFetch({ '/api/orgs/members': ok({ total: 2, rows: members }), '/api/orgs/members/add': ok({ count: 2 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onChanged = vi.fn(() => Promise.resolve());
    renderScreen(<MembersDrawer node={node('class')} onClose={vi.fn()} onChanged={onChanged} />, { permissions: ['system_org', 'system_org_edit'] });
    expect(await screen.findByText('成员：七年级(1)班')).toBeTruthy();
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('添加学生到本班')).toBeTruthy();
    expect(screen.getByTestId('picker-user-type').textContent).toBe('2');
    const add = screen.getByTestId('org-member-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '挑选人员' }));
    expect(add.disabled).toBe(false);
    const listCalls = bodies(fake, '/api/orgs/members').length;
    fireEvent.click(add);
    await waitFor(() => expect(notified).toContain('添加成功'));
    expect(bodies(fake, '/api/orgs/members/add')).toEqual([{ orgId: node('class').id, userIds: ['u9', 'u8'] }]);
    expect(onChanged).toHaveBeenCalled();
    await waitFor(() => expect(bodies(fake, '/api/orgs/members').length).toBeGreaterThan(listCalls));
    expect(screen.getByTestId('picked').textContent).toBe('选择要添加的人员');
  });

  it('移出 asks first: cancelling sends nothing and says so; confirming removes the ticked people', async () => {
    const fake = fakeFetch({ '/api/orgs/members': ok({ total: 2, rows: members }), '/api/orgs/members/remove': ok({ count: 1 }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<MembersDrawer node={node('class')} onClose={vi.fn()} onChanged={() => Promise.resolve()} />, { permissions: ['system_org', 'system_org_edit'] });
    fireEvent.click(await screen.findByRole('button', { name: '移出：张三' }));
    // hidden: true: a dialog over the drawer; in jsdom the drawer's aria-hiding may reach it (a timing race)
    let dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(dialog.textContent).toContain('确定将所选人员移出“七年级(1)班”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消', hidden: true }));
    await waitFor(() => expect(notified).toEqual(['已取消']));
    expect(bodies(fake, '/api/orgs/members/remove')).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: '选择 李四' }));
    fireEvent.click(screen.getByTestId('org-member-remove-selected'));
    dialog = await screen.findByRole('alertdialog', { hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定', hidden: true }));
    await waitFor(() => expect(notified).toContain('移出成功'));
    expect(bodies(fake, '/api/orgs/members/remove')).toEqual([{ orgId: node('class').id, userIds: ['u2'] }]);
  });

  it('a grade lists without add or remove; without the edit permission neither is offered', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/orgs/members': ok({ total: 2, rows: members }) }).impl));
    const view = renderScreen(<MembersDrawer node={node('grade')} onClose={vi.fn()} onChanged={() => Promise.resolve()} />, { permissions: ['system_org', 'system_org_edit'] });
    expect(await screen.findByTestId('org-members-readonly')).toBeTruthy();
    expect(screen.queryByTestId('org-member-add')).toBeNull();
    expect(screen.queryByTestId('org-member-remove')).toBeNull();
    view.unmount();

    renderScreen(<MembersDrawer node={node('department')} onClose={vi.fn()} onChanged={() => Promise.resolve()} />, { permissions: ['system_org'] });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.queryByTestId('org-member-add')).toBeNull();
    expect(screen.queryByTestId('org-member-remove')).toBeNull();
  });
});
