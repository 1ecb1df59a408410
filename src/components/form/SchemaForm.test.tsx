import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { checkDateRange, checkNotFuture } from './date-rules';
import { FIELD_TYPES, requiredMessage } from './form-rules';
import { SchemaForm, type SchemaField } from './SchemaForm';

afterEach(() => vi.restoreAllMocks());

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
const go = <button type="submit">go</button>;

describe('form wrapper defaults (SPEC §5)', () => {
  it('required texts: 请输入 for input and number, 请选择 for the others; Please enter / Please select in English', () => {
    expect(requiredMessage('input')).toBe('请输入');
    expect(requiredMessage('input-number')).toBe('请输入');
    for (const type of FIELD_TYPES.filter((t) => !['input', 'input-number', 'autocomplete'].includes(t))) expect(requiredMessage(type)).toBe('请选择');
    i18n.activate('en');
    expect(requiredMessage('input')).toBe('Please enter');
    expect(requiredMessage('select')).toBe('Please select');
  });

  it('shows the required text under each empty required field and does not submit', async () => {
    const onSubmit = vi.fn();
    const fields: SchemaField[] = [
      { name: 'name', type: 'input', label: '名称', required: true },
      { name: 'count', type: 'input-number', label: '数量', required: true },
      { name: 'kind', type: 'select', label: '类别', required: true, options: [{ mc: '甲', wid: 'a' }] },
    ];
    renderWithProviders(<SchemaForm fields={fields} onSubmit={onSubmit} actions={go} />);
    await submit();
    expect(screen.getAllByText('请输入')).toHaveLength(2);
    expect(screen.getAllByText('请选择').filter((el) => el.tagName !== 'OPTION')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('select options are labelled mc with value wid by default, keys configurable; switch gives 1 and 0', async () => {
    const onSubmit = vi.fn();
    const fields: SchemaField[] = [
      { name: 'kind', type: 'select', label: '类别', options: [{ mc: '甲', wid: 'a' }, { mc: '乙', wid: 'b' }] },
      { name: 'grade', type: 'select', label: '年级', labelKey: 'name', valueKey: 'code', options: [{ name: '一年级', code: 'g1' }] },
      { name: 'on', type: 'switch', label: '启用' },
    ];
    renderWithProviders(<SchemaForm fields={fields} onSubmit={onSubmit} actions={go} />);
    fireEvent.change(screen.getByLabelText('类别'), { target: { value: 'b' } });
    expect(screen.getByRole('option', { name: '乙' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('年级'), { target: { value: 'g1' } });
    fireEvent.click(screen.getByRole('switch'));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'b', grade: 'g1', on: '1' });
    fireEvent.click(screen.getByRole('switch'));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'b', grade: 'g1', on: '0' });
  });

  it('an untouched switch submits its inactive value; custom active / inactive values', async () => {
    const onSubmit = vi.fn();
    const fields: SchemaField[] = [
      { name: 'on', type: 'switch', label: '启用' },
      { name: 'flag', type: 'switch', label: '标记', activeValue: 'Y', inactiveValue: 'N' },
    ];
    renderWithProviders(<SchemaForm fields={fields} onSubmit={onSubmit} actions={go} />);
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ on: '0', flag: 'N' });
    fireEvent.click(screen.getAllByRole('switch')[1]);
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ on: '0', flag: 'Y' });
  });

  it('time-select offers 09:00 to 18:00 every 30 minutes by default', async () => {
    const { timeSlots } = await import('./fields');
    const slots = timeSlots();
    expect(slots[0]).toBe('09:00');
    expect(slots.at(-1)).toBe('18:00');
    expect(slots).toHaveLength(19);
  });

  it('date helper: a start later than its end says 开始时间应早于结束时间; future dates can be refused', async () => {
    expect(checkDateRange('2024-05-02', '2024-05-01')).toBe('开始时间应早于结束时间');
    expect(checkDateRange('2024-05-01', '2024-05-02')).toBeNull();
    expect(checkDateRange('', '2024-05-02')).toBeNull();
    expect(checkNotFuture('2999-01-01')).toBe('不能选择未来的日期');
    expect(checkNotFuture('2000-01-01')).toBeNull();
    i18n.activate('en');
    expect(checkDateRange('2024-05-02', '2024-05-01')).toBe('Start time should be earlier than end time');
    i18n.activate('zh');

    const onSubmit = vi.fn();
    const fields: SchemaField[] = [
      { name: 'start', type: 'date-picker', label: '开始', before: 'end' },
      { name: 'end', type: 'date-picker', label: '结束' },
      { name: 'born', type: 'date-picker', label: '出生', noFuture: true },
    ];
    renderWithProviders(<SchemaForm fields={fields} onSubmit={onSubmit} actions={go} />);
    fireEvent.change(screen.getByLabelText('开始'), { target: { value: '2024-05-02' } });
    fireEvent.change(screen.getByLabelText('结束'), { target: { value: '2024-05-01' } });
    fireEvent.change(screen.getByLabelText('出生'), { target: { value: '2999-01-01' } });
    expect(screen.getByLabelText('出生').getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await submit();
    expect(screen.getByText('开始时间应早于结束时间')).toBeTruthy();
    expect(screen.getByText('不能选择未来的日期')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a shared zod contract’s message per field', async () => {
    const schema = z.object({ phone: z.string().regex(/^1\d{10}$/, '手机号格式不正确') });
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm fields={[{ name: 'phone', type: 'input', label: '手机' }]} schema={schema} initialValues={{ phone: '123' }} onSubmit={onSubmit} actions={go} />);
    await submit();
    expect(screen.getByText('手机号格式不正确')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800000000' } });
    await waitFor(() => expect(screen.queryByText('手机号格式不正确')).toBeNull());
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ phone: '13800000000' });
  });

  it('a rejected submit keeps everything typed', async () => {
    const onSubmit = vi.fn(async () => Promise.reject(new Error('server said no')));
    renderWithProviders(<SchemaForm fields={[{ name: 'name', type: 'input', label: '名称' }]} onSubmit={onSubmit} actions={go} />);
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '保留我' } });
    await submit();
    expect(onSubmit).toHaveBeenCalled();
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('保留我');
  });

  it('renders every SPEC field type; org-select renders the supplied slot', async () => {
    const fields: SchemaField[] = FIELD_TYPES.map((type) => ({
      name: type,
      type,
      label: `L-${type}`,
      options: [
        { mc: 'A', wid: 'a', children: [{ mc: 'A1', wid: 'a1' }] },
        { mc: 'B', wid: 'b' },
      ],
    }));
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm
        fields={fields}
        onSubmit={onSubmit}
        actions={go}
        renderOrgSelect={({ onChange }) => (
          <button type="button" onClick={() => onChange('O_1')}>
            pick-org
          </button>
        )}
      />,
    );
    for (const type of FIELD_TYPES) expect(screen.getByText(`L-${type}`)).toBeTruthy();
    fireEvent.click(screen.getByText('pick-org'));
    fireEvent.change(screen.getByLabelText('L-cascader'), { target: { value: 'a' } });
    const cascader = screen.getByLabelText('L-cascader').closest('[role=group]') as HTMLElement;
    await waitFor(() => expect(cascader.querySelectorAll('select')).toHaveLength(2));
    fireEvent.change(cascader.querySelectorAll('select')[1], { target: { value: 'a1' } });
    fireEvent.click(screen.getAllByRole('radio', { name: '3 分' })[0]);
    fireEvent.click(screen.getByLabelText('B', { selector: 'input[type=checkbox]' }));
    fireEvent.change(screen.getByLabelText('L-time-select'), { target: { value: '09:00' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ 'org-select': 'O_1', cascader: ['a', 'a1'], rate: 3, 'checkbox-group': ['b'], 'time-select': '09:00' }));
  });
});
