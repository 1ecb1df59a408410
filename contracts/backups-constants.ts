// Backups (issue 22): the calls and the staleness rule, zod-free (the dashboard's warning and the
// 系统配置 section import them without pulling zod into their chunks; contracts/backups.ts re-exports).

/** `GET`: the status (contracts/backups.ts BackupStatusAnswer). */
export const BACKUPS_STATUS_URL = '/api/backups/status';
/** `POST`, no body: 立即备份, a manual backup taken now, verified; answers its BackupItem. */
export const BACKUPS_TAKE_URL = '/api/backups/take';
/** `POST { id }`: 校验, the backup re-verified and the result recorded; answers its BackupItem. */
export const BACKUPS_VERIFY_URL = '/api/backups/verify';

/** The dashboard warns when the newest good backup is older than this. */
export const BACKUP_STALE_AFTER_DAYS = 2;

/** A backup's id as the server makes them (backup-store.ts newBackupId), e.g. 20261128-023000-daily. */
export const BACKUP_ID_PATTERN = /^\d{8}-\d{6}-(daily|weekly|manual)(-\d{1,3})?$/;
