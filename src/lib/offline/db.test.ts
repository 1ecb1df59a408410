import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineDb, offlineDbName, onVersionChange } from './db';

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('offline store', () => {
  it('one database per tenant and user', () => {
    expect(offlineDbName({ tenant: 'demo', userId: 'u1' })).toBe('xiaowu-offline:demo:u1');
    expect(offlineDbName({ tenant: 'kg', userId: 'u1' })).not.toBe(offlineDbName({ tenant: 'demo', userId: 'u1' }));
  });

  it('a newer schema in another tab never hangs: this tab closes its connection and asks for a reload; rows survive', async () => {
    const scope = { tenant: 'demo', userId: 'u1' };
    const old = createOfflineDb(scope);
    await old.outbox.add({
      opId: '01900000-0000-7000-8000-000000000001', kind: 'k', entityKey: 'e', payload: {}, baseVersion: null,
      createdAt: 1, attempts: 0, state: 'pending', lastError: null, serverData: null, nextAttemptAt: 0,
    });
    const reload = vi.fn();
    const off = onVersionChange(reload);

    // "another tab" with the next schema version (same tables, one more index)
    const newer = new Dexie(offlineDbName(scope));
    newer.version(1).stores({ queries: 'key', outbox: 'opId, entityKey, state, kind, createdAt', meta: 'key' });
    newer.version(2).stores({ outbox: 'opId, entityKey, state, kind, createdAt, nextAttemptAt' });
    const opened = await Promise.race([newer.open().then(() => 'opened'), new Promise((resolve) => setTimeout(() => resolve('hung'), 3000))]);
    expect(opened).toBe('opened');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(old.isOpen()).toBe(false);
    expect(await newer.table('outbox').count()).toBe(1);
    newer.close();
    off();
  });
});
