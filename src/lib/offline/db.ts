import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from './kinds';

/**
 * The offline store (OFFLINE.md §2): one Dexie database PER USER AND TENANT, so another account on
 * the same device never reads or sends what this one queued.
 *
 *   queries  the persisted TanStack Query client (one row, key 'client')
 *   outbox   queued writes, the source of truth (OFFLINE.md §4); never touched by the query cache
 *   meta     small metadata (queue hold after a session expiry, …)
 *
 * Schema versions only move forward and never change a primary key. Another tab opening a newer
 * version fires `versionchange` here: this tab closes its connection at once (never blocks that
 * upgrade) and asks the user to reload.
 */
export interface PersistedQueriesRow {
  key: string;
  value: unknown;
}
export interface MetaRow {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  queries: EntityTable<PersistedQueriesRow, 'key'>;
  outbox: EntityTable<OutboxEntry, 'opId'>;
  meta: EntityTable<MetaRow, 'key'>;
};

export interface OfflineScope {
  tenant: string;
  userId: string;
}

export const offlineDbName = (scope: OfflineScope): string => `xiaowu-offline:${scope.tenant}:${scope.userId}`;

type Listener = () => void;
const versionListeners = new Set<Listener>();
/** Called when another tab upgrades the schema (this tab's connection is already closed). */
export function onVersionChange(listener: Listener): () => void {
  versionListeners.add(listener);
  return () => versionListeners.delete(listener);
}

export function createOfflineDb(scope: OfflineScope): OfflineDb {
  const db = new Dexie(offlineDbName(scope)) as OfflineDb;
  // v1. Add new versions below; never edit a shipped one, never change a primary key.
  db.version(1).stores({
    queries: 'key',
    outbox: 'opId, entityKey, state, kind, createdAt',
    meta: 'key',
  });
  db.on('versionchange', () => {
    // Another tab wants a newer schema: let it proceed, then tell the user to reload.
    db.close();
    for (const listener of versionListeners) listener();
    return false;
  });
  db.on('blocked', () => {
    // Our upgrade waits for an older tab; that tab closes on its versionchange, so this resolves.
    console.warn('offline store upgrade waits for another tab to close its connection');
  });
  return db;
}

let current: { scope: OfflineScope; db: OfflineDb } | null = null;
const scopeListeners = new Set<Listener>();

/** The database of the logged-in user (null before the scope is known). */
export function currentDb(): OfflineDb | null {
  return current?.db ?? null;
}

export function currentScope(): OfflineScope | null {
  return current?.scope ?? null;
}

export const scopeKey = (scope: OfflineScope | null): string => (scope ? offlineDbName(scope) : '');

/** Switch the store to this user and tenant (closing another user's). Returns the database. */
export function setScope(scope: OfflineScope | null): OfflineDb | null {
  if (scopeKey(scope) === scopeKey(current?.scope ?? null)) return current?.db ?? null;
  current?.db.close();
  current = scope ? { scope, db: createOfflineDb(scope) } : null;
  for (const listener of scopeListeners) listener();
  return current?.db ?? null;
}

export function onScopeChange(listener: Listener): () => void {
  scopeListeners.add(listener);
  return () => scopeListeners.delete(listener);
}

/** Test hook: close and forget the current database. */
export function resetOfflineDbForTests(): void {
  current?.db.close();
  current = null;
  for (const listener of scopeListeners) listener();
}
