import type { QueryClient } from '@tanstack/react-query';
import { requestEnvelope } from './http';

/**
 * 刷新菜单 (SPEC §2 shell; SPEC §7: `POST /api/role/refresh`, "result true reloads page"), one piece for the
 * top bar's action, the phone menu and the screens that change menus, roles or grants (菜单管理): the server
 * forgets its cached menus, then the page reloads. The permission payload restored from the device at start
 * never goes stale by itself, so the reload would show the old menus: a flag in sessionStorage makes the next
 * start drop it (`markMenusStaleAfterRefresh`), and the layout's guard reads it again from the server (offline,
 * the restored copy still shows).
 */

/** The permission payload's query key (features/auth/api.ts `permissionQuery` uses it): one definition. */
export const PERMISSION_QUERY_KEY = ['auth', 'user', 'permission'] as const;

const REFRESHED_FLAG = 'xiaowu-menus-refreshed';

/** Refreshes the menus: false when the server refused (already reported by lib/http), else the page reloads. */
export async function refreshMenusNow(): Promise<boolean> {
  const answer = await requestEnvelope<unknown>('/api/role/refresh', { method: 'POST' });
  if (answer.result !== true) return false;
  sessionStorage.setItem(REFRESHED_FLAG, '1');
  window.location.reload();
  return true;
}

/** At start, after the offline cache is restored: a reload made by 刷新菜单 reads the menus again. */
export function markMenusStaleAfterRefresh(queryClient: QueryClient): void {
  if (sessionStorage.getItem(REFRESHED_FLAG) === null) return;
  sessionStorage.removeItem(REFRESHED_FLAG);
  // dropped, not just marked stale: the layout's guard builds the menus from what ensureQueryData answers
  if (navigator.onLine) queryClient.removeQueries({ queryKey: PERMISSION_QUERY_KEY, exact: true });
}
