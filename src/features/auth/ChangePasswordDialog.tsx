import { Alert, Button, Dialog, Field, Flex, Input, Portal, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { HttpError } from '../../lib/http';
import { TOAST_DURATION, toaster } from '../../lib/toaster';
import { changePassword, passwordStrategyQuery } from './account-api';
import {
  emptyPasswordForm,
  passwordFieldError,
  revalidateOnChange,
  trimPasswordForm,
  validatePasswordForm,
  type PasswordErrors,
  type PasswordField,
} from './password-rules';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** after the server accepted the new password (before onClose) */
  onChanged?: () => void;
  /**
   * The user must change the password (an initial or reset one): no 取消, Esc or outside click; the
   * only other way out is 退出登录.
   */
  required?: { onLogout: () => void };
}

/**
 * The change-password dialog (SPEC §2, §5): opens with an empty form (its content mounts on each
 * opening), closes on success or cancel. The server's password rule is shown beside the new
 * password's label and checked before sending; both passwords travel RSA-encrypted.
 */
export function ChangePasswordDialog({ open, onClose, onChanged, required }: ChangePasswordDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && !required && onClose()}
      closeOnEscape={!required}
      closeOnInteractOutside={!required}
      lazyMount
      unmountOnExit
      placement="center"
      size={{ base: 'xs', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="change-password-dialog">
            <PasswordFormContent onClose={onClose} onChanged={onChanged} required={required} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PasswordFormContent({ onClose, onChanged, required }: Pick<ChangePasswordDialogProps, 'onClose' | 'onChanged' | 'required'>) {
  const { t } = useLingui();
  const strategy = useQuery(passwordStrategyQuery);
  const [form, setForm] = useState(emptyPasswordForm);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (field: PasswordField) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    setErrors((current) => revalidateOnChange(field, next, current, strategy.data));
  };
  const check = (field: PasswordField) => () =>
    setErrors((current) => ({ ...current, [field]: passwordFieldError(field, form, strategy.data) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordForm(form, strategy.data);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    const values = trimPasswordForm(form);
    setSaving(true);
    try {
      const message = await changePassword(values.oldPassword, values.pass);
      toaster.create({ type: 'success', title: message || t`密码修改成功`, duration: TOAST_DURATION });
      onChanged?.();
      onClose();
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') setServerError(error.msg);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: PasswordField, label: ReactNode, autoComplete: string, hint?: ReactNode) => (
    <Field.Root required invalid={Boolean(errors[name])}>
      <Flex wrap="wrap" align="baseline" columnGap="2" rowGap="1">
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        {hint}
      </Flex>
      <Input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(event) => change(name)(event.target.value)}
        onBlur={check(name)}
      />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>
          <Trans>修改密码</Trans>
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {required && (
            <Alert.Root status="warning" data-testid="password-change-required">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>您的密码是初始密码或已被管理员重置，请先修改密码后再使用系统。</Trans>
              </Alert.Title>
            </Alert.Root>
          )}
          {serverError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{serverError}</Alert.Title>
            </Alert.Root>
          )}
          {field('oldPassword', <Trans>旧密码</Trans>, 'current-password')}
          {field(
            'pass',
            <Trans>新密码</Trans>,
            'new-password',
            strategy.data?.description ? (
              // beside the label (SPEC §5), and read with the field through aria-describedby
              <Field.HelperText mt="0" data-testid="password-rule">
                {strategy.data.description}
              </Field.HelperText>
            ) : null,
          )}
          {field('checkPass', <Trans>确认密码</Trans>, 'new-password')}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {required ? (
          <Button variant="outline" onClick={required.onLogout} data-testid="password-change-logout">
            <Trans>退出登录</Trans>
          </Button>
        ) : (
          <Button variant="outline" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
        )}
        <Button type="submit" colorPalette="brand" loading={saving}>
          <Trans>确定</Trans>
        </Button>
      </Dialog.Footer>
    </form>
  );
}
