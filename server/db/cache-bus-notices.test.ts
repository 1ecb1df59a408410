import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHE_CHANNEL, CacheBus, type SharedCache } from './cache-bus';
import { connectDatabase, type Database } from './client';

/**
 * Notices that are not the bus's own shape (any login may pg_notify the channel; another version
 * may send another shape): the listening process stays up and empties its caches rather than
 * keeping values a notice may have meant to evict.
 */
let db: Database;
let bus: CacheBus;
let things: SharedCache<string>;

beforeAll(async () => {
  db = connectDatabase(inject('appDatabaseUrl'), { maxConnections: 2 });
  bus = new CacheBus(db);
  things = bus.sharedCache({ name: 'things', ttlMs: 60_000 });
  await bus.start();
  expect(bus.listening).toBe(true);
});

afterAll(async () => {
  await bus?.stop();
  await db?.close();
});

describe('cache bus: foreign notices', () => {
  it.each(['null', '{}', '{"c":5,"t":"x"}', '{"c":["things"],"t":7}', '[1,2]', 'not json'])('%s clears every cache and throws nothing', async (payload) => {
    const school = randomUUID();
    things.set('kept?', { tenantId: school, subject: null }, 'value', things.mark());
    expect(things.get('kept?')).toBe('value');
    const target = bus.received + 1;
    await db.pool.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, payload]);
    const started = Date.now();
    while (bus.received < target) {
      if (Date.now() - started > 5000) throw new Error('no notice within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(things.get('kept?')).toBeUndefined();
    expect(bus.listening).toBe(true);
  });
});
