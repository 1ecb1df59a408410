import type { QueryClient } from '@tanstack/react-query';
import { EXPIRED_CODES, ResponseCode } from '../../../contracts/envelope';
import { IDEMPOTENCY_HEADER, OUTBOX_BATCH_MAX, OUTBOX_BATCH_URL, type OutboxBatchData, type OutboxBatchOperation } from '../../../contracts/idempotency';
import { openLoginExpired } from '../expiry';
import { HttpError, requestEnvelope, TRANSPORT_CODE } from '../http';
import { session } from '../session';
import { onServerBack } from './connectivity';
import { currentDb, currentScope, scopeKey, type OfflineDb } from './db';
import { onDrainRequest } from './events';
import { loadOutboxKindModules, outboxKind, sortEntries, type OutboxEntry } from './kinds';

/** whether this tab has loaded the features' kind modules (once, when a write needs them) */
let kindsLoaded = false;

/**
 * The drain (OFFLINE.md §4, §6): sends the outbox, one tab at a time (Web Locks), in order per
 * entity key. Triggers: start, `online`, the server answering again after it was unreachable
 * (connectivity's probe), the tab becoming visible, the backoff timer, the service worker's `sync`
 * message, and every outbox change made in this tab (enqueue, retry, keep mine…).
 */
export type Outcome = 'delivered' | 'retry' | 'held' | 'conflict' | 'failed' | 'skipped';

/** How a failed send is filed. */
export function classify(error: unknown): Exclude<Outcome, 'delivered' | 'skipped'> {
  if (!(error instanceof HttpError)) return 'retry';
  if (error.kind === 'network') return 'retry';
  if (EXPIRED_CODES.includes(error.code) || error.kind === 'expired') return 'held';
  if (error.code === ResponseCode.conflict) return 'conflict';
  if (
    error.code === ResponseCode.fault ||
    error.code === ResponseCode.rateLimited ||
    error.code === ResponseCode.idempotencyInProgress ||
    (error.status !== undefined && error.status >= 500)
  ) {
    return 'retry';
  }
  return 'failed';
}

export const BACKOFF_CAP_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 2_000;

/** Exponential backoff with jitter: ~2 s, 4 s, 8 s … capped at 5 min (±25 %). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const raw = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.75 + random() * 0.5));
}

/** The request body: the payload, with the entry's baseVersion written into a `baseVersion` field. */
export function bodyOf(entry: OutboxEntry): unknown {
  const payload = entry.payload;
  if (entry.baseVersion !== null && payload && typeof payload === 'object' && !Array.isArray(payload) && 'baseVersion' in payload) {
    return { ...(payload as Record<string, unknown>), baseVersion: entry.baseVersion };
  }
  return payload;
}

function versionOf(entry: OutboxEntry, result: unknown): number | null {
  const kind = outboxKind(entry.kind);
  if (kind?.versionOf) return kind.versionOf(result);
  const version = (result as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : null;
}

/** Sends one entry's call and returns the answer's data (throws HttpError on a failure). */
export type Transport = (url: string, body: unknown, opId: string) => Promise<unknown>;

/** What a batch answers for one operation: its data, or the HttpError it would have thrown alone. */
export type OperationOutcome = { ok: true; data: unknown } | { ok: false; error: HttpError };
/** Sends several entries' calls at once; throws (HttpError) when the batch as a whole failed. */
export type BatchTransport = (ops: OutboxBatchOperation[]) => Promise<OperationOutcome[]>;

/** The default: one POST /api/outbox/batch (contracts/idempotency.ts), quiet, each operation with its key. */
const httpBatchTransport: BatchTransport = async (ops) => {
  const { data } = await requestEnvelope<OutboxBatchData>(OUTBOX_BATCH_URL, { method: 'POST', body: { ops }, quiet: true });
  return ops.map((op, index) => {
    const result = data.results[index];
    if (!result || result.key !== op.key) return { ok: false, error: new HttpError(TRANSPORT_CODE, 'batch answer out of order') };
    if (result.code === ResponseCode.ok) return { ok: true, data: result.data };
    const kind = EXPIRED_CODES.includes(result.code) ? 'expired' : 'failure';
    return { ok: false, error: new HttpError(result.code, result.msg, kind, result.data) };
  });
};

/** One call per operation (tests' transports), answered like a batch. */
const perOperation =
  (send: Transport): BatchTransport =>
  (ops) =>
    Promise.all(
      ops.map(async (op): Promise<OperationOutcome> => {
        try {
          return { ok: true, data: await send(op.url, op.body, op.key) };
        } catch (error) {
          // a failure of the call itself (network, expiry) fails the batch, as it would over HTTP
          if (!(error instanceof HttpError) || error.kind === 'network' || error.kind === 'expired' || (error.status ?? 0) >= 500) throw error;
          return { ok: false, error };
        }
      }),
    );

/** Sends one entry alone: lib/http, quiet, with the Idempotency-Key (kept for callers outside the drain). */
export const httpTransport: Transport = async (url, body, opId) =>
  (await requestEnvelope<unknown>(url, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: opId }, quiet: true })).data;

let batchTransport: BatchTransport = httpBatchTransport;
/** Tests: replace how entries are sent (one call per entry); null restores the batch call. */
export function setTransport(next: Transport | null): void {
  batchTransport = next ? perOperation(next) : httpBatchTransport;
}
/** Tests: replace the batch call itself. */
export function setBatchTransport(next: BatchTransport | null): void {
  batchTransport = next ?? httpBatchTransport;
}

let queryClientRef: QueryClient | null = null;

const HOLD_KEY = 'hold';
/** The queue is held after a session expiry until a new login (another token) of this same user. */
async function isHeld(db: OfflineDb): Promise<boolean> {
  const hold = (await db.meta.get(HOLD_KEY))?.value as { token: string | null } | undefined;
  if (!hold) return false;
  if (session.loggedIn && session.token !== hold.token) {
    await db.meta.delete(HOLD_KEY);
    return false;
  }
  return true;
}

export async function isQueueHeld(): Promise<boolean> {
  const db = currentDb();
  return db ? isHeld(db) : false;
}

/** The call an entry stands for; null while its kind is not loaded in this tab. */
const urlOf = (entry: OutboxEntry): string | null => outboxKind(entry.kind)?.url ?? entry.url ?? null;

/** Files a failed send (OFFLINE.md §6) and returns how. */
async function fileFailure(db: OfflineDb, entry: OutboxEntry, attempts: number, error: unknown): Promise<Outcome> {
  const outcome = classify(error);
  const lastError: OutboxEntry['lastError'] = error instanceof HttpError ? { code: error.code, msg: error.msg } : { code: -1, msg: String(error) };
  // a refusal keeps the server's data (e.g. 40000 problems) so the screen can show it beside the fields
  if (outcome === 'failed' && error instanceof HttpError && error.data !== undefined && error.data !== null) lastError.data = error.data;
  if (outcome === 'retry') {
    await db.outbox.update(entry.opId, { state: 'pending', lastError, nextAttemptAt: Date.now() + backoffDelay(attempts) });
  } else if (outcome === 'held') {
    // not the entry's fault: the attempt does not count, the whole queue waits for a new login
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await db.outbox.update(entry.opId, { state: 'pending', attempts: entry.attempts, lastError, nextAttemptAt: 0 });
      await db.meta.put({ key: HOLD_KEY, value: { token: session.token } });
    });
    // the send was quiet, the consequence is not: ask the user to log in again (OFFLINE.md §6)
    openLoginExpired();
  } else if (outcome === 'conflict') {
    await db.outbox.update(entry.opId, { state: 'conflict', lastError, serverData: error instanceof HttpError ? (error.data ?? null) : null });
  } else {
    await db.outbox.update(entry.opId, { state: 'failed', lastError });
  }
  return outcome;
}

/**
 * Files a delivered entry: removes it; the same user's later edits of this entity, made from the
 * same base, now build on the delivered version (a chain, not a conflict).
 */
async function fileDelivered(db: OfflineDb, entry: OutboxEntry, result: unknown): Promise<Outcome> {
  const delivered = versionOf(entry, result);
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.delete(entry.opId);
    if (delivered === null || entry.baseVersion === null) return;
    const later = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
    for (const next of later) {
      if (next.state === 'pending' && next.baseVersion === entry.baseVersion && next.createdAt >= entry.createdAt) {
        await db.outbox.update(next.opId, { baseVersion: delivered });
      }
    }
  });
  await runOnDelivered(entry, result);
  // the user's other tabs update their screens too (only this tab sent it)
  try {
    channel?.postMessage({ type: 'delivered', entry, result });
  } catch {
    /* not cloneable: the other tabs refetch when used */
  }
  return 'delivered';
}

/**
 * Several entries (at most one per entity) in one batch call: mark them sending, send, file each
 * answer. A failure of the whole call (network, 5xx, expiry) files every entry the same way.
 */
async function deliverBatch(db: OfflineDb, entries: OutboxEntry[]): Promise<Outcome[]> {
  const attempts = new Map(entries.map((entry) => [entry.opId, entry.attempts + 1]));
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of entries) await db.outbox.update(entry.opId, { state: 'sending', attempts: attempts.get(entry.opId) });
  });
  let answers: OperationOutcome[];
  try {
    answers = await batchTransport(entries.map((entry) => ({ key: entry.opId, url: urlOf(entry)!, body: bodyOf(entry) })));
  } catch (error) {
    const outcomes: Outcome[] = [];
    for (const entry of entries) outcomes.push(await fileFailure(db, entry, attempts.get(entry.opId)!, error));
    return outcomes;
  }
  const outcomes: Outcome[] = [];
  for (const [index, entry] of entries.entries()) {
    const answer = answers[index]!;
    outcomes.push(answer.ok ? await fileDelivered(db, entry, answer.data) : await fileFailure(db, entry, attempts.get(entry.opId)!, answer.error));
  }
  return outcomes;
}

/**
 * Runs the kind's `prepare` (uploads of files kept on the device…) before the entry is sent: the
 * payload it returns is persisted first, so a retry sends it without redoing the work. A failure is
 * filed like a failed send (the attempt counts). Returns the entry to send, or how it was filed.
 */
async function prepareEntry(db: OfflineDb, entry: OutboxEntry): Promise<{ entry: OutboxEntry } | { outcome: Outcome }> {
  const prepare = outboxKind(entry.kind)?.prepare;
  if (!prepare) return { entry };
  let payload = entry.payload;
  const save = async (next: unknown) => {
    payload = next;
    await db.outbox.update(entry.opId, { payload: next });
  };
  try {
    const prepared = await prepare({ ...entry }, save);
    if (prepared) await save(prepared.payload);
  } catch (error) {
    // the work done so far stays (save), the attempt counts
    const attempts = entry.attempts + 1;
    if (classify(error) !== 'held') await db.outbox.update(entry.opId, { attempts });
    return { outcome: await fileFailure(db, { ...entry, payload }, attempts, error) };
  }
  return { entry: { ...entry, payload } };
}

async function runOnDelivered(entry: OutboxEntry, result: unknown): Promise<void> {
  const kind = outboxKind(entry.kind);
  if (!kind?.onDelivered || !queryClientRef) return;
  try {
    await kind.onDelivered(result, entry, queryClientRef);
  } catch (error) {
    console.warn('outbox onDelivered failed', error);
  }
}

/** The user's tabs tell each other about deliveries (BroadcastChannel, per user and school). */
let channel: BroadcastChannel | null = null;
let channelKey = '';

function openChannel(): void {
  const key = scopeKey(currentScope());
  if (key === channelKey) return;
  channel?.close();
  channel = null;
  channelKey = key;
  if (!key || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(`xiaowu-outbox:${key}`);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; entry?: OutboxEntry; result?: unknown } | null;
    if (data?.type === 'delivered' && data.entry) void runOnDelivered(data.entry, data.result);
  };
}

function closeChannel(): void {
  channel?.close();
  channel = null;
  channelKey = '';
}

/**
 * One pass over the queue (call it inside the lock). Returns when the next retry is due (ms since
 * epoch), or null when nothing waits on a timer.
 *
 * Rounds: each round takes the oldest write of every entity that may go now and sends them in batch
 * calls, up to DRAIN_CONCURRENCY calls side by side; the next round takes the next writes, rebased on
 * what was just delivered. Order within an entity holds (one write of an entity per round); an
 * entity that stops (conflict, failure, retry later, kind not loaded) sends nothing more this pass.
 */
export async function drainOnce(db: OfflineDb): Promise<number | null> {
  // a write of a kind this tab has not loaded (queued on another page or in another tab, or before a
  // reload): load the features' kind modules first, so it is described in the panel (held too) and
  // delivered with its cache update
  let queued = await db.outbox.toArray();
  if (!kindsLoaded && queued.some((entry) => !outboxKind(entry.kind))) {
    kindsLoaded = true;
    await loadOutboxKindModules();
  }
  if (!session.loggedIn || (await isHeld(db))) return null;
  let nextWake: number | null = null;
  const stopped = new Set<string>();
  for (let round = 0; ; round++) {
    // the first round uses the read above; later rounds see what the last one delivered or rebased
    if (round > 0) queued = await db.outbox.toArray();
    const heads: OutboxEntry[] = [];
    const seen = new Set<string>();
    for (const entry of sortEntries(queued)) {
      if (seen.has(entry.entityKey)) continue;
      seen.add(entry.entityKey);
      if (stopped.has(entry.entityKey)) continue;
      // a conflict or failure holds the later writes of its entity until the user decides
      if (entry.state === 'conflict' || entry.state === 'failed' || !urlOf(entry)) {
        stopped.add(entry.entityKey);
      } else if (entry.nextAttemptAt > Date.now()) {
        nextWake = Math.min(nextWake ?? Infinity, entry.nextAttemptAt);
        stopped.add(entry.entityKey);
      } else {
        heads.push(entry);
      }
    }
    if (heads.length === 0) return nextWake;

    // spread the round over DRAIN_CONCURRENCY calls (the server works on them side by side)
    const size = Math.min(OUTBOX_BATCH_MAX, Math.max(1, Math.ceil(heads.length / DRAIN_CONCURRENCY)));
    const batches: OutboxEntry[][] = [];
    for (let start = 0; start < heads.length; start += size) batches.push(heads.slice(start, start + size));
    let held = false;
    const worker = async () => {
      for (let batch = batches.shift(); batch && !held; batch = batches.shift()) {
        // each entry's preparation (uploads…) first, outside any transaction; one that fails stays out
        const filed: [OutboxEntry, Outcome][] = [];
        const ready: OutboxEntry[] = [];
        for (const entry of batch) {
          if (held) break;
          if (!outboxKind(entry.kind)?.prepare) {
            ready.push(entry);
            continue;
          }
          const prepared = await prepareEntry(db, entry);
          if ('entry' in prepared) ready.push(prepared.entry);
          else {
            filed.push([entry, prepared.outcome]);
            if (prepared.outcome === 'held') held = true;
          }
        }
        if (!held && ready.length) {
          const outcomes = await deliverBatch(db, ready);
          for (const [index, outcome] of outcomes.entries()) filed.push([ready[index]!, outcome]);
        }
        for (const [entry, outcome] of filed) {
          if (outcome === 'held') held = true;
          if (outcome === 'retry') {
            const after = await db.outbox.get(entry.opId);
            if (after) nextWake = Math.min(nextWake ?? Infinity, after.nextAttemptAt);
          }
          if (outcome !== 'delivered') stopped.add(entry.entityKey);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DRAIN_CONCURRENCY, batches.length) }, worker));
    if (held) return null;
  }
}

/** Batch calls sent side by side by one drain pass (each entity's own writes stay in order). */
export const DRAIN_CONCURRENCY = 6;

/**
 * The network or the server is back: writes that failed only because there was no answer are due
 * now, not after their backoff (which grows to minutes during a long outage).
 */
export async function clearNetworkBackoff(db: OfflineDb): Promise<void> {
  await db.outbox
    .filter((entry) => entry.state === 'pending' && entry.nextAttemptAt > Date.now() && entry.lastError?.code === TRANSPORT_CODE)
    .modify({ nextAttemptAt: 0 });
}

export const lockName = (scope: { tenant: string; userId: string }): string => `xiaowu-outbox-${scope.tenant}:${scope.userId}`;

/** Runs `fn` while holding this user's outbox lock (Web Locks); without the API, just runs it. */
async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!scope || !locks?.request) return fn();
  return locks.request(lockName(scope), { mode: 'exclusive' }, fn) as Promise<T>;
}

let running: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(at: number | null): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (at === null) return;
  timer = setTimeout(() => void drain(), Math.max(0, at - Date.now()));
  void registerBackgroundSync();
}

/** Drain now (coalesced: one pass at a time per tab, one tab at a time per user). */
export function drain(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        const db = currentDb();
        if (!db) return;
        const wake = await withOutboxLock(() => drainOnce(db));
        schedule(wake);
      } while (again);
    } catch (error) {
      console.warn('outbox drain failed', error);
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * Where the browser has Background Sync (Chromium), the service worker's `sync` wakes a tab to drain
 * when the connection comes back. Registered only while the browser is offline (online, a sync fires
 * at once: registering on every drain pass made a loop of sync events that kept the worker busy and
 * blocked updates) and at most once a minute.
 */
let lastSyncRegistration = 0;
async function registerBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return;
  if (Date.now() - lastSyncRegistration < 60_000) return;
  lastSyncRegistration = Date.now();
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    /* not supported or not allowed: the other triggers remain */
  }
}

export const OUTBOX_SYNC_TAG = 'xiaowu-outbox';
/** The service worker posts this to its clients on `sync`. */
export const OUTBOX_SYNC_MESSAGE = 'xiaowu-outbox-sync';

let stopTriggers: (() => void) | null = null;

/** Starts draining for the current user: now, and on every trigger. Idempotent. */
export function startDrain(queryClient: QueryClient): () => void {
  queryClientRef = queryClient;
  openChannel();
  if (stopTriggers) {
    void drain();
    return stopTriggers;
  }
  const kick = () => void drain();
  const onOnline = () => {
    const db = currentDb();
    void (db ? clearNetworkBackoff(db) : Promise.resolve()).catch(() => undefined).then(kick);
  };
  const onOffline = () => void registerBackgroundSync();
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === OUTBOX_SYNC_MESSAGE) kick();
  };
  const offRequest = onDrainRequest(kick);
  // the server is back (the network never dropped): what waited on a network backoff goes now
  const offServerBack = onServerBack(onOnline);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  stopTriggers = () => {
    offRequest();
    offServerBack();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    closeChannel();
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    schedule(null);
    stopTriggers = null;
  };
  kick();
  void registerBackgroundSync();
  return stopTriggers;
}

export function stopDrain(): void {
  stopTriggers?.();
}
