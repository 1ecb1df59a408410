import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditFlowRow, BlockedPeriodRow } from '../../../../contracts/applications';
import { GrantsProvider } from '../../../components/Permission';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { SettingsScreen } from './SettingsScreen';
import type { SettingsSearchParams } from './search';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FLOW: AuditFlowRow = {
  id: '0199a000-0000-7000-8000-0000000000f1',
  kind: 'staff_leave',
  leaveType: '1',
  minDays: 3,
  steps: [{ kind: 'department_head' }, { kind: 'role', roleCode: 'teaching_office' }],
  deadlineDays: 7,
  version: 2,
};
const PERIOD: BlockedPeriodRow = {
  id: '0199a000-0000-7000-8000-0000000000f2',
  name: '期末考试周',
  startsAt: '2027-01-10T00:00:00+08:00',
  endsAt: '2027-01-16T23:59:00+08:00',
  kinds: ['staff_leave'],
  version: 1,
};
const ALL = ['spsz', 'spsz_add', 'spsz_edit', 'spsz_delete'];

function serve() {
  const fake = fakeFetch({
    '/api/applications/flows': ok([FLOW]),
    '/api/applications/flows/save': ok({ id: FLOW.id }),
    '/api/applications/blocked-periods': ok([PERIOD]),
    '/api/applications/blocked-periods/save': ok({ id: PERIOD.id }),
    '/components/getRoles': ok([{ CODE: 'xiaowu', NAME: '校务', CHILD: [{ CODE: 'teaching_office', NAME: '教务处', TYPE: 'ordinary' }, { CODE: 'grade_leader', NAME: '年级组长', TYPE: 'ordinary' }] }]),
    '/dicts': (init) => {
      const [type] = JSON.parse(String(init.body)).typeArr as string[];
      return ok({ [type!]: type === 'STD_JSQJLX' ? [{ code: '1', name: '事假', nameEn: 'Personal' }] : [{ code: '1', name: '病假', nameEn: 'Sick' }] });
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fake;
}
const bodyOf = (fake: ReturnType<typeof fakeFetch>, path: string) => {
  const calls = fake.calls.filter((call) => call.url.pathname === path);
  return calls.length ? (JSON.parse(String(calls.at(-1)!.init.body)) as Record<string, unknown>) : undefined;
};
function renderSettings(permissions = ALL, search: SettingsSearchParams = {}, onSearchChange: (next: SettingsSearchParams) => void = () => undefined, queryClient?: QueryClient) {
  return renderWithProviders(
    <GrantsProvider value={{ permissions, roles: [] }}>
      <SettingsScreen search={search} onSearchChange={onSearchChange} />
    </GrantsProvider>,
    queryClient,
  );
}

describe('审批设置', () => {
  it('lists flows with their chain in words; a new flow starts from the kind’s default chain, steps reorder and the save sends them', async () => {
    const fake = serve();
    renderSettings();
    const [row] = await screen.findAllByTestId('flow-row');
    await waitFor(() => expect(within(row!).getByTestId('flow-chain').textContent).toBe('部门负责人 → 教务处'));
    expect(row!.textContent).toContain('教师请假');
    await waitFor(() => expect(row!.textContent).toContain('事假'));

    fireEvent.click(screen.getByTestId('flow-add'));
    const form = await screen.findByTestId('flow-form');
    fireEvent.change(within(form).getByTestId('flow-kind'), { target: { value: 'staff_makeup' } });
    expect(within(form).getAllByTestId('flow-step')).toHaveLength(2);
    // make-up: 班主任 then 教务处 (a role step); move 教务处 first
    fireEvent.click(within(form).getAllByRole('button', { name: '上移' })[1]!);
    expect((within(form).getByLabelText('第1步审核人') as HTMLSelectElement).value).toBe('role');
    fireEvent.change(within(form).getByTestId('flow-min-days'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodyOf(fake, '/api/applications/flows/save')).toBeDefined());
    expect(bodyOf(fake, '/api/applications/flows/save')).toEqual({
      kind: 'staff_makeup',
      leaveType: '',
      minDays: 2,
      deadlineDays: 7,
      steps: [{ kind: 'role', roleCode: 'teaching_office' }, { kind: 'head_teacher' }],
    });
  });

  it('a new flow’s steps follow its kind; a step that does not fit the kind is flagged as soon as it is chosen', async () => {
    const fake = serve();
    // jsdom has no CSS.escape; the drawer's focus trap calls it when a field's message appears
    vi.stubGlobal('CSS', { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') });
    renderSettings();
    fireEvent.click(await screen.findByTestId('flow-add'));
    const form = await screen.findByTestId('flow-form');
    const chosen = () => within(form).getAllByTestId('flow-step').map((step) => (within(step).getByLabelText(/步审核人$/) as HTMLSelectElement).value);
    fireEvent.change(within(form).getByTestId('flow-kind'), { target: { value: 'staff_leave' } });
    expect(chosen()).toEqual(['department_head']);
    // another kind starts again from its own default chain, not the previous kind's steps
    fireEvent.change(within(form).getByTestId('flow-kind'), { target: { value: 'day_student' } });
    expect(chosen()).toEqual(['head_teacher', 'grade_leader']);
    expect(within(form).queryByTestId('steps-error')).toBeNull();
    // a step added to a student kind's chain is one that fits it
    fireEvent.click(within(form).getByRole('button', { name: '添加审核步骤' }));
    expect(chosen()).toEqual(['head_teacher', 'grade_leader', 'head_teacher']);
    fireEvent.change(within(form).getByLabelText('第2步审核人'), { target: { value: 'department_head' } });
    expect(within(form).getByTestId('steps-error').textContent).toBe('第2步“部门负责人”不能用于走读申请的审核流程');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(form).getByTestId('steps-error').textContent).toBe('第2步“部门负责人”不能用于走读申请的审核流程'));
    expect(bodyOf(fake, '/api/applications/flows/save')).toBeUndefined();
    // a head teacher fits a make-up (the class taught) but no other staff kind
    fireEvent.change(within(form).getByTestId('flow-kind'), { target: { value: 'staff_makeup' } });
    expect(chosen()).toEqual(['head_teacher', 'role']);
    expect(within(form).queryByTestId('steps-error')).toBeNull();
    fireEvent.change(within(form).getByTestId('flow-kind'), { target: { value: 'staff_outing' } });
    fireEvent.change(within(form).getByLabelText('第1步审核人'), { target: { value: 'head_teacher' } });
    expect(within(form).getByTestId('steps-error').textContent).toBe('第1步“班主任”不能用于教师外出的审核流程');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('flow-form')).toBeNull());
  });

  it('the tabs are a tab list: the current one is selected and labels the panel; another one goes to the URL', async () => {
    serve();
    const onSearchChange = vi.fn();
    renderSettings(ALL, { tab: 'periods' }, onSearchChange);
    const current = await screen.findByRole('tab', { name: '不可选时段' });
    expect(current.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(current.id);
    fireEvent.click(screen.getByRole('tab', { name: '学校印章' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ tab: 'seal' });
    fireEvent.click(screen.getByRole('tab', { name: '审批流程' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({});
  });

  it('refuses a flow without steps or with days out of range, without sending it', async () => {
    const fake = serve();
    renderSettings();
    const [row] = await screen.findAllByTestId('flow-row');
    fireEvent.click(within(row!).getByRole('button', { name: '编辑' }));
    const form = await screen.findByTestId('flow-form');
    while (within(form).queryAllByRole('button', { name: '移除' }).length) fireEvent.click(within(form).getAllByRole('button', { name: '移除' })[0]!);
    fireEvent.change(within(form).getByTestId('flow-deadline-days'), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await within(form).findByTestId('steps-error')).textContent).toBe('至少需要一个审核步骤');
    expect(within(form).getByText('审核期限天数应为0-365的整数')).toBeTruthy();
    // six steps cannot be added
    for (let i = 0; i < 5; i += 1) fireEvent.click(within(form).getByRole('button', { name: '添加审核步骤' }));
    expect((within(form).getByRole('button', { name: '添加审核步骤' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodyOf(fake, '/api/applications/flows/save')).toBeUndefined();
  });

  it('edits send the row’s id and version', async () => {
    const fake = serve();
    renderSettings();
    const [row] = await screen.findAllByTestId('flow-row');
    fireEvent.click(within(row!).getByRole('button', { name: '编辑' }));
    const form = await screen.findByTestId('flow-form');
    fireEvent.change(within(form).getByTestId('flow-min-days'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodyOf(fake, '/api/applications/flows/save')).toMatchObject({ id: FLOW.id, version: 2, kind: 'staff_leave', leaveType: '1', minDays: 5 }));
  });

  it('without the add, edit and delete codes the settings are read-only', async () => {
    serve();
    renderSettings(['spsz']);
    const [row] = await screen.findAllByTestId('flow-row');
    expect(within(row!).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('flow-add')).toBeNull();
  });

  it('不可选时段: end before start is refused in the form; a valid period is sent in school time', async () => {
    const fake = serve();
    renderSettings(ALL, { tab: 'periods' });
    const [row] = await screen.findAllByTestId('period-row');
    expect(row!.textContent).toContain('2027-01-10 00:00 ~ 2027-01-16 23:59');
    fireEvent.click(screen.getByTestId('period-add'));
    const form = await screen.findByTestId('period-form');
    fireEvent.change(within(form).getByTestId('period-name'), { target: { value: '元旦' } });
    fireEvent.change(within(form).getByTestId('period-start'), { target: { value: '2027-01-01T12:00' } });
    fireEvent.change(within(form).getByTestId('period-end'), { target: { value: '2027-01-01T08:00' } });
    fireEvent.click(within(form).getByLabelText('教师请假'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('开始时间应早于结束时间')).toBeTruthy();
    expect(bodyOf(fake, '/api/applications/blocked-periods/save')).toBeUndefined();
    fireEvent.change(within(form).getByTestId('period-end'), { target: { value: '2027-01-03T18:00' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodyOf(fake, '/api/applications/blocked-periods/save')).toEqual({
        name: '元旦',
        startsAt: '2027-01-01T12:00:00+08:00',
        endsAt: '2027-01-03T18:00:00+08:00',
        kinds: ['staff_leave'],
      }),
    );
  });

  it('saving or deleting a period refreshes the apply forms’ options (their as-typed period check)', async () => {
    const fake = serve();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(['applications', 'options', 'staff'], { blockedPeriods: [] });
    renderSettings(ALL, { tab: 'periods' }, undefined, queryClient);
    await screen.findAllByTestId('period-row');
    expect(queryClient.getQueryState(['applications', 'options', 'staff'])!.isInvalidated).toBe(false);
    fireEvent.click(screen.getByTestId('period-add'));
    const form = await screen.findByTestId('period-form');
    fireEvent.change(within(form).getByTestId('period-name'), { target: { value: '元旦' } });
    fireEvent.change(within(form).getByTestId('period-start'), { target: { value: '2027-01-01T00:00' } });
    fireEvent.change(within(form).getByTestId('period-end'), { target: { value: '2027-01-03T23:59' } });
    fireEvent.click(within(form).getByLabelText('教师请假'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodyOf(fake, '/api/applications/blocked-periods/save')).toBeDefined());
    await waitFor(() => expect(queryClient.getQueryState(['applications', 'options', 'staff'])!.isInvalidated).toBe(true));
  });
});
