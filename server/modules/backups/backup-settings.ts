/**
 * Backups (issue 22), from the environment (server/config.ts):
 * - XIAOWU_BACKUP=on|off (default on). With the embedded database: physical backups, WAL archiving
 *   and the file archive; with DATABASE_URL: the files and secrets only (the database is its provider's job).
 * - XIAOWU_BACKUP_DIR (default `<data dir>/backups`), XIAOWU_BACKUP_AT (school time HH:MM, default
 *   02:30, `off`: no nightly backup on this server), XIAOWU_BACKUP_KEEP_DAILY / _WEEKLY / _MANUAL
 *   (7, 4, 5), XIAOWU_BACKUP_ARCHIVE_TIMEOUT (seconds, default 60: the longest a quiet cluster keeps
 *   WAL out of the archive), XIAOWU_BACKUP_PITR_DAYS (default 7: any moment of these last days can be
 *   restored; an older backup restores to the moment it finished).
 */
export interface BackupSettings {
  /** embedded: the cluster, its WAL and the files; files: files and secrets only (external database); off */
  mode: 'embedded' | 'files' | 'off';
  dir: string;
  archiveTimeoutSeconds: number;
  /** the nightly backup's school-time hour and minute; null: none on this server */
  nightlyAt: { hour: number; minute: number } | null;
  keep: { daily: number; weekly: number; manual: number };
  /** the point-in-time window in days: continuous WAL is kept this far back (retention) */
  pointInTimeDays: number;
}

/** Parses XIAOWU_BACKUP_AT: 'HH:MM' (school time) or 'off'; undefined when malformed. */
export function parseNightlyAt(text: string): BackupSettings['nightlyAt'] | undefined {
  if (text === 'off') return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : undefined;
}

/**
 * Where the file storage copies each file as it is placed (backup-store.ts `files/`), so a restore to a
 * moment after the last backup finds the files of rows written since: with the embedded database
 * only (an external one is restored by its provider, to moments this folder does not know).
 */
export const fileArchiveDir = (settings: BackupSettings): string | undefined => (settings.mode === 'embedded' ? `${settings.dir}/files` : undefined);
