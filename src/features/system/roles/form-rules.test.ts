import { describe, expect, it } from 'vitest';
import type { RoleRow } from '../../../../contracts/roles';
import { blankCategoryDraft, blankRoleDraft, categoryProblems, categorySaveBody, paramsOf, roleDraftOf, roleProblems, roleSaveBody, type RoleDraft } from './form-rules';
import { roleSearchParams } from './search';

const draft = (over: Partial<RoleDraft> = {}): RoleDraft => ({ ...blankRoleDraft('xiaowu'), code: 'grade_leader', name: '年级组长', ...over });

describe('role form rules', () => {
  it('a blank role needs name and code; the category comes from the first one given', () => {
    const blank = blankRoleDraft('xiaowu');
    expect(blank.businessSystem).toBe('xiaowu');
    expect(roleProblems(blank)).toEqual({ name: { code: 'required' }, code: { code: 'required' } });
    expect(roleProblems(draft())).toEqual({});
  });

  it('codes start with a letter and hold letters, digits and underscores; lengths as the contract', () => {
    expect(roleProblems(draft({ code: '1abc' })).code).toEqual({ code: 'pattern' });
    expect(roleProblems(draft({ code: 'ab-c' })).code).toEqual({ code: 'pattern' });
    expect(roleProblems(draft({ code: '年级' })).code).toEqual({ code: 'pattern' });
    expect(roleProblems(draft({ code: 'a'.repeat(31) })).code).toEqual({ code: 'too_long', max: 30 });
    expect(roleProblems(draft({ name: '名'.repeat(31) })).name).toEqual({ code: 'too_long', max: 30 });
    expect(roleProblems(draft({ remark: 'x'.repeat(301) })).remark).toEqual({ code: 'too_long', max: 300 });
    expect(roleProblems(draft({ sort: 10000 })).sort).toEqual({ code: 'range', min: 0, max: 9999 });
    expect(roleProblems(draft({ businessSystem: '' })).businessSystem).toEqual({ code: 'required' });
  });

  it('a dynamic SQL role needs its filter; an ordinary one does not, and sends none', () => {
    expect(roleProblems(draft({ type: 'sql' })).filter).toEqual({ code: 'required' });
    expect(roleProblems(draft({ type: 'sql', filter: '   ' })).filter).toEqual({ code: 'required' });
    expect(roleProblems(draft({ type: 'sql', filter: 'SELECT id FROM people' }))).toEqual({});
    const ordinary = roleSaveBody(draft({ type: 'ordinary', filter: 'SELECT 1', filterKind: 'procedure', filterParams: ['a', '', ''] }));
    expect(ordinary.filter).toBe('');
    expect(ordinary.filterParams).toEqual([]);
  });

  it('a procedure sends its parameters trimmed, trailing blanks dropped; each at most 100 characters', () => {
    const procedure = draft({ type: 'sql', filterKind: 'procedure', filter: 'role_filters.by_grade', filterParams: [' 2024 ', '', ''] });
    expect(paramsOf(procedure)).toEqual(['2024']);
    expect(paramsOf({ ...procedure, filterParams: ['', 'b', ''] })).toEqual(['', 'b']);
    expect(roleProblems({ ...procedure, filterParams: ['', 'x'.repeat(101), ''] })).toEqual({ filterParam1: { code: 'too_long', max: 100 } });
    expect(roleSaveBody(procedure)).toMatchObject({ type: 'sql', filterKind: 'procedure', filter: 'role_filters.by_grade', filterParams: ['2024'] });
    // a SELECT sends no parameters
    expect(paramsOf({ filterKind: 'select', filterParams: ['a', 'b', 'c'] })).toEqual([]);
  });

  it('an edit sends id and version; a role read back fills three parameter fields', () => {
    const row = { id: 'r1', version: 3, code: 'x', name: 'X', nameEn: '', businessSystem: 'xiaowu', type: 'sql', filterKind: 'procedure', filter: 'p', filterParams: ['1'], sort: 2, remark: '' } as unknown as RoleRow;
    const read = roleDraftOf(row);
    expect(read.filterParams).toEqual(['1', '', '']);
    expect(roleSaveBody(read, row)).toMatchObject({ id: 'r1', version: 3, filterParams: ['1'], sort: 2 });
    expect(roleSaveBody(draft({ sort: null }))).not.toHaveProperty('id');
    expect(roleSaveBody(draft({ sort: null })).sort).toBe(0);
  });
});

describe('role type form rules', () => {
  it('code and name required, the same code pattern; the body is trimmed', () => {
    expect(categoryProblems(blankCategoryDraft())).toEqual({ code: { code: 'required' }, name: { code: 'required' } });
    expect(categoryProblems({ ...blankCategoryDraft(), code: '9x', name: 'n' })).toEqual({ code: { code: 'pattern' } });
    expect(categorySaveBody({ code: ' jw ', name: ' 教务 ', nameEn: ' Academic ', sort: null, remark: '' })).toEqual({ code: 'jw', name: '教务', nameEn: 'Academic', sort: 0, remark: '' });
  });
});

describe('role list URL', () => {
  it('takes the role types and drops unknown values', () => {
    expect(roleSearchParams({ type: 'sql', keyword: ' 教 ', page: '2', size: 20, other: 'x' })).toEqual({ type: 'sql', keyword: '教', page: 2, size: 20 });
    expect(roleSearchParams({ type: 'admin' })).toEqual({});
  });
});
