import { i18n } from '@lingui/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SchoolYear, Semester } from '../../../contracts/calendar';
import { renderWithProviders } from '../../test/render';
import { SchoolYearForm, SemesterForm } from './forms';

const YEAR: SchoolYear = { id: '0190a0a0-0000-7000-8000-000000000001', code: '2027-2028', name: '2027-2028学年', nameEn: '', startDate: '2027-09-01', endDate: '2028-08-31', isCurrent: false, semesterCount: 0, currentSemesterName: '', currentSemesterNameEn: '', version: 2 };
const SEMESTER: Semester = {
  id: '0190a0a0-0000-7000-8000-000000000002',
  schoolYearId: YEAR.id,
  schoolYearName: YEAR.name,
  schoolYearNameEn: '',
  code: '2027-2028-1',
  name: '2027-2028学年第一学期',
  nameEn: '2027-2028 Semester 1',
  year: 2027,
  startDate: '2027-09-01',
  endDate: '2028-01-24',
  teachStartDate: '2027-09-01',
  teachEndDate: '2028-01-17',
  weeks: 20,
  isCurrent: false,
  version: 4,
};

const go = () => act(async () => fireEvent.submit(document.getElementById('f')!));
/** the field (label + control + message) whose label text is `label` */
const field = (label: string) => screen.getByText(label, { selector: 'label' }).closest('[data-part="root"]') as HTMLElement;
const typeInto = (label: string, value: string) => {
  const input = within(field(label)).getAllByRole('textbox').at(-1) ?? within(field(label)).getByDisplayValue(/.*/);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const setDate = (label: string, value: string) => {
  const input = field(label).querySelector('input')!;
  fireEvent.change(input, { target: { value } });
};

describe('semester form: the shared rules show per field before anything is sent', () => {
  it('year above 2000 and below 9999', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SemesterForm id="f" years={[YEAR]} initial={SEMESTER} onSubmit={onSubmit} />);
    for (const year of ['2000', '9999']) {
      typeInto('年份', year);
      await go();
      expect(within(field('年份')).getByText('学年须为大于2000且小于9999的整数')).toBeTruthy();
    }
    typeInto('年份', '2001');
    await go();
    expect(within(field('年份')).queryByText('学年须为大于2000且小于9999的整数')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ id: SEMESTER.id, version: 4, year: 2001, weeks: 20, schoolYearId: YEAR.id, nameEn: '2027-2028 Semester 1' });
  });

  it('start before end (开始时间应早于结束时间), teaching inside working, weeks within the working range', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SemesterForm id="f" years={[YEAR]} initial={SEMESTER} onSubmit={onSubmit} />);
    setDate('工作开始日期', '2028-02-01');
    await go();
    expect(within(field('工作开始日期')).getByText('开始时间应早于结束时间')).toBeTruthy();
    setDate('工作开始日期', '2027-09-01');
    setDate('教学结束日期', '2028-02-10');
    await go();
    expect(within(field('教学开始日期')).getByText('教学起止日期须在工作起止日期范围内')).toBeTruthy();
    setDate('教学结束日期', '2028-01-17');
    typeInto('周数', '30');
    await go();
    expect(within(field('周数')).getByText('周数不能超过工作日期范围的周数（21周）')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('code and name required; the same messages in English', async () => {
    i18n.activate('en');
    const onSubmit = vi.fn();
    renderWithProviders(<SemesterForm id="f" years={[YEAR]} initial={SEMESTER} onSubmit={onSubmit} />);
    typeInto('Semester code', '2027/1');
    typeInto('Year', '1999');
    await go();
    expect(within(field('Semester code')).getByText('The code may hold letters, digits, underscores and hyphens only')).toBeTruthy();
    expect(within(field('Year')).getByText('The year must be an integer above 2000 and below 9999')).toBeTruthy();
    setDate('Working end', '2027-08-01');
    await go();
    expect(within(field('Working start')).getByText('Start time should be earlier than end time')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a new semester starts with the chosen school year and its first calendar year', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SemesterForm id="f" years={[YEAR]} defaultYearId={YEAR.id} onSubmit={onSubmit} />);
    expect((field('年份').querySelector('input') as HTMLInputElement).value).toBe('2027');
    await go();
    expect(within(field('学期代码')).getByText('请输入')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('school year form', () => {
  it('refuses a start after the end and sends trimmed values', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchoolYearForm id="f" onSubmit={onSubmit} />);
    typeInto('学年代码', ' 2030-2031 ');
    typeInto('学年名称', '2030-2031学年');
    typeInto('英文名称', ' 2030-2031 School Year ');
    setDate('开始日期', '2031-09-01');
    setDate('结束日期', '2031-08-31');
    await go();
    expect(within(field('开始日期')).getByText('开始时间应早于结束时间')).toBeTruthy();
    setDate('开始日期', '2030-09-01');
    await go();
    expect(onSubmit).toHaveBeenCalledWith({ code: '2030-2031', name: '2030-2031学年', nameEn: '2030-2031 School Year', startDate: '2030-09-01', endDate: '2031-08-31' });
  });

  it('the English name is optional and as long as the Chinese one may be (50), in both languages', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchoolYearForm id="f" initial={YEAR} onSubmit={onSubmit} />);
    typeInto('英文名称', 'Y'.repeat(51));
    await go();
    expect(within(field('英文名称')).getByText('英文名称长度不能超过50个字符')).toBeTruthy();
    await act(async () => i18n.activate('en'));
    await go();
    expect(within(field('English name')).getByText('The English name must be at most 50 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    typeInto('English name', 'Y'.repeat(50));
    await go();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ nameEn: 'Y'.repeat(50) }));
  });

  it('an edit sends the id and the version the row was loaded at', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchoolYearForm id="f" initial={YEAR} onSubmit={onSubmit} />);
    typeInto('学年名称', '2027-2028学年（改）');
    await go();
    expect(onSubmit).toHaveBeenCalledWith({ id: YEAR.id, version: 2, code: '2027-2028', name: '2027-2028学年（改）', nameEn: '', startDate: '2027-09-01', endDate: '2028-08-31' });
  });
});
