import { queryOptions } from '@tanstack/react-query';
import type { PermissionPayload } from '../../../contracts/session';
import { get } from '../../lib/http';
import { PERMISSION_QUERY_KEY } from '../../lib/menu-refresh';
import { clearSession, rememberUser } from '../../lib/session';

/**
 * Query keys of the auth feature. Everything under ['auth', 'user'] belongs to the logged-in user.
 * The login screen's own calls are in login-client.ts (light: no http module, no query cache).
 */
export const authKeys = {
  user: ['auth', 'user'] as const,
  permission: PERMISSION_QUERY_KEY,
};

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
