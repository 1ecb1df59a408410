import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { PwdStrategy } from '../../../contracts/session';
import { emptyPasswordForm, passwordFieldError, revalidateOnChange, trimPasswordForm, validatePasswordForm } from './password-rules';

const strategy: PwdStrategy = { rule: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$', description: '密码长度8-50位，须包含字母和数字' };
const form = (oldPassword: string, pass: string, checkPass: string) => ({ oldPassword, pass, checkPass });

describe('change-password rules (SPEC §5 Passwords)', () => {
  it('requires every field, in Chinese and in English', () => {
    expect(validatePasswordForm(emptyPasswordForm(), strategy)).toEqual({
      oldPassword: '请输入旧密码',
      pass: '请输入新密码',
      checkPass: '请再次输入新密码',
    });
    i18n.activate('en');
    expect(validatePasswordForm(emptyPasswordForm(), strategy)).toEqual({
      oldPassword: 'Please enter the old password',
      pass: 'Please enter the new password',
      checkPass: 'Please enter the new password again',
    });
  });

  it('trims inputs: spaces alone are empty, surrounding spaces are not part of the password', () => {
    expect(passwordFieldError('oldPassword', form('   ', '', ''))).toBe('请输入旧密码');
    expect(trimPasswordForm(form(' a ', ' b1 ', ' c '))).toEqual(form('a', 'b1', 'c'));
    expect(validatePasswordForm(form(' old ', ' abcdefg1 ', 'abcdefg1'), strategy)).toEqual({});
  });

  it('limits the new password and its confirmation to 50 characters', () => {
    const long = `a1${'x'.repeat(49)}`;
    expect(passwordFieldError('pass', form('o', long, long), strategy)).toBe('长度不能超过50个字符');
    expect(passwordFieldError('checkPass', form('o', long, long), strategy)).toBe('长度不能超过50个字符');
  });

  it("uses the server rule, whose description is the message", () => {
    expect(passwordFieldError('pass', form('o', 'short1', ''), strategy)).toBe(strategy.description);
    expect(passwordFieldError('pass', form('o', 'lettersonly', ''), strategy)).toBe(strategy.description);
    expect(passwordFieldError('pass', form('o', 'letters123', ''), strategy)).toBeUndefined();
    // without a rule (not loaded, or one the browser cannot compile) the server decides
    expect(passwordFieldError('pass', form('o', 'short', ''), null)).toBeUndefined();
    expect(passwordFieldError('pass', form('o', 'short', ''), { rule: '(', description: 'x' })).toBeUndefined();
  });

  it('needs the confirmation to equal the new password', () => {
    expect(passwordFieldError('checkPass', form('o', 'letters123', 'letters124'), strategy)).toBe('两次输入的密码不一致');
    i18n.activate('en');
    expect(passwordFieldError('checkPass', form('o', 'letters123', 'letters124'), strategy)).toBe('The two passwords do not match');
  });

  it('changing the new password checks a filled-in confirmation again', () => {
    const typed = form('o', 'letters123', 'letters123');
    expect(revalidateOnChange('pass', typed, {}, strategy)).toEqual({ checkPass: undefined });
    const changed = form('o', 'letters1234', 'letters123');
    expect(revalidateOnChange('pass', changed, {}, strategy)).toEqual({ checkPass: '两次输入的密码不一致' });
    // an empty confirmation is not flagged while the person is still typing the new password
    expect(revalidateOnChange('pass', form('o', 'letters123', ''), {}, strategy)).toEqual({});
    // a field that showed an error is checked again as it changes
    expect(revalidateOnChange('oldPassword', form('x', '', ''), { oldPassword: '请输入旧密码' }, strategy)).toEqual({ oldPassword: undefined });
  });
});
