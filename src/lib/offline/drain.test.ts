import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLogin } from '../session';

/**
 * Two tabs of the same user: each has its own copy of the offline modules (vi.resetModules), both
 * open the same Dexie database and drain at once. The Web Locks API (absent in jsdom) is replaced by
 * a minimal exclusive lock shared by both "tabs", like the browser's.
 */
function installLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  const locks = {
    request: (name: string, _options: LockOptions, callback: () => Promise<unknown>) => {
      requested.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return requested;
}

async function openTab(sent: string[]) {
  vi.resetModules();
  const db = await import('./db');
  const drain = await import('./drain');
  const outbox = await import('./outbox');
  db.setScope({ tenant: 'demo', userId: 'u1' });
  drain.setTransport(async (_url, _body, opId) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    sent.push(opId);
    return { version: 1 };
  });
  const kind = outbox.defineOutboxKind<{ n: number }, { version: number }>({ kind: 'test.two', url: '/api/two', describe: (p) => String(p.n) });
  return { db, drain, outbox, kind };
}

beforeEach(() => {
  saveLogin({ token: 't1', userId: 'u1' });
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'locks');
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('two tabs', () => {
  it('one drains at a time under the user’s lock: every write is sent exactly once', async () => {
    const requested = installLocks();
    const sent: string[] = [];
    const tabA = await openTab(sent);
    const tabB = await openTab(sent);
    const ops: string[] = [];
    for (let n = 0; n < 4; n++) ops.push((await tabA.outbox.enqueue(tabA.kind, { entityKey: `e${n % 2}`, payload: { n } })).opId);
    ops.push((await tabB.outbox.enqueue(tabB.kind, { entityKey: 'e9', payload: { n: 9 } })).opId);
    // the enqueues asked tab A and B to drain: (no triggers started) so drain explicitly, at once
    await Promise.all([tabA.drain.drain(), tabB.drain.drain(), tabA.drain.drain(), tabB.drain.drain()]);
    expect([...sent].sort()).toEqual([...ops].sort());
    expect(new Set(sent).size).toBe(sent.length);
    expect(requested.every((name) => name === 'xiaowu-outbox-demo:u1')).toBe(true);
    expect(await tabB.db.currentDb()!.outbox.count()).toBe(0);
    tabA.db.resetOfflineDbForTests();
    tabB.db.resetOfflineDbForTests();
  });
});

describe('other tabs of the user', () => {
  it('run onDelivered for a write another tab delivered, so their screens show it', async () => {
    installLocks();
    const sent: string[] = [];
    const tabA = await openTab(sent);
    const tabB = await openTab(sent);
    const deliveredInB = vi.fn();
    tabB.outbox.defineOutboxKind<{ n: number }, { version: number }>({ kind: 'test.two', url: '/api/two', describe: () => '', onDelivered: deliveredInB });
    const stopB = tabB.drain.startDrain(new QueryClient());
    const stopA = tabA.drain.startDrain(new QueryClient());
    const entry = await tabA.outbox.enqueue(tabA.kind, { entityKey: 'e', payload: { n: 1 } });
    await tabA.drain.drain();
    await vi.waitFor(() => expect(deliveredInB).toHaveBeenCalledWith({ version: 1 }, expect.objectContaining({ opId: entry.opId }), expect.any(QueryClient)));
    expect(sent.filter((opId) => opId === entry.opId)).toHaveLength(1);
    stopA();
    stopB();
    tabA.db.resetOfflineDbForTests();
    tabB.db.resetOfflineDbForTests();
  });
});

describe('triggers', () => {
  it('drains at start and on "online"; onDelivered gets the query client', async () => {
    const sent: string[] = [];
    const tab = await openTab(sent);
    const delivered = vi.fn();
    const kind = tab.outbox.defineOutboxKind<{ n: number }, { version: number }>({ kind: 'test.trig', url: '/api/trig', describe: () => '', onDelivered: delivered });
    await tab.db.currentDb()!.outbox.add({
      opId: '01900000-0000-7000-8000-000000000001', kind: kind.kind, entityKey: 'x', payload: { n: 1 }, baseVersion: null,
      createdAt: Date.now(), attempts: 0, state: 'pending', lastError: null, serverData: null, nextAttemptAt: 0,
    });
    const queryClient = new QueryClient();
    const stop = tab.drain.startDrain(queryClient);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await vi.waitFor(() => expect(delivered).toHaveBeenCalledWith({ version: 1 }, expect.objectContaining({ entityKey: 'x' }), queryClient));

    await tab.db.currentDb()!.outbox.add({
      opId: '01900000-0000-7000-8000-000000000002', kind: kind.kind, entityKey: 'x', payload: { n: 2 }, baseVersion: null,
      createdAt: Date.now(), attempts: 0, state: 'pending', lastError: null, serverData: null, nextAttemptAt: 0,
    });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    stop();
    tab.db.resetOfflineDbForTests();
  });
});
