import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { RowAction } from '../table/row-actions';
import { TreeTable } from './TreeTable';
import { screenIs } from '../../test/screen';

interface Item {
  id: string;
  name: string;
  kind: 'folder' | 'leaf';
  children?: Item[];
}
const rows: Item[] = [
  { id: 'a', name: '甲', kind: 'folder', children: [{ id: 'a1', name: '甲一', kind: 'leaf' }, { id: 'a2', name: '甲二', kind: 'leaf' }] },
  { id: 'b', name: '乙', kind: 'folder', children: [{ id: 'b1', name: '乙一', kind: 'leaf' }] },
  { id: 'c', name: '丙', kind: 'leaf' },
];
const columns = [
  { key: 'name', title: '名称' },
  { key: 'kind', title: '类型' },
];
const names = () => screen.queryAllByRole('row').slice(1).map((row) => row.querySelectorAll('td')[row.querySelector('[data-testid="tree-handle"]') ? 1 : 0]!.textContent);

afterEach(() => vi.restoreAllMocks());

afterEach(() => vi.unstubAllGlobals());

describe('TreeTable', () => {
  it('indents rows, collapses and expands one node or all', () => {
    renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} />);
    expect(names()).toEqual(['甲', '甲一', '甲二', '乙', '乙一', '丙']);
    expect(screen.getAllByRole('row')[2]!.getAttribute('data-depth')).toBe('1');
    // a plain table: no treegrid role (whose arrow-key model it does not implement); the toggles are named buttons
    expect(screen.queryByRole('treegrid')).toBeNull();
    expect(screen.getByRole('button', { name: '收起 甲' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '收起 甲' }));
    expect(names()).toEqual(['甲', '乙', '乙一', '丙']);
    expect(screen.getByRole('button', { name: '展开 甲' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByTestId('tree-collapse-all'));
    expect(names()).toEqual(['甲', '乙', '丙']);
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    expect(names()).toEqual(['甲', '甲一', '甲二', '乙', '乙一', '丙']);
  });

  it('shows the loading and the empty text', () => {
    const { unmount } = renderWithProviders(<TreeTable rows={[]} loading rowKey={(row: Item) => row.id} rowLabel={(row) => row.name} columns={columns} />);
    expect(screen.getByTestId('table-empty').textContent).toBe('加载中…');
    unmount();
    renderWithProviders(<TreeTable rows={[]} rowKey={(row: Item) => row.id} rowLabel={(row) => row.name} columns={columns} emptyText="没有菜单" />);
    expect(screen.getByTestId('table-empty').textContent).toBe('没有菜单');
  });

  it('starts collapsed below a depth; forceExpanded shows everything without toggles', () => {
    const { unmount } = renderWithProviders(<TreeTable rows={rows} defaultExpanded={0} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} />);
    expect(names()).toEqual(['甲', '乙', '丙']);
    unmount();
    renderWithProviders(<TreeTable rows={rows} defaultExpanded={0} forceExpanded rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} />);
    expect(names()).toEqual(['甲', '甲一', '甲二', '乙', '乙一', '丙']);
    expect(screen.queryByTestId('tree-toggle')).toBeNull();
  });

  describe('dragging with the keyboard', () => {
    // rows laid out 40 px apart (jsdom has no layout)
    const layout = () =>
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
        const row = this.closest('tr[data-id]');
        const all = [...document.querySelectorAll('tr[data-id]')];
        const top = row ? all.indexOf(row) * 40 : 0;
        return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 38, width: 600, height: 38, toJSON: () => ({}) } as DOMRect;
      });
    const press = async (target: Element | Document, code: string, key = code) => act(async () => void fireEvent.keyDown(target, { key, code }));

    it('moves a row down among its siblings and under another node (→ = one level deeper), saying where it lands', async () => {
      layout();
      const consoleError = vi.spyOn(console, 'error');
      const onMove = vi.fn();
      renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} onMove={onMove} />);
      // 甲一 one place down: second child of 甲
      let handle = screen.getByRole('button', { name: '拖动 甲一' });
      handle.focus();
      await press(handle, 'Space', ' ');
      await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/已拿起 甲一|将放在 甲 下第 1 位/));
      // the live region sits outside the table (React warns about a <div> inside <table>; readers may drop it)
      expect(screen.getByRole('status').closest('table')).toBeNull();
      await press(document, 'ArrowDown');
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('将放在 甲 下第 2 位'));
      await press(document, 'Space', ' ');
      await waitFor(() => expect(onMove).toHaveBeenCalledWith('a1', { parentId: 'a', index: 1 }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('已放下 甲一'));

      // 丙 one level deeper at its place: last child of 乙
      onMove.mockClear();
      handle = screen.getByRole('button', { name: '拖动 丙' });
      handle.focus();
      await press(handle, 'Space', ' ');
      await press(document, 'ArrowRight');
      await press(document, 'Space', ' ');
      await waitFor(() => expect(onMove).toHaveBeenCalledWith('c', { parentId: 'b', index: 1 }));
      expect(consoleError.mock.calls.map((call) => String(call[0])).filter((text) => /cannot be a child|validateDOMNesting|cannot contain a nested/.test(text))).toEqual([]);
    });

    it('a place canDrop refuses is not dropped; Esc cancels', async () => {
      layout();
      const onMove = vi.fn();
      // leaves only under folders, folders only at the top
      const canDrop = (dragged: Item, parent: Item | null) => (dragged.kind === 'folder' ? parent === null : parent?.kind === 'folder');
      renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} onMove={onMove} canDrop={canDrop} />);
      const handle = screen.getByRole('button', { name: '拖动 乙一' });
      handle.focus();
      await press(handle, 'Space', ' ');
      // 乙一 one place down lands under 丙, a leaf: refused, said, not dropped
      await press(document, 'ArrowDown');
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('不能放在 丙 下'));
      await press(document, 'Space', ' ');
      expect(onMove).not.toHaveBeenCalled();
      expect(names()).toEqual(['甲', '甲一', '甲二', '乙', '乙一', '丙']);
      const again = screen.getByRole('button', { name: '拖动 丙' });
      again.focus();
      await press(again, 'Space', ' ');
      await press(document, 'ArrowRight');
      await press(document, 'Escape');
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('已取消拖动，位置未变'));
      expect(onMove).not.toHaveBeenCalled();
      expect(names()).toEqual(['甲', '甲一', '甲二', '乙', '乙一', '丙']);
    });

    it('no handles without onMove or when drag is disabled', () => {
      let view = renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} />);
      expect(screen.queryByTestId('tree-handle')).toBeNull();
      view.unmount();
      view = renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} onMove={vi.fn()} dragDisabled />);
      expect(screen.queryByTestId('tree-handle')).toBeNull();
      view.unmount();
      renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={columns} onMove={vi.fn()} />);
      expect(within(screen.getAllByRole('row')[1]!).getByTestId('tree-handle')).toBeTruthy();
    });
  });

  describe('fitting the screen (issue 20)', () => {
    const wideColumns = [
      { key: 'name', title: '名称', minWidth: '48' },
      { key: 'kind', title: '类型' },
      { key: 'code', title: '编码', card: 'key' as const },
    ];
    const handlers = { add: vi.fn(), edit: vi.fn(), remove: vi.fn() };
    const actions = (row: Item): RowAction[] => [
      { key: 'add', label: '新增下级', ariaLabel: `新增下级：${row.name}`, hidden: row.kind === 'leaf', onClick: () => handlers.add(row.id), testId: 'add' },
      { key: 'delete', label: '删除', ariaLabel: `删除：${row.name}`, danger: true, onClick: () => handlers.remove(row.id), testId: 'delete' },
      { key: 'edit', label: '编辑', ariaLabel: `编辑：${row.name}`, onClick: () => handlers.edit(row.id), testId: 'edit' },
    ];
    const render = () =>
      renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={wideColumns} actions={actions} rowProps={(row) => ({ 'data-testid': `row-${row.id}` })} />);
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

    it('at laptop widths: every column, and the actions as named buttons in a pinned 操作 column inside the checked list container', () => {
      screenIs(false);
      render();
      expect(headers()).toEqual(['名称', '类型', '编码', '操作']);
      const row = screen.getByTestId('row-a');
      const cell = within(row).getByRole('button', { name: '新增下级：甲' }).closest('td')!;
      expect(cell.hasAttribute('data-pin')).toBe(true);
      expect(within(cell).getAllByRole('button').map((button) => button.textContent)).toEqual(['新增下级', '删除', '编辑']);
      // a hidden action is left out of its row only
      expect(within(screen.getByTestId('row-c')).queryByTestId('add')).toBeNull();
      fireEvent.click(within(row).getByRole('button', { name: '编辑：甲' }));
      expect(handlers.edit).toHaveBeenCalledWith('a');
      expect(screen.getByRole('table').closest('[data-list-container]')).not.toBeNull();
      expect(screen.queryByTestId('row-more')).toBeNull();
      expect(screen.getByRole('table').hasAttribute('data-compact')).toBe(false);
    });

    it('on a phone: the name with its indentation and toggle, the key columns, and one 更多 per row (dangerous actions apart at the bottom)', async () => {
      screenIs(true);
      render();
      expect(headers()).toEqual(['名称', '编码', '操作']);
      expect(screen.getByRole('button', { name: '收起 甲' })).toBeTruthy();
      expect(screen.getByTestId('row-a1').getAttribute('data-depth')).toBe('1');
      const row = screen.getByTestId('row-a');
      // a single button in the actions cell, named after its row
      const more = within(row).getByRole('button', { name: '更多：甲' });
      expect(more.closest('td')!.hasAttribute('data-pin')).toBe(true);
      expect(within(more.closest('td')!).getAllByRole('button')).toHaveLength(1);
      fireEvent.click(more);
      const menu = await screen.findByRole('menu');
      await waitFor(() => expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['新增下级', '编辑', '删除']));
      expect(within(menu).getByRole('separator')).toBeTruthy();
      fireEvent.click(within(menu).getByRole('menuitem', { name: '删除：甲' }));
      expect(handlers.remove).toHaveBeenCalledWith('a');
      expect(screen.getByRole('table').closest('[data-list-container]')).not.toBeNull();
      // the phone's form: a long name breaks anywhere (the CSS keys on it) rather than widen the table
      expect(screen.getByRole('table').hasAttribute('data-compact')).toBe(true);
    });

    it('compactBelow={false} keeps the laptop table on a phone', () => {
      screenIs(true);
      renderWithProviders(<TreeTable rows={rows} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={wideColumns} actions={actions} compactBelow={false} />);
      expect(headers()).toEqual(['名称', '类型', '编码', '操作']);
      expect(screen.queryByTestId('row-more')).toBeNull();
    });
  });
});
