import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelectorType } from '../../../contracts/selector';
import { toaster } from '../../lib/toaster';
import { fail, fakeFetch, ok, renderWithProviders, type FakeResponse } from '../../test/render';
import { FormShell } from '../FormShell';
import { PeopleOrgRoleSelector, SELECTOR_UI, type PeopleOrgRoleSelectorProps } from './PeopleOrgRoleSelector';

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;
const TOTAL = 12;

function peopleAnswer(init: RequestInit): FakeResponse {
  const body = JSON.parse(String(init.body)) as { page: number; size: number; search: string };
  const search = JSON.parse(body.search) as { KEYWORD?: string };
  const rows =
    body.page >= 2
      ? []
      : Array.from({ length: body.size }, (_, i) => {
          const n = body.page * body.size + i + 1;
          return { ID: `p${n}`, USERNAME: `${search.KEYWORD ?? '人'}${n}`, USERID: `T${n}`, USERTYPE: '3', USERID_SHOW: `T${n}`, DWMC: '' };
        });
  return ok({ rows, total: TOTAL });
}

const baseRoutes: Routes = {
  '/saas/components/getXq': ok({ xqList: [{ XQID: 'c1', XQMC: '东校区', XQDM: 'E' }, { XQID: 'c2', XQMC: '西校区', XQDM: 'W' }] }),
  '/saas/components/getUserAllData': peopleAnswer,
  '/saas/components/getUserData': (init) => {
    const ids = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
    return ok(ids.map((id) => ({ ID: id, USERNAME: `名${id}`, USERID: id, USERTYPE: '3' })));
  },
  '/components/getOrgsData': ok([
    { id: 'o1', label: '学校', NAME: '学校', CODE: 'S', PID: '', CHILD: '1', KIND: 'school', children: [{ id: 'o2', label: '教务处', NAME: '教务处', CODE: 'D', PID: 'o1', CHILD: '0', KIND: 'department', children: [] }] },
  ]),
  '/components/getRoles': ok([
    { CODE: 'sys', NAME: '系统', CHILD: [{ CODE: 'teacher', NAME: '教师', TYPE: 'ordinary' }, { CODE: 'head', NAME: '班主任', TYPE: 'ordinary' }, { CODE: 'lead', NAME: '年级组长', TYPE: 'ordinary' }] },
    { CODE: 'other', NAME: '其他', CHILD: [{ CODE: 'x', NAME: 'X角色', TYPE: 'sql' }] },
  ]),
};

let toast: { mock: { calls: unknown[][] } };
const titles = () => toast.mock.calls.map((call) => (call[0] as { title?: string }).title);

function setup(props: Partial<PeopleOrgRoleSelectorProps> = {}, routes: Routes = {}, initial = '', inDrawer = false) {
  const fake = fakeFetch({ ...baseRoutes, ...routes });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <PeopleOrgRoleSelector
          aria-label="选择对象"
          value={value}
          onChange={(next, entries) => {
            setValue(next);
            onChange(next, entries);
          }}
          {...props}
        />
        <output data-testid="value">{value}</output>
        <button type="button" onClick={() => setValue('U_p7,R_teacher,O_o2')}>
          set-external
        </button>
        <button type="button" onClick={() => setValue('')}>
          clear-external
        </button>
      </>
    );
  }
  renderWithProviders(
    inDrawer ? (
      <FormShell open title="表单" onCancel={() => {}} onSave={() => {}}>
        <input aria-label="前一个字段" />
        <Harness />
      </FormShell>
    ) : (
      <Harness />
    ),
  );
  const peopleCalls = () =>
    fake.calls
      .filter((c) => c.url.pathname === '/saas/components/getUserAllData')
      .map((c) => {
        const body = JSON.parse(String(c.init.body)) as { page: number; size: number; search: string };
        return { page: body.page, size: body.size, search: JSON.parse(body.search) as Record<string, string> };
      });
  return { calls: fake.calls, onChange, peopleCalls };
}

const trigger = () => screen.getByRole('combobox', { name: '选择对象' });
const openPanel = async () => {
  await act(async () => fireEvent.click(trigger()));
  return screen.findByTestId('selector-panel');
};
const value = () => screen.getByTestId('value').textContent;
const tags = () => screen.queryAllByTestId('selector-tag').map((tag) => tag.textContent);

beforeEach(() => {
  toast = vi.spyOn(toaster, 'create');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('people / org / role selector', () => {
  it('inside a modal drawer (focus trapped): the panel lives in the drawer and its search box takes the focus and typing', async () => {
    const { peopleCalls } = setup({}, {}, '', true);
    const drawer = await screen.findByRole('dialog', { name: '表单' });
    const panel = await openPanel();
    expect(drawer.contains(panel)).toBe(true);
    await screen.findByText('人1');
    const search = within(panel).getByRole('searchbox', { name: '搜索人员' });
    act(() => search.focus());
    // a trap around the drawer alone would take the focus back from a panel outside it
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: '李' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    await screen.findByText('李1');
    expect(peopleCalls().at(-1)).toEqual({ page: 0, size: 5, search: { KEYWORD: '李' } });
    expect(screen.getByTestId('selector-panel')).toBe(panel);
    expect(document.activeElement).toBe(search);
    fireEvent.click(within(panel).getByRole('checkbox', { name: '李1' }));
    expect(value()).toBe('U_p1');
  });

  it('shows the placeholder 请选择 in a 36px tag area; SPEC §9 constants', () => {
    setup();
    expect(within(trigger()).getByText('请选择')).toBeTruthy();
    expect(SELECTOR_UI).toMatchObject({ width: 500, orgWidth: 300, treeHeight: '300px', tableHeight: '205px', placement: 'bottom-start', tagAreaHeight: '36px', overlayZIndex: 99999 });
  });

  it('opens on the first allowed tab with people on page 0, 5 per page, USERTYPE in the search', async () => {
    const { peopleCalls } = setup({ userType: '3' });
    await openPanel();
    expect(screen.getByRole('tab', { name: '人员' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('人1')).toBeTruthy();
    expect(peopleCalls()[0]).toEqual({ page: 0, size: 5, search: { USERTYPE: '3' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('sends the fixed XQDM / DWDM filters with the search', async () => {
    const { peopleCalls } = setup({ peopleFilter: { XQDM: 'E', DWDM: 'D01' }, userType: '2,3' });
    await openPanel();
    await screen.findByText('人1');
    expect(peopleCalls()[0].search).toEqual({ USERTYPE: '2,3', XQDM: 'E', DWDM: 'D01' });
  });

  it('with one allowed type there are no tabs; the first allowed type is active', async () => {
    setup({ types: ['role'] });
    await openPanel();
    expect(screen.queryByRole('tab', { name: '人员' })).toBeNull();
    expect(await screen.findByText('教师')).toBeTruthy();
  });

  it('searches on Enter only, and campus changes reload from page 0', async () => {
    const { peopleCalls } = setup();
    await openPanel();
    await screen.findByText('人1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '2' })));
    await screen.findByText('人6');
    const search = screen.getByRole('searchbox', { name: '搜索人员' });
    fireEvent.change(search, { target: { value: '张' } });
    expect(peopleCalls().some((c) => c.search.KEYWORD)).toBe(false);
    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    await screen.findByText('张1');
    expect(peopleCalls().at(-1)).toEqual({ page: 0, size: 5, search: { KEYWORD: '张' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '2' })));
    await screen.findByText('张6');
    await waitFor(() => expect(screen.getByRole('option', { name: '西校区' })).toBeTruthy());
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: '校区' }), { target: { value: 'c2' } }));
    await waitFor(() => expect(peopleCalls().at(-1)).toEqual({ page: 0, size: 5, search: { KEYWORD: '张', XQID: 'c2' } }));
  });

  it('steps back one page when a later page comes back empty', async () => {
    const { peopleCalls } = setup();
    await openPanel();
    await screen.findByText('人1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '3' })));
    await waitFor(() => expect(peopleCalls().map((c) => c.page)).toEqual([0, 2, 1]));
    expect(await screen.findByText('人6')).toBeTruthy();
  });

  it('multi-select accumulates people; the value is prefixed codes; the people limit says 您最多可选2个 and reverts', async () => {
    setup({ limit: 2 });
    await openPanel();
    fireEvent.click(await screen.findByRole('checkbox', { name: '人1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '人2' }));
    expect(value()).toBe('U_p1,U_p2');
    fireEvent.click(screen.getByRole('checkbox', { name: '人3' }));
    expect(titles()).toContain('您最多可选2个');
    expect((screen.getByRole('checkbox', { name: '人3' }) as HTMLInputElement).checked).toBe(false);
    expect(value()).toBe('U_p1,U_p2');
  });

  it('the limit applies to orgs and to roles too (English text)', async () => {
    i18n.activate('en');
    setup({ limit: 1 });
    await openPanel();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Organisation' })));
    fireEvent.click(await screen.findByRole('checkbox', { name: '学校' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expand 学校' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '教务处' }));
    expect(titles()).toContain('You can select at most 1');
    expect(value()).toBe('O_o1');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Roles' })));
    fireEvent.click(await screen.findByRole('checkbox', { name: '教师' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '班主任' }));
    expect(titles().filter((title) => title === 'You can select at most 1')).toHaveLength(2);
    expect(value()).toBe('O_o1,R_teacher');
  });

  it('orders the value by SORT whatever the order of choice, and removing a tag unticks it', async () => {
    setup();
    await openPanel();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '角色' })));
    fireEvent.click(await screen.findByRole('checkbox', { name: '教师' }));
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '组织' })));
    fireEvent.click(await screen.findByRole('checkbox', { name: '学校' }));
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '人员' })));
    fireEvent.click(await screen.findByRole('checkbox', { name: '人1' }));
    expect(value()).toBe('U_p1,O_o1,R_teacher');
    expect(tags()).toEqual(['人1', '学校', '教师']);
    fireEvent.click(screen.getByRole('button', { name: '移除 人1' }));
    expect(value()).toBe('O_o1,R_teacher');
    expect((screen.getByRole('checkbox', { name: '人1' }) as HTMLInputElement).checked).toBe(false);
  });

  it('single-select replaces that type’s choice and closes', async () => {
    setup({ multiple: { people: false } });
    await openPanel();
    fireEvent.click(await screen.findByRole('radio', { name: '人1' }));
    await waitFor(() => expect(screen.queryByTestId('selector-panel')).toBeNull());
    expect(value()).toBe('U_p1');
    await openPanel();
    fireEvent.click(await screen.findByRole('radio', { name: '人2' }));
    expect(value()).toBe('U_p2');
  });

  it('the role tab resets to the first category each time it is opened', async () => {
    setup();
    await openPanel();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '角色' })));
    await act(async () => fireEvent.click(await screen.findByRole('tab', { name: '其他' })));
    expect(await screen.findByText('X角色')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '人员' })));
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '角色' })));
    expect(await screen.findByText('教师')).toBeTruthy();
    expect(screen.queryByText('X角色')).toBeNull();
  });

  it('closing clears the search, campus and paging; reopening starts on page 0', async () => {
    const { peopleCalls } = setup();
    await openPanel();
    await screen.findByText('人1');
    const search = screen.getByRole('searchbox', { name: '搜索人员' });
    fireEvent.change(search, { target: { value: '李' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    await screen.findByText('李1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '2' })));
    await screen.findByText('李6');
    await act(async () => fireEvent.click(trigger()));
    await waitFor(() => expect(screen.queryByTestId('selector-panel')).toBeNull());
    await openPanel();
    expect((screen.getByRole('searchbox', { name: '搜索人员' }) as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('人1')).toBeTruthy();
    expect(peopleCalls().at(-1)).toEqual({ page: 0, size: 5, search: {} });
  });

  it('an external value loads its tags (people by ids, org and role names); clearing empties them', async () => {
    const { calls } = setup();
    await act(async () => fireEvent.click(screen.getByText('set-external')));
    await waitFor(() => expect(tags()).toEqual(['名p7', '教务处', '教师']));
    const byIds = calls.find((c) => c.url.pathname === '/saas/components/getUserData');
    expect(JSON.parse(String(byIds?.init.body))).toEqual({ ids: ['p7'] });
    await act(async () => fireEvent.click(screen.getByText('clear-external')));
    expect(tags()).toEqual([]);
    expect(within(trigger()).getByText('请选择')).toBeTruthy();
  });

  it('collapses tags to the last n plus a count', async () => {
    setup({ collapseTags: 1 }, {}, 'U_p7,R_teacher,O_o2');
    await waitFor(() => expect(tags()).toEqual(['教师']));
    expect(screen.getByTestId('selector-more').textContent).toBe('+2');
  });

  it('the panel is 500 px wide, 300 px when only orgs are offered', async () => {
    setup();
    expect(getComputedStyle(await openPanel()).width).toBe('500px');
  });

  it('covers the panel with a z-index 99999 overlay while loading; the tag area is at least 36 px', async () => {
    setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return answer(input, init);
    }));
    expect(getComputedStyle(trigger()).minHeight).toBe('36px');
    await openPanel();
    expect(getComputedStyle(screen.getByTestId('selector-loading')).zIndex).toBe('99999');
    await act(async () => release());
    await screen.findByText('人1');
    await waitFor(() => expect(screen.queryByTestId('selector-loading')).toBeNull());
  });

  it('the org-only panel is 300 px wide', async () => {
    setup({ types: ['org'] });
    expect(getComputedStyle(await openPanel()).width).toBe('300px');
  });

  it('a failed load shows the server msg', async () => {
    setup({ types: ['org'] }, { '/components/getOrgsData': fail(40300, '没有权限') });
    await openPanel();
    await waitFor(() => expect(titles()).toContain('没有权限'));
  });

  it('uses overridden URLs and prefixes', async () => {
    const { calls } = setup({ urls: { people: '/custom/people' }, prefixes: { people: 'P:' } as Partial<Record<SelectorType, string>> as never }, { '/custom/people': peopleAnswer });
    await openPanel();
    fireEvent.click(await screen.findByRole('checkbox', { name: '人1' }));
    expect(calls.some((c) => c.url.pathname === '/custom/people')).toBe(true);
    expect(value()).toBe('P:p1');
  });
});

describe('selector in the form wrapper (org-select slot)', () => {
  it('an org-select field holds the selector’s value and is required like the others (请选择)', async () => {
    const { SchemaForm } = await import('../form/SchemaForm');
    const { selectorSlot } = await import('./selector-slot');
    const fake = fakeFetch(baseRoutes);
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm
        fields={[{ name: 'scope', type: 'org-select', label: '范围', required: true }]}
        renderOrgSelect={selectorSlot({ types: ['org'] })}
        onSubmit={onSubmit}
        actions={<button type="submit">go</button>}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    expect(screen.getAllByText('请选择').length).toBeGreaterThanOrEqual(2);
    await act(async () => fireEvent.click(screen.getByRole('combobox')));
    fireEvent.click(await screen.findByRole('checkbox', { name: '学校' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    expect(onSubmit).toHaveBeenCalledWith({ scope: 'O_o1' });
  });
});
