import { describe, expect, it } from 'vitest';
import { ID_TYPE_DICT, NATIONALITY_DICT } from '../../../contracts/dict-codes';
import { STUDENT_DICTS, STUDENT_RULES } from '../../../contracts/resources/students';
import { NAME_PATTERN, PHONE_PATTERN, USER_NAME_MAX, USER_NO_MAX, USER_NO_PATTERN, USER_REMARK_MAX } from '../../../contracts/user-rules';

describe('the 学生信息 definition', () => {
  it('restates the users module rules and the dictionary codes exactly (a kit definition imports only the kit)', () => {
    expect(STUDENT_DICTS).toEqual({ nationality: NATIONALITY_DICT, idType: ID_TYPE_DICT });
    expect(STUDENT_RULES).toEqual({ name: NAME_PATTERN, phone: PHONE_PATTERN, number: USER_NO_PATTERN, nameMax: USER_NAME_MAX, numberMax: USER_NO_MAX, remarkMax: USER_REMARK_MAX });
  });
});
