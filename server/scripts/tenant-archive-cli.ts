import fs from 'node:fs';
import path from 'node:path';
import { type AppConfig, loadConfig } from '../config';
import { bootstrapDatabase } from '../db/bootstrap';
import { connectDatabase, type Database } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { fileArchiveDir } from '../modules/backups/backup-settings';
import { LocalFileStorage } from '../modules/files/storage';
import { TenantArchiveRefusal } from '../modules/tenant-archive/tenant-archive.service';

/**
 * The deployment's database as its owner, found the way the server finds it (DATABASE_URL, else the
 * embedded cluster under XIAOWU_DATA_DIR, started here). `createCluster`: a missing embedded cluster
 * is created (a new deployment receiving a school); otherwise it is refused.
 */
export async function openOwnerDatabase(options: { createCluster: boolean }): Promise<{ db: Database; config: AppConfig; close(): Promise<void> }> {
  const config = loadConfig();
  const clusterDir = path.join(config.dataDir, 'pg');
  if (!config.databaseUrl && !options.createCluster && !fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new TenantArchiveRefusal(
      `${clusterDir} 下没有数据库；请设置 DATABASE_URL 或 XIAOWU_DATA_DIR`,
      `There is no database under ${clusterDir}; set DATABASE_URL or XIAOWU_DATA_DIR`,
    );
  }
  const cluster = config.databaseUrl ? undefined : await startEmbeddedPostgres({ clusterDir, port: config.pgPort });
  const db = connectDatabase(config.databaseUrl ?? cluster!.connectionString, { maxConnections: 2 });
  return {
    db,
    config,
    close: async () => {
      await db.close();
      await cluster?.stop();
    },
  };
}

/**
 * A database no server has set up yet (no migration applied) gets this program's schema, keys and
 * no demo school, as a first server start would; one already set up is left as it is (an import at
 * another schema version is refused, naming both).
 */
export async function setUpIfNew(db: Database): Promise<void> {
  const { rows } = await db.pool.query<{ found: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found");
  if (!rows[0]?.found) await bootstrapDatabase(db, { seedDemo: false });
}

/**
 * The deployment's file store, as the server's (files.service): a file placed by an import is also
 * copied into the backups' file archive, so a restore to a moment after the import finds it.
 */
export const fileStorageOf = (config: AppConfig) => new LocalFileStorage(config.dataDir, { archiveDir: fileArchiveDir(config.backup) });

/** Prints a refusal in both languages (or the fault) and exits 1. */
export const reportFailure = (what: 'export' | 'import') => (error: unknown) => {
  if (error instanceof TenantArchiveRefusal) console.error(`[xiaowu] ${error.zh}\n[xiaowu] ${error.en}`);
  else console.error(`[xiaowu] tenant ${what} failed:`, error);
  process.exit(1);
};
