import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuNode, PermissionPayload } from '../../contracts/session';
import { Toaster } from '../components/Toaster';
import { setConfig } from '../lib/config';
import { resetLoginExpired } from '../lib/expiry';
import { resetServerMessages } from '../lib/i18n';
import { FAILURE_COOKIE, saveLogin, session } from '../lib/session';
import { toaster } from '../lib/toaster';
import { fail, fakeFetch, ok, type FakeResponse } from '../test/render';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { system } from './theme';

const menu = (id: string, menuname: string, menuurl: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  menuname,
  menuurl,
  icon: '',
  remark: '',
  sort: Number(id),
  hidden: false,
  alwaysShow: false,
  perms: [],
  children: [],
  ...extra,
});

const permission = (over: Partial<PermissionPayload> = {}): PermissionPayload => ({
  menus: [
    menu('1', '招生管理', '', {
      remark: '{"menuNameEng":"Admissions"}',
      children: [menu('11', '学生报名', '/zsgl/xsbm', { remark: '{"menuNameEng":"Registration"}' }), menu('12', '报名统计', '/zsgl/bmtj')],
    }),
    menu('2', '缺失页面', '/demo/missing-screen'),
    menu('3', '消息中心', '/messageCenter/xxzx'),
  ],
  permission: ['zsgl', 'messageCenter_xxzx'],
  roles: ['admin'],
  userInfo: { username: 'admin', id: 'u1', name: '王校长', userType: '1', tenant: 'demo', tenantName: '示范学校' },
  homeCards: null,
  requestId: 'r1',
  ...over,
});

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;

function start(path: string, routes: Routes = {}) {
  const fake = fakeFetch({
    '/ms/getPermission': ok(permission()),
    '/api/internationalLanguage/getInternationalLanguageList': ok({ zh: {}, en: {} }),
    '/api/login/options': ok({ captchaEnabled: false, tenant: null, tenants: [{ code: 'demo', name: '示范学校' }] }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <SessionExpiredDialog />
          <Toaster />
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { router, calls: fake.calls };
}

const pathOf = (router: ReturnType<typeof start>['router']) => router.state.location.pathname;

beforeEach(() => {
  setConfig({ loginType: 'local', apiBaseUrl: '' });
  resetLoginExpired();
  resetServerMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('logged out', () => {
  it('a deep link goes to /login?redirect=<path>', async () => {
    const { router } = start('/messageCenter/xxzx');
    await screen.findByLabelText('用户名');
    expect(pathOf(router)).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/messageCenter/xxzx' });
  });

  it('unknown paths also go to /login', async () => {
    const { router } = start('/no/such/page');
    await screen.findByLabelText('用户名');
    expect(router.state.location.search).toEqual({ redirect: '/no/such/page' });
  });

  // The open survey pages (/survey/wjdt/<page>) are not the app's: the server and the service worker
  // answer them with survey.html, their own light entry (src/public-survey, tests/e2e/surveys-public.spec.ts).
  it('/404 renders without login, outside the main layout', async () => {
    const { router } = start('/404');
    await screen.findByRole('heading', { name: '404' });
    expect(pathOf(router)).toBe('/404');
    expect(screen.queryByLabelText('用户名')).toBeNull();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
  });

  it('identity-server login type leaves for {redirectUrl}/timeout', async () => {
    setConfig({ loginType: 'ids', redirectUrl: 'https://ids.example.test' });
    const assign = vi.fn();
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace, href: 'http://localhost/' });
    start('/dashboard');
    await waitFor(() => expect([...assign.mock.calls, ...replace.mock.calls].flat()).toContain('https://ids.example.test/timeout'));
  });
});

describe('logged in', () => {
  beforeEach(() => saveLogin({ token: 'tok', headerName: 'X-Access-Token' }));

  it('/login goes to /dashboard, which greets the user by name and shows the school', async () => {
    const { router, calls } = start('/login');
    expect((await screen.findAllByText(/王校长/)).length).toBeGreaterThan(0);
    expect(pathOf(router)).toBe('/dashboard');
    expect(screen.getAllByText(/示范学校/).length).toBeGreaterThan(0);
    const permissionCall = calls.find((c) => c.url.pathname === '/ms/getPermission');
    expect(new Headers(permissionCall?.init.headers).get('X-Access-Token')).toBe('tok');
  });

  it('the empty path is the dashboard', async () => {
    const { router } = start('/');
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(pathOf(router)).toBe('/dashboard');
  });

  it('the sidebar lists the menu tree by language, hidden menus left out', async () => {
    start('/dashboard');
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    // jsdom has no wide screen: the sidebar is the drawer
    await act(async () => screen.getByRole('button', { name: '打开菜单' }).click());
    expect((await screen.findAllByText('招生管理')).length).toBeGreaterThan(0);
    await act(() => i18n.activate('en'));
    expect((await screen.findAllByText('Admissions')).length).toBeGreaterThan(0);
  });

  it('a menu without a screen shows "Cannot find module"', async () => {
    start('/demo/missing-screen');
    expect(await screen.findByText('Cannot find module')).toBeTruthy();
  });

  it('a menu in a planned area, and a fixed route, say "not built yet" with the menu title', async () => {
    const { router } = start('/zsgl/bmtj');
    await screen.findByText('此功能尚未开放');
    expect(screen.getAllByText('报名统计').length).toBeGreaterThan(0);
    await act(() => router.navigate({ to: '/zsgl/xsbm' }));
    await waitFor(() => expect(screen.getAllByText('学生报名').length).toBeGreaterThan(0));
    expect(screen.getByText('此功能尚未开放')).toBeTruthy();
  });

  it('a path outside the user menus goes to /404', async () => {
    const { router } = start('/no/such/page');
    await screen.findByRole('heading', { name: '404' });
    expect(pathOf(router)).toBe('/404');
  });

  it('a fixed route whose permission the user lacks goes to /404', async () => {
    const { router } = start('/jyzc/jhtj/index');
    await screen.findByRole('heading', { name: '404' });
    expect(pathOf(router)).toBe('/404');
  });

  it('a fixed route the user may open renders', async () => {
    const { router } = start('/messageCenter/xxzx');
    await screen.findByRole('heading', { name: '消息中心' });
    expect(pathOf(router)).toBe('/messageCenter/xxzx');
  });

  it('missing user info blocks with "system has no information on this user"', async () => {
    start('/dashboard', { '/ms/getPermission': ok(permission({ userInfo: null as unknown as PermissionPayload['userInfo'] })) });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('系统中没有该用户的信息');
  });

  it('no menus blocks with "sorry, you have no permission" and a re-login button', async () => {
    const { router } = start('/dashboard', { '/ms/getPermission': ok(permission({ menus: [] })) });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('抱歉，您没有权限');
    await act(async () => screen.getByRole('button', { name: '重新登录' }).click());
    await screen.findByLabelText('用户名');
    expect(pathOf(router)).toBe('/login');
    expect(session.token).toBeNull();
  });

  it('failure to get user info logs out, warns and goes to /login', async () => {
    const spy = vi.spyOn(toaster, 'create');
    const { router } = start('/dashboard', { '/ms/getPermission': fail(40300, '没有权限') });
    await screen.findByLabelText('用户名');
    expect(pathOf(router)).toBe('/login');
    expect(session.token).toBeNull();
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title: '没有权限', type: 'error' }));
    spy.mockRestore();
  });

  it('no answer for the user info keeps the session and offers a retry', async () => {
    // the router reports the failed match on the console
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    start('/dashboard', {
      '/ms/getPermission': () => (fail ? { error: new TypeError('Failed to fetch') } : ok(permission())),
    });
    await screen.findByText('页面出错了');
    expect(session.token).toBe('tok');
    fail = false;
    await act(async () => screen.getByRole('button', { name: '重试' }).click());
    expect(await screen.findByRole('heading', { name: '欢迎，王校长' })).toBeTruthy();
  });

  it('an expired session on load shows the expiry prompt', async () => {
    start('/dashboard', { '/ms/getPermission': fail(90001, '登录已过期') });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('登录状态已过期，请重新登录');
  });

  it('a token with the failure flag set is logged out with "please log in again"', async () => {
    document.cookie = `${FAILURE_COOKIE}=1; path=/`;
    const spy = vi.spyOn(toaster, 'create');
    const { router } = start('/dashboard');
    await screen.findByLabelText('用户名');
    expect(pathOf(router)).toBe('/login');
    expect(session.token).toBeNull();
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title: '请重新登录', type: 'warning' }));
    spy.mockRestore();
  });

  it('the server language list is merged into the catalogs; a failure warns', async () => {
    start('/dashboard', {
      '/api/internationalLanguage/getInternationalLanguageList': ok({ zh: { 'server.key': '服务器词条' }, en: { 'server.key': 'Server entry' } }),
    });
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(i18n._('server.key')).toBe('服务器词条');
  });

  it('a language list failure shows the refresh-and-retry warning and the app still starts', async () => {
    const spy = vi.spyOn(toaster, 'create');
    start('/dashboard', { '/api/internationalLanguage/getInternationalLanguageList': fail(59000, 'fault') });
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title: '语言包加载失败，请刷新重试', type: 'warning' }));
    spy.mockRestore();
  });

  it('with the browser offline the language list stays quiet: the school texts wait for the next online start', async () => {
    const spy = vi.spyOn(toaster, 'create');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      start('/dashboard', { '/api/internationalLanguage/getInternationalLanguageList': { error: new TypeError('Failed to fetch') } });
      await screen.findByRole('heading', { name: '欢迎，王校长' });
      expect(spy).not.toHaveBeenCalledWith(expect.objectContaining({ title: '语言包加载失败，请刷新重试' }));
    } finally {
      onLine.mockRestore();
      spy.mockRestore();
    }
  });
});
