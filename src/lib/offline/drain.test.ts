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

describe('prepare (work before the send, e.g. uploading pictures kept on the device)', () => {
  interface Pics {
    pictures: string[];
  }
  async function openPrepareTab(answer: (body: Pics) => unknown) {
    vi.resetModules();
    const db = await import('./db');
    const drain = await import('./drain');
    const outbox = await import('./outbox');
    const http = await import('../http');
    db.setScope({ tenant: 'demo', userId: 'u1' });
    const sent: { body: Pics; stored: Pics | undefined; opId: string }[] = [];
    drain.setTransport(async (_url, body, opId) => {
      // what the outbox holds while the call is on its way
      const stored = (await db.currentDb()!.outbox.get(opId))?.payload as Pics | undefined;
      sent.push({ body: body as Pics, stored, opId });
      return answer(body as Pics);
    });
    const uploads: string[] = [];
    let uploadFails: unknown = null;
    const kind = outbox.defineOutboxKind<Pics, { version: number }>({
      kind: 'test.pics',
      url: '/api/pics',
      describe: () => '',
      async prepare(entry, save) {
        let payload = entry.payload;
        for (const token of entry.payload.pictures.filter((picture) => picture.startsWith('local:'))) {
          if (uploadFails) throw uploadFails;
          uploads.push(token);
          payload = { pictures: payload.pictures.map((picture) => (picture === token ? `file-${token.slice(6)}` : picture)) };
          await save(payload);
        }
        return payload === entry.payload ? null : { payload };
      },
    });
    return { db, drain, outbox, http, kind, sent, uploads, failUploads: (error: unknown) => (uploadFails = error) };
  }

  it('runs once per entry before its send; the prepared payload is stored before the call and sent', async () => {
    const tab = await openPrepareTab(() => ({ version: 1 }));
    const a = await tab.outbox.enqueue(tab.kind, { entityKey: 'a', payload: { pictures: ['local:1', 'local:2'] } });
    const b = await tab.outbox.enqueue(tab.kind, { entityKey: 'b', payload: { pictures: ['f0', 'local:3'] } });
    await tab.drain.drainOnce(tab.db.currentDb()!);
    expect([...tab.uploads].sort()).toEqual(['local:1', 'local:2', 'local:3']);
    const byOp = new Map(tab.sent.map((call) => [call.opId, call]));
    expect(byOp.get(a.opId)).toEqual({ opId: a.opId, body: { pictures: ['file-1', 'file-2'] }, stored: { pictures: ['file-1', 'file-2'] } });
    expect(byOp.get(b.opId)).toEqual({ opId: b.opId, body: { pictures: ['f0', 'file-3'] }, stored: { pictures: ['f0', 'file-3'] } });
    expect(await tab.db.currentDb()!.outbox.count()).toBe(0);
    tab.db.resetOfflineDbForTests();
  });

  it('a send that fails after the uploads is retried with the stored payload: nothing is uploaded twice', async () => {
    let online = false;
    const tab = await openPrepareTab(() => {
      if (!online) throw new tab.http.HttpError(tab.http.TRANSPORT_CODE, 'offline', 'network');
      return { version: 1 };
    });
    const entry = await tab.outbox.enqueue(tab.kind, { entityKey: 'a', payload: { pictures: ['local:1'] } });
    const db = tab.db.currentDb()!;
    await tab.drain.drainOnce(db);
    expect(await db.outbox.get(entry.opId)).toMatchObject({ state: 'pending', attempts: 1, payload: { pictures: ['file-1'] } });
    online = true;
    await db.outbox.update(entry.opId, { nextAttemptAt: 0 });
    await tab.drain.drainOnce(db);
    expect(tab.uploads).toEqual(['local:1']);
    expect(tab.sent.map((call) => call.body)).toEqual([{ pictures: ['file-1'] }, { pictures: ['file-1'] }]);
    expect(await db.outbox.count()).toBe(0);
    tab.db.resetOfflineDbForTests();
  });

  it('a network error in prepare is retried with backoff (nothing sent); a refusal files the entry as failed with the server’s words and data', async () => {
    const tab = await openPrepareTab(() => ({ version: 1 }));
    const db = tab.db.currentDb()!;
    const entry = await tab.outbox.enqueue(tab.kind, { entityKey: 'a', payload: { pictures: ['local:1'] } });
    tab.failUploads(new tab.http.HttpError(tab.http.TRANSPORT_CODE, 'offline', 'network'));
    const before = Date.now();
    const wake = await tab.drain.drainOnce(db);
    expect(tab.sent).toEqual([]);
    const retried = await db.outbox.get(entry.opId);
    expect(retried).toMatchObject({ state: 'pending', attempts: 1, lastError: { code: tab.http.TRANSPORT_CODE }, payload: { pictures: ['local:1'] } });
    expect(retried!.nextAttemptAt).toBeGreaterThan(before);
    expect(wake).toBe(retried!.nextAttemptAt);

    tab.failUploads(new tab.http.HttpError(40300, '问卷已过期', 'failure', { reason: 'expired' }));
    await db.outbox.update(entry.opId, { nextAttemptAt: 0 });
    await tab.drain.drainOnce(db);
    expect(tab.sent).toEqual([]);
    expect(await db.outbox.get(entry.opId)).toMatchObject({ state: 'failed', attempts: 2, lastError: { code: 40300, msg: '问卷已过期', data: { reason: 'expired' } } });

    tab.failUploads(null);
    tab.db.resetOfflineDbForTests();
  });
});
