import { z } from 'zod';
import { BACKUP_ID_PATTERN } from './backups-constants';

export * from './backups-constants';

/**
 * Backups (issue 22): what `GET /api/backups/status` answers, and the two actions of 系统配置
 * (立即备份, 校验). Backups belong to the whole deployment: the platform school's administrators
 * (XIAOWU_PLATFORM_TENANT, as 系统配置's deployment fields) get the status (系统配置 shows it, the
 * dashboard warns when `stale` or `archiveFailing`) and the actions; any other school's
 * administrators get `{ visible: false }` (the screen shows no backup section), and 40400 from the actions.
 */

/** `POST /api/backups/verify` */
export const backupVerifyRequest = z.object({ id: z.string().trim().min(1).max(40).regex(BACKUP_ID_PATTERN) });
export type BackupVerifyRequest = z.infer<typeof backupVerifyRequest>;

export type BackupKindCode = 'daily' | 'weekly' | 'manual';

/** One problem verification found: a file missing or differing from its checksum, a WAL segment missing or incomplete. */
export interface BackupProblemItem {
  issue: 'missing' | 'changed' | 'wal-missing' | 'wal-short';
  file: string;
}

export interface BackupItem {
  id: string;
  kind: BackupKindCode;
  /** embedded: the database and the files; external: files and secrets only (the database is its provider's job) */
  database: 'embedded' | 'external';
  startedAt: string;
  finishedAt: string;
  sizeBytes: number;
  /** the WAL segments a restore of this backup needs at least; null for files only */
  wal: { startSegment: string; stopSegment: string } | null;
  /** the last verification; null: never verified */
  verification: { at: string; ok: boolean; problems: BackupProblemItem[] } | null;
}

export type BackupStatusAnswer = ({ visible: true } & BackupStatus) | { visible: false };

export interface BackupStatus {
  /** embedded: cluster, WAL archive and files; files: files and secrets only (DATABASE_URL); off: XIAOWU_BACKUP=off */
  mode: 'embedded' | 'files' | 'off';
  directory: string;
  /** the nightly backup's school time HH:MM; null: none on this server */
  nightlyAt: string | null;
  keep: { daily: number; weekly: number; manual: number };
  /** XIAOWU_BACKUP_PITR_DAYS: any moment of these last days can be restored; an older kept backup restores to the moment it finished */
  pointInTimeDays: number;
  /** newest first */
  backups: BackupItem[];
  /** the newest archived WAL segment's time: a restore reaches up to about here (null: empty archive, or files only) */
  recoveryPoint: string | null;
  /** the archiver's last failure when it is newer than its last success (WAL is not reaching the archive) */
  archiveFailing: { at: string; segment: string } | null;
  newestGoodBackupAt: string | null;
  /** no good backup, or the newest good one is older than BACKUP_STALE_AFTER_DAYS */
  stale: boolean;
}
