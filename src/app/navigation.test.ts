import { describe, expect, it } from 'vitest';
import type { PermissionPayload } from '../../contracts/session';
import { assessPermission, decideNavigation, decideRouteAccess, isPageTarget, safeRedirect, type NavigationInput } from './navigation';

const base: NavigationInput = {
  pathname: '/dashboard',
  href: '/dashboard',
  hasToken: false,
  loginFailed: false,
  loginType: 'local',
  timeoutUrl: 'https://ids.example.test/timeout',
};
const at = (pathname: string, extra: Partial<NavigationInput> = {}) => decideNavigation({ ...base, pathname, href: pathname, ...extra });

describe('navigation guard (SPEC §4)', () => {
  it('logged in: /login goes to /dashboard, everything else proceeds', () => {
    expect(at('/login', { hasToken: true })).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(at('/zsgl/xsbm', { hasToken: true })).toEqual({ type: 'allow' });
    expect(at('/survey/wjdt/answerSurvey', { hasToken: true })).toEqual({ type: 'allow' });
  });

  it('logged out, local login: /login?redirect=<path>, except whitelisted paths', () => {
    expect(at('/messageCenter/xxzx', { href: '/messageCenter/xxzx?a=1' })).toEqual({ type: 'login', redirect: '/messageCenter/xxzx?a=1' });
    expect(at('/no/such/page')).toEqual({ type: 'login', redirect: '/no/such/page' });
    expect(at('/')).toEqual({ type: 'login' });
    for (const open of ['/login', '/survey/wjdt/wjdtListNotLogin', '/survey/wjdt/answerSurvey', '/404', '/RePassword']) {
      expect(at(open)).toEqual({ type: 'allow' });
    }
  });

  it('logged out, identity-server login: the external timeout page unless whitelisted', () => {
    expect(at('/dashboard', { loginType: 'ids' })).toEqual({ type: 'external', href: 'https://ids.example.test/timeout' });
    expect(at('/survey/wjdt/answerSurvey', { loginType: 'ids' })).toEqual({ type: 'allow' });
  });

  it('token present but the failure flag set: log out (warning), then decide as logged out', () => {
    expect(at('/dashboard', { hasToken: true, loginFailed: true })).toEqual({
      type: 'logout',
      next: { type: 'login', redirect: '/dashboard' },
    });
    expect(at('/login', { hasToken: true, loginFailed: true })).toEqual({ type: 'logout', next: { type: 'allow' } });
  });

  it('a failed login without token is simply logged out', () => {
    expect(at('/login', { loginFailed: true })).toEqual({ type: 'allow' });
  });

  it('only same-site paths are followed after login', () => {
    expect(safeRedirect('/zsgl/xsbm?x=1')).toBe('/zsgl/xsbm?x=1');
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/login?redirect=/x')).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
    // the public survey pages (their own entry, not router routes): kept, and followed with a full-page load
    const survey = '/survey/wjdt/answerSurvey?id=01900000-0000-7000-8000-000000000001&tenant=demo';
    expect(safeRedirect(survey)).toBe(survey);
    expect(isPageTarget(survey)).toBe(true);
    expect(isPageTarget('/survey/wjdt')).toBe(false);
    expect(isPageTarget('/survey/cjwj')).toBe(false);
    expect(isPageTarget('/zsgl/xsbm?x=1')).toBe(false);
  });
});

const payload = (over: Partial<PermissionPayload> = {}): PermissionPayload => ({
  menus: [{ id: '1', menuname: 'x', menuurl: '/x', icon: '', remark: '', sort: 0, hidden: false, alwaysShow: false, perms: [], children: [] }],
  permission: ['zsgl'],
  roles: ['admin'],
  userInfo: { username: 'admin', id: 'u1', name: '管理员', userType: '1', tenant: 'demo', tenantName: '示范学校' },
  homeCards: null,
  requestId: 'r',
  ...over,
});

describe('after the permission payload loads', () => {
  it('missing user info blocks first, then no menus', () => {
    expect(assessPermission(payload())).toBe('ok');
    expect(assessPermission(payload({ userInfo: undefined as unknown as PermissionPayload['userInfo'] }))).toBe('no-user');
    expect(assessPermission(payload({ menus: [] }))).toBe('no-menus');
    expect(assessPermission(null)).toBe('no-user');
  });

  it('route meta permissions: any-of, else /404; no redirect while a blocking dialog shows', () => {
    expect(decideRouteAccess(payload(), ['zsgl'])).toBe('allow');
    expect(decideRouteAccess(payload(), ['jyzc', 'zsgl'])).toBe('allow');
    expect(decideRouteAccess(payload(), ['jyzc'])).toBe('/404');
    expect(decideRouteAccess(payload({ menus: [] }), ['jyzc'])).toBe('allow');
  });
});
