import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * Outbox types and the kind registry, free of React and Dexie so the drain (loaded lazily with the
 * offline engine) stays small. Import from './outbox' in screens: it re-exports all of this.
 */
export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed';

export interface OutboxEntry<P = unknown> {
  /** uuid v7, made when the user acted, also the Idempotency-Key */
  opId: string;
  kind: string;
  entityKey: string;
  payload: P;
  baseVersion: number | null;
  createdAt: number;
  attempts: number;
  state: OutboxState;
  /** the last failed attempt; `data` is the server's envelope data of a refusal ('failed'), e.g. 40000 problems */
  lastError: { code: number; msg: string; data?: unknown } | null;
  /** 40900 conflict: the server's current value (envelope data) */
  serverData: unknown;
  nextAttemptAt: number;
  /** (extension) the kind's url when queued, so a tab that has not loaded the kind can still send it */
  url?: string;
}

export interface OutboxKind<P = unknown, R = unknown> {
  kind: string;
  /** POST JSON, sent with Idempotency-Key: opId */
  url: string;
  /** one line for the panel, already translated */
  describe(payload: P): string;
  onDelivered?(result: R, entry: OutboxEntry<P>, queryClient: QueryClient): void | Promise<void>;
  /**
   * optional (extension): work the entry needs before it can be sent (e.g. uploading files kept on the
   * device), run by the drain just before the entry joins a batch, outside any Dexie transaction and
   * under the outbox lock. Returns the payload to send (persisted before the send, so a retry does not
   * redo the work) or null (unchanged). `save(payload)` persists a partial result at once (one file
   * uploaded of several). Throwing an HttpError files the entry like a failed send (network → retry
   * with backoff, a refusal → failed with the server's message).
   */
  prepare?(entry: OutboxEntry<P>, save: (payload: P) => Promise<void>): Promise<{ payload: P } | null>;
  /** 'keep mine' after a conflict: the same change rebased on the server's value (new base version) */
  rebase?(payload: P, serverData: unknown): { payload: P; baseVersion: number | null };
  /** optional: renders queued vs server values in the conflict inbox */
  ConflictView?: ComponentType<{ entry: OutboxEntry<P> }>;
  /** optional (extension): the version a delivered answer carries; default `result.version` when a number */
  versionOf?(result: R): number | null;
  /** optional (extension): whether 'keep mine' is offered for a conflict (default: yes), e.g. only while the record still allows my change */
  canKeepMine?(entry: OutboxEntry<P>): boolean;
  /** optional (extension): after 'take server's', put serverData into the cache; default invalidates active queries */
  onTakeServers?(serverData: unknown, entry: OutboxEntry<P>, queryClient: QueryClient): void | Promise<void>;
}

const registry = new Map<string, OutboxKind>();

/** Registers a kind (the drain finds it by name) and returns it. */
export function defineOutboxKind<P, R>(kind: OutboxKind<P, R>): OutboxKind<P, R> {
  registry.set(kind.kind, kind as unknown as OutboxKind);
  return kind;
}

const kindModules = new Set<() => Promise<unknown>>();

/**
 * The app names the modules that define outbox kinds (features register their kinds when loaded);
 * the drain loads them all when the outbox holds a write of a kind not loaded yet, so a queued write
 * gets its kind's onDelivered and ConflictView whichever page is open. Lazy imports: nothing of a
 * feature joins the entry chunk, and an empty outbox loads none of them.
 */
export function registerOutboxKindModules(...loaders: (() => Promise<unknown>)[]): void {
  for (const load of loaders) kindModules.add(load);
}

/** Loads every registered kind module; one that fails to load leaves its entries to their stored url. */
export async function loadOutboxKindModules(): Promise<void> {
  await Promise.all([...kindModules].map((load) => load().catch((error: unknown) => console.warn('outbox kind module failed to load', error))));
}

export function outboxKind(name: string): OutboxKind | undefined {
  return registry.get(name);
}

/** Entries in send order: created time, then operation id (uuid v7 sorts by time). */
export function sortEntries<E extends OutboxEntry>(entries: E[]): E[] {
  return entries.sort((a, b) => a.createdAt - b.createdAt || (a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0));
}
