import path from 'node:path';
import { type AppConfig, loadConfig } from '../config';
import { bootstrapDatabase } from '../db/bootstrap';
import { connectDatabase, type Database } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { TenantArchiveRefusal } from '../modules/tenant-archive/tenant-archive.service';

/**
 * The deployment's database as its owner, found the way the server finds it (DATABASE_URL, else the
 * embedded cluster under XIAOWU_DATA_DIR, started here). `migrate`: bring it to this program's
 * schema first (migrations and keys, no demo seed), as a server start would.
 */
export async function openOwnerDatabase(options: { migrate: boolean }): Promise<{ db: Database; config: AppConfig; close(): Promise<void> }> {
  const config = loadConfig();
  const cluster = config.databaseUrl ? undefined : await startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'pg'), port: config.pgPort });
  const db = connectDatabase(config.databaseUrl ?? cluster!.connectionString, { maxConnections: 2 });
  const close = async () => {
    await db.close();
    await cluster?.stop();
  };
  try {
    if (options.migrate) await bootstrapDatabase(db, { seedDemo: false });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, config, close };
}

/** Prints a refusal in both languages (or the fault) and exits 1. */
export const reportFailure = (what: 'export' | 'import') => (error: unknown) => {
  if (error instanceof TenantArchiveRefusal) console.error(`[xiaowu] ${error.zh}\n[xiaowu] ${error.en}`);
  else console.error(`[xiaowu] tenant ${what} failed:`, error);
  process.exit(1);
};
