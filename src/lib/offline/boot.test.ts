import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveLogin } from '../session';
import { activateOfflineSession, deactivateOfflineSession, knownTenant, restoreOfflineSession } from './boot';
import { currentDb, offlineDbName } from './db';
import { defineOutboxKind, enqueue } from './outbox';

const kind = defineOutboxKind<{ n: number }, unknown>({ kind: 'test.boot', url: '/api/boot', describe: () => '' });
const client = () => new QueryClient({ defaultOptions: { queries: { gcTime: 2 ** 31 - 1 } } });

afterEach(async () => {
  await deactivateOfflineSession();
  localStorage.clear();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('offline session', { timeout: 30_000 }, () => {
  it('after one online visit the next start restores the cached reads before rendering; logout keeps only the outbox', async () => {
    saveLogin({ token: 't1', userId: 'u1' });
    // first start: nothing known on this device yet
    const first = client();
    await restoreOfflineSession(first);
    expect(currentDb()).toBeNull();
    // the permission payload arrived (online): the store of demo/u1 opens
    first.setQueryData(['auth', 'user'], { userInfo: { id: 'u1', tenant: 'demo' } });
    activateOfflineSession(first, { id: 'u1', tenant: 'demo' });
    await expect.poll(() => currentDb()?.name, { timeout: 5000 }).toBe(offlineDbName({ tenant: 'demo', userId: 'u1' }));
    expect(knownTenant('u1')).toBe('demo');
    first.setQueryData(['menus'], ['m1']);
    await enqueue(kind, { entityKey: 'e', payload: { n: 1 } });
    // the persister writes at most once a second
    await expect.poll(async () => String((await currentDb()!.queries.get('client'))?.value), { timeout: 5000 }).toContain('m1');

    // a new page load (say offline): the reads are back before the router would render
    await deactivateOfflineSessionKeepingReads();
    const second = client();
    await restoreOfflineSession(second);
    expect(second.getQueryData(['auth', 'user'])).toEqual({ userInfo: { id: 'u1', tenant: 'demo' } });
    expect(second.getQueryData(['menus'])).toEqual(['m1']);
    // shown at once, fetched again when used (an online start still gets today's permissions)
    expect(second.getQueryState(['auth', 'user'])?.isInvalidated).toBe(true);

    // logout: persisted reads dropped, the queued write stays for this user
    await deactivateOfflineSession();
    clearSession();
    const db = new Dexie(offlineDbName({ tenant: 'demo', userId: 'u1' }));
    await db.open();
    expect(await db.table('outbox').count()).toBe(1);
    expect(await db.table('queries').count()).toBe(0);
    db.close();
  });

  it('another user on the device restores nothing of the first', async () => {
    saveLogin({ token: 't1', userId: 'u1' });
    const first = client();
    activateOfflineSession(first, { id: 'u1', tenant: 'demo' });
    await expect.poll(() => currentDb()?.name, { timeout: 5000 }).toBeDefined();
    first.setQueryData(['auth', 'user'], { userInfo: { id: 'u1' } });
    await expect.poll(async () => String((await currentDb()!.queries.get('client'))?.value), { timeout: 5000 }).toContain('u1');
    await deactivateOfflineSessionKeepingReads();

    saveLogin({ token: 't2', userId: 'u2' });
    localStorage.setItem('xiaowu-offline-tenant:u2', 'demo');
    const second = client();
    await restoreOfflineSession(second);
    expect(second.getQueryData(['auth', 'user'])).toBeUndefined();
  });
});

/** A page unload: the engine's module state goes away, the store stays as it is. */
async function deactivateOfflineSessionKeepingReads(): Promise<void> {
  const engine = await import('./engine');
  await engine.suspendForTests();
}
