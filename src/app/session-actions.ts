import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../features/auth/api';
import { getConfig, timeoutUrl } from '../lib/config';
import { resetServerMessages } from '../lib/i18n';
import { deactivateOfflineSession } from '../lib/offline/boot';
import { clearSession } from '../lib/session';

/** Where a logged-out user goes: the identity server's timeout page ('ids'), else /login. */
async function leaveForLogin(navigateToLogin: () => Promise<void>): Promise<void> {
  const config = getConfig();
  if (config.loginType === 'ids') location.assign(timeoutUrl(config));
  else await navigateToLogin();
}

/**
 * Cached user data is dropped only after the authenticated screens are gone: clearing it while
 * they are mounted would make them fetch again without a token.
 */
async function forgetUserData(queryClient: QueryClient): Promise<void> {
  // the offline store closes first (its persisted reads are dropped; queued writes stay for this user)
  await deactivateOfflineSession();
  queryClient.clear();
  resetServerMessages();
}

/** The user's own logout (after confirming): GET /logout, forget the session, leave, drop caches. */
export async function logoutAndLeave(queryClient: QueryClient, navigateToLogin: () => Promise<void>): Promise<void> {
  await logout();
  await leaveForLogin(navigateToLogin);
  await forgetUserData(queryClient);
}

/** Local logout only (the server session is unusable anyway): the blocking dialogs' re-login. */
export async function forgetAndLeave(queryClient: QueryClient, navigateToLogin: () => Promise<void>): Promise<void> {
  clearSession();
  await leaveForLogin(navigateToLogin);
  await forgetUserData(queryClient);
}
