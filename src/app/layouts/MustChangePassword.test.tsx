import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuNode, PermissionPayload } from '../../../contracts/session';
import { setConfig } from '../../lib/config';
import { resetLoginExpired } from '../../lib/expiry';
import { resetServerMessages } from '../../lib/i18n';
import { saveLogin } from '../../lib/session';
import { fakeFetch, ok } from '../../test/render';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';
import { system } from '../theme';

/** The shell with a payload saying the password must change (an initial or reset one, 用户管理). */
const menu = (id: string, menuname: string, menuurl: string): MenuNode => ({
  id,
  menuname,
  menuurl,
  icon: 'list',
  remark: '',
  sort: Number(id),
  hidden: false,
  alwaysShow: false,
  perms: [],
  children: [],
});
const payload = (mustChangePassword: boolean): PermissionPayload => ({
  menus: [menu('1', '招生管理', '/zsgl/xsbm')],
  permission: ['zsgl'],
  roles: ['teacher'],
  userInfo: { username: 'T1001', id: 'u1', name: '王老师', userType: '3', tenant: 'demo', tenantName: '示范学校', mustChangePassword },
  homeCards: null,
  requestId: 'r1',
});

async function keyPem() {
  const keys = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
  const der = await crypto.subtle.exportKey('spki', keys.publicKey);
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...new Uint8Array(der)))
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PUBLIC KEY-----`;
}

beforeEach(() => {
  setConfig({ loginType: 'local', apiBaseUrl: '', logoUrl: '/icons/default.png' });
  resetLoginExpired();
  resetServerMessages();
  localStorage.clear();
  saveLogin({ token: 'tok', headerName: 'X-Access-Token' });
});
afterEach(() => vi.unstubAllGlobals());

describe('must change the password', () => {
  it('opens a dialog that cannot be dismissed; after the change it goes and the payload kept says so', async () => {
    let changed = false;
    const fake = fakeFetch({
      '/ms/getPermission': () => ok(payload(!changed)),
      '/api/internationalLanguage/getInternationalLanguageList': ok({ zh: {}, en: {} }),
      '/api/k12saas/xxjbxx/getLogo': ok({ LOGO: '', url: '' }),
      '/api/login/getPwdStrategy': ok({ rule: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$', description: '密码长度8-50位，须包含字母和数字' }),
      '/api/security/get': ok({ publicKey: await keyPem() }),
      '/api/saas/db/update/pwd': () => {
        changed = true;
        return ok(true);
      },
    });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/dashboard'] }));
    render(
      <ChakraProvider value={system}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nProvider>
      </ChakraProvider>,
    );
    const dialog = await screen.findByTestId('change-password-dialog', {}, { timeout: 5000 });
    expect(screen.getByTestId('password-change-required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await act(async () => undefined);
    expect(screen.getByTestId('change-password-dialog')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/旧密码/), { target: { value: '31002X' } });
    fireEvent.change(screen.getByLabelText(/^新密码/), { target: { value: 'letters123' } });
    fireEvent.change(screen.getByLabelText(/确认密码/), { target: { value: 'letters123' } });
    await act(async () => screen.getByRole('button', { name: '确定' }).click());
    await waitFor(() => expect(screen.queryByTestId('change-password-dialog')).toBeNull());
    const kept = queryClient.getQueryData<PermissionPayload>(['auth', 'user', 'permission']);
    expect(kept?.userInfo.mustChangePassword).toBe(false);
    // the payload fetched again (the server's word) keeps it closed
    await waitFor(() => expect(fake.calls.filter((call) => call.url.pathname === '/ms/getPermission').length).toBeGreaterThan(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('change-password-dialog')).toBeNull();
  });
});
