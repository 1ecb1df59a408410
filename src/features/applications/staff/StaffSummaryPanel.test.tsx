import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSummary } from '../../../../contracts/applications';
import { GrantsProvider } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { fail, fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { StaffSummaryPanel } from './StaffSummaryPanel';
import { useSummaryAllowed } from './summary-access';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DEPT = '0199a000-0000-7000-8000-0000000000d1';
const figures = { leaveCount: 2, leaveDays: 3, outingCount: 1, outingHours: 4, overtimeHours: 6, shiftCount: 0, makeupCount: 1 };
const summary: StaffSummary = {
  month: '2026-11',
  people: [{ userId: '0199a000-0000-7000-8000-0000000000e1', name: '李明华', jobNo: 'T0001', departmentId: DEPT, departmentName: '教务处', ...figures }],
  departments: [{ departmentId: DEPT, departmentName: '教务处', people: 1, ...figures }],
};
const OTHER = '0199a000-0000-7000-8000-0000000000d2';
const orgs = [
  { id: DEPT, label: '教务处', NAME: '教务处', CODE: 'JWC', PID: 'root', CHILD: '0', KIND: 'department', children: [] },
  { id: OTHER, label: '总务处', NAME: '总务处', CODE: 'ZWC', PID: 'root', CHILD: '0', KIND: 'department', children: [] },
];
const optionTexts = () => [...(screen.getByTestId('summary-department-filter') as HTMLSelectElement).options].map((option) => option.text);

describe('月度汇总', () => {
  it('shows each person’s and each department’s figures of the month and exports the same month as Excel', async () => {
    const fake = fakeFetch({
      '/api/applications/staff-summary': ok(summary),
      '/components/getOrgsData': ok(orgs),
      '/api/applications/staff-summary/export': () => ({ body: 'xlsx', headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined }));
    const onChange = vi.fn();
    renderWithProviders(
      <GrantsProvider value={{ permissions: ['jskq', 'jskq_export'], roles: [] }}>
        <StaffSummaryPanel month="2026-11" departmentId={DEPT} onChange={onChange} />
      </GrantsProvider>,
    );

    const [person] = await screen.findAllByTestId('summary-person');
    expect(within(person!).getByText('李明华')).toBeTruthy();
    // leave 2 × 3 days, 1 outing of 4 h, 6 h overtime, no shift, 1 make-up
    expect(person!.textContent).toBe('李明华T0001教务处2314601');
    const [department] = screen.getAllByTestId('summary-department');
    expect(department!.textContent).toBe('教务处12314601');
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/applications/staff-summary')!.init.body));
    expect(sent).toEqual({ month: '2026-11', departmentId: DEPT });

    // jskq_export: every department of the school
    await waitFor(() => expect(optionTexts()).toEqual(['全部部门', '教务处', '总务处']));
    fireEvent.change(screen.getByTestId('summary-department-filter'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ month: '2026-11', departmentId: undefined });

    fireEvent.click(screen.getByTestId('summary-export'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const exported = fake.calls.find((call) => call.url.pathname === '/api/applications/staff-summary/export')!;
    expect(exported.init.method ?? 'GET').toBe('GET');
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ month: '2026-11', departmentId: DEPT });
  });

  it('shows the server’s refusal in place of the tables, and this month by default', async () => {
    vi.spyOn(notify, 'error');
    const fake = fakeFetch({ '/api/applications/staff-summary': fail(40300, '没有查看考勤汇总的权限'), '/components/getOrgsData': ok([]) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithProviders(<StaffSummaryPanel onChange={() => undefined} />);
    expect((await screen.findByTestId('summary-error')).textContent).toContain('没有查看考勤汇总的权限');
    expect(screen.queryByTestId('summary-person')).toBeNull();
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    expect((screen.getByTestId('summary-month') as HTMLInputElement).value).toBe(month);
    expect((screen.getByTestId('summary-export') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a department head is offered only the departments the server summarised for them, never the whole tree', async () => {
    const fake = fakeFetch({ '/api/applications/staff-summary': ok(summary), '/components/getOrgsData': ok(orgs) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithProviders(
      <GrantsProvider value={{ permissions: ['jskq', 'kqsp', 'kqsp_audit'], roles: [] }}>
        <StaffSummaryPanel onChange={() => undefined} />
      </GrantsProvider>,
    );
    await waitFor(() => expect(optionTexts()).toEqual(['全部部门', '教务处']));
    expect(fake.calls.some((call) => call.url.pathname === '/components/getOrgsData')).toBe(false);
  });
});

describe('月度汇总 tab', () => {
  function probe(permissions: string[], answer: ReturnType<typeof ok> | ReturnType<typeof fail>, requested = false) {
    const fake = fakeFetch({ '/api/applications/staff-summary': answer });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    function Shown() {
      return <output data-testid="allowed">{String(useSummaryAllowed(requested))}</output>;
    }
    renderWithProviders(
      <GrantsProvider value={{ permissions, roles: [] }}>
        <Shown />
      </GrantsProvider>,
    );
    return { asked: () => fake.calls.filter((call) => call.url.pathname === '/api/applications/staff-summary').length };
  }
  const shown = () => screen.getByTestId('allowed').textContent;

  it('is shown to jskq_export holders without asking', async () => {
    const { asked } = probe(['jskq', 'jskq_export'], ok(summary));
    expect(shown()).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toBe(0);
  });

  it('is never shown to a teacher who audits nothing, and nothing is asked', async () => {
    const { asked } = probe(['jskq', 'jskq_add'], ok(summary), true);
    expect(shown()).toBe('false');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toBe(0);
  });

  it('an auditor is asked about once: a department head gets it, anyone the server refuses does not', async () => {
    const head = probe(['jskq', 'kqsp_audit'], ok(summary));
    expect(shown()).toBe('false');
    await waitFor(() => expect(shown()).toBe('true'));
    expect(head.asked()).toBe(1);
  });

  it('a head teacher (kqsp_audit for make-ups) whom the server refuses does not see it, even from a URL naming it', async () => {
    vi.spyOn(notify, 'error');
    probe(['jskq', 'kqsp_audit'], fail(40300, '没有查看考勤汇总的权限'), true);
    expect(shown()).toBe('true');
    await waitFor(() => expect(shown()).toBe('false'));
  });
});
