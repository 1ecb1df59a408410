import { describe, expect, it } from 'vitest';
import { ROLE_ISSUE_TEXT } from '../../contracts/roles-rules';
import { roleCategorySaveRequest, roleSaveRequest } from '../../contracts/roles';
import { AppError } from './envelope';
import { parseInput } from './validation';

/** The message a refused parse answers in a language. */
function refusal(run: () => unknown, lang: 'zh' | 'en'): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).messageIn(lang);
  }
  throw new Error('not refused');
}

describe('parseInput: a rule with its own words', () => {
  const role = { code: '9abc', name: 'x', businessSystem: 'xiaowu', type: 'ordinary' };
  it("a role code against the rule answers the form's words (contracts/roles-rules.ts) in both languages", () => {
    expect(refusal(() => parseInput(roleSaveRequest, role), 'zh')).toContain(ROLE_ISSUE_TEXT.rolesCodeInvalid.zh);
    expect(refusal(() => parseInput(roleSaveRequest, role), 'en')).toContain(ROLE_ISSUE_TEXT.rolesCodeInvalid.en);
    expect(refusal(() => parseInput(roleCategorySaveRequest, { code: 'a-b', name: 'x' }), 'zh')).toContain(ROLE_ISSUE_TEXT.rolesCodeInvalid.zh);
  });
  it('other bad values keep the generic field message', () => {
    expect(refusal(() => parseInput(roleSaveRequest, { ...role, code: 'abc', type: 'other' }), 'zh')).not.toContain(ROLE_ISSUE_TEXT.rolesCodeInvalid.zh);
  });
});
