import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSummary } from '../../../../contracts/applications';
import { notify } from '../../../lib/notify';
import { fail, fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { StaffSummaryPanel } from './StaffSummaryPanel';

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
const orgs = [{ id: DEPT, label: '教务处', NAME: '教务处', CODE: 'JWC', PID: 'root', CHILD: '0', KIND: 'department', children: [] }];

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
    renderWithProviders(<StaffSummaryPanel month="2026-11" departmentId={DEPT} onChange={onChange} />);

    const [person] = await screen.findAllByTestId('summary-person');
    expect(within(person!).getByText('李明华')).toBeTruthy();
    // leave 2 × 3 days, 1 outing of 4 h, 6 h overtime, no shift, 1 make-up
    expect(person!.textContent).toBe('李明华T0001教务处2314601');
    const [department] = screen.getAllByTestId('summary-department');
    expect(department!.textContent).toBe('教务处12314601');
    const sent = JSON.parse(String(fake.calls.find((call) => call.url.pathname === '/api/applications/staff-summary')!.init.body));
    expect(sent).toEqual({ month: '2026-11', departmentId: DEPT });

    await waitFor(() => expect((screen.getByTestId('summary-department-filter') as HTMLSelectElement).options.length).toBe(2));
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
});
