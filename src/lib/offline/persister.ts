import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, type Persister } from '@tanstack/react-query-persist-client';
import type { OfflineDb } from './db';

/**
 * TanStack Query persisted into the user's Dexie database (OFFLINE.md §3): the whole dehydrated
 * client in one row of `queries`, written at most once a second. Restored before the router first
 * renders, so an offline start is logged in and shows menus, dictionaries, trees, lists already seen.
 *
 * - every query holding data persists unless it says `meta: { persist: false }`; the dashboard's
 *   counts stay unpersisted (fetched on every visit, as before);
 * - kept 30 days (the query client's gcTime matches, so unused queries are not dropped sooner);
 * - a new CACHE_BUSTER discards the persisted reads only: the outbox is another table, untouched.
 */
export const PERSIST_MAX_AGE_MS = 30 * 24 * 3600_000;
/** Change when the shape of cached reads changes incompatibly. Never affects queued writes. */
export const CACHE_BUSTER = 'xiaowu-1';
const ROW_KEY = 'client';

export function dexiePersister(db: OfflineDb, throttleTime = 1000): Persister {
  return createAsyncStoragePersister({
    key: ROW_KEY,
    throttleTime,
    storage: {
      getItem: async (key) => ((await db.queries.get(key))?.value as string | undefined) ?? null,
      setItem: async (key, value) => {
        await db.queries.put({ key, value });
      },
      removeItem: async (key) => {
        await db.queries.delete(key);
      },
    },
  });
}

/**
 * Which queries are written to the device: those holding data. A refetch that failed offline
 * leaves the query in 'error' with its data: it must stay saved, or the next offline start would
 * lose the permission payload restored at this one.
 */
export function shouldPersistQuery(query: Query): boolean {
  if (query.state.data === undefined) return false;
  if ((query.meta as { persist?: boolean } | undefined)?.persist === false) return false;
  return query.queryKey[0] !== 'dashboard';
}

/**
 * Restores the persisted client into `queryClient`, then keeps persisting it. Resolves when the
 * restore is done (a missing, expired or busted cache restores nothing). Returns the unsubscribe.
 */
export async function persistInto(
  queryClient: QueryClient,
  db: OfflineDb,
  options: { buster?: string; throttleTime?: number } = {},
): Promise<() => void> {
  const persister = dexiePersister(db, options.throttleTime);
  const buster = options.buster ?? CACHE_BUSTER;
  const dehydrateOptions = { shouldDehydrateQuery: shouldPersistQuery };
  const [unsubscribe, restored] = persistQueryClient({ queryClient, persister, maxAge: PERSIST_MAX_AGE_MS, buster, dehydrateOptions });
  try {
    await restored;
  } catch (error) {
    console.warn('restoring the offline cache failed', error);
  }
  // what arrived before the subscription (the permission payload of a first visit) is saved now
  void persistQueryClientSave({ queryClient, persister, buster, dehydrateOptions });
  return unsubscribe;
}

/** Drops the persisted reads of this user (logout): the outbox stays. */
export async function forgetPersistedQueries(db: OfflineDb): Promise<void> {
  await db.queries.clear();
}
