import { sql } from 'drizzle-orm';
import { BACKUP_STALE_AFTER_DAYS, type BackupItem, type BackupStatus, type BackupStatusAnswer } from '../../../contracts/backups';
import { ResponseCode } from '../../../contracts/envelope';
import type { AppConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { TenantsService } from '../tenants/tenants.service';
import { latestArchivedWal } from './backup-run';
import { listBackups, type StoredBackup } from './backup-store';
import { BackupBusyError, withBackupLock } from './backup-take';
import { verifyBackup } from './backup-verify';
import { takeBackupNow, withBackupConnections } from './backups.schedule';

const DAY_MS = 24 * 60 * 60 * 1000;

type ArchiverRow = {
  failed_at: Date | string | null;
  failed_wal: string | null;
  archived_at: Date | string | null;
};

/** pg_stat_archiver's row: failing when its last failure is newer than its last success (WAL is not reaching the archive). */
function archiverFailure(row: ArchiverRow | undefined): BackupStatus['archiveFailing'] {
  if (!row?.failed_at || (row.archived_at && new Date(row.failed_at) <= new Date(row.archived_at))) return null;
  return { at: new Date(row.failed_at).toISOString(), segment: row.failed_wal ?? '' };
}

const itemOf = ({ manifest, verification }: StoredBackup): BackupItem => ({
  id: manifest.id,
  kind: manifest.kind,
  database: manifest.database,
  startedAt: manifest.startedAt,
  finishedAt: manifest.finishedAt,
  sizeBytes: manifest.sizeBytes,
  wal: manifest.wal ? { startSegment: manifest.wal.startSegment, stopSegment: manifest.wal.stopSegment } : null,
  verification,
});

/**
 * The deployment's backups as the platform school's administrators see them (系统配置, the dashboard
 * warning) and their two actions (立即备份, 校验). Read from the backup folder, not the database: a
 * restore rolls the database back, the folder keeps the truth.
 */
export class BackupsService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly tenants: TenantsService,
  ) {}

  /** Whether the caller belongs to the platform school (XIAOWU_PLATFORM_TENANT): backups are the whole deployment's. */
  private async ofPlatform(tx: Tx, session: Session): Promise<boolean> {
    const platform = this.config.platformTenant ? await this.tenants.findByCode(tx, this.config.platformTenant) : null;
    return platform?.id === session.tenantId;
  }

  /**
   * What an action needs before it starts: the platform school (another school's administrators
   * have no backups to act on: 40400, as the status hides them) and backups on (40900).
   */
  private async assertActionable(tx: Tx, session: Session): Promise<void> {
    if (!(await this.ofPlatform(tx, session))) throw new AppError(ResponseCode.notFound, 'backupsPlatformOnly');
    if (this.config.backup.mode === 'off') throw new AppError(ResponseCode.conflict, 'backupsOff');
  }

  /** Another backup holding the lock is a 40900 the administrator can act on (try again later). */
  private async unlessBusy<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof BackupBusyError) throw new AppError(ResponseCode.conflict, 'backupsBusy');
      throw error;
    }
  }

  /** `GET /api/backups/status`: `{ visible: false }` unless the caller belongs to the platform school (XIAOWU_PLATFORM_TENANT). */
  async status(tx: Tx, session: Session, now = Date.now()): Promise<BackupStatusAnswer> {
    if (!(await this.ofPlatform(tx, session))) return { visible: false };
    const settings = this.config.backup;
    const backups = settings.mode === 'off' ? [] : await listBackups(settings.dir);
    const newestGood = backups.find((backup) => backup.verification?.ok);
    const latestWal = settings.mode === 'embedded' ? await latestArchivedWal(settings.dir) : null;
    let archiveFailing: BackupStatus['archiveFailing'] = null;
    if (settings.mode === 'embedded') {
      const archiver = await tx.execute<ArchiverRow>(sql`SELECT last_failed_time AS failed_at, last_failed_wal AS failed_wal, last_archived_time AS archived_at FROM pg_stat_archiver`);
      archiveFailing = archiverFailure(archiver.rows[0]);
    }
    const pad = (value: number) => String(value).padStart(2, '0');
    const status: BackupStatus = {
      mode: settings.mode,
      directory: settings.dir,
      nightlyAt: settings.nightlyAt ? `${pad(settings.nightlyAt.hour)}:${pad(settings.nightlyAt.minute)}` : null,
      keep: settings.keep,
      pointInTimeDays: settings.pointInTimeDays,
      backups: backups.map(itemOf),
      recoveryPoint: latestWal?.at ?? null,
      archiveFailing,
      newestGoodBackupAt: newestGood?.manifest.finishedAt ?? null,
      stale: settings.mode !== 'off' && (!newestGood || now - Date.parse(newestGood.manifest.finishedAt) > BACKUP_STALE_AFTER_DAYS * DAY_MS),
    };
    return { visible: true, ...status };
  }

  /**
   * `POST /api/backups/take` (立即备份): a manual backup now, the way the nightly one is taken
   * (embedded: through the running cluster; files mode: the files and secrets), verified, then retention.
   */
  async takeNow(tx: Tx, session: Session): Promise<BackupItem> {
    await this.assertActionable(tx, session);
    const run = await this.unlessBusy(() =>
      takeBackupNow(this.db, this.config, 'manual', {
        // pg_backup_stop waits for the archive (up to ten minutes): while archiving fails, say so now instead
        beforeTaking: async (cluster) => {
          if (!cluster) return;
          const failing = archiverFailure(
            (await cluster.query<ArchiverRow>('SELECT last_failed_time AS failed_at, last_failed_wal AS failed_wal, last_archived_time AS archived_at FROM pg_stat_archiver')).rows[0],
          );
          if (failing) throw new AppError(ResponseCode.conflict, 'backupsArchiveFailing', { segment: failing.segment });
        },
      }),
    );
    // a manual backup is always wanted: runBackup answers null only for a stillWanted that says no
    return itemOf(run!.backup);
  }

  /** `POST /api/backups/verify` (校验): the backup re-hashed and its WAL range looked up, the result recorded beside it. */
  async verify(tx: Tx, session: Session, id: string): Promise<BackupItem> {
    await this.assertActionable(tx, session);
    const { dir } = this.config.backup;
    // under the lock: retention (after a backup) never removes the folder being read
    return this.unlessBusy(() =>
      withBackupConnections(this.db, this.config, (_cluster, lockClient) =>
        withBackupLock(lockClient, async () => {
          const backup = (await listBackups(dir)).find((stored) => stored.manifest.id === id);
          if (!backup) throw new AppError(ResponseCode.notFound, 'backupsNotFound', { id });
          return itemOf({ ...backup, verification: await verifyBackup(backup, dir) });
        }),
      ),
    );
  }
}
