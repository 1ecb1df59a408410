import { t } from '@lingui/core/macro';
import { PASSWORD_MAX, type PwdStrategy } from '../../../contracts/session';

/** The change-password form of SPEC §3 (oldPassword, pass, checkPass) and its rules of SPEC §5. */
export interface PasswordForm {
  oldPassword: string;
  pass: string;
  checkPass: string;
}
export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export const PASSWORD_FIELDS: readonly PasswordField[] = ['oldPassword', 'pass', 'checkPass'];
export const emptyPasswordForm = (): PasswordForm => ({ oldPassword: '', pass: '', checkPass: '' });

/** Inputs are trimmed before they are checked and sent. */
export const trimPasswordForm = (form: PasswordForm): PasswordForm => ({
  oldPassword: form.oldPassword.trim(),
  pass: form.pass.trim(),
  checkPass: form.checkPass.trim(),
});

/** The server's rule as a RegExp; a rule the browser cannot compile is left to the server. */
function ruleOf(strategy: PwdStrategy | null | undefined): RegExp | null {
  if (!strategy?.rule) return null;
  try {
    return new RegExp(strategy.rule);
  } catch {
    return null;
  }
}

/** The message for one field, or undefined when it passes. Messages are read in the active language. */
export function passwordFieldError(field: PasswordField, form: PasswordForm, strategy?: PwdStrategy | null): string | undefined {
  const values = trimPasswordForm(form);
  switch (field) {
    case 'oldPassword':
      return values.oldPassword ? undefined : t`请输入旧密码`;
    case 'pass': {
      if (!values.pass) return t`请输入新密码`;
      if (values.pass.length > PASSWORD_MAX) return t`长度不能超过${PASSWORD_MAX}个字符`;
      const rule = ruleOf(strategy);
      if (rule && !rule.test(values.pass)) return strategy!.description || t`新密码不符合密码规则`;
      return undefined;
    }
    case 'checkPass':
      if (!values.checkPass) return t`请再次输入新密码`;
      if (values.checkPass.length > PASSWORD_MAX) return t`长度不能超过${PASSWORD_MAX}个字符`;
      return values.checkPass === values.pass ? undefined : t`两次输入的密码不一致`;
  }
}

export function validatePasswordForm(form: PasswordForm, strategy?: PwdStrategy | null): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const field of PASSWORD_FIELDS) {
    const error = passwordFieldError(field, form, strategy);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * Errors after one field changed: the changed field is checked again once it has shown an error,
 * and a change of the new password checks a filled-in confirmation again (SPEC §5).
 */
export function revalidateOnChange(
  field: PasswordField,
  form: PasswordForm,
  errors: PasswordErrors,
  strategy?: PwdStrategy | null,
): PasswordErrors {
  const next = { ...errors };
  const recheck = (name: PasswordField) => {
    next[name] = passwordFieldError(name, form, strategy);
  };
  if (errors[field]) recheck(field);
  if (field === 'pass' && form.checkPass.trim() !== '') recheck('checkPass');
  return next;
}
