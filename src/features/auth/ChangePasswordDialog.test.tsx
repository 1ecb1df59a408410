import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeFetch, ok, renderWithProviders, type FakeResponse } from '../../test/render';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const strategy = { rule: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$', description: '密码长度8-50位，须包含字母和数字' };

const toPem = (der: ArrayBuffer) =>
  `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...new Uint8Array(der)))
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PUBLIC KEY-----`;

async function keyPair() {
  const keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const decrypt = async (base64: string) =>
    new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
  return { pem: toPem(await crypto.subtle.exportKey('spki', keys.publicKey)), decrypt };
}

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderDialog(routes: Routes = {}) {
  const fake = fakeFetch({ '/api/login/getPwdStrategy': ok(strategy), ...routes });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  renderWithProviders(<Harness />);
  return fake.calls;
}

const openDialog = async () => {
  await act(async () => screen.getByRole('button', { name: 'open' }).click());
  return screen.findByRole('dialog');
};
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => screen.getByRole('button', { name: '确定' }).click());

afterEach(() => vi.unstubAllGlobals());

describe('change-password dialog', () => {
  it('shows the server rule beside the new-password label and checks every field before sending', async () => {
    const calls = renderDialog();
    await openDialog();
    expect(await screen.findByTestId('password-rule')).toHaveProperty('textContent', strategy.description);
    await submit();
    expect(screen.getByText('请输入旧密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();
    type(/旧密码/, 'old-password');
    type(/^新密码/, 'short');
    type(/确认密码/, 'other');
    await submit();
    expect(screen.getAllByText(strategy.description).length).toBeGreaterThan(1);
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    type(/^新密码/, `a1${'x'.repeat(49)}`);
    await submit();
    expect(screen.getByText('长度不能超过50个字符')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/saas/db/update/pwd')).toBe(false);
  });

  it('changing the new password checks the confirmation again', async () => {
    renderDialog();
    await openDialog();
    type(/^新密码/, 'letters123');
    type(/确认密码/, 'letters123');
    expect(screen.queryByText('两次输入的密码不一致')).toBeNull();
    type(/^新密码/, 'letters1234');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('sends both trimmed passwords RSA-encrypted as a form, closes on success and opens empty again', async () => {
    const { pem, decrypt } = await keyPair();
    let sent: URLSearchParams | undefined;
    renderDialog({
      '/api/security/get': ok({ publicKey: pem }),
      '/api/saas/db/update/pwd': (init) => {
        sent = new URLSearchParams(String(init.body));
        return { body: { code: 1, result: true, msg: '密码修改成功', data: true } };
      },
    });
    await openDialog();
    type(/旧密码/, '  Xiaowu@2026 ');
    type(/^新密码/, ' letters123 ');
    type(/确认密码/, 'letters123');
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await decrypt(sent!.get('oldPassword')!)).toBe('Xiaowu@2026');
    expect(await decrypt(sent!.get('newPassword')!)).toBe('letters123');
    await openDialog();
    expect((screen.getByLabelText(/旧密码/) as HTMLInputElement).value).toBe('');
  });

  it('keeps the dialog open with the server message when the old password is wrong; cancel closes it', async () => {
    const { pem } = await keyPair();
    renderDialog({ '/api/security/get': ok({ publicKey: pem }), '/api/saas/db/update/pwd': fail(40100, '原密码不正确') });
    await openDialog();
    type(/旧密码/, 'wrong');
    type(/^新密码/, 'letters123');
    type(/确认密码/, 'letters123');
    await submit();
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: '取消' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('required (an initial or reset password): says why, no 取消, Esc does not close it, 退出登录 is the other way out', async () => {
    const { pem } = await keyPair();
    const onLogout = vi.fn();
    const onChanged = vi.fn();
    const onClose = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ '/api/login/getPwdStrategy': ok(strategy), '/api/security/get': ok({ publicKey: pem }), '/api/saas/db/update/pwd': ok(true) }).impl),
    );
    renderWithProviders(<ChangePasswordDialog open required={{ onLogout }} onChanged={onChanged} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByTestId('password-change-required').textContent).toBe('您的密码是初始密码或已被管理员重置，请先修改密码后再使用系统。');
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await act(async () => undefined);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button', { name: '退出登录' }).click());
    expect(onLogout).toHaveBeenCalledTimes(1);
    type(/旧密码/, '31002X');
    type(/^新密码/, 'letters123');
    type(/确认密码/, 'letters123');
    await submit();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('speaks English', async () => {
    i18n.activate('en');
    renderDialog();
    await openDialog();
    await act(async () => screen.getByRole('button', { name: 'OK' }).click());
    expect(screen.getByText('Please enter the old password')).toBeTruthy();
    type(/^New password/, 'letters123');
    type(/Confirm password/, 'letters124');
    await act(async () => screen.getByRole('button', { name: 'OK' }).click());
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
  });
});
