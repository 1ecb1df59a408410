import { describe, expect, it } from 'vitest';
import { date, fieldIssue, type ResourceDefinition, resourceIssues, text } from '../../contracts/resource';

/** The kit's date rule is the one every layer runs (contracts/date-rules.ts): a real day of a year in 1900–2100. */
const opened = date({ zh: '启用日期', en: 'Opening date' }, { required: true });
const definition: ResourceDefinition = {
  name: 'date-test',
  title: { zh: '测试', en: 'Test' },
  noun: { zh: '测试', en: 'test' },
  path: '/api/date-test',
  perm: 'date_test',
  fields: { code: text({ zh: '编码', en: 'Code' }, { max: 10, required: true }), opened },
  unique: ['code'],
  search: {},
  order: [{ field: 'code' }],
};

describe('fieldIssue for a date', () => {
  it.each(['2026-02-28', '2024-02-29', '1900-01-01', '2100-12-31'])('accepts the real day %s', (value) => {
    expect(fieldIssue(opened, value)).toBeNull();
  });

  it.each(['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '1899-12-31', '2101-01-01', '2026-2-3', '2026/02/03'])(
    'refuses %s in both languages',
    (value) => {
      expect(fieldIssue(opened, value)).toEqual({ zh: '启用日期不是有效日期', en: 'The opening date is not a valid date' });
    },
  );

  it('a missing required date asks to choose it; the whole input names the field', () => {
    expect(fieldIssue(opened, '')).toEqual({ zh: '请选择启用日期', en: 'Choose the opening date' });
    expect(resourceIssues(definition, { code: 'A1', opened: '2026-02-30' })).toEqual([{ field: 'opened', message: { zh: '启用日期不是有效日期', en: 'The opening date is not a valid date' } }]);
  });
});
