import { OPEN_ROUTES } from '../../contracts/paths';
import type { PermissionPayload } from '../../contracts/session';
import { routeAllowed } from '../lib/permissions';

/**
 * Navigation decisions of SPEC §4 "On navigation", as pure functions (tested in navigation.test.ts).
 * The root route's beforeLoad applies `decideNavigation`; the authenticated layout (`_app`) loads
 * the permission payload and applies `assessPermission`; gated routes apply `decideRouteAccess`.
 */

/**
 * Paths reachable without login. SPEC §2 names /login and the two public survey pages; /404 and
 * /RePassword are "hidden, open" in the fixed-route table, so they are reachable too.
 */
export const WHITELIST: readonly string[] = [...OPEN_ROUTES, '/404', '/RePassword'];

export const isWhitelisted = (pathname: string): boolean => {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return WHITELIST.some((open) => open.toLowerCase() === path);
};

export interface NavigationInput {
  pathname: string;
  /** path + search + hash, used as the `redirect` back after login */
  href: string;
  hasToken: boolean;
  loginFailed: boolean;
  loginType: 'local' | 'ids';
  /** `{redirectUrl}/timeout` for the identity-server login type */
  timeoutUrl: string;
}

export type NavigationDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: '/dashboard' }
  | { type: 'login'; redirect?: string }
  | { type: 'external'; href: string }
  /** token present but the failure flag set: log out with 'please log in again', then `next` */
  | { type: 'logout'; next: NavigationDecision };

export function decideNavigation(input: NavigationInput): NavigationDecision {
  const path = input.pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (input.hasToken && !input.loginFailed) {
    return path === '/login' ? { type: 'redirect', to: '/dashboard' } : { type: 'allow' };
  }
  if (input.hasToken && input.loginFailed) {
    return { type: 'logout', next: decideNavigation({ ...input, hasToken: false, loginFailed: false }) };
  }
  if (isWhitelisted(input.pathname)) return { type: 'allow' };
  if (input.loginType === 'ids') return { type: 'external', href: input.timeoutUrl };
  const redirect = safeRedirect(input.href);
  return redirect && redirect !== '/' && redirect !== '/login' ? { type: 'login', redirect } : { type: 'login' };
}

/** Only same-site paths are followed after login (no `//host` or absolute URLs). */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return undefined;
  if (target.startsWith('/login')) return undefined;
  return target;
}

/**
 * Redirect targets outside the router: the public survey pages are their own entry (survey.html), so
 * the login page follows them with a full-page load (SPEC §2 /survey/wjdt/…).
 */
export const isPageTarget = (href: string): boolean => href.toLowerCase().startsWith('/survey/wjdt/');

export type PermissionAssessment = 'ok' | 'no-user' | 'no-menus';

/** After the permission payload is loaded: missing user info, then no menus, block the app. */
export function assessPermission(payload: Pick<PermissionPayload, 'menus' | 'userInfo'> | null | undefined): PermissionAssessment {
  if (!payload?.userInfo || !payload.userInfo.id) return 'no-user';
  if (!payload.menus || payload.menus.length === 0) return 'no-menus';
  return 'ok';
}

/**
 * Route meta permissions (any-of): 'allow', or '/404' when the user lacks them. While the app is
 * blocked by one of the dialogs above, routes do not redirect (the dialog shows instead).
 */
export function decideRouteAccess(
  payload: Pick<PermissionPayload, 'menus' | 'userInfo' | 'permission' | 'roles'>,
  perms: readonly string[] | undefined,
): 'allow' | '/404' {
  if (assessPermission(payload) !== 'ok') return 'allow';
  return routeAllowed({ permissions: payload.permission ?? [], roles: payload.roles ?? [] }, perms) ? 'allow' : '/404';
}
