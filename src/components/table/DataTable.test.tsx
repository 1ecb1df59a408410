import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../contracts/envelope';
import { setConfig } from '../../lib/config';
import { toaster } from '../../lib/toaster';
import { fail, fakeFetch, ok, renderWithProviders, type FakeResponse } from '../../test/render';
import { DataTable, type DataTableColumn } from './DataTable';
import { tableARequestOf, tableBRequestOf, tablePageOf, useTableQuery, type TableKind, type TableSort } from './table-query';

interface Person {
  id: string;
  name: string;
  age: number;
}
const person = (n: number): Person => ({ id: `p${n}`, name: `姓名${n}`, age: 10 + (n % 50) });
const people = (count: number, from = 0) => Array.from({ length: count }, (_, i) => person(from + i));

const columns: DataTableColumn<Person>[] = [
  { key: 'name', title: '姓名', sortable: true },
  { key: 'age', title: '年龄', sortable: true, align: 'end' },
  { key: 'id', title: '编号', render: (row) => <span data-testid="id-cell">{row.id.toUpperCase()}</span> },
];

describe('generic table requests (SPEC §7)', () => {
  it('table A: zero-based currPage, limit, order + sortField, search as a JSON string, page', () => {
    expect(tableARequestOf({ page: 2, size: 20, filters: { NAME: '张', XQID: '1' }, sort: { field: 'name', order: 'desc' } })).toEqual({
      currPage: 2,
      limit: 20,
      order: 'desc',
      sortField: 'name',
      search: '{"NAME":"张","XQID":"1"}',
      page: 2,
    });
    // unsorted: no order, no sortField; no filters: an empty JSON object
    expect(tableARequestOf({ page: 0, size: 10 })).toEqual({ currPage: 0, limit: 10, search: '{}', page: 0 });
  });

  it('table B: one-based current, size, orders [{ asc, column }], params and query objects', () => {
    expect(tableBRequestOf({ page: 0, size: 50, filters: { name: '李' }, query: { year: 2026 }, sort: { field: 'age', order: 'asc' } })).toEqual({
      current: 1,
      size: 50,
      orders: [{ asc: true, column: 'age' }],
      params: { name: '李' },
      query: { year: 2026 },
      page: 1,
    });
    expect(tableBRequestOf({ page: 3, size: 10, sort: { field: 'age', order: 'desc' } })).toMatchObject({
      current: 4,
      orders: [{ asc: false, column: 'age' }],
      params: {},
      query: {},
    });
    expect(tableBRequestOf({ page: 0, size: 10 }).orders).toEqual([]);
  });

  it('reads rows from data.rows (A) and data.list (B), with the total', () => {
    expect(tablePageOf('A', { total: 31, rows: [person(1)] })).toEqual({ total: 31, rows: [person(1)] });
    expect(tablePageOf('B', { total: 7, list: [person(2)] })).toEqual({ total: 7, rows: [person(2)] });
    expect(tablePageOf('A', null)).toEqual({ total: 0, rows: [] });
  });
});

/** A screen as the widgets expect it: it holds page, size and sort and asks useTableQuery. */
function Harness({ kind, filters }: { kind: TableKind; filters?: Record<string, unknown> }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<TableSort | null>(null);
  const table = useTableQuery<Person>({ url: '/things/list', kind, filters, page, size, sort });
  return (
    <DataTable
      data-testid="things"
      columns={columns}
      rows={table.rows}
      total={table.total}
      page={page}
      size={size}
      sort={sort}
      loading={table.loading}
      refreshing={table.refreshing}
      rowKey={(row) => row.id}
      rowProps={() => ({ 'data-testid': 'thing-row' })}
      stickyHeader
      stickyFooter
      maxHeight="60vh"
      onPageChange={(nextPage, nextSize) => {
        setPage(nextPage);
        setSize(nextSize);
      }}
      onSortChange={(next) => {
        setSort(next);
        setPage(0);
      }}
    />
  );
}

describe('DataTable with useTableQuery', () => {
  let calls: { url: URL; init: RequestInit }[];
  const serve = (answer: FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)) => {
    const fake = fakeFetch({ '/things/list': answer });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    calls = fake.calls;
  };
  const lastBody = () => JSON.parse(String(calls.at(-1)!.init.body)) as Record<string, unknown>;

  beforeEach(() => setConfig({ apiBaseUrl: '' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('table A: shows data.rows and data.total, posts JSON through the http module', async () => {
    serve(ok({ total: 35, rows: people(10) }));
    renderWithProviders(<Harness kind="A" filters={{ NAME: '姓' }} />);
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findAllByTestId('thing-row')).toHaveLength(10);
    expect(screen.getByText('共 35 条')).toBeTruthy();
    expect(screen.getAllByTestId('id-cell')[0].textContent).toBe('P0');
    expect(calls[0].init.method).toBe('POST');
    expect(lastBody()).toEqual({ currPage: 0, limit: 10, search: '{"NAME":"姓"}', page: 0 });
    expect([...(screen.getByLabelText('每页条数') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '10', '20', '30', '40', '50', '100', '200', '500',
    ]);
  });

  it('table B: shows data.list, pages with a one-based current', async () => {
    serve((init) => {
      const body = JSON.parse(String(init.body)) as { current: number; size: number };
      return ok({ total: 25, list: people(body.size, (body.current - 1) * body.size) });
    });
    renderWithProviders(<Harness kind="B" filters={{ name: '李' }} />);
    await screen.findByText('姓名0');
    expect(lastBody()).toEqual({ current: 1, size: 10, orders: [], params: { name: '李' }, query: {}, page: 1 });
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText('姓名10');
    expect(lastBody()).toMatchObject({ current: 2, size: 10 });
  });

  it('sorting cycles asc → desc → none and sends order/sortField (A)', async () => {
    serve(ok({ total: 3, rows: people(3) }));
    renderWithProviders(<Harness kind="A" />);
    await screen.findByText('姓名0');
    const header = () => screen.getByRole('columnheader', { name: /年龄/ });
    const click = () => fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('none');
    click();
    await waitFor(() => expect(lastBody()).toMatchObject({ order: 'asc', sortField: 'age' }));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    click();
    await waitFor(() => expect(lastBody()).toMatchObject({ order: 'desc', sortField: 'age' }));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    click();
    await waitFor(() => expect(lastBody()).not.toHaveProperty('sortField'));
    expect(lastBody()).not.toHaveProperty('order');
    expect(header().getAttribute('aria-sort')).toBe('none');
    // the id column is not sortable: no button in its header
    expect(within(screen.getByRole('columnheader', { name: '编号' })).queryByRole('button')).toBeNull();
  });

  it('sorting sends orders [{ asc, column }] (B)', async () => {
    serve(ok({ total: 3, list: people(3) }));
    renderWithProviders(<Harness kind="B" />);
    await screen.findByText('姓名0');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /姓名/ })).getByRole('button'));
    await waitFor(() => expect(lastBody()).toMatchObject({ orders: [{ asc: true, column: 'name' }] }));
  });

  it('a new page size goes back to the first page', async () => {
    serve(ok({ total: 300, rows: people(10) }));
    renderWithProviders(<Harness kind="A" />);
    await screen.findByText('共 300 条');
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ currPage: 2, limit: 10 }));
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '50' } });
    await waitFor(() => expect(lastBody()).toMatchObject({ currPage: 0, limit: 50 }));
  });

  it('a server failure shows its msg as an error and clears rows and total (SPEC §8)', async () => {
    let failNext = false;
    serve(() => (failNext ? fail(59000, '列表加载失败') : ok({ total: 12, rows: people(10) })));
    const toast = vi.spyOn(toaster, 'create');
    renderWithProviders(<Harness kind="A" />);
    await screen.findByText('共 12 条');
    failNext = true;
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: '列表加载失败' })));
    await screen.findByText('暂无数据');
    expect(screen.queryAllByTestId('thing-row')).toHaveLength(0);
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('no answer (offline, the server away) keeps the page read last on screen; only a refusal clears it', async () => {
    serve(ok({ total: 12, rows: people(10) }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<Harness kind="A" />, queryClient);
    await screen.findByText('共 12 条');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')).toBe(true));
    expect(screen.getAllByTestId('thing-row')).toHaveLength(10);
    expect(screen.getByText('共 12 条')).toBeTruthy();
  });

  it('an empty answer says 暂无数据', async () => {
    serve(ok({ total: 0, list: [] }));
    renderWithProviders(<Harness kind="B" />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('renders a page of 500 rows', async () => {
    serve(ok({ total: 1200, rows: people(500) }));
    renderWithProviders(<Harness kind="A" />);
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '500' } });
    await waitFor(() => expect(screen.getAllByTestId('thing-row')).toHaveLength(500));
    expect(screen.getByText('姓名499')).toBeTruthy();
    expect(lastBody()).toMatchObject({ limit: 500 });
  });
});

describe('DataTable alone', () => {
  it('re-renders only changed rows (memoised) and shows a custom empty text', () => {
    const render = vi.fn((row: Person) => row.name);
    const cols: DataTableColumn<Person>[] = [{ key: 'name', title: '姓名', render }];
    const rows = people(5);
    let setRows!: (next: Person[]) => void;
    function Holder() {
      const [shown, set] = useState(rows);
      setRows = set;
      return <DataTable columns={cols} rows={shown} total={5} page={0} onPageChange={() => undefined} rowKey={(row) => row.id} emptyText="没有人" />;
    }
    renderWithProviders(<Holder />);
    expect(render).toHaveBeenCalledTimes(5);
    render.mockClear();
    act(() => setRows([...rows.slice(0, 4), { ...rows[4], name: '改' }]));
    expect(render).toHaveBeenCalledTimes(1);
    expect(screen.getByText('改')).toBeTruthy();
    act(() => setRows([]));
    expect(screen.getByText('没有人')).toBeTruthy();
  });
});
