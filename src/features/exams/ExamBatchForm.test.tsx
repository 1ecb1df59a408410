import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExamOptions } from '../../../contracts/exams';
import { renderWithProviders } from '../../test/render';
import { ExamBatchForm } from './ExamBatchForm';

const options: ExamOptions = {
  semesters: [
    { id: '0199a000-0000-7000-8000-000000000001', name: '2026-2027学年第一学期', nameEn: '2026-2027 Semester 1', isCurrent: true },
    { id: '0199a000-0000-7000-8000-000000000002', name: '2026-2027学年第二学期', nameEn: '', isCurrent: false },
  ],
  grades: [
    { id: '0199a000-0000-7000-8000-000000000007', name: '七年级', nameEn: 'Grade 7' },
    { id: '0199a000-0000-7000-8000-000000000008', name: '八年级', nameEn: 'Grade 8' },
  ],
  subjects: [
    { code: '01', name: '语文', nameEn: 'Chinese' },
    { code: '02', name: '数学', nameEn: 'Mathematics' },
  ],
};

const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

function setup() {
  const onSubmit = vi.fn(() => Promise.resolve());
  renderWithProviders(
    <>
      <ExamBatchForm id="f" options={options} semesterId={options.semesters[0].id} onSubmit={onSubmit} />
      <button type="submit" form="f">
        save
      </button>
    </>,
  );
  const fill = (label: string, value: string) => fireEvent.change(byLabel(label), { target: { value } });
  const numberField = (label: string, value: string) => {
    const input = byLabel(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'save' })));
  return { onSubmit, fill, numberField, save };
}

describe('ExamBatchForm', () => {
  it('refuses an end before the start and a regular sort that is not a multiple of 10; sends the batch when fixed', async () => {
    const { onSubmit, fill, numberField, save } = setup();
    fill('考试名称', '第二次月考');
    fireEvent.click(screen.getByLabelText('七年级'));
    fireEvent.click(screen.getByLabelText('数学'));
    fill('开始日期', '2026-12-10');
    fill('结束日期', '2026-12-09');
    numberField('排序', '15');
    await save();
    // the date helper on the start (SPEC §5 literal), the batch rule on the end
    expect(screen.getAllByText('开始时间应早于结束时间').length).toBeGreaterThan(0);
    expect(screen.getByText('结束时间不能早于开始时间')).toBeTruthy();
    expect(screen.getByText('常规考试的排序必须是10的倍数')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fill('结束日期', '2026-12-10');
    numberField('排序', '30');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: '第二次月考',
      semesterId: options.semesters[0].id,
      gradeIds: [options.grades[0].id],
      subjects: ['02'],
      startDate: '2026-12-10',
      endDate: '2026-12-10',
      sort: 30,
      regular: true,
    });
  });

  it('lets a session that is not regular use any sort, and asks for what is missing', async () => {
    const { onSubmit, fill, numberField, save } = setup();
    await save();
    expect(screen.getAllByText('请输入').length).toBeGreaterThan(0);
    expect(screen.getAllByText('请选择').length).toBeGreaterThan(0);
    fill('考试名称', '单元测验');
    fireEvent.click(screen.getByLabelText('八年级'));
    fireEvent.click(screen.getByLabelText('语文'));
    fill('开始日期', '2026-12-01');
    fill('结束日期', '2026-12-01');
    fireEvent.click(byLabel('常规考试'));
    numberField('排序', '15');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ sort: 15, regular: false })));
  });

  it('speaks English', async () => {
    i18n.activate('en');
    const { numberField, save } = setup();
    numberField('Sort', '25');
    await save();
    expect(screen.getByText('The sort of a regular session must be a multiple of 10')).toBeTruthy();
    // the choices by their English names; a semester without one by its Chinese name
    expect(screen.getByRole('option', { name: '2026-2027 Semester 1' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '2026-2027学年第二学期' })).toBeTruthy();
    expect(screen.getByLabelText('Grade 7')).toBeTruthy();
    expect(screen.getByLabelText('Mathematics')).toBeTruthy();
  });
});
