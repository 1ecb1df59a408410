import type { QueryClient } from '@tanstack/react-query';
import { requestEnvelope } from './http';

/**
 * 刷新菜单 (SPEC §2 shell), one piece for the top bar's action and the screens that change menus, roles or
 * grants (菜单管理, 角色管理): `POST /api/role/refresh` (the server forgets its cached menus), then the
 * permission payload is fetched again and the routes re-run their guards, so the sidebar and the gates
 * show the change at once. (A page reload showed the payload restored from the device: that query never
 * goes stale.)
 */

/** The permission payload's query key (features/auth/api.ts `permissionQuery` uses it): one definition. */
export const PERMISSION_QUERY_KEY = ['auth', 'user', 'permission'] as const;

/** Anything with `invalidate()` (the app router): lib does not import the router. */
interface Invalidatable {
  invalidate: () => Promise<unknown>;
}

/** Refreshes the menus now; true when the server agreed (a refusal was already reported by lib/http). */
export async function refreshMenusNow(queryClient: QueryClient, router: Invalidatable): Promise<boolean> {
  const answer = await requestEnvelope<unknown>('/api/role/refresh', { method: 'POST' });
  if (answer.result !== true) return false;
  await queryClient.refetchQueries({ queryKey: PERMISSION_QUERY_KEY, exact: true });
  await router.invalidate();
  return true;
}
