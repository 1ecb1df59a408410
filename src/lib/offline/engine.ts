import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { toaster } from '../toaster';
import { currentDb, onVersionChange, scopeKey, setScope, type OfflineScope } from './db';
import { startDrain, stopDrain } from './drain';
import { forgetFilePreviews } from './file-previews';
import { forgetPersistedQueries, persistInto } from './persister';
import { requestPersistentStorage } from './storage';

/**
 * The offline engine of one logged-in user (loaded lazily: Dexie, the persister and the drain stay
 * out of /login's entry chunk). `start` opens that user's store, restores and keeps persisting the
 * query cache, and drains the outbox; `stop` (logout) closes it, keeping the outbox on the device.
 */
// Another tab upgraded the offline store: this tab closed its connection (never blocking that
// upgrade) and asks for a reload; queued writes are safe in the store.
onVersionChange(() => {
  toaster.create({
    id: 'offline-store-upgraded',
    type: 'warning',
    title: t`应用已在其他标签页更新，请刷新本页`,
    duration: Infinity,
    closable: true,
    action: { label: t`刷新`, onClick: () => location.reload() },
  });
});

let active: { key: string; unsubscribe: () => void; queryClient: QueryClient } | null = null;
let starting: Promise<void> | null = null;

export function start(queryClient: QueryClient, scope: OfflineScope): Promise<void> {
  const key = scopeKey(scope);
  if (active?.key === key && active.queryClient === queryClient) {
    startDrain(queryClient);
    return Promise.resolve();
  }
  const previous = starting ?? Promise.resolve();
  starting = previous.then(async () => {
    if (active?.key === key && active.queryClient === queryClient) return;
    await stopActive(false);
    const db = setScope(scope)!;
    const unsubscribe = await persistInto(queryClient, db);
    active = { key, unsubscribe, queryClient };
    // the restore above is what an offline start waits for; the drain loads the features' kind
    // modules when the outbox holds a write of a kind not loaded yet (usually it is empty)
    startDrain(queryClient);
  });
  const done = starting;
  void done.finally(() => {
    if (starting === done) starting = null;
  });
  return done;
}

/** After login (online): keep the origin's storage from eviction. */
export function afterLogin(): void {
  void requestPersistentStorage();
}

async function stopActive(forgetReads: boolean): Promise<void> {
  stopDrain();
  active?.unsubscribe();
  active = null;
  const db = currentDb();
  if (db && forgetReads) await forgetPersistedQueries(db).catch(() => undefined);
  if (forgetReads) await forgetFilePreviews();
  setScope(null);
}

/** Logout: stop persisting and draining, drop this user's persisted reads; the outbox stays. */
export async function stop(): Promise<void> {
  await (starting ?? Promise.resolve()).catch(() => undefined);
  await stopActive(true);
}

/** Tests: what a page unload does (stop persisting and draining, close the store, keep its rows). */
export async function suspendForTests(): Promise<void> {
  await (starting ?? Promise.resolve()).catch(() => undefined);
  await stopActive(false);
}
