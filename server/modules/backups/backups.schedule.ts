import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { BackupBusyError } from './backup-take';
import { nightlyDue, nightlyKind, runBackup } from './backup-run';
import { listBackups } from './backup-store';
import { clusterDirOf, runningClusterUrl } from './cluster-access';

/** After a failed nightly backup, the next attempt waits this long (a broken disk should not be hammered every minute). */
const RETRY_AFTER_MS = 60 * 60 * 1000;

/** Takes the nightly backup once on some server of the deployment: verified, then retention (backup-run.ts). */
export async function takeNightlyBackup(db: Database, config: AppConfig, log: FastifyInstance['log']): Promise<void> {
  const { backup: settings, dataDir } = config;
  const at = settings.nightlyAt!;
  const stillWanted = (backups: Parameters<typeof nightlyDue>[0]) => nightlyDue(backups, at);
  let run: Awaited<ReturnType<typeof runBackup>>;
  if (settings.mode === 'embedded') {
    const url = runningClusterUrl(clusterDirOf(dataDir));
    if (!url) throw new Error(`the embedded cluster in ${clusterDirOf(dataDir)} is not running`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      run = await runBackup({ settings, dataDir, kind: nightlyKind, cluster: client, lockClient: client, stillWanted });
    } finally {
      await client.end().catch(() => undefined);
    }
  } else {
    const client = await db.pool.connect();
    try {
      run = await runBackup({ settings, dataDir, kind: nightlyKind, cluster: null, lockClient: client, stillWanted });
    } finally {
      client.release();
    }
  }
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
