import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './DataTable';
import { KeysetPager, type KeysetPagerLabels } from './KeysetPager';

const labels: KeysetPagerLabels = {
  total: (total, capped) => (capped ? `超过 ${total} 条` : `共 ${total} 条`),
  counting: '计数中…',
  page: (n) => `第 ${n} 页`,
  first: '首页',
  prev: '上一页',
  next: '下一页',
  size: (n) => `${n} 条/页`,
  sizeLabel: '每页条数',
};

const pager = (props: Partial<Parameters<typeof KeysetPager>[0]> = {}) => {
  const handlers = { onFirst: vi.fn(), onPrev: vi.fn(), onNext: vi.fn(), onSizeChange: vi.fn() };
  renderWithProviders(<KeysetPager total={25} page={0} size={10} hasPrev={false} hasNext labels={labels} {...handlers} {...props} />);
  return handlers;
};

describe('KeysetPager', () => {
  it('shows an exact total, the page, and only the moves that exist', () => {
    const h = pager();
    expect(screen.getByTestId('keyset-pager-total').textContent).toBe('共 25 条');
    expect(screen.getByTestId('keyset-page').textContent).toBe('第 1 页');
    expect(screen.getByTestId('keyset-first')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('keyset-prev')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('keyset-next'));
    expect(h.onNext).toHaveBeenCalledTimes(1);
    expect(h.onPrev).not.toHaveBeenCalled();
  });

  it('says when the total is capped or not counted; prev and first when there is a page before', () => {
    const h = pager({ total: 10_000, totalCapped: true, page: 4, hasPrev: true, hasNext: false });
    expect(screen.getByTestId('keyset-pager-total').textContent).toBe('超过 10000 条');
    expect(screen.getByTestId('keyset-page').textContent).toBe('第 5 页');
    expect(screen.getByTestId('keyset-next')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('keyset-prev'));
    fireEvent.click(screen.getByTestId('keyset-first'));
    expect(h.onPrev).toHaveBeenCalledTimes(1);
    expect(h.onFirst).toHaveBeenCalledTimes(1);
  });

  it('changes the size through the SPEC §9 choices; shows counting while the total is unknown', () => {
    const h = pager({ total: null });
    expect(screen.getByTestId('keyset-pager-total').textContent).toBe('计数中…');
    const select = screen.getByLabelText('每页条数');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '20', '30', '40', '50', '100', '200', '500']);
    fireEvent.change(select, { target: { value: '50' } });
    expect(h.onSizeChange).toHaveBeenCalledWith(50);
  });

  it('replaces the offset pager of a DataTable', () => {
    renderWithProviders(
      <DataTable
        columns={[{ key: 'a', title: 'A' }]}
        rows={[{ a: 'x' }]}
        rowKey={(row) => row.a}
        total={0}
        page={0}
        onPageChange={() => undefined}
        pager={<KeysetPager total={1} page={0} size={10} hasPrev={false} hasNext={false} onFirst={vi.fn()} onPrev={vi.fn()} onNext={vi.fn()} onSizeChange={vi.fn()} labels={labels} />}
      />,
    );
    expect(screen.getByTestId('keyset-pager')).toBeTruthy();
    expect(screen.queryByTestId('table-pager')).toBeNull();
  });
});
