import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchHeader } from '../SearchHeader';
import { SearchSelectField, SearchTextField } from '../SearchFields';
import { DataTable, type DataTableColumn, type RowAction } from './DataTable';
import { splitActions } from './row-actions';
import { selectionColumn } from './selection';
import { screenIs } from '../../test/screen';

interface Person {
  id: string;
  name: string;
  account: string;
  org: string;
}
const people: Person[] = [
  { id: 'p1', name: '黄涛建', account: 'huang', org: '七年级(1)班' },
  { id: 'p2', name: '李明', account: 'li', org: '教务处' },
];

afterEach(() => vi.unstubAllGlobals());

const columns: DataTableColumn<Person>[] = [
  { key: 'account', title: '账号' },
  { key: 'name', title: '姓名', card: 'title' },
  { key: 'org', title: '组织机构', card: 'key', truncate: true, maxWidth: '8rem' },
];

function renderList(handlers: Record<string, () => void>, extra: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  const actions = (row: Person): RowAction[] => [
    { key: 'edit', label: '编辑', primary: true, onClick: handlers.edit, testId: 'user-edit' },
    { key: 'delete', label: '删除', danger: true, onClick: handlers.delete, testId: 'user-delete' },
    { key: 'unlock', label: '解锁', hidden: row.id === 'p2', onClick: handlers.unlock, testId: 'user-unlock' },
    { key: 'reset', label: '重置密码', danger: true, onClick: handlers.reset, testId: 'user-reset' },
    { key: 'toggle', label: '停用', onClick: handlers.toggle, testId: 'user-toggle' },
  ];
  return renderWithProviders(
    <DataTable
      data-testid="users"
      columns={columns}
      rows={people}
      total={2}
      page={0}
      onPageChange={() => undefined}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'user-row', 'data-id': row.id })}
      actions={actions}
      {...extra}
    />,
  );
}

describe('RowAction: which is the card button and what goes under 更多', () => {
  it('the marked primary (else the first safe one) is the button; hidden ones are left out; dangerous ones come last', () => {
    const noop = () => undefined;
    const split = splitActions([
      { label: '删除', danger: true, onClick: noop },
      { label: '查看', onClick: noop },
      { label: '隐藏', hidden: true, onClick: noop },
      { label: '复制', onClick: noop },
    ]);
    expect(split.primary?.label).toBe('查看');
    expect(split.safe.map((action) => action.label)).toEqual(['复制']);
    expect(split.danger.map((action) => action.label)).toEqual(['删除']);
    expect(splitActions([{ label: '发布', onClick: noop }, { label: '编辑', primary: true, onClick: noop }]).primary?.label).toBe('编辑');
  });
});

describe('DataTable on a laptop', () => {
  it('is a table whose 操作 column is pinned, with every shown action as a button; a truncated column keeps its whole text', () => {
    screenIs(false);
    const handlers = { edit: vi.fn(), delete: vi.fn(), unlock: vi.fn(), reset: vi.fn(), toggle: vi.fn() };
    renderList(handlers);
    const table = screen.getByTestId('users');
    expect(table.tagName).toBe('TABLE');
    const header = within(table).getByRole('columnheader', { name: '操作' });
    expect(header.hasAttribute('data-pin')).toBe(true);
    const [first, second] = screen.getAllByTestId('user-row');
    expect(within(first).getAllByRole('button').map((button) => button.textContent)).toEqual(['编辑', '删除', '解锁', '重置密码', '停用']);
    // 解锁 is hidden for the second person
    expect(within(second).queryByText('解锁')).toBeNull();
    expect(within(first).getByTestId('user-delete').closest('td')?.hasAttribute('data-pin')).toBe(true);
    fireEvent.click(within(first).getByTestId('user-delete'));
    expect(handlers.delete).toHaveBeenCalledOnce();
    const org = within(first).getByText('七年级(1)班');
    expect(org.hasAttribute('data-truncated')).toBe(true);
  });
});

describe('DataTable on a phone', () => {
  it('shows each row as a card: its title, its key fields as label and value, the primary button and 更多', async () => {
    screenIs(true);
    const handlers = { edit: vi.fn(), delete: vi.fn(), unlock: vi.fn(), reset: vi.fn(), toggle: vi.fn() };
    renderList(handlers);
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = screen.getAllByTestId('user-row');
    expect(card.tagName).toBe('LI');
    expect(card.getAttribute('data-id')).toBe('p1');
    expect(within(card).getByText('黄涛建')).toBeTruthy();
    // only the column marked key: the account (not marked) is not on the card
    expect(within(card).getByText('组织机构').tagName).toBe('DT');
    expect(within(card).getByText('七年级(1)班').tagName).toBe('DD');
    expect(within(card).queryByText('huang')).toBeNull();
    // one button besides 更多: the primary
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['编辑', '更多']);
    fireEvent.click(within(card).getByRole('button', { name: '编辑' }));
    expect(handlers.edit).toHaveBeenCalledOnce();
  });

  it('更多 lists the safe actions first and the dangerous ones apart at the bottom; choosing one calls it', async () => {
    screenIs(true);
    const handlers = { edit: vi.fn(), delete: vi.fn(), unlock: vi.fn(), reset: vi.fn(), toggle: vi.fn() };
    renderList(handlers);
    const [card] = screen.getAllByTestId('user-row');
    fireEvent.click(within(card).getByRole('button', { name: /更多/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['解锁', '停用', '删除', '重置密码']));
    expect(within(menu).getByRole('separator')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: '删除' }));
    expect(handlers.delete).toHaveBeenCalledOnce();
    expect(handlers.reset).not.toHaveBeenCalled();
  });

  it('puts the selection checkbox on the card and select-all above the cards; without a marked title the first column is it', () => {
    screenIs(true);
    const onChange = vi.fn();
    const select = selectionColumn<Person>({ rows: people, rowKey: (row) => row.id, selected: new Set(), onChange, allLabel: '全选', rowLabel: (row) => `选择 ${row.name}` });
    renderWithProviders(
      <DataTable
        columns={[select, { key: 'name', title: '姓名' }, { key: 'account', title: '账号' }]}
        rows={people}
        total={2}
        page={0}
        onPageChange={() => undefined}
        rowKey={(row) => row.id}
        rowProps={() => ({ 'data-testid': 'row' })}
      />,
    );
    expect(screen.getByRole('checkbox', { name: '全选' })).toBeTruthy();
    const [card] = screen.getAllByTestId('row');
    fireEvent.click(within(card).getByRole('checkbox', { name: '选择 黄涛建' }));
    expect(onChange).toHaveBeenCalledWith(new Set(['p1']));
    // no column marked key: every other column shown on phones is a field
    expect(within(card).getByText('账号').tagName).toBe('DT');
  });

  it('stays a table when the screen asks for one (cardsBelow false)', () => {
    screenIs(true);
    renderList({ edit: vi.fn(), delete: vi.fn(), unlock: vi.fn(), reset: vi.fn(), toggle: vi.fn() }, { cardsBelow: false });
    expect(screen.getByTestId('users').tagName).toBe('TABLE');
  });
});

describe('SearchHeader folding', () => {
  function Header({ kind }: { kind: string }) {
    return (
      <SearchHeader onSearch={onSearch} onReset={() => undefined}>
        <SearchTextField label="关键字" value="" onChange={() => undefined} />
        <SearchSelectField label="类型" value={kind} onChange={() => undefined} choices={[{ value: '1', label: '教师' }]} />
        <SearchTextField label="工号" value="" onChange={() => undefined} />
      </SearchHeader>
    );
  }
  const onSearch = vi.fn();

  it('on a phone shows the keyword and 筛选 (n), n the other fields holding a condition; the button unfolds them; Enter still searches', async () => {
    screenIs(true);
    renderWithProviders(<Header kind="1" />);
    const filters = screen.getByTestId('search-filters');
    expect(filters.textContent).toContain('筛选 (1)');
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByLabelText('类型').closest('[data-folded]')).toBeTruthy();
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('类型').closest('[data-folded]')).toBeNull();
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenCalled();
  });

  it('on a laptop starts unfolded; 筛选 without a count when no other field holds a condition', () => {
    screenIs(false);
    renderWithProviders(<Header kind="" />);
    const filters = screen.getByTestId('search-filters');
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    expect(filters.textContent).toBe('筛选');
  });
});
