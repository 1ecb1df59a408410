import { describe, expect, it } from 'vitest';
import type { DictEntryRow, DictTypeRow } from '../../../../contracts/dicts';
import { blankEntryDraft, blankTypeDraft, entryDraftOf, entryProblems, entrySaveBody, parentChoices, typeProblems, typeSaveBody } from './form';

describe('数据字典 forms', () => {
  it('checks the type code prefix and the 40-character name as the server does', () => {
    expect(typeProblems({ ...blankTypeDraft(), code: 'XB_ABC', name: '名' })).toEqual({ code: 'dictsTypeCodeInvalid' });
    expect(typeProblems({ ...blankTypeDraft(), code: 'STD_XB_ABC', name: '字'.repeat(41) })).toEqual({ name: 'dictsNameTooLong' });
    expect(typeProblems({ ...blankTypeDraft(), code: 'STD_XB_ABC', name: '字'.repeat(40) })).toEqual({});
    const row = { id: 't', version: 3 } as DictTypeRow;
    expect(typeSaveBody({ ...blankTypeDraft(), code: ' STD_KM ', name: ' 科目 ' }, row)).toMatchObject({ id: 't', version: 3, code: 'STD_KM', name: '科目' });
  });

  it('refuses a start after the end and sends empty dates as null', () => {
    const draft = { ...blankEntryDraft(), code: 'A', name: '甲', startDate: '2024-02-02', endDate: '2024-02-01' };
    expect(entryProblems(draft)).toEqual({ endDate: 'dictsDateOrder' });
    expect(entryProblems({ ...draft, endDate: '2024-02-02' })).toEqual({});
    expect(entrySaveBody({ ...draft, startDate: '', endDate: '' }, 'type-id')).toMatchObject({ typeId: 'type-id', startDate: null, endDate: null, tag1: '' });
  });

  it('offers as parents every entry but the entry itself and those below it', () => {
    const entries = [
      { code: 'A', parentCode: '', name: '甲' },
      { code: 'A1', parentCode: 'A', name: '甲一' },
      { code: 'A11', parentCode: 'A1', name: '甲一一' },
      { code: 'B', parentCode: '', name: '乙' },
    ];
    expect(parentChoices(entries).map((e) => e.code)).toEqual(['A', 'A1', 'A11', 'B']);
    expect(parentChoices(entries, 'A1').map((e) => e.code)).toEqual(['A', 'B']);
    expect(parentChoices(entries, 'A').map((e) => e.code)).toEqual(['B']);
  });

  it('edits every field of an entry', () => {
    const row = { id: 'e', version: 2, code: 'X', name: 'x', nameEn: 'ex', sort: 5, parentCode: 'P', level: 2, alias: 'al', shortName: 'sn', tag3: 't3', tag3Note: 'n3', status: '0', source: 'GB', startDate: null, endDate: '2030-01-01', remark: 'r' } as unknown as DictEntryRow;
    const draft = entryDraftOf(row);
    expect(draft).toMatchObject({ code: 'X', nameEn: 'ex', sort: 5, parentCode: 'P', tag3: 't3', tag3Note: 'n3', status: '0', startDate: '', endDate: '2030-01-01' });
    expect(entrySaveBody(draft, 't', row)).toMatchObject({ id: 'e', version: 2, endDate: '2030-01-01', startDate: null });
  });
});
