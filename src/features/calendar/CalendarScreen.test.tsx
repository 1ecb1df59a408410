import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarSetCurrentResult, SchoolYear, Semester } from '../../../contracts/calendar';
import { GrantsProvider } from '../../components/Permission';
import { notify } from '../../lib/notify';
import { fail, fakeFetch, ok, renderWithProviders } from '../../test/render';
import { CalendarScreen } from './CalendarScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const YEAR: SchoolYear = { id: '0190a0a0-0000-7000-8000-000000000001', code: '2026-2027', name: '2026-2027学年', nameEn: '2026-2027 School Year', startDate: '2026-09-01', endDate: '2027-08-31', isCurrent: true, semesterCount: 2, currentSemesterName: '2026-2027学年第一学期', currentSemesterNameEn: '2026-2027 Semester 1', version: 1 };
const semester = (n: 1 | 2, isCurrent: boolean): Semester => ({
  id: `0190a0a0-0000-7000-8000-00000000001${n}`,
  schoolYearId: YEAR.id,
  schoolYearName: YEAR.name,
  schoolYearNameEn: YEAR.nameEn,
  code: `2026-2027-${n}`,
  name: n === 1 ? '2026-2027学年第一学期' : '2026-2027学年第二学期',
  // the second semester has no English name: English shows its Chinese one
  nameEn: n === 1 ? '2026-2027 Semester 1' : '',
  year: 2026,
  startDate: n === 1 ? '2026-09-01' : '2027-02-23',
  endDate: n === 1 ? '2027-01-24' : '2027-07-10',
  teachStartDate: n === 1 ? '2026-09-01' : '2027-02-24',
  teachEndDate: n === 1 ? '2027-01-17' : '2027-07-03',
  weeks: 20,
  isCurrent,
  version: 1,
});
const ALL = ['xnxq', 'xnxq_add', 'xnxq_edit', 'xnxq_delete'];

function setup(permissions = ALL, answer: () => ReturnType<typeof ok> | ReturnType<typeof fail> = () => ok<CalendarSetCurrentResult>({ semester: semester(2, true), upgraded: false, movedGrades: 0, graduatedGrades: 0, classes: 0, graduatedStudents: 0, notGraduatedStudents: 0 })) {
  const fake = fakeFetch({
    '/api/calendar/years': ok([YEAR]),
    '/api/calendar/semesters': ok({ total: 2, rows: [semester(2, false), semester(1, true)] }),
    '/api/calendar/semesters/set-current': () => answer(),
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const view = renderWithProviders(
    <GrantsProvider value={{ permissions, roles: [] }}>
      <CalendarScreen search={{}} onSearchChange={() => undefined} />
    </GrantsProvider>,
  );
  return { ...view, fake };
}

const rows = () => screen.findAllByTestId('semester-row');

describe('学年学期 screen', () => {
  it('marks the current semester and year; without the buttons’ codes their buttons are not there', async () => {
    setup(['xnxq']);
    const [second, first] = await rows();
    expect(within(first).getByTestId('current-semester-badge').textContent).toBe('当前学期');
    expect(within(second).queryByTestId('current-semester-badge')).toBeNull();
    expect(screen.getByTestId('current-semester').textContent).toContain('2026-2027学年第一学期');
    expect(await screen.findByTestId('current-year-badge')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增学期' })).toBeNull();
    expect(screen.queryByRole('button', { name: '设为当前学期' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('asks twice before setting the current semester, then says what changed and reads everything again', async () => {
    const { fake, queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const [second] = await rows();
    fireEvent.click(within(second).getByRole('button', { name: '设为当前学期' }));
    expect((await screen.findByTestId('switch-confirm-1')).textContent).toContain('此操作不可撤销');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '继续' })));
    expect((await screen.findByTestId('switch-confirm-2')).textContent).toContain('2026-2027学年第二学期');
    // nothing sent before the second confirmation
    expect(fake.calls.some((c) => c.url.pathname.endsWith('/set-current'))).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确认设置' })));
    expect((await screen.findByTestId('switch-outcome')).textContent).toContain('同一学年内切换，年级不变');
    const sent = fake.calls.find((c) => c.url.pathname.endsWith('/set-current'))!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ id: semester(2, false).id });
    // every query, not only this screen's
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith());
  });

  it('cancelling either question sends nothing', async () => {
    const { fake } = setup();
    const [second] = await rows();
    fireEvent.click(within(second).getByRole('button', { name: '设为当前学期' }));
    await screen.findByTestId('switch-confirm-1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '继续' })));
    await screen.findByTestId('switch-confirm-2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取消' })));
    await waitFor(() => expect(screen.queryByTestId('switch-confirm-2')).toBeNull());
    expect(fake.calls.some((c) => c.url.pathname.endsWith('/set-current'))).toBe(false);
  });

  it('an upgrade reports the grades moved and graduated, in English too', async () => {
    i18n.activate('en');
    setup(ALL, () => ok<CalendarSetCurrentResult>({ semester: { ...semester(2, true), name: '2027-2028学年第一学期', nameEn: '2027-2028 S1' }, upgraded: true, movedGrades: 8, graduatedGrades: 1, classes: 27, graduatedStudents: 120, notGraduatedStudents: 2 }));
    const [second] = await rows();
    expect(screen.getByRole('heading', { name: 'School years and semesters' })).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Make current' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm' })));
    expect((await screen.findByTestId('switch-outcome')).textContent).toContain('"2027-2028 S1" is now the current semester: 8 grade(s) moved up, 1 grade(s) graduated');
    // students of the graduating grade who could not graduate are counted, not passed over
    expect(screen.getByTestId('switch-outcome-not-graduated').textContent).toBe('2 student(s) of the graduating grade could not graduate (enrolled or joined their class after today): see Graduation');
  });

  it('shows the English names of school years and semesters in English, the Chinese ones in Chinese, and the Chinese one where no English one is set', async () => {
    i18n.activate('en');
    setup(['xnxq']);
    const [second, first] = await rows();
    expect(first.textContent).toContain('2026-2027 Semester 1');
    expect(first.textContent).not.toContain('学期');
    expect(second.textContent).toContain('2026-2027学年第二学期');
    expect(screen.getByTestId('current-semester').textContent).toBe('Current semester: 2026-2027 Semester 1 (2026-2027 School Year)');
    // the language switch needs no new answer: both names came with the first one
    await act(async () => i18n.activate('zh'));
    expect(first.textContent).toContain('2026-2027学年第一学期');
    expect(screen.getByTestId('current-semester').textContent).toContain('2026-2027学年第一学期（2026-2027学年）');
  });

  it('a refusal (an earlier semester) shows the server’s message and changes nothing on screen', async () => {
    const warning = vi.spyOn(notify, 'warning');
    setup(ALL, () => fail(40000, '请选择比当前学期（2026-2027学年第一学期）更晚的学期'));
    const [second] = await rows();
    fireEvent.click(within(second).getByRole('button', { name: '设为当前学期' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '继续' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确认设置' })));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('请选择比当前学期（2026-2027学年第一学期）更晚的学期'));
    expect(screen.queryByTestId('switch-outcome')).toBeNull();
  });

  it('batch delete with nothing ticked says the selected semester is not set', async () => {
    const warning = vi.spyOn(notify, 'warning');
    setup();
    await rows();
    const buttons = screen.getAllByRole('button', { name: '批量删除' });
    fireEvent.click(buttons[1]);
    expect(warning).toHaveBeenCalledWith('所选学期未设置：未选择学期，或所选学期已不存在');
  });
});
