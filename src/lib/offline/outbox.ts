import type { QueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { currentDb, currentScope, onScopeChange, scopeKey, type OfflineDb } from './db';
import { requestDrain } from './events';
import { defineOutboxKind, outboxKind, sortEntries, type OutboxEntry, type OutboxKind } from './kinds';
import { session } from '../session';

const readToken = (): string | null => session.token;

/**
 * The outbox (OFFLINE.md §4): queued writes, the source of truth for what the user entered and the
 * server has not confirmed yet. One row per user action, kept in the user's own Dexie database.
 *
 *   const submitRoll = defineOutboxKind<RollPayload, AttendanceRoll>({ kind: 'attendance.submit', url: '/api/attendance/submit', … });
 *   await enqueue(submitRoll, { entityKey: `attendance:${classId}:${date}`, payload, baseVersion });
 *
 * The drain (drain.ts) POSTs `payload` as JSON to `kind.url` with `Idempotency-Key: opId`; when the
 * payload is an object with a `baseVersion` field, the entry's baseVersion is written into it (so a
 * rebase or chain moves both). Entries of one entity key go out in order; a conflicting or failed
 * entry holds the later ones of its entity until the user decides. Server answers:
 *   code 1 → delivered: removed, `onDelivered(result)`; a later pending entry of the same entity with
 *     the same baseVersion is moved to the delivered version (`kind.versionOf(result)`, default `result.version`);
 *   network, HTTP 5xx, 59000, 42900, 40901 → retried with exponential backoff (cap 5 min, jitter);
 *   session expired → the whole queue is held (still pending) until the same user logs in again;
 *   40900 → 'conflict' with the server's value in `serverData`;
 *   anything else (40000, 40300, 40400, 42200, …) → 'failed' with the reason.
 * Nothing leaves the outbox without delivery or the user's decision (discard, take server's).
 */
export type { OutboxEntry, OutboxKind, OutboxState } from './kinds';
export { defineOutboxKind, outboxKind, sortEntries } from './kinds';

/** The logged-in user's database, or an error: writes are never queued without an owner. */
export function requireDb(): OfflineDb {
  const db = currentDb();
  if (!db) throw new Error('offline store not open (no logged-in user)');
  return db;
}

export const newOpId = (): string => uuidv7();

/** Queue a write. Call it when the user acts: the operation id is made and stored here, before any send. */
export async function enqueue<P>(
  kind: OutboxKind<P>,
  input: { entityKey: string; payload: P; baseVersion?: number | null },
): Promise<OutboxEntry<P>> {
  if (!outboxKind(kind.kind)) defineOutboxKind(kind);
  const entry: OutboxEntry<P> = {
    opId: newOpId(),
    kind: kind.kind,
    entityKey: input.entityKey,
    payload: input.payload,
    baseVersion: input.baseVersion ?? null,
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    lastError: null,
    serverData: null,
    nextAttemptAt: 0,
    url: kind.url,
  };
  await requireDb().outbox.add(entry as OutboxEntry);
  requestDrain();
  return entry;
}

function useScopeKey(): string {
  return useSyncExternalStore(onScopeChange, () => scopeKey(currentScope()), () => '');
}

const EMPTY: OutboxEntry[] = [];

/** Live list of this user's queued writes (all states), in send order. */
export function useOutboxEntries(filter?: { entityKey?: string; kind?: string }): OutboxEntry[] {
  const key = useScopeKey();
  const entityKey = filter?.entityKey;
  const kind = filter?.kind;
  const entries = useLiveQuery(
    async () => {
      const db = currentDb();
      if (!db) return EMPTY;
      const rows = entityKey ? await db.outbox.where('entityKey').equals(entityKey).toArray() : await db.outbox.toArray();
      return sortEntries(kind ? rows.filter((row) => row.kind === kind) : rows);
    },
    [key, entityKey, kind],
  );
  return entries ?? EMPTY;
}

/** Live count of everything not yet delivered (pending, sending, conflict, failed). */
export function usePendingCount(): number {
  const key = useScopeKey();
  const count = useLiveQuery(async () => (await currentDb()?.outbox.count()) ?? 0, [key]);
  return count ?? 0;
}

/**
 * (extension) True while the queue waits for a new login after the session expired (OFFLINE.md §6):
 * the panel says why nothing is sent.
 */
export function useQueueHeld(): boolean {
  const key = useScopeKey();
  const held = useLiveQuery(async () => {
    const hold = (await currentDb()?.meta.get('hold'))?.value as { token: string | null } | undefined;
    return Boolean(hold) && hold?.token === readToken();
  }, [key]);
  return held ?? false;
}

/** Conflict or failed → pending again, sent at once. */
export async function retryEntry(opId: string): Promise<void> {
  const db = requireDb();
  await db.outbox.update(opId, { state: 'pending', nextAttemptAt: 0, attempts: 0 });
  requestDrain();
}

/** The user dropped this write (the panel asks first). */
export async function discardEntry(opId: string): Promise<void> {
  await requireDb().outbox.delete(opId);
  requestDrain();
}

function defaultRebase(payload: unknown, serverData: unknown): { payload: unknown; baseVersion: number | null } {
  const version = (serverData as { version?: unknown } | null)?.version;
  return { payload, baseVersion: typeof version === 'number' ? version : null };
}

/**
 * Conflict → 'keep mine': the same change rebased on the server's value, pending again. It gets a
 * NEW operation id (its body differs, and a key is bound to one body) and keeps its place in order.
 */
export async function keepMine(opId: string): Promise<void> {
  const db = requireDb();
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(opId);
    if (!entry || entry.state !== 'conflict') return;
    const kind = outboxKind(entry.kind);
    const rebased = (kind?.rebase ?? defaultRebase)(entry.payload, entry.serverData);
    await db.outbox.delete(opId);
    await db.outbox.add({
      ...entry,
      opId: newOpId(),
      payload: rebased.payload,
      baseVersion: rebased.baseVersion,
      state: 'pending',
      attempts: 0,
      lastError: null,
      serverData: null,
      nextAttemptAt: 0,
    });
  });
  requestDrain();
}

/** Conflict → 'take server's': my queued write is dropped, the cache takes the server's value. */
export async function takeServers(opId: string, queryClient: QueryClient): Promise<void> {
  const db = requireDb();
  const entry = await db.outbox.get(opId);
  if (!entry) return;
  await db.outbox.delete(opId);
  const kind = outboxKind(entry.kind);
  if (kind?.onTakeServers) await kind.onTakeServers(entry.serverData, entry, queryClient);
  else await queryClient.invalidateQueries({ refetchType: 'active' });
  requestDrain();
}

/** JSON of every unsent entry (pending, sending, conflict, failed), for the user to keep. */
export async function exportUnsent(): Promise<Blob> {
  const db = requireDb();
  const scope = currentScope();
  const entries = sortEntries(await db.outbox.toArray());
  const body = {
    app: 'xiaowu',
    exportedAt: new Date().toISOString(),
    tenant: scope?.tenant ?? '',
    userId: scope?.userId ?? '',
    entries: entries.map((entry) => {
      let description: string;
      try {
        description = outboxKind(entry.kind)?.describe(entry.payload) ?? '';
      } catch {
        description = '';
      }
      return { ...entry, description, createdAtIso: new Date(entry.createdAt).toISOString() };
    }),
  };
  return new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
}
