import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lib/locale';
import { session } from '../../lib/session';
import { fail, fakeFetch, ok, type FakeResponse } from '../../test/render';
import { loginCatalog } from './login-catalog';
import { startLoginCalls } from './login-client';
import { LoginScreen } from './LoginScreen';

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;

const SCHOOLS = { captchaEnabled: true, tenant: null, tenants: [{ code: 'demo', name: '示范学校' }, { code: 'kg', name: '示范幼儿园' }] };

/** The screen as both hosts render it: Lingui only (no Chakra, router or query cache around it). */
function renderLogin(routes: Routes, onLoggedIn = vi.fn()) {
  let captchas = 0;
  const fake = fakeFetch({
    '/api/login/options': ok(SCHOOLS),
    '/api/captcha': () => ok({ captchaId: `c${++captchas}`, image: `data:image/svg+xml;base64,PHN2Zy8+#${captchas}` }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const switchLocale = vi.fn(async (locale: Locale) => {
    await act(() => i18n.activate(locale));
  });
  render(
    <I18nProvider i18n={i18n}>
      <LoginScreen onLoggedIn={onLoggedIn} switchLocale={switchLocale} />
    </I18nProvider>,
  );
  const count = (path: string) => fake.calls.filter((c) => c.url.pathname === path).length;
  return { calls: fake.calls, onLoggedIn, switchLocale, captchaCalls: () => count('/api/captcha'), optionsCalls: () => count('/api/login/options') };
}

const captchaImage = () => screen.getByRole('button', { name: '换一张图片' }).querySelector('img');

async function fill(values: { school?: string; username?: string; password?: string; captcha?: string }) {
  if (values.school) fireEvent.change(await screen.findByLabelText('学校'), { target: { value: values.school } });
  if (values.username !== undefined) fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: values.username } });
  if (values.password !== undefined) fireEvent.change(screen.getByLabelText('密码'), { target: { value: values.password } });
  if (values.captcha !== undefined) fireEvent.change(screen.getByLabelText('验证码'), { target: { value: values.captcha } });
}

beforeAll(async () => {
  // the screen's strings live in its own catalog (lingui.config.ts LOGIN_SCREEN), which both hosts load
  for (const locale of ['zh', 'en'] as const) i18n.load(locale, (await loginCatalog[locale]()).messages);
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('asks for the school when the host names none, and shows the captcha when enabled', async () => {
    renderLogin({});
    const school = (await screen.findByLabelText('学校')) as HTMLSelectElement;
    expect([...school.options].map((o) => o.value)).toEqual(['', 'demo', 'kg']);
    expect([...school.options].map((o) => o.textContent)).toEqual(['请选择', '示范学校', '示范幼儿园']);
    expect(screen.getByLabelText('验证码')).toBeTruthy();
    await waitFor(() => expect(captchaImage()).toBeTruthy());
    expect(screen.getByRole('button', { name: '换一张图片' }).getAttribute('title')).toBe('看不清？换一张');
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe('/RePassword');
    expect(document.title).toBe('登录 - 校务');
  });

  it('refuses a password shorter than 5 characters before sending anything', async () => {
    const { calls } = renderLogin({});
    await fill({ school: 'demo', username: 'admin', password: 'abc', captcha: '1234' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('密码长度至少5位')).toBeTruthy();
    expect(screen.getByLabelText('密码').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.pathname === '/api/login/v3')).toBe(false);
  });

  it('says what is missing', async () => {
    renderLogin({});
    await screen.findByLabelText('学校');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请选择学校')).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    // typing into a field clears its message
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'a' } });
    expect(screen.queryByText('请输入用户名')).toBeNull();
  });

  it('the English form has English labels and messages, and the switch goes back to Chinese', async () => {
    await act(() => i18n.activate('en'));
    const { switchLocale, calls } = renderLogin({});
    await screen.findByLabelText('School');
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Captcha')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The password must be at least 5 characters')).toBeTruthy();
    expect(new Headers(calls[0]!.init.headers).get('Accept-Language')).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(switchLocale).toHaveBeenCalledWith('zh'));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    // the schools' names come in the reader's language: asked again
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/login/options').map((c) => new Headers(c.init.headers).get('Accept-Language'))).toEqual(['en', 'zh-CN']));
  });

  it('a failed login shows the server message, sets the failure flag and refreshes the captcha', async () => {
    const { onLoggedIn, captchaCalls } = renderLogin({ '/api/login/v3': fail(40100, '用户名或密码错误') });
    await waitFor(() => expect(captchaCalls()).toBe(1));
    await fill({ school: 'demo', username: 'admin', password: 'wrong-password', captcha: '1234' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('用户名或密码错误');
    expect(session.loginFailed).toBe(true);
    expect(session.token).toBeNull();
    await waitFor(() => expect(captchaCalls()).toBe(2));
    expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('admin');
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('a successful login posts the form, stores the token (flag 0) and hands over', async () => {
    const { calls, onLoggedIn } = renderLogin({ '/api/login/v3': ok({ headerName: 'X-Access-Token', token: 'tok-9' }) });
    await waitFor(() => expect(captchaImage()).toBeTruthy());
    await fill({ school: 'kg', username: ' admin ', password: 'Xiaowu@2026', captcha: 'ab12' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    const login = calls.find((c) => c.url.pathname === '/api/login/v3')!;
    expect(login.init.method).toBe('POST');
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

  it('the captcha button fetches a fresh image', async () => {
    const { captchaCalls } = renderLogin({});
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toMatch(/#1$/));
    fireEvent.click(screen.getByRole('button', { name: '换一张图片' }));
    await waitFor(() => expect(captchaImage()?.getAttribute('src')).toMatch(/#2$/));
    expect(captchaCalls()).toBe(2);
  });

  it('with the tenant known and captcha off, neither field shows', async () => {
    const { captchaCalls } = renderLogin({ '/api/login/options': ok({ captchaEnabled: false, tenant: { code: 'demo', name: '示范学校' }, tenants: [] }) });
    expect(await screen.findByText('学校：示范学校')).toBeTruthy();
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(captchaCalls()).toBe(0);
  });

  it('an unreachable server says so and retries on request', async () => {
    let reachable = false;
    const { optionsCalls } = renderLogin({ '/api/login/options': () => (reachable ? ok(SCHOOLS) : { error: new TypeError('Failed to fetch') }) });
    expect((await screen.findByRole('alert')).textContent).toContain('无法连接服务器');
    expect(screen.queryByLabelText('用户名')).toBeNull();
    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByLabelText('用户名')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(optionsCalls()).toBe(2);
  });

  it('the captcha starts with the options when this device saw it on last time, and is not fetched twice', async () => {
    const fake = fakeFetch({ '/api/login/options': ok(SCHOOLS), '/api/captcha': ok({ captchaId: 'early', image: 'data:image/svg+xml;base64,PHN2Zy8+' }) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    startLoginCalls('zh'); // no hint yet: the options alone
    await waitFor(() => expect(fake.calls.map((c) => c.url.pathname)).toEqual(['/api/login/options']));
    await waitFor(() => expect(localStorage.getItem('xiaowu-login-captcha')).toBe('1'));

    fake.calls.length = 0;
    startLoginCalls('zh');
    // both asked at once (the screen has not rendered yet)
    await waitFor(() => expect(fake.calls.map((c) => c.url.pathname)).toEqual(['/api/login/options', '/api/captcha']));
    render(
      <I18nProvider i18n={i18n}>
        <LoginScreen onLoggedIn={vi.fn()} switchLocale={vi.fn()} />
      </I18nProvider>,
    );
    await waitFor(() => expect(captchaImage()).toBeTruthy());
    expect(fake.calls.map((c) => c.url.pathname)).toEqual(['/api/login/options', '/api/captcha']);
  });
});
