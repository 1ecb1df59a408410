import { queryOptions } from '@tanstack/react-query';
import type { CaptchaData, LoginData, LoginOptions, LoginRequest, PermissionPayload } from '../../../contracts/session';
import { get, postForm } from '../../lib/http';
import { rememberTenant } from '../../lib/config';
import { PERMISSION_QUERY_KEY } from '../../lib/menu-refresh';
import { clearSession, markLoginFailed, rememberUser, saveLogin } from '../../lib/session';

/** Query keys of the auth feature. Everything under ['auth', 'user'] belongs to the logged-in user. */
export const authKeys = {
  loginOptions: ['auth', 'login-options'] as const,
  captcha: ['auth', 'captcha'] as const,
  user: ['auth', 'user'] as const,
  permission: PERMISSION_QUERY_KEY,
};

/**
 * GET /api/login/options: captcha on/off, the tenant of this host, or the schools to choose from.
 * School names come in the request's language, so the key carries the locale.
 */
export const loginOptionsQuery = (locale: string) =>
  queryOptions({
    queryKey: [...authKeys.loginOptions, locale],
    queryFn: ({ signal }) => get<LoginOptions>('/api/login/options', undefined, { signal }),
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });

/** GET /api/captcha: a fresh image every time it is fetched (never reused from the cache). */
export const captchaQuery = queryOptions({
  queryKey: authKeys.captcha,
  queryFn: ({ signal }) => get<CaptchaData>('/api/captcha', undefined, { signal }),
  staleTime: 0,
  gcTime: 0,
});

/**
 * GET /ms/getPermission: menus, permission codes, roles, user info. Loaded by the authenticated
 * layout's beforeLoad (ensureQueryData) and read by the layout and screens with the same options.
 */
export const permissionQuery = queryOptions({
  queryKey: authKeys.permission,
  queryFn: async ({ signal }) => {
    const payload = await get<PermissionPayload>('/ms/getPermission', undefined, { signal });
    // a payload without user info is refused by the layout (SPEC: no information on this user)
    if (payload?.userInfo?.id) rememberUser(payload.userInfo.id);
    return payload;
  },
  staleTime: Infinity,
});

/** POST /api/login/v3 (form). Success stores the token (failure flag '0'); failure sets the flag '1'. */
export async function login(request: LoginRequest): Promise<LoginData> {
  try {
    const data = await postForm<LoginData>('/api/login/v3', { ...request });
    saveLogin(data);
    if (request.tenant) rememberTenant(request.tenant);
    return data;
  } catch (error) {
    markLoginFailed();
    throw error;
  }
}

/** GET /logout, then forget the session locally whatever the server said. */
export async function logout(): Promise<void> {
  try {
    await get<unknown>('/logout');
  } catch {
    // the local logout below is what matters; the http module already reported transport errors
  } finally {
    clearSession();
  }
}

/** GET /api/getExpires: the check made when the page becomes visible again. */
export const checkExpires = () => get<{ expiresIn: number }>('/api/getExpires');
