import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CheckTree } from './CheckTree';

interface Item {
  id: string;
  name: string;
  children?: Item[];
}
const rows: Item[] = [
  { id: 'a', name: '系统管理', children: [{ id: 'a1', name: '菜单管理', children: [{ id: 'a1x', name: '新增' }] }, { id: 'a2', name: '角色管理' }] },
  { id: 'b', name: '教学管理', children: [{ id: 'b1', name: '考试批次' }] },
];
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const shown = () => screen.queryAllByTestId('check-tree-row').map((row) => row.textContent);

function Harness({ initial = [] as string[], readOnly = false, onChange = (_: string[]) => {} }) {
  const [value, setValue] = useState(initial);
  return (
    <CheckTree
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      value={value}
      readOnly={readOnly}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

describe('CheckTree', () => {
  it('ticking a parent ticks its subtree; a partly ticked parent is half ticked', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.click(box('菜单管理'));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'a1', 'a1x']);
    expect(box('新增').checked).toBe(true);
    expect(box('系统管理').indeterminate).toBe(true);
    expect(box('系统管理').checked).toBe(false);
    fireEvent.click(box('角色管理'));
    expect(box('系统管理').checked).toBe(true);
    expect(box('系统管理').indeterminate).toBe(false);
    fireEvent.click(box('系统管理'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(box('教学管理'));
    expect(onChange).toHaveBeenLastCalledWith(['b', 'b1']);
  });

  it('filters rows keeping their ancestors, collapses and expands', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByTestId('check-tree-filter'), { target: { value: '新增' } });
    expect(shown()).toEqual(['系统管理', '菜单管理', '新增']);
    fireEvent.change(screen.getByTestId('check-tree-filter'), { target: { value: '没有这个' } });
    expect(shown()).toEqual([]);
    expect(screen.getByTestId('check-tree-empty').textContent).toBe('暂无数据');
    fireEvent.change(screen.getByTestId('check-tree-filter'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '收起 系统管理' }));
    expect(shown()).toEqual(['系统管理', '教学管理', '考试批次']);
    fireEvent.click(screen.getByTestId('check-tree-collapse-all'));
    expect(shown()).toEqual(['系统管理', '教学管理']);
    fireEvent.click(screen.getByTestId('check-tree-expand-all'));
    expect(shown()).toHaveLength(6);
  });

  it('is nested lists of named checkboxes and toggles (no tree roles); a child sits in its parent\'s item', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.queryByRole('treeitem')).toBeNull();
    const top = screen.getAllByRole('list')[0]!;
    const system = [...top.children].find((item) => item.textContent?.startsWith('系统管理'))!;
    expect(within(system as HTMLElement).getByRole('checkbox', { name: '新增' })).toBeTruthy();
    expect(within(system as HTMLElement).queryByRole('checkbox', { name: '考试批次' })).toBeNull();
    const toggle = screen.getByRole('button', { name: '收起 系统管理' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: '展开 系统管理' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: '新增' })).toBeNull();
  });

  it('read-only shows the ticks without changing them', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={['b', 'b1']} readOnly onChange={onChange} />);
    expect(box('考试批次').checked).toBe(true);
    expect(box('考试批次').disabled).toBe(true);
    fireEvent.click(box('考试批次'));
    expect(onChange).not.toHaveBeenCalled();
    expect(box('考试批次').checked).toBe(true);
  });
});
