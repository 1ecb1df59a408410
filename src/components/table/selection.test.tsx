import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataTableColumn } from './DataTable';
import { selectionColumn } from './selection';

interface Item {
  id: string;
  name: string;
  locked: boolean;
}
const items: Item[] = [
  { id: 'a', name: '甲', locked: false },
  { id: 'b', name: '乙', locked: true },
  { id: 'c', name: '丙', locked: false },
];

function Table({ rows = items }: { rows?: Item[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const columns: DataTableColumn<Item>[] = [
    selectionColumn<Item>({
      rows,
      rowKey: (row) => row.id,
      selected,
      onChange: setSelected,
      selectable: (row) => !row.locked,
      allLabel: '全选',
      rowLabel: (row) => `选择 ${row.name}`,
      testId: 'item-select',
      allTestId: 'item-select-all',
    }),
    { key: 'name', title: '名称' },
  ];
  return (
    <>
      <DataTable columns={columns} rows={rows} total={rows.length} page={0} onPageChange={() => undefined} rowKey={(row) => row.id} />
      <output data-testid="picked">{[...selected].sort().join(',')}</output>
    </>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('selectionColumn', () => {
  it('each row checkbox is named and ticks its row; rows that may not be selected are disabled', () => {
    renderWithProviders(<Table />);
    expect(screen.getAllByTestId('item-select')).toHaveLength(3);
    expect(box('选择 乙').disabled).toBe(true);
    fireEvent.click(box('选择 丙'));
    expect(screen.getByTestId('picked').textContent).toBe('c');
    expect(box('全选').checked).toBe(false);
    fireEvent.click(box('选择 甲'));
    expect(screen.getByTestId('picked').textContent).toBe('a,c');
    // every selectable row ticked: select-all shows checked
    expect(box('全选').checked).toBe(true);
    fireEvent.click(box('选择 甲'));
    expect(screen.getByTestId('picked').textContent).toBe('c');
  });

  it('select-all ticks every selectable row of the page, and clears them again', () => {
    renderWithProviders(<Table />);
    fireEvent.click(screen.getByTestId('item-select-all'));
    expect(screen.getByTestId('picked').textContent).toBe('a,c');
    expect(within(screen.getByRole('table')).getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    fireEvent.click(screen.getByTestId('item-select-all'));
    expect(screen.getByTestId('picked').textContent).toBe('');
  });

  it('nothing selectable: select-all is disabled and unticked', () => {
    renderWithProviders(<Table rows={[items[1]!]} />);
    expect(box('全选').disabled).toBe(true);
    expect(box('全选').checked).toBe(false);
  });
});
