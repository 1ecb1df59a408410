import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLoginExpired } from '../../lib/expiry';
import { session } from '../../lib/session';
import { fail, fakeFetch, ok, renderWithProviders, type FakeResponse } from '../../test/render';
import { LoginScreen } from './LoginScreen';

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;

function renderLogin(routes: Routes, onLoggedIn = vi.fn()) {
  let captchas = 0;
  const fake = fakeFetch({
    '/api/login/options': ok({ captchaEnabled: true, tenant: null, tenants: [{ code: 'demo', name: '示范学校' }, { code: 'kg', name: '示范幼儿园' }] }),
    '/api/captcha': () => ok({ captchaId: `c${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const root = createRootRoute({ component: () => <LoginScreen onLoggedIn={onLoggedIn} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/login'] }) });
  renderWithProviders(<RouterProvider router={router as never} />);
  return { calls: fake.calls, onLoggedIn, captchaCalls: () => fake.calls.filter((c) => c.url.pathname === '/api/captcha').length };
}

async function fill(values: { school?: string; username?: string; password?: string; captcha?: string }) {
  if (values.school) fireEvent.change(await screen.findByLabelText(/学校/), { target: { value: values.school } });
  if (values.username !== undefined) fireEvent.change(screen.getByLabelText(/用户名/), { target: { value: values.username } });
  if (values.password !== undefined) fireEvent.change(screen.getByLabelText(/密码/), { target: { value: values.password } });
  if (values.captcha !== undefined) fireEvent.change(screen.getByLabelText(/验证码/), { target: { value: values.captcha } });
}

beforeEach(() => resetLoginExpired());
afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('asks for the school when the host names none, and shows the captcha when enabled', async () => {
    renderLogin({});
    const school = (await screen.findByLabelText(/学校/)) as HTMLSelectElement;
    expect([...school.options].map((o) => o.value)).toEqual(['', 'demo', 'kg']);
    expect(screen.getByLabelText(/验证码/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '换一张图片' }).querySelector('img')).toBeTruthy());
  });

  it('refuses a password shorter than 5 characters before sending anything', async () => {
    const { calls } = renderLogin({});
    await fill({ school: 'demo', username: 'admin', password: 'abc', captcha: '1234' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('密码长度至少5位')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/login/v3')).toBe(false);
  });

  it('says what is missing', async () => {
    renderLogin({});
    await screen.findByLabelText(/学校/);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请选择学校')).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
  });

  it('the English form has English labels and messages', async () => {
    await act(() => i18n.activate('en'));
    renderLogin({});
    await screen.findByLabelText(/School/);
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The password must be at least 5 characters')).toBeTruthy();
  });

  it('a failed login shows the server message, sets the failure flag and refreshes the captcha', async () => {
    const { onLoggedIn, captchaCalls } = renderLogin({ '/api/login/v3': fail(40100, '用户名或密码错误') });
    await waitFor(() => expect(captchaCalls()).toBe(1));
    await fill({ school: 'demo', username: 'admin', password: 'wrong-password', captcha: '1234' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(session.loginFailed).toBe(true);
    expect(session.token).toBeNull();
    await waitFor(() => expect(captchaCalls()).toBe(2));
    expect((screen.getByLabelText(/用户名/) as HTMLInputElement).value).toBe('admin');
    expect((screen.getByLabelText(/验证码/) as HTMLInputElement).value).toBe('');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('a successful login posts the form, stores the token (flag 0) and hands over', async () => {
    const { calls, onLoggedIn } = renderLogin({ '/api/login/v3': ok({ headerName: 'X-Access-Token', token: 'tok-9' }) });
    await waitFor(() => expect(screen.getByRole('button', { name: '换一张图片' }).querySelector('img')).toBeTruthy());
    await fill({ school: 'kg', username: ' admin ', password: 'Xiaowu@2026', captcha: 'ab12' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    const login = calls.find((c) => c.url.pathname === '/api/login/v3')!;
    expect(new Headers(login.init.headers).get('Content-Type')).toMatch(/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(String(login.init.body)))).toEqual({
      username: 'admin',
      password: 'Xiaowu@2026',
      tenant: 'kg',
      captchaId: 'c1',
      captcha: 'ab12',
    });
    expect(session.token).toBe('tok-9');
    expect(session.loginFailed).toBe(false);
  });

  it('with the tenant known and captcha off, neither field shows', async () => {
    renderLogin({ '/api/login/options': ok({ captchaEnabled: false, tenant: { code: 'demo', name: '示范学校' }, tenants: [] }) });
    expect(await screen.findByText('学校：示范学校')).toBeTruthy();
    expect(screen.queryByLabelText(/验证码/)).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
