import type { QueryClient } from '@tanstack/react-query';
import { session } from '../session';
import { watchServer } from './connectivity';

/**
 * The small, eagerly loaded part of the offline engine (main.tsx, the authenticated layout's guard,
 * logout). It knows which user's store to open and loads the engine (Dexie, persister, drain) lazily.
 *
 * The store is per tenant and user: the user id is in the session cookie; the tenant is remembered
 * per user id when the permission payload arrives, so an offline start knows it.
 */
const TENANT_KEY_PREFIX = 'xiaowu-offline-tenant:';
/** An offline start never waits longer than this for the store (a blocked upgrade, a slow disk). */
const RESTORE_TIMEOUT_MS = 3000;

export function knownTenant(userId: string): string | null {
  try {
    return localStorage.getItem(TENANT_KEY_PREFIX + userId);
  } catch {
    return null;
  }
}

function rememberTenant(userId: string, tenant: string): void {
  try {
    localStorage.setItem(TENANT_KEY_PREFIX + userId, tenant);
  } catch {
    /* private mode: the store works for this session */
  }
}

const loadEngine = () => import('./engine');
/** Without IndexedDB (old browsers, some private modes, jsdom) the app simply works online only. */
const available = (): boolean => typeof indexedDB !== 'undefined';

/**
 * Before the router first renders: when a logged-in user's store is known on this device, restore
 * the cached reads (permission payload, menus…) so the app starts logged in even offline.
 */
export async function restoreOfflineSession(queryClient: QueryClient): Promise<void> {
  const userId = session.userId;
  const tenant = userId ? knownTenant(userId) : null;
  if (!session.loggedIn || !userId || !tenant || !available()) return;
  // such a start may reach no server at all (reads restored or served by the worker): make sure the
  // indicator learns within seconds whether the server answers
  watchServer();
  try {
    const engine = await loadEngine();
    await Promise.race([engine.start(queryClient, { tenant, userId }), new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS))]);
    // restored reads show at once and are fetched again when used (even those cached 'forever',
    // like the permission payload), so an online start still sees today's menus and grants
    void queryClient.invalidateQueries({ refetchType: 'none' });
  } catch (error) {
    console.warn('offline store unavailable', error);
  }
}

/** The permission payload is known: open (or keep) this user's store and drain its outbox. */
export function activateOfflineSession(queryClient: QueryClient, user: { id: string; tenant: string } | null | undefined): void {
  if (!user?.id || !user.tenant || !available()) return;
  rememberTenant(user.id, user.tenant);
  void loadEngine()
    .then((engine) => {
      engine.afterLogin();
      return engine.start(queryClient, { tenant: user.tenant, userId: user.id });
    })
    .catch((error: unknown) => console.warn('offline store unavailable', error));
}

/** Logout: close the user's store (the outbox stays on the device for that user's next login). */
export async function deactivateOfflineSession(): Promise<void> {
  if (!available()) return;
  try {
    await (await loadEngine()).stop();
  } catch {
    /* nothing was open */
  }
}
