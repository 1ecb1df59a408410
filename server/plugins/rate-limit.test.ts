import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ownerQuery, type TestApp } from '../test/helpers';
import { RateLimitCounters } from './rate-limit';

/**
 * The shared counters of plugins/rate-limit.ts (rate_limit_counters). The limits as a caller sees
 * them: modules/surveys/surveys.rate-limit.test.ts; across two processes: test/multi-instance.test.ts.
 */

let t: TestApp;
let counters: RateLimitCounters;
beforeAll(async () => {
  t = await buildTestApp();
  counters = new RateLimitCounters(t.db);
});
afterAll(() => t?.close());

const key = () => `test|a:${randomBytes(6).toString('hex')}`;

describe('RateLimitCounters', () => {
  it('simultaneous calls each get their own count (no lost update)', async () => {
    const k = key();
    const states = await Promise.all(Array.from({ length: 20 }, () => counters.hit([{ key: k, windowSeconds: 60 }])));
    expect(states.map(([state]) => state!.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const [state] of states) expect(state!.secondsLeft).toBeGreaterThan(0);
  });

  it('bumps several counters in one call; a window that has ended starts again at 1', async () => {
    const [address, device] = [key(), key()];
    await counters.hit([{ key: address, windowSeconds: 600 }]);
    const both = await counters.hit([
      { key: address, windowSeconds: 600 },
      { key: device, windowSeconds: 60 },
    ]);
    expect(both.map((state) => [state.key, state.hits])).toEqual([
      [address, 2],
      [device, 1],
    ]);
    await ownerQuery(t.db, `UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second' WHERE key = $1`, [address]);
    const [again] = await counters.hit([{ key: address, windowSeconds: 600 }]);
    expect(again).toMatchObject({ hits: 1 });
    expect(again!.secondsLeft).toBeGreaterThan(590);
  });

  it('the sweep removes the rows of ended windows only', async () => {
    const [ended, running] = [key(), key()];
    await counters.hit([
      { key: ended, windowSeconds: 60 },
      { key: running, windowSeconds: 60 },
    ]);
    await ownerQuery(t.db, `UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second' WHERE key = $1`, [ended]);
    expect(await counters.removeEnded()).toBeGreaterThanOrEqual(1);
    const left = await ownerQuery<{ key: string }>(t.db, 'SELECT key FROM rate_limit_counters WHERE key = ANY($1)', [[ended, running]]);
    expect(left.map((row) => row.key)).toEqual([running]);
  });

  it('quotes what it is given: a key with a quote is a key like any other', async () => {
    const k = `${key()}'); DELETE FROM rate_limit_counters; --`;
    expect((await counters.hit([{ key: k, windowSeconds: 60 }]))[0]).toMatchObject({ key: k, hits: 1 });
    expect((await counters.hit([{ key: k, windowSeconds: 60 }]))[0]).toMatchObject({ key: k, hits: 2 });
  });
});
