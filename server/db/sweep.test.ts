import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, ownerQuery, type TestApp } from '../test/helpers';
import { INSTANCE_NAME, runExclusively, runIfDue, sweepLockKey } from './sweep';

/**
 * db/sweep.ts in one process, with sweeps of their own names (the real ones are shared by every test
 * file's app). Two processes: server/test/multi-instance.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const uniqueName = () => `test-${randomBytes(4).toString('hex')}`;
const row = async (name: string) =>
  (await ownerQuery<{ runs: number; last_instance: string; last_error: string; finished: boolean }>(
    t.db,
    'SELECT runs::int AS runs, last_instance, last_error, last_finished_at IS NOT NULL AS finished FROM sweeps WHERE name = $1',
    [name],
  ))[0];

describe('runIfDue', () => {
  it('runs a due sweep once per interval and records who ran it', async () => {
    const name = uniqueName();
    let runs = 0;
    const sweep = { name, everyMs: 60_000, run: async () => void (runs += 1) };
    expect(await runIfDue(t.db, sweep)).toEqual({ ran: true });
    expect(await runIfDue(t.db, sweep)).toEqual({ ran: false });
    expect(runs).toBe(1);
    expect(await row(name)).toEqual({ runs: 1, last_instance: INSTANCE_NAME, last_error: '', finished: true });
    // the interval has passed
    await ownerQuery(t.db, `UPDATE sweeps SET last_finished_at = now() - interval '61 seconds' WHERE name = $1`, [name]);
    expect(await runIfDue(t.db, sweep)).toEqual({ ran: true });
    expect((await row(name))?.runs).toBe(2);
  });

  it('a run that fails leaves the sweep due, with its error; the next tick runs it', async () => {
    const name = uniqueName();
    await expect(runIfDue(t.db, { name, everyMs: 60_000, run: () => Promise.reject(new Error('disk full')) })).rejects.toThrow('disk full');
    expect(await row(name)).toMatchObject({ runs: 0, last_error: 'disk full', finished: false });
    let ran = false;
    expect(await runIfDue(t.db, { name, everyMs: 60_000, run: async () => void (ran = true) })).toEqual({ ran: true });
    expect(ran).toBe(true);
    expect(await row(name)).toMatchObject({ runs: 1, last_error: '', finished: true });
  });

  it('does not run while another connection (another instance) holds the sweep’s lock', async () => {
    const name = uniqueName();
    const other = await t.db.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [sweepLockKey(name)]);
      let ran = false;
      expect(await runIfDue(t.db, { name, everyMs: 60_000, run: async () => void (ran = true) })).toEqual({ ran: false });
      expect(await runExclusively(t.db, name, async () => 'done')).toEqual({ ran: false });
      expect(ran).toBe(false);
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [sweepLockKey(name)]);
      other.release();
    }
    expect(await runExclusively(t.db, name, async () => 'done')).toEqual({ ran: true, value: 'done' });
  });
});

describe('configuration', () => {
  it('XIAOWU_SWEEP_TICK_SECONDS and XIAOWU_SWEEP_INTERVALS: a minute by default; names checked, seconds or off', () => {
    expect(loadConfig({}).sweeps).toEqual({ firstTickMs: 60_000, tickMs: 60_000, intervals: {} });
    const config = loadConfig({ XIAOWU_SWEEP_TICK_SECONDS: '0.5', XIAOWU_SWEEP_INTERVALS: 'dynamic-roles=30, survey-pictures=off' });
    expect(config.sweeps).toEqual({ firstTickMs: 500, tickMs: 500, intervals: { 'dynamic-roles': 30_000, 'survey-pictures': 'off' } });
    for (const bad of ['no-such-sweep=10', 'dynamic-roles=0', 'dynamic-roles=', 'dynamic-roles']) {
      expect(() => loadConfig({ XIAOWU_SWEEP_INTERVALS: bad }), bad).toThrow(/XIAOWU_SWEEP_INTERVALS: .*name=seconds or name=off/);
    }
    expect(() => loadConfig({ XIAOWU_SWEEP_TICK_SECONDS: '0' })).toThrow(/XIAOWU_SWEEP_TICK_SECONDS/);
  });
});
