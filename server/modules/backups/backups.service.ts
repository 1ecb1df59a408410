import { sql } from 'drizzle-orm';
import { BACKUP_STALE_AFTER_DAYS, type BackupStatus, type BackupStatusAnswer } from '../../../contracts/backups';
import type { AppConfig } from '../../config';
import type { Tx } from '../../db/client';
import type { Session } from '../auth/session.types';
import type { TenantsService } from '../tenants/tenants.service';
import { latestArchivedWal } from './backup-run';
import { listBackups } from './backup-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The deployment's backups as the platform school's administrators see them (系统配置, the dashboard
 * warning). Read from the backup folder, not the database: a restore rolls the database back, the
 * folder keeps the truth.
 */
export class BackupsService {
  constructor(
    private readonly config: AppConfig,
    private readonly tenants: TenantsService,
  ) {}

  /** `GET /api/backups/status`: `{ visible: false }` unless the caller belongs to the platform school (XIAOWU_PLATFORM_TENANT). */
  async status(tx: Tx, session: Session, now = Date.now()): Promise<BackupStatusAnswer> {
    const platform = this.config.platformTenant ? await this.tenants.findByCode(tx, this.config.platformTenant) : null;
    if (!platform || platform.id !== session.tenantId) return { visible: false };
    const settings = this.config.backup;
    const backups = settings.mode === 'off' ? [] : await listBackups(settings.dir);
    const newestGood = backups.find((backup) => backup.verification?.ok);
    const latestWal = settings.mode === 'embedded' ? await latestArchivedWal(settings.dir) : null;
    let archiveFailing: BackupStatus['archiveFailing'] = null;
    if (settings.mode === 'embedded') {
      const archiver = await tx.execute<{ failed_at: Date | null; failed_wal: string | null; archived_at: Date | null }>(
        sql`SELECT last_failed_time AS failed_at, last_failed_wal AS failed_wal, last_archived_time AS archived_at FROM pg_stat_archiver`,
      );
      const row = archiver.rows[0];
      if (row?.failed_at && (!row.archived_at || new Date(row.failed_at) > new Date(row.archived_at)))
        archiveFailing = { at: new Date(row.failed_at).toISOString(), segment: row.failed_wal ?? '' };
    }
    const pad = (value: number) => String(value).padStart(2, '0');
    const status: BackupStatus = {
      mode: settings.mode,
      directory: settings.dir,
      nightlyAt: settings.nightlyAt ? `${pad(settings.nightlyAt.hour)}:${pad(settings.nightlyAt.minute)}` : null,
      keep: settings.keep,
      backups: backups.map(({ manifest, verification }) => ({
        id: manifest.id,
        kind: manifest.kind,
        database: manifest.database,
        startedAt: manifest.startedAt,
        finishedAt: manifest.finishedAt,
        sizeBytes: manifest.sizeBytes,
        wal: manifest.wal ? { startSegment: manifest.wal.startSegment, stopSegment: manifest.wal.stopSegment } : null,
        verification,
      })),
      recoveryPoint: latestWal?.at ?? null,
      archiveFailing,
      newestGoodBackupAt: newestGood?.manifest.finishedAt ?? null,
      stale: settings.mode !== 'off' && (!newestGood || now - Date.parse(newestGood.manifest.finishedAt) > BACKUP_STALE_AFTER_DAYS * DAY_MS),
    };
    return { visible: true, ...status };
  }
}
