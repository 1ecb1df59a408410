import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../session';
import { currentDb, resetOfflineDbForTests, setScope } from './db';
import { defineOutboxKind, enqueue } from './outbox';
import { persistInto, PERSIST_MAX_AGE_MS } from './persister';

const kind = defineOutboxKind<{ n: number }, unknown>({ kind: 'test.persist', url: '/api/p', describe: () => '' });

afterEach(async () => {
  resetOfflineDbForTests();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

async function fill(queryClient: QueryClient) {
  queryClient.setQueryData(['auth', 'user'], { userInfo: { id: 'u1' }, menus: [{ id: 'm1' }] });
  queryClient.setQueryData(['dicts', 'STD_XB'], [{ value: '1', label: '男' }]);
  queryClient.setQueryData(['dashboard', 'pending', 'x'], 3);
  await queryClient.fetchQuery({ queryKey: ['secret'], queryFn: () => 'no', meta: { persist: false } });
}

// like the app's query client (app/query-client.ts): unused queries stay in memory
const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: 2 ** 31 - 1 } } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('persisted reads', () => {
  it('round-trips the query cache through Dexie; dashboard and persist:false stay out', async () => {
    saveLogin({ token: 't', userId: 'u1' });
    const db = setScope({ tenant: 'demo', userId: 'u1' })!;
    const first = createQueryClient();
    const stop = await persistInto(first, db, { throttleTime: 0 });
    await fill(first);
    await flush();
    stop();

    const second = createQueryClient();
    await persistInto(second, db, { throttleTime: 0 });
    expect(second.getQueryData(['auth', 'user'])).toEqual({ userInfo: { id: 'u1' }, menus: [{ id: 'm1' }] });
    expect(second.getQueryData(['dicts', 'STD_XB'])).toEqual([{ value: '1', label: '男' }]);
    expect(second.getQueryData(['dashboard', 'pending', 'x'])).toBeUndefined();
    expect(second.getQueryData(['secret'])).toBeUndefined();
  });

  it('a refetch that failed offline keeps its data on the device: the next offline start still has it', async () => {
    saveLogin({ token: 't', userId: 'u1' });
    const db = setScope({ tenant: 'demo', userId: 'u1' })!;
    const first = createQueryClient();
    const stop = await persistInto(first, db, { throttleTime: 0 });
    first.setQueryData(['auth', 'user', 'permission'], { menus: ['m1'] });
    // offline start: the background refetch fails, the query is in 'error' with its old data
    await first.fetchQuery({ queryKey: ['auth', 'user', 'permission'], queryFn: () => Promise.reject(new Error('offline')), staleTime: 0 }).catch(() => undefined);
    expect(first.getQueryState(['auth', 'user', 'permission'])?.status).toBe('error');
    first.setQueryData(['other'], 1); // any later change saves the client again
    await flush();
    stop();

    const second = createQueryClient();
    await persistInto(second, db, { throttleTime: 0 });
    expect(second.getQueryData(['auth', 'user', 'permission'])).toEqual({ menus: ['m1'] });
  });

  it('keeps reads at least 30 days', () => {
    expect(PERSIST_MAX_AGE_MS).toBeGreaterThanOrEqual(30 * 24 * 3600_000);
  });

  it('a new cache buster discards the cached reads but never the outbox', async () => {
    saveLogin({ token: 't', userId: 'u1' });
    const db = setScope({ tenant: 'demo', userId: 'u1' })!;
    const first = createQueryClient();
    const stop = await persistInto(first, db, { buster: 'old', throttleTime: 0 });
    await fill(first);
    const queued = await enqueue(kind, { entityKey: 'e', payload: { n: 1 } });
    await flush();
    stop();

    const second = createQueryClient();
    await persistInto(second, db, { buster: 'old', throttleTime: 0 });
    expect(second.getQueryData(['auth', 'user'])).toBeDefined();

    const third = createQueryClient();
    await persistInto(third, db, { buster: 'new', throttleTime: 0 });
    expect(third.getQueryData(['auth', 'user'])).toBeUndefined();
    expect((await currentDb()!.outbox.toArray()).map((entry) => entry.opId)).toEqual([queued.opId]);
  });
});
