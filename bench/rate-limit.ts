// `npx tsx bench/rate-limit.ts`: the cost of counting a rate-limited public call in PostgreSQL
// (issue 18 §4: plugins/rate-limit.ts RateLimitCounters, shared by every instance), on a scratch
// database (DATABASE_URL's server, else an embedded cluster): one call = one statement bumping its
// address and device counters. Beside it, a bare `SELECT 1` round trip on the same pool.
import { connectDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { openScratchDatabase } from '../server/db/scratch';
import { RateLimitCounters } from '../server/plugins/rate-limit';

const CALLS = 3000;
const PARALLEL = 8;

async function main() {
  const scratch = await openScratchDatabase('xiaowu_bench_rate');
  const db = connectDatabase(scratch.url, { maxConnections: PARALLEL + 2 });
  try {
    await migrateDatabase(db.pool);
    const counters = new RateLimitCounters(db);
    const call = (i: number, worker = 0) =>
      counters.hit([
        // a school's parents behind a few carrier addresses, each phone its own device
        { key: `surveyAnswer|a:10.0.${(i + worker) % 20}.1`, windowSeconds: 600 },
        { key: `surveyAnswer|d:${worker}-${i % 500}`, windowSeconds: 60 },
      ]);
    for (let i = 0; i < 300; i += 1) await call(i);
    for (let i = 0; i < 300; i += 1) await db.pool.query('SELECT 1');

    let started = performance.now();
    for (let i = 0; i < CALLS; i += 1) await db.pool.query('SELECT 1');
    const roundTrip = (performance.now() - started) / CALLS;

    started = performance.now();
    for (let i = 0; i < CALLS; i += 1) await call(i);
    const sequential = (performance.now() - started) / CALLS;

    started = performance.now();
    await Promise.all(Array.from({ length: PARALLEL }, async (_, worker) => {
      for (let i = 0; i < CALLS / PARALLEL; i += 1) await call(i, worker + 1);
    }));
    const perSecond = CALLS / ((performance.now() - started) / 1000);

    console.log(`rate-limit check: ${sequential.toFixed(3)} ms per call one at a time (SELECT 1: ${roundTrip.toFixed(3)} ms); ${perSecond.toFixed(0)} calls/s with ${PARALLEL} in parallel`);
  } finally {
    await db.close();
    await scratch.dispose();
  }
}

void main();
