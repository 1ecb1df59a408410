import { describe, expect, it } from 'vitest';
import { LEAVE_TYPE_DICTS } from '../../../contracts/application-rules';
import { ATTENDANCE_STATUS_DICT } from '../../../contracts/attendance';
import { BUILT_IN_DICTS, DICT_TYPE_CODE_PATTERN, dictDateIssue, dictNameIssue, dictTypeCodeIssue, isBuiltInDict, SUBJECT_DICT } from '../../../contracts/dict-rules';
import { MESSAGE_TYPE_DICT } from '../../../contracts/messages';

describe('dictionary rules', () => {
  it('protects every dictionary type the system reads', () => {
    for (const code of [SUBJECT_DICT, MESSAGE_TYPE_DICT, ATTENDANCE_STATUS_DICT, ...Object.values(LEAVE_TYPE_DICTS), 'STD_GB_XB']) {
      expect(isBuiltInDict(code), code).toBe(true);
    }
    for (const code of BUILT_IN_DICTS) expect(code).toMatch(DICT_TYPE_CODE_PATTERN);
    expect(isBuiltInDict('STD_XB_OTHER')).toBe(false);
  });

  it('checks the prefix, the name length and the date order', () => {
    expect(dictTypeCodeIssue('STD_XB_ABC')).toBeNull();
    expect(dictTypeCodeIssue('STD_XB_')).toBe('dictsTypeCodeInvalid');
    expect(dictTypeCodeIssue('STD_ab')).toBe('dictsTypeCodeInvalid');
    expect(dictNameIssue('字'.repeat(40))).toBeNull();
    expect(dictNameIssue('字'.repeat(41))).toBe('dictsNameTooLong');
    expect(dictNameIssue('  ')).toBe('dictsNameRequired');
    expect(dictDateIssue('2024-01-02', '2024-01-01')).toBe('dictsDateOrder');
    expect(dictDateIssue('2024-01-01', '2024-01-01')).toBeNull();
    expect(dictDateIssue(null, '2024-01-01')).toBeNull();
  });
});
