import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { BackupBusyError } from './backup-take';
import { nightlyDue, nightlyKind, runBackup } from './backup-run';
import { type BackupKind, listBackups, type StoredBackup } from './backup-store';
import { clusterDirOf, runningClusterUrl } from './cluster-access';

/** After a failed nightly backup, the next attempt waits this long (a broken disk should not be hammered every minute). */
const RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * Runs `work` with the connections a backup takes and locks through: with the embedded cluster, one
 * superuser connection to the running cluster (the low-level API and the backup lock on it, as
 * `npm run backup` locks); files only, a pool connection for the lock.
 */
export async function withBackupConnections<T>(db: Database, config: AppConfig, work: (cluster: pg.Client | null, lockClient: pg.ClientBase) => Promise<T>): Promise<T> {
  if (config.backup.mode === 'embedded') {
    const url = runningClusterUrl(clusterDirOf(config.dataDir));
    if (!url) throw new Error(`the embedded cluster in ${clusterDirOf(config.dataDir)} is not running`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client, client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const client = await db.pool.connect();
  try {
    return await work(null, client);
  } finally {
    client.release();
  }
}

/**
 * One backup taken now by the running server, verified, then retention (backup-run.ts): the nightly
 * run and 立即备份 (kind manual) both take theirs here. BackupBusyError when another one runs;
 * `beforeTaking` may refuse first, looking at the cluster about to be backed up.
 */
export async function takeBackupNow(
  db: Database,
  config: AppConfig,
  kind: BackupKind | ((backups: StoredBackup[]) => BackupKind),
  options: { stillWanted?: (backups: StoredBackup[]) => boolean; beforeTaking?: (cluster: pg.Client | null) => Promise<void> } = {},
) {
  return withBackupConnections(db, config, async (cluster, lockClient) => {
    await options.beforeTaking?.(cluster);
    return runBackup({ settings: config.backup, dataDir: config.dataDir, kind, cluster, lockClient, stillWanted: options.stillWanted });
  });
}

/** Takes the nightly backup once on some server of the deployment. */
export async function takeNightlyBackup(db: Database, config: AppConfig, log: FastifyInstance['log']): Promise<void> {
  const at = config.backup.nightlyAt!;
  const run = await takeBackupNow(db, config, nightlyKind, { stillWanted: (backups) => nightlyDue(backups, at) });
  if (!run) return;
  const summary = { backup: run.backup.manifest.id, sizeBytes: run.backup.manifest.sizeBytes, ms: run.ms, removed: run.retention.removedBackups };
  if (run.verification.ok) log.info(summary, 'nightly backup taken and verified');
  else log.error({ ...summary, problems: run.verification.problems }, 'nightly backup taken but its verification FAILED');
}

/**
 * The nightly backup (XIAOWU_BACKUP_AT, school time): every server looks each tick whether it is due
 * (no daily or weekly backup since the last due moment, so a server that was down at 02:30 takes it
 * when it starts); the backup lock and a second look under it keep several servers from taking it twice.
 */
export function registerNightlyBackup(app: FastifyInstance, db: Database, config: AppConfig): void {
  const { backup: settings } = config;
  if (settings.mode === 'off' || !settings.nightlyAt) return;
  const at = settings.nightlyAt;
  let running = false;
  let closed = false;
  let notBefore = 0;
  const tick = async () => {
    if (running || closed || Date.now() < notBefore) return;
    running = true;
    try {
      if (nightlyDue(await listBackups(settings.dir), at)) await takeNightlyBackup(db, config, app.log);
    } catch (error) {
      if (error instanceof BackupBusyError) return;
      notBefore = Date.now() + RETRY_AFTER_MS;
      if (!closed) app.log.error({ err: error }, 'nightly backup failed; the next attempt is in an hour');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), config.sweeps.tickMs).unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
