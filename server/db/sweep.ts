import { createHash } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './client';
import { secondsInterval } from './intervals';

/**
 * Background sweeps (app-log retention, dynamic-role refresh, survey pictures, rate-limit windows)
 * with several server instances on one database: each sweep runs on one instance at a time, on a
 * schedule the instances share, and none is lost when an instance stops.
 *
 * - One at a time: a run holds the sweep's advisory lock (a session lock on a connection of its
 *   own, so it is released when that connection ends, even when the process dies).
 * - Shared schedule: table `sweeps` (migration 0022) keeps each sweep's last finished run. Every
 *   instance ticks; a sweep is due when its last finished run is older than its interval, whichever
 *   instance ran it. A run that never finished (its instance stopped or it failed) leaves the sweep
 *   due, so the next tick of any instance runs it.
 */

/** Every sweep, by the name of its row in `sweeps` and of its lock. */
export const SWEEP_NAMES = ['app-log-retention', 'dynamic-roles', 'survey-pictures', 'rate-limit-counters', 'status-changes'] as const;
export type SweepName = (typeof SWEEP_NAMES)[number];

/** The schedule settings (AppConfig.sweeps). */
export interface SweepSettings {
  /** the first tick after start */
  firstTickMs: number;
  /** how often each instance looks for due sweeps */
  tickMs: number;
  /** XIAOWU_SWEEP_INTERVALS: a sweep's interval instead of its own, or 'off': never run on this instance */
  intervals: Partial<Record<SweepName, number | 'off'>>;
}

export interface SweepDefinition {
  name: SweepName;
  /** runs again this long after its last run finished */
  everyMs: number;
  run: () => Promise<void>;
}

/** What names this process in `sweeps.last_instance`. */
export const INSTANCE_NAME = `${os.hostname()}:${process.pid}`;

/** The advisory lock key of a sweep: 48 bits of a hash of its name (a safe integer, a bigint key). */
export function sweepLockKey(name: string): number {
  return Number.parseInt(createHash('sha256').update(`xiaowu-sweep:${name}`).digest('hex').slice(0, 12), 16);
}

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` while holding the sweep's advisory lock; when another instance (or connection) holds
 * it, `work` does not run here: `{ ran: false }`.
 */
export async function runExclusively<T>(db: Database, name: string, work: () => Promise<T>): Promise<Exclusive<T>> {
  const key = sweepLockKey(name);
  const client = await db.pool.connect();
  let locked = false;
  try {
    locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows[0]?.locked === true;
    if (!locked) return { ran: false };
    return { ran: true, value: await work() };
  } finally {
    // A lock not released (the connection broke) ends with the connection: drop it rather than reuse it.
    const unlocked = !locked || (await client.query('SELECT pg_advisory_unlock($1)', [key]).then(() => true, () => false));
    client.release(unlocked ? undefined : true);
  }
}

const seconds = (ms: number) => secondsInterval(ms / 1000);

/**
 * One tick for one sweep: when it is due, take its lock, claim the run (due still, now that the lock
 * is ours: another instance may have finished it a moment ago), run it and record the finish.
 * `ran` false: not due, or another instance is running it.
 */
export async function runIfDue(db: Database, sweep: Omit<SweepDefinition, 'name'> & { name: string }): Promise<{ ran: boolean }> {
  const due = sql`NOT EXISTS (SELECT 1 FROM sweeps WHERE name = ${sweep.name} AND last_finished_at > now() - ${seconds(sweep.everyMs)})`;
  const isDue = await db.withGlobal((tx) => tx.execute<{ due: boolean }>(sql`SELECT ${due} AS due`));
  if (!isDue.rows[0]?.due) return { ran: false };
  const outcome = await runExclusively(db, sweep.name, async () => {
    const claimed = await db.withGlobal((tx) =>
      tx.execute(sql`
        INSERT INTO sweeps AS s (name, last_started_at, last_instance) VALUES (${sweep.name}, now(), ${INSTANCE_NAME})
        ON CONFLICT (name) DO UPDATE SET last_started_at = now(), last_instance = excluded.last_instance
        WHERE s.last_finished_at IS NULL OR s.last_finished_at <= now() - ${seconds(sweep.everyMs)}
        RETURNING name`),
    );
    if (claimed.rows.length === 0) return false;
    try {
      await sweep.run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.withGlobal((tx) => tx.execute(sql`UPDATE sweeps SET last_error = ${message.slice(0, 1000)} WHERE name = ${sweep.name}`)).catch(() => undefined);
      throw error;
    }
    await db.withGlobal((tx) =>
      tx.execute(sql`UPDATE sweeps SET last_finished_at = now(), runs = runs + 1, last_error = '' WHERE name = ${sweep.name}`),
    );
    return true;
  });
  return { ran: outcome.ran && outcome.value };
}

/**
 * One sweep at a time per pool: a running sweep holds a connection for its lock while its work takes
 * others, so sweeps started side by side (every one of them ticks at the same moment) could take the
 * whole pool and wait for each other for ever (five sweeps and a pool of five did).
 */
const sweepQueues = new WeakMap<Database, Promise<unknown>>();
function oneAtATime<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const next = (sweepQueues.get(db) ?? Promise.resolve()).then(work, work);
  sweepQueues.set(db, next.catch(() => undefined));
  return next;
}

/**
 * Ticks for one sweep in this instance (first after settings.firstTickMs, then every tickMs, never
 * two ticks of it at once here; none when its interval is 'off'); stopped when the app closes.
 * Failures are logged and the sweep stays due.
 */
export function scheduleSweep(app: FastifyInstance, db: Database, settings: SweepSettings, definition: SweepDefinition): void {
  const interval = settings.intervals[definition.name];
  if (interval === 'off') return;
  const sweep = { ...definition, everyMs: interval ?? definition.everyMs };
  let running = false;
  let closed = false;
  const tick = async () => {
    if (running || closed) return;
    running = true;
    try {
      await oneAtATime(db, async () => (closed ? undefined : runIfDue(db, sweep)));
    } catch (error) {
      if (!closed) app.log.warn({ err: error, sweep: sweep.name }, 'sweep failed; it stays due and runs again at a later tick');
    } finally {
      running = false;
    }
  };
  let timer = setTimeout(function next() {
    void tick();
    timer = setTimeout(next, settings.tickMs).unref();
  }, settings.firstTickMs).unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
