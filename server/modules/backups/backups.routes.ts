import { BACKUPS_STATUS_URL, BACKUPS_TAKE_URL, BACKUPS_VERIFY_URL, backupVerifyRequest } from '../../../contracts/backups';
import { SETTINGS_EDIT_PERMISSION } from '../../../contracts/settings-rules';
import { changes, defineRoute, reads } from '../../plugins/define-route';

// as 系统配置's deployment fields: the administrators (edit permission) of the platform school
const access = { anyOf: [SETTINGS_EDIT_PERMISSION] };

/** Backups (issue 22): the status 系统配置 and the dashboard read, 立即备份 and 校验 (the platform school's administrators only). */
export const backupsRoutes = [
  defineRoute({
    method: 'GET',
    url: BACKUPS_STATUS_URL,
    operation: reads('查看备份状态', 'Backup status'),
    access,
    summary:
      "the deployment's backups (kind, times, size, WAL range, last verification), the recovery point (newest archived WAL), a failing archiver, and whether the newest good backup is older than two days, for the platform school's administrators; any other school: { visible: false }",
    handler: ({ tx, session, services }) => services.backups.status(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: BACKUPS_TAKE_URL,
    operation: changes('立即备份', 'Back up now'),
    access,
    summary:
      "立即备份: a manual backup taken now by this server (embedded: the running cluster, its WAL range and the files; external database: the files and secrets), verified, then retention; answers the backup. 40900 while another backup runs or with backups off; other schools 40400",
    handler: ({ tx, session, services }) => services.backups.takeNow(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: BACKUPS_VERIFY_URL,
    operation: changes('校验备份', 'Verify a backup'),
    access,
    body: backupVerifyRequest,
    target: async ({ body }) => body.id,
    summary:
      '校验: one backup re-verified (each file against its checksum, its WAL range in the archive) and the result recorded beside it; answers the backup. 40400 for an unknown id (and for other schools), 40900 while a backup runs or with backups off',
    handler: ({ tx, session, services, body }) => services.backups.verify(tx, session, body.id),
  }),
];
