import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SearchSelectField, SearchTextField } from './SearchFields';
import { BatchDeleteBar } from './table/BatchDeleteBar';

describe('SearchSelectField / SearchTextField', () => {
  it('label their control; the select offers 全部 first, the text field 请输入 and 50 characters, the date field its bounds', () => {
    const onKind = vi.fn();
    const onKeyword = vi.fn();
    renderWithProviders(
      <>
        <SearchSelectField label="题型" value="" onChange={onKind} choices={[{ value: 'single', label: '单选' }]} testId="kind" />
        <SearchTextField label="题目" value="" onChange={onKeyword} testId="keyword" />
        <SearchTextField label="开始日期" type="date" value="" max="2026-12-31" onChange={() => undefined} />
      </>,
    );
    const select = screen.getByLabelText('题型') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['全部', '单选']);
    fireEvent.change(select, { target: { value: 'single' } });
    expect(onKind).toHaveBeenCalledWith('single');
    const text = screen.getByLabelText('题目') as HTMLInputElement;
    expect(text.placeholder).toBe('请输入');
    expect(text.maxLength).toBe(50);
    fireEvent.change(text, { target: { value: '满意' } });
    expect(onKeyword).toHaveBeenCalledWith('满意');
    const date = screen.getByLabelText('开始日期') as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.max).toBe('2026-12-31');
    expect(date.placeholder).toBe('');
  });
});

describe('BatchDeleteBar', () => {
  it('is disabled with nothing selected; counts what is selected and deletes it', () => {
    const onDelete = vi.fn();
    const none = renderWithProviders(<BatchDeleteBar selectedCount={0} onDelete={onDelete} testId="batch" />);
    expect((screen.getByTestId('batch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/已选/)).toBeNull();
    none.unmount();
    renderWithProviders(<BatchDeleteBar selectedCount={2} onDelete={onDelete} testId="batch" />);
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
