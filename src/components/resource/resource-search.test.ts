import { describe, expect, it } from 'vitest';
import { classrooms } from '../../../contracts/resources/classrooms';
import { aiPrompts } from '../../../contracts/resources/ai-prompts';
import { resourceListInput } from './list-query';
import { kebab, resourceFilters, resourceSearchParams, searchInputs } from './resource-search';

const ID = '0193a000-0000-7000-8000-000000000001';

describe('a kit list’s URL search', () => {
  it('the route keeps paging, sort and short values, drops the rest (zod-free, definition-free)', () => {
    expect(resourceSearchParams({ page: 2, size: 20, sortField: 'code', order: 'desc', keyword: '评语', enabled: 1, note: 'x'.repeat(51), 'bad key': 'v', blank: '  ', nested: { a: 1 } })).toEqual({
      page: 2,
      size: 20,
      sortField: 'code',
      order: 'desc',
      keyword: '评语',
      enabled: 1,
    });
    expect(resourceSearchParams({ page: -1, size: 7, order: 'sideways' })).toEqual({});
  });

  it('the screen reads each search rule by its field: contains as text, boolean 1/0, enum values, ids, dictionary codes', () => {
    expect(resourceFilters(aiPrompts, { keyword: ' 评语 ', enabled: 1 })).toEqual({ keyword: '评语', enabled: '1' });
    expect(resourceFilters(aiPrompts, { enabled: 'yes' })).toEqual({});
    expect(resourceFilters(classrooms, { keyword: 'A1', buildingId: ID, category: 'LAB', other: 'x' })).toEqual({ keyword: 'A1', buildingId: ID, category: 'LAB' });
    expect(resourceFilters(classrooms, { buildingId: 'not-an-id' })).toEqual({});
  });

  it('the header gets one input per rule (two for a range), named by the rule', () => {
    const withRange = { ...aiPrompts, search: { ...aiPrompts.search, sort: { range: 'sort' } } };
    expect(searchInputs(withRange).map((input) => `${input.key}:${input.kind}`)).toEqual(['keyword:contains', 'enabled:equals', 'sortFrom:from', 'sortTo:to']);
    expect(resourceFilters(withRange, { sortFrom: '10', sortTo: 99999 })).toEqual({ sortFrom: '10' });
    expect(kebab('versionName')).toBe('version-name');
  });

  it('the list call: filters, page and size, and a sort only by a sortable field', () => {
    expect(resourceListInput(aiPrompts, { keyword: 'a', page: 1, size: 20, sortField: 'name', order: 'asc' })).toMatchObject({
      url: '/api/ai-prompts/list',
      kind: 'A',
      filters: { keyword: 'a' },
      page: 1,
      size: 20,
      sort: { field: 'name', order: 'asc' },
    });
    expect(resourceListInput(aiPrompts, { sortField: 'content', order: 'asc' }).sort).toBeNull();
  });
});
