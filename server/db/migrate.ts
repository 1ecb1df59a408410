import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises migrations and seeding when several server instances start at once. */
const BOOTSTRAP_LOCK_KEY = 0x7869_616f; // 'xiao'

/** Runs `work` holding a database-wide advisory lock on one dedicated connection. */
export async function withBootstrapLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [BOOTSTRAP_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [BOOTSTRAP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/** Applies the committed SQL migrations (server/db/migrations) that this database has not seen yet. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_FOLDER });
}
