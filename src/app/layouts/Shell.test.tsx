import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuNode, PermissionPayload } from '../../../contracts/session';
import { setConfig } from '../../lib/config';
import { readCookie } from '../../lib/cookies';
import { resetLoginExpired } from '../../lib/expiry';
import { resetServerMessages } from '../../lib/i18n';
import { saveLogin } from '../../lib/session';
import { applyTheme } from '../../lib/themes';
import { fakeFetch, fail, ok, type FakeResponse } from '../../test/render';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';
import { system } from '../theme';
import { screenIs } from '../../test/screen';

const menu = (id: string, menuname: string, menuurl: string, extra: Partial<MenuNode> = {}): MenuNode => ({
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
  ...extra,
});

const permission: PermissionPayload = {
  menus: [
    menu('1', '招生管理', '', {
      remark: '{"menuNameEng":"Admissions"}',
      children: [menu('11', '学生报名', '/zsgl/xsbm', { remark: '{"menuNameEng":"Registration"}' }), menu('12', '报名统计', '/zsgl/bmtj')],
    }),
    menu('2', '教学管理', '', {
      children: [menu('21', '教研组', '/jxgl/jyz'), menu('22', '课程管理', '/jxgl/kcgl')],
    }),
    menu('3', '家长问卷', '', { alwaysShow: true, children: [menu('31', '题目配置', '/pztm/pztm', { hidden: true })] }),
    menu('4', '消息', '', {
      icon: 'message',
      remark: '{"cdwz":"top","menuNameEng":"Messages"}',
      children: [menu('41', '消息中心', '/messageCenter/xxzx', { remark: '{"menuNameEng":"Message centre"}' })],
    }),
  ],
  permission: ['zsgl'],
  roles: ['admin'],
  userInfo: { username: 'admin', id: 'u1', name: '王校长', userType: '1', tenant: 'demo', tenantName: '示范学校' },
  homeCards: null,
  requestId: 'r1',
};

type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;

function start(path: string, routes: Routes = {}) {
  const fake = fakeFetch({
    '/ms/getPermission': ok(permission),
    '/api/internationalLanguage/getInternationalLanguageList': ok({ zh: {}, en: {} }),
    '/api/k12saas/xxjbxx/getLogo': ok({ LOGO: '', url: '' }),
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
        </QueryClientProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
  return { router, calls: fake.calls };
}


const sidebar = () => within(screen.getByTestId('sidebar'));
const tabs = () => within(screen.getByTestId('tab-strip')).getAllByTestId('page-tab').map((tab) => tab.textContent);

beforeEach(() => {
  setConfig({ loginType: 'local', apiBaseUrl: '', logoUrl: '/icons/default.png' });
  resetLoginExpired();
  resetServerMessages();
  localStorage.clear();
  saveLogin({ token: 'tok', headerName: 'X-Access-Token' });
  screenIs(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  applyTheme('green');
});

describe('sidebar', () => {
  it('folds to icons and the cookie remembers it across a reload', async () => {
    start('/dashboard');
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(sidebar().getByText('招生管理')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: '收起侧边栏' }).click());
    expect(readCookie('sidebarStatus')).toBe('0');
    expect(sidebar().queryByText('招生管理')).toBeNull();
    expect(sidebar().getByRole('button', { name: '招生管理' })).toBeTruthy(); // the icon, named by its title
    cleanup();
    start('/dashboard');
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: '展开侧边栏' }).click());
    expect(readCookie('sidebarStatus')).toBe('1');
  });

  it('keeps one submenu open at a time, opens the way to the current page, and shows an always-show directory', async () => {
    start('/jxgl/jyz');
    await screen.findByText('此功能尚未开放');
    const teaching = sidebar().getByRole('button', { name: '教学管理' });
    const admissions = sidebar().getByRole('button', { name: '招生管理' });
    expect(teaching.getAttribute('aria-expanded')).toBe('true');
    expect(admissions.getAttribute('aria-expanded')).toBe('false');
    await act(async () => admissions.click());
    expect(admissions.getAttribute('aria-expanded')).toBe('true');
    expect(teaching.getAttribute('aria-expanded')).toBe('false');
    // the always-show directory whose only page is hidden stays a submenu, with nothing to open
    await act(async () => sidebar().getByRole('button', { name: '家长问卷' }).click());
    expect(sidebar().getByText('暂无可显示的页面')).toBeTruthy();
    expect(sidebar().queryByText('题目配置')).toBeNull();
    // a top-placed menu is not in the sidebar but in the top bar, as an icon named by its title
    expect(sidebar().queryByText('消息中心')).toBeNull();
    expect(screen.getByRole('link', { name: '消息中心' }).getAttribute('href')).toBe('/messageCenter/xxzx');
  });

  it("shows the school's logo, or the configured default when it has none or the call fails", async () => {
    start('/dashboard', { '/api/k12saas/xxjbxx/getLogo': ok({ LOGO: 'f1', url: '/file/download/f1' }) });
    await waitFor(() => expect(screen.getByTestId('school-logo').getAttribute('src')).toBe('/file/download/f1'));
    cleanup();
    start('/dashboard');
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(screen.getByTestId('school-logo').getAttribute('src')).toBe('/icons/default.png');
    cleanup();
    start('/dashboard', { '/api/k12saas/xxjbxx/getLogo': fail(59000, 'boom') });
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    expect(screen.getByTestId('school-logo').getAttribute('src')).toBe('/icons/default.png');
  });
});

describe('tab strip', () => {
  it('adds visited pages after home, keeps each page address, and survives a reload', async () => {
    const { router } = start('/dashboard');
    await screen.findByRole('heading', { name: '欢迎，王校长' });
    await act(() => router.navigate({ href: '/zsgl/xsbm?page=2' }));
    await act(() => router.navigate({ href: '/jxgl/jyz' }));
    await waitFor(() => expect(tabs()).toEqual(['首页', '学生报名', '教研组']));
    const link = within(screen.getByTestId('tab-strip')).getByRole('link', { name: '学生报名' });
    expect(link.getAttribute('href')).toBe('/zsgl/xsbm?page=2');
    cleanup();
    start('/jxgl/kcgl');
    await screen.findByText('此功能尚未开放');
    await waitFor(() => expect(tabs()).toEqual(['首页', '学生报名', '教研组', '课程管理']));
  });

  it('closing the active tab goes to the last tab; home cannot be closed; close all keeps home', async () => {
    const { router } = start('/zsgl/xsbm');
    await screen.findByText('此功能尚未开放');
    await act(() => router.navigate({ href: '/jxgl/jyz' }));
    await act(() => router.navigate({ href: '/zsgl/bmtj' }));
    await waitFor(() => expect(tabs()).toHaveLength(4));
    expect(within(screen.getByTestId('tab-strip')).queryByRole('button', { name: '关闭 首页' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: '关闭 报名统计' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/jxgl/jyz'));
    expect(tabs()).toEqual(['首页', '学生报名', '教研组']);
    await act(async () => screen.getByRole('button', { name: '关闭 学生报名' }).click());
    expect(router.state.location.pathname).toBe('/jxgl/jyz');
    expect(tabs()).toEqual(['首页', '教研组']);
    await act(async () => screen.getByRole('button', { name: '标签操作' }).click());
    // keyboard use of the menu: the last item (jsdom has no pointer events to hover one)
    const menu = (await screen.findByRole('menuitem', { name: '关闭全部' })).closest('[role=menu]')!;
    await act(async () => fireEvent.keyDown(menu, { key: 'End' }));
    await act(async () => fireEvent.keyDown(menu, { key: 'Enter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(tabs()).toEqual(['首页']);
  });

  it('retitles tabs and the breadcrumb when the language changes', async () => {
    start('/zsgl/xsbm');
    await waitFor(() => expect(tabs()).toEqual(['首页', '学生报名']));
    expect(within(screen.getByTestId('breadcrumb')).getByText('招生管理')).toBeTruthy();
    await act(() => i18n.activate('en'));
    await waitFor(() => expect(tabs()).toEqual(['Home', 'Registration']));
    expect(within(screen.getByTestId('breadcrumb')).getByText('Admissions')).toBeTruthy();
  });
});
