import { t } from '@lingui/core/macro';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { PermissionPayload } from '../../contracts/session';
import { permissionQuery } from '../features/auth/api';
import { getConfig, timeoutUrl } from '../lib/config';
import { HttpError, isAbortError } from '../lib/http';
import { loadServerMessages } from '../lib/i18n';
import { activateOfflineSession } from '../lib/offline/boot';
import { clearSession } from '../lib/session';
import { TOAST_DURATION, toaster } from '../lib/toaster';
import { decideNavigation, decideRouteAccess, type NavigationDecision } from './navigation';
import type { RouterContext } from './router-context';

/** Throws the redirect a navigation decision asks for (or returns for 'allow'). */
function applyDecision(decision: NavigationDecision): void {
  switch (decision.type) {
    case 'allow':
      return;
    case 'redirect':
      throw redirect({ to: decision.to, replace: true });
    case 'login':
      throw redirect({ to: '/login', search: { redirect: decision.redirect }, replace: true });
    case 'external':
      throw redirect({ href: decision.href, reloadDocument: true });
    case 'logout':
      clearSession();
      toaster.create({ id: 'login-again', type: 'warning', title: t`请重新登录`, duration: TOAST_DURATION });
      applyDecision(decision.next);
      return;
  }
}

/** Root route beforeLoad: SPEC §4 "On navigation" (token, failure flag, whitelist, login type). */
export function navigationGuard({ context, location }: { context: RouterContext; location: ParsedLocation }): void {
  const config = getConfig();
  applyDecision(
    decideNavigation({
      pathname: location.pathname,
      href: location.href,
      hasToken: Boolean(context.session.token),
      loginFailed: context.session.loginFailed,
      loginType: config.loginType,
      timeoutUrl: timeoutUrl(config),
    }),
  );
}

/**
 * Authenticated layout beforeLoad: the permission payload (menus become the user's routes) and
 * the server's language list. When the server refuses the user info: log out locally, warn, go to
 * login (or the identity server's timeout page); an expired session already shows the expiry
 * prompt. A transport failure keeps the session and shows the error page with a retry.
 */
export async function loadUser({
  context,
  location,
}: {
  context: RouterContext;
  location: ParsedLocation;
}): Promise<{ permission: PermissionPayload }> {
  if (!context.session.token) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  const languages = loadServerMessages();
  try {
    // a payload restored from the device answers at once and is fetched again in the background
    const permission = await context.queryClient.ensureQueryData({ ...permissionQuery, revalidateIfStale: true });
    // this user's offline store: persisted reads, the outbox drain (loaded lazily)
    activateOfflineSession(context.queryClient, permission.userInfo);
    await languages;
    return { permission };
  } catch (error) {
    if (isAbortError(error)) throw error;
    // No answer (offline, server down, or the page unloading mid-request) says nothing about the
    // session: keep it, and let the error page offer a retry (the http module showed the toast).
    if (error instanceof HttpError && error.kind === 'network') throw error;
    clearSession();
    context.queryClient.removeQueries({ queryKey: ['auth', 'user'] });
    if (!(error instanceof HttpError && error.kind === 'expired')) {
      toaster.create({
        id: 'user-info-failed',
        type: 'error',
        title: error instanceof HttpError && error.kind === 'failure' ? error.msg : t`获取用户信息失败，请重新登录`,
        duration: TOAST_DURATION,
      });
    }
    const config = getConfig();
    if (config.loginType === 'ids') throw redirect({ href: timeoutUrl(config), reloadDocument: true });
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}

/** beforeLoad of a route with permission meta (any-of): /404 when the user lacks them. */
export const requirePerms =
  (...perms: string[]) =>
  ({ context }: { context: { permission: PermissionPayload } }): void => {
    if (decideRouteAccess(context.permission, perms) === '/404') throw redirect({ to: '/404', replace: true });
  };
