import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { DataTableColumn } from './DataTable';
import { ListTable } from './ListTable';

interface Row {
  id: string;
  name: string;
}
const columns: DataTableColumn<Row>[] = [{ key: 'name', title: '名称' }];
const rows = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: `r${i}`, name: `第${i + 1}行` }));

describe('ListTable (a whole list, no paging)', () => {
  it('shows every row of a list longer than the largest page size, and how many there are', async () => {
    renderWithProviders(<ListTable data-testid="list" columns={columns} rows={rows(620)} rowKey={(row) => row.id} />);
    const table = await screen.findByTestId('list');
    expect(within(table).getByText('第1行')).toBeTruthy();
    expect(within(table).getByText('第620行')).toBeTruthy();
    expect(table.textContent).toContain('620');
  });

  it('says so when the list is empty', async () => {
    renderWithProviders(<ListTable data-testid="list" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="没有记录" />);
    expect(within(await screen.findByTestId('list')).getByText('没有记录')).toBeTruthy();
  });
});
