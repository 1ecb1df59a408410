import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CacheBus, type SharedCache } from './cache-bus';
import { connectDatabase, type Database } from './client';

/**
 * The cache bus on the real database: two buses stand for two instances (each its own LISTEN
 * connection, as two processes have); the app's login role sends and listens, as in production.
 */
let db: Database;
let owner: Database;
let here: CacheBus;
let there: CacheBus;
let hereThings: SharedCache<string>;
let thereThings: SharedCache<string>;

beforeAll(async () => {
  db = connectDatabase(inject('appDatabaseUrl'), { maxConnections: 3 });
  owner = connectDatabase(inject('databaseUrl'), { maxConnections: 1 });
  here = new CacheBus(db);
  there = new CacheBus(db);
  hereThings = here.sharedCache({ name: 'things', ttlMs: 60_000 });
  thereThings = there.sharedCache({ name: 'things', ttlMs: 60_000 });
  await here.start();
  await there.start();
  expect([here.listening, there.listening]).toEqual([true, true]);
});

afterAll(async () => {
  await here?.stop();
  await there?.stop();
  await db?.close();
  await owner?.close();
});

const put = (cache: SharedCache<string>, id: string, tenantId: string, subject: string | null) => cache.set(id, { tenantId, subject }, `value of ${id}`, cache.mark());

/** Runs `send`, then resolves once `bus` has received one more notice (they arrive in commit order). */
async function noticeArrives(bus: CacheBus, send: () => Promise<unknown>): Promise<void> {
  const target = bus.received + 1;
  await send();
  const started = Date.now();
  while (bus.received < target) {
    if (Date.now() - started > 5000) throw new Error('no notice within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('cache bus', () => {
  it('a notice evicts on the sending bus at once and on the other when its transaction commits; a rolled-back one never arrives', async () => {
    const school = randomUUID();
    put(thereThings, 'kept', school, 'u1');
    put(thereThings, 'dropped', school, 'u2');
    put(thereThings, 'other user', school, 'u3');
    put(hereThings, 'sender', school, 'u1');

    await expect(
      db.withGlobal(async (tx) => {
        await here.notify(tx, { caches: [hereThings], tenantId: school, subject: 'u1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(hereThings.get('sender')).toBeUndefined(); // at once, here

    await noticeArrives(there, () => db.withGlobal((tx) => here.notify(tx, { caches: [hereThings], tenantId: school, subject: 'u2' })));
    expect([thereThings.get('kept'), thereThings.get('dropped'), thereThings.get('other user')]).toEqual(['value of kept', undefined, 'value of other user']);
  });

  it('a notice without a subject evicts the whole school, and only that school', async () => {
    const [school, otherSchool] = [randomUUID(), randomUUID()];
    put(thereThings, 'a', school, 'u1');
    put(thereThings, 'b', school, null);
    put(thereThings, 'c', otherSchool, 'u1');
    await noticeArrives(there, () => here.publish({ caches: [hereThings], tenantId: school }));
    expect([thereThings.get('a'), thereThings.get('b'), thereThings.get('c')]).toEqual([undefined, undefined, 'value of c']);
  });

  it('a value read before an eviction is not stored after it (it may predate the change)', async () => {
    const school = randomUUID();
    const mark = thereThings.mark();
    await noticeArrives(there, () => here.publish({ caches: [hereThings], tenantId: school }));
    thereThings.set('late', { tenantId: school }, 'stale', mark);
    expect(thereThings.get('late')).toBeUndefined();
    expect(await thereThings.load('late', { tenantId: school }, async () => 'fresh')).toBe('fresh');
    expect(thereThings.get('late')).toBe('fresh');
  });

  it('an eviction discards loads in flight of its own school or user only', async () => {
    const [school, otherSchool] = [randomUUID(), randomUUID()];
    const mark = thereThings.mark();
    await noticeArrives(there, () => here.publish({ caches: [hereThings], tenantId: school, subject: 'u1' }));
    thereThings.set('u1 late', { tenantId: school, subject: 'u1' }, 'stale', mark);
    thereThings.set('school-wide late', { tenantId: school }, 'kept', mark);
    thereThings.set('u2 late', { tenantId: school, subject: 'u2' }, 'kept', mark);
    thereThings.set('other school late', { tenantId: otherSchool, subject: 'u1' }, 'kept', mark);
    expect(['u1 late', 'school-wide late', 'u2 late', 'other school late'].map((id) => thereThings.get(id))).toEqual([undefined, 'kept', 'kept', 'kept']);

    const beforeSchool = thereThings.mark();
    await noticeArrives(there, () => here.publish({ caches: [hereThings], tenantId: school }));
    thereThings.set('u2 later', { tenantId: school, subject: 'u2' }, 'stale', beforeSchool);
    thereThings.set('other school later', { tenantId: otherSchool }, 'kept', beforeSchool);
    expect([thereThings.get('u2 later'), thereThings.get('other school later')]).toEqual([undefined, 'kept']);
  });

  it('a notice naming one entry of a user evicts only that entry', async () => {
    const school = randomUUID();
    put(thereThings, 'device 1', school, 'u1');
    put(thereThings, 'device 2', school, 'u1');
    await noticeArrives(there, () => db.withGlobal((tx) => here.notify(tx, { caches: [hereThings], tenantId: school, subject: 'u1', id: 'device 1' })));
    expect([thereThings.get('device 1'), thereThings.get('device 2')]).toEqual([undefined, 'value of device 2']);
  });

  it('when the listening connection drops, it comes back by itself with every cache emptied (notices may have been missed)', async () => {
    const pid = there.listenerPid;
    expect(pid).toBeGreaterThan(0);
    put(thereThings, 'before the drop', randomUUID(), null);
    await owner.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    const started = Date.now();
    while (!(there.listening && there.listenerPid !== pid)) {
      if (Date.now() - started > 10_000) throw new Error('not listening again within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(thereThings.get('before the drop')).toBeUndefined();
    // and it hears notices again
    const school = randomUUID();
    put(thereThings, 'after', school, null);
    await noticeArrives(there, () => here.publish({ caches: [hereThings], tenantId: school }));
    expect(thereThings.get('after')).toBeUndefined();
  });

  it('a bus that cannot listen answers from no cache (every read goes to the database)', async () => {
    const unreachable = connectDatabase('postgres://nobody@127.0.0.1:1/none', { maxConnections: 1 });
    const bus = new CacheBus(unreachable);
    const things = bus.sharedCache<string>({ name: 'things', ttlMs: 60_000 });
    put(things, 'before start', 'school', null);
    expect(things.get('before start')).toBe('value of before start'); // not started: one process, caches serve
    try {
      await bus.start();
      expect(bus.listening).toBe(false);
      expect(things.get('before start')).toBeUndefined();
      put(things, 'while down', 'school', null);
      expect(things.get('while down')).toBeUndefined();
      let loads = 0;
      const load = () => things.load('x', { tenantId: 'school' }, async () => `load ${++loads}`);
      expect([await load(), await load()]).toEqual(['load 1', 'load 2']);
    } finally {
      await bus.stop();
      await unreachable.close();
    }
  });
});
