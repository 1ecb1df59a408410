import { describe, expect, it } from 'vitest';
import { pageField, pageSizeField, searchField, searchSchema, sortFieldField, sortOrderField, urlPaging } from './search-params';

describe('searchSchema', () => {
  const validate = searchSchema({
    title: searchField.text(5),
    status: searchField.oneOf(['0', '1']),
    id: searchField.uuid(),
    page: pageField,
    size: pageSizeField,
  });

  it('keeps valid values and accepts numbers the router parsed from the URL', () => {
    expect(validate({ title: ' 通知 ', status: 0, page: '2', size: 20, id: '01a1fb15-a02c-73d6-b121-0b67d0f28572' })).toEqual({
      title: '通知',
      status: '0',
      page: 2,
      size: 20,
      id: '01a1fb15-a02c-73d6-b121-0b67d0f28572',
    });
  });

  it('drops bad, blank and unknown values instead of failing', () => {
    expect(validate({ title: 'too long title', status: '2', page: -1, size: 15, id: 'x', other: 'y' })).toEqual({});
    expect(validate({ title: '   ', page: 1.5, size: '' })).toEqual({});
  });
});

describe('sort fields', () => {
  it('keeps a column key and asc/desc, drops anything else', () => {
    const validate = searchSchema({ sortField: sortFieldField, order: sortOrderField });
    expect(validate({ sortField: 'CREATE_TIME', order: 'desc' })).toEqual({ sortField: 'CREATE_TIME', order: 'desc' });
    expect(validate({ sortField: "name'; drop", order: 'descending' })).toEqual({});
    expect(validate({ sortField: 'x'.repeat(65), order: 'up' })).toEqual({});
  });
});

describe('urlPaging', () => {
  it('reads page and size from the URL and writes them back short: no page 0, no default size, no empty values', () => {
    const changes: object[] = [];
    const paging = urlPaging<{ keyword?: string; page?: number; size?: number }>({ keyword: '', page: 2 }, (next) => changes.push(next));
    expect([paging.page, paging.size]).toEqual([2, 10]);
    paging.onPageChange(0, 20);
    paging.onPageChange(3, 10);
    expect(changes).toEqual([{ size: 20 }, { page: 3 }]);
    expect(urlPaging({ size: 50 }, () => undefined, 50).size).toBe(50);
  });
});

describe('dates', () => {
  it('keeps a real calendar day in the range routes accept; drops impossible days, years 0 and 9999', () => {
    expect(searchField.date('2026-02-28')).toBe('2026-02-28');
    expect(searchField.date('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2026-13-45', '0000-01-01', '9999-12-31', '2026-2-3', 20260228, '']) expect(searchField.date(bad)).toBeUndefined();
  });
});
