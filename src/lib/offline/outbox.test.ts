import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../contracts/idempotency';
import { loginExpiredOpenCount, resetLoginExpired } from '../expiry';
import { HttpError, TRANSPORT_CODE } from '../http';
import { saveLogin } from '../session';
import { currentDb, offlineDbName, resetOfflineDbForTests, setScope } from './db';
import { OUTBOX_BATCH_MAX } from '../../../contracts/idempotency';
import { backoffDelay, BACKOFF_CAP_MS, clearNetworkBackoff, DRAIN_CONCURRENCY, drainOnce, setBatchTransport, setTransport } from './drain';
import { defineOutboxKind, discardEntry, enqueue, exportUnsent, keepMine, retryEntry, takeServers, type OutboxEntry } from './outbox';

interface Roll {
  classId: string;
  baseVersion: number;
  status: string;
}

const delivered = vi.fn();
const roll = defineOutboxKind<Roll, { version: number }>({
  kind: 'test.roll',
  url: '/api/test/roll',
  describe: (payload) => `roll ${payload.classId} ${payload.status}`,
  onDelivered: delivered,
});

type Answer = { data: unknown } | { error: unknown };
interface Sent {
  url: string;
  body: Roll;
  opId: string;
}
let sent: Sent[] = [];
let answer: (call: Sent) => Answer = () => ({ data: { version: 1 } });

function useFakeServer() {
  setTransport(async (url, body, opId) => {
    const call = { url, body: body as Roll, opId };
    sent.push(call);
    const result = answer(call);
    if ('error' in result) throw result.error;
    return result.data;
  });
}

const failure = (code: number, data: unknown = null, status = 200) => ({ error: new HttpError(code, `code ${code}`, 'failure', data, status) });
const db = () => currentDb()!;
const entries = async () => (await db().outbox.toArray()) as OutboxEntry<Roll>[];
const payload = (classId: string, status: string, baseVersion = 0): Roll => ({ classId, status, baseVersion });

beforeEach(() => {
  saveLogin({ token: 't1', userId: 'u1' });
  setScope({ tenant: 'demo', userId: 'u1' });
  sent = [];
  answer = () => ({ data: { version: 1 } });
  delivered.mockClear();
  resetLoginExpired();
  useFakeServer();
});

afterEach(async () => {
  resetOfflineDbForTests();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  setTransport(null);
});

describe('enqueue', () => {
  it('stores the write with a uuid v7 operation id before any send', async () => {
    const entry = await enqueue(roll, { entityKey: 'att:c1', payload: payload('c1', 'present'), baseVersion: 0 });
    expect(entry.opId).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(entry.opId[14]).toBe('7');
    expect(await entries()).toEqual([expect.objectContaining({ opId: entry.opId, state: 'pending', attempts: 0, baseVersion: 0 })]);
  });
});

describe('drain', () => {
  it('delivers in order per entity key with the Idempotency-Key, removes delivered entries, calls onDelivered', async () => {
    const a1 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    const b1 = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    const a2 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '2') });
    await drainOnce(db());
    // in order within an entity; entities side by side
    expect(sent.filter((call) => call.body.classId === 'a').map((call) => call.opId)).toEqual([a1.opId, a2.opId]);
    expect(sent.map((call) => call.opId).sort()).toEqual([a1.opId, a2.opId, b1.opId].sort());
    expect(sent[0].url).toBe('/api/test/roll');
    expect(await entries()).toEqual([]);
    expect(delivered).toHaveBeenCalledTimes(0); // no query client registered through startDrain here
  });

  it('a retried entry holds the later writes of its entity, other entities go on', async () => {
    const a1 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '2') });
    const b1 = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    answer = (call) => (call.opId === a1.opId ? { error: new HttpError(TRANSPORT_CODE, 'net', 'network') } : { data: { version: 1 } });
    const wake = await drainOnce(db());
    expect(sent.map((call) => call.opId)).toEqual([a1.opId, b1.opId]);
    const left = await entries();
    expect(left).toHaveLength(2);
    const first = left.find((entry) => entry.opId === a1.opId)!;
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: { code: TRANSPORT_CODE, msg: 'net' } });
    expect(wake).toBe(first.nextAttemptAt);
    expect(first.nextAttemptAt).toBeGreaterThan(Date.now());
    // not due yet: nothing is sent again
    sent = [];
    await drainOnce(db());
    expect(sent).toEqual([]);
  });

  it(`sends each round's entity heads in batch calls, up to ${DRAIN_CONCURRENCY} side by side, each entity's writes in order`, async () => {
    let inFlight = 0;
    let most = 0;
    let waiting: (() => void)[] = [];
    const releaseRound = () => {
      for (const resolve of waiting) resolve();
      waiting = [];
    };
    const batches: Roll[][] = [];
    setBatchTransport(async (ops) => {
      const bodies = ops.map((op) => op.body as Roll);
      // never two writes of one entity in a batch
      expect(new Set(bodies.map((body) => body.classId)).size).toBe(bodies.length);
      expect(ops.length).toBeLessThanOrEqual(OUTBOX_BATCH_MAX);
      batches.push(bodies);
      inFlight += 1;
      most = Math.max(most, inFlight);
      // each round is DRAIN_CONCURRENCY calls: hold them until all are in flight (a fixed wait made this
      // depend on how fast IndexedDB runs; a drain that sent fewer side by side never gets past here)
      if (inFlight === DRAIN_CONCURRENCY) releaseRound();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return ops.map((op) => {
        sent.push({ url: op.url, body: op.body as Roll, opId: op.key });
        return { ok: true, data: { version: 1 } };
      });
    });
    const entities = 120;
    for (let n = 0; n < entities; n++) await enqueue(roll, { entityKey: `att:${n}`, payload: payload(String(n), '1') });
    for (let n = 0; n < entities; n++) await enqueue(roll, { entityKey: `att:${n}`, payload: payload(String(n), '2') });
    await drainOnce(db());
    expect(sent).toHaveLength(2 * entities);
    expect(most).toBe(DRAIN_CONCURRENCY);
    // two rounds of DRAIN_CONCURRENCY calls of 20: every first write goes before any second one
    expect(batches.map((batch) => batch.length)).toEqual(Array(2 * DRAIN_CONCURRENCY).fill(entities / DRAIN_CONCURRENCY));
    const statuses = batches.flat().map((body) => body.status);
    expect(statuses.slice(0, entities).every((status) => status === '1')).toBe(true);
    for (let n = 0; n < entities; n++) expect(sent.filter((call) => call.body.classId === String(n)).map((call) => call.body.status)).toEqual(['1', '2']);
    expect(await entries()).toEqual([]);
  });

  it("files each operation of a batch on its own answer: one conflict holds its entity's later writes, the others go on", async () => {
    const a1 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    const b1 = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    const a2 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '2') });
    const b2 = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '2') });
    const calls: string[][] = [];
    setBatchTransport(async (ops) => {
      calls.push(ops.map((op) => op.key));
      return ops.map((op) =>
        op.key === a1.opId ? { ok: false, error: new HttpError(40900, 'stale', 'failure', { version: 3 }) } : { ok: true, data: { version: 1 } },
      );
    });
    await drainOnce(db());
    // a round of two heads spreads over two calls side by side; then b's second write alone
    expect(calls).toEqual([[a1.opId], [b1.opId], [b2.opId]]);
    const left = await entries();
    expect(left.map((entry) => [entry.opId, entry.state])).toEqual([
      [a1.opId, 'conflict'],
      [a2.opId, 'pending'],
    ]);
    expect(left[0]!.serverData).toEqual({ version: 3 });
  });

  it('a failure of the whole batch call (network) files every write in it for a retry', async () => {
    const a = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    const b = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    setBatchTransport(async () => {
      throw new HttpError(TRANSPORT_CODE, 'net', 'network');
    });
    const wake = await drainOnce(db());
    const left = await entries();
    expect(left.map((entry) => [entry.opId, entry.state, entry.attempts, entry.lastError?.code])).toEqual([
      [a.opId, 'pending', 1, TRANSPORT_CODE],
      [b.opId, 'pending', 1, TRANSPORT_CODE],
    ]);
    expect(wake).toBe(Math.min(...left.map((entry) => entry.nextAttemptAt)));
  });

  it('the network coming back makes writes that failed for want of a network due at once (not other retries)', async () => {
    const a1 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    const b1 = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    answer = (call) => (call.opId === a1.opId ? { error: new HttpError(TRANSPORT_CODE, 'net', 'network') } : failure(59000));
    await drainOnce(db());
    await clearNetworkBackoff(db());
    const left = await entries();
    expect(left.find((entry) => entry.opId === a1.opId)!.nextAttemptAt).toBe(0);
    expect(left.find((entry) => entry.opId === b1.opId)!.nextAttemptAt).toBeGreaterThan(Date.now());
    answer = () => ({ data: { version: 1 } });
    sent = [];
    await drainOnce(db());
    expect(sent.map((call) => call.opId)).toEqual([a1.opId]);
  });

  it.each([
    ['HTTP 5xx', failure(59000, null, 500)],
    ['59000', failure(59000)],
    ['42900', failure(42900)],
    ['40901', failure(40901)],
    ['network', { error: new TypeError('Failed to fetch') }],
  ])('%s is retried with backoff', async (_name, result) => {
    await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    answer = () => result;
    await drainOnce(db());
    const [entry] = await entries();
    expect(entry.state).toBe('pending');
    expect(entry.attempts).toBe(1);
    expect(entry.nextAttemptAt).toBeGreaterThan(Date.now());
  });

  it('backoff grows exponentially with jitter and is capped near 5 minutes', () => {
    expect(backoffDelay(1, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, () => 0.5)).toBe(8000);
    expect(backoffDelay(30, () => 1)).toBeLessThanOrEqual(BACKOFF_CAP_MS * 1.25);
    expect(backoffDelay(30, () => 0)).toBeGreaterThanOrEqual(BACKOFF_CAP_MS * 0.75);
  });

  it.each([90001, 50008, 50012, 50014])('session expiry (%i) holds the whole queue until the same user logs in again', async (code) => {
    const a = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    const b = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    answer = () => failure(code);
    await drainOnce(db());
    // the entities in flight side by side when the first expiry came back; nothing after it
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect((await entries()).map((entry) => [entry.state, entry.attempts])).toEqual([['pending', 0], ['pending', 0]]);
    // the user is asked to log in again (the send itself was quiet)
    expect(loginExpiredOpenCount()).toBe(1);
    // still the expired token: nothing goes out
    sent = [];
    answer = () => ({ data: { version: 1 } });
    await drainOnce(db());
    expect(sent).toEqual([]);
    // the same user logs in again (new token): the queue resumes, nothing was dropped
    saveLogin({ token: 't2', userId: 'u1' });
    await drainOnce(db());
    expect(sent.map((call) => call.opId).sort()).toEqual([a.opId, b.opId].sort());
    expect(await entries()).toEqual([]);
  });

  it('40900 files a conflict with the server value and holds the entity; take server’s drops mine', async () => {
    const server = { version: 5, status: 'late' };
    const a1 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1', 3), baseVersion: 3 });
    await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '2', 4), baseVersion: 4 });
    answer = () => failure(40900, server);
    await drainOnce(db());
    expect(sent).toHaveLength(1);
    const [conflict] = (await entries()).filter((entry) => entry.opId === a1.opId);
    expect(conflict).toMatchObject({ state: 'conflict', serverData: server, lastError: { code: 40900 } });

    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await takeServers(a1.opId, queryClient);
    expect(invalidate).toHaveBeenCalled();
    expect((await entries()).map((entry) => entry.opId)).not.toContain(a1.opId);
  });

  it('keep mine rebases on the server version under a new operation id and sends it', async () => {
    const a1 = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', 'absent', 3), baseVersion: 3 });
    answer = () => failure(40900, { version: 5 });
    await drainOnce(db());
    await keepMine(a1.opId);
    const [rebased] = await entries();
    expect(rebased).toMatchObject({ state: 'pending', baseVersion: 5, attempts: 0, serverData: null, createdAt: a1.createdAt });
    expect(rebased.opId).not.toBe(a1.opId);
    answer = () => ({ data: { version: 6 } });
    sent = [];
    await drainOnce(db());
    expect(sent).toEqual([{ url: '/api/test/roll', opId: rebased.opId, body: { classId: 'a', status: 'absent', baseVersion: 5 } }]);
  });

  it.each([40000, 40300, 40400, 42200, 40100])('%i files the write as failed with the reason; retry and discard are the user’s', async (code) => {
    const a = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    answer = () => failure(code);
    await drainOnce(db());
    expect(await entries()).toEqual([expect.objectContaining({ state: 'failed', lastError: { code, msg: `code ${code}` } })]);
    // failed entries are not retried by themselves
    await drainOnce(db());
    expect(sent).toHaveLength(1);
    await retryEntry(a.opId);
    answer = () => ({ data: { version: 1 } });
    await drainOnce(db());
    expect(sent).toHaveLength(2);
    expect(await entries()).toEqual([]);

    const b = await enqueue(roll, { entityKey: 'att:b', payload: payload('b', '1') });
    await discardEntry(b.opId);
    expect(await entries()).toEqual([]);
  });

  it('chains the same user’s edits: a later write from the same base builds on the delivered version', async () => {
    await enqueue(roll, { entityKey: 'att:a', payload: payload('a', 'first', 3), baseVersion: 3 });
    const second = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', 'second', 3), baseVersion: 3 });
    let version = 3;
    answer = (call) => {
      if (call.body.baseVersion !== version) return failure(40900, { version });
      version += 1;
      return { data: { version } };
    };
    await drainOnce(db());
    expect(sent.map((call) => call.body.baseVersion)).toEqual([3, 4]);
    expect(sent[1].opId).toBe(second.opId);
    expect(await entries()).toEqual([]);
  });

  it('a "sending" entry left by a closed page is sent again with the same key', async () => {
    const a = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    await db().outbox.update(a.opId, { state: 'sending', attempts: 1 });
    await drainOnce(db());
    expect(sent.map((call) => call.opId)).toEqual([a.opId]);
  });

  it('writes queued long ago are still delivered', async () => {
    const a = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    await db().outbox.update(a.opId, { createdAt: Date.now() - 10 * 24 * 3600_000 });
    await drainOnce(db());
    expect(sent).toHaveLength(1);
  });
});

describe('export', () => {
  it('exports every unsent write as JSON with its description', async () => {
    const a = await enqueue(roll, { entityKey: 'att:a', payload: payload('a', 'late') });
    const blob = await exportUnsent();
    expect(blob.type).toBe('application/json');
    const json = JSON.parse(await blob.text()) as { tenant: string; userId: string; entries: (OutboxEntry & { description: string })[] };
    expect(json).toMatchObject({ tenant: 'demo', userId: 'u1' });
    expect(json.entries).toEqual([expect.objectContaining({ opId: a.opId, description: 'roll a late', state: 'pending' })]);
  });
});

describe('per user and tenant', () => {
  it('another user on the device neither sees nor sends the queue; it comes back with its owner', async () => {
    await enqueue(roll, { entityKey: 'att:a', payload: payload('a', '1') });
    saveLogin({ token: 'other', userId: 'u2' });
    setScope({ tenant: 'demo', userId: 'u2' });
    expect(await entries()).toEqual([]);
    await drainOnce(db());
    expect(sent).toEqual([]);
    // same user id in another school: another store too
    setScope({ tenant: 'other-school', userId: 'u1' });
    expect(await entries()).toEqual([]);

    saveLogin({ token: 't3', userId: 'u1' });
    setScope({ tenant: 'demo', userId: 'u1' });
    expect(await entries()).toHaveLength(1);
    await drainOnce(db());
    expect(sent).toHaveLength(1);
    expect(offlineDbName({ tenant: 'demo', userId: 'u1' })).not.toBe(offlineDbName({ tenant: 'demo', userId: 'u2' }));
  });
});
