import { BACKUPS_STATUS_URL } from '../../../contracts/backups';
import { SETTINGS_EDIT_PERMISSION } from '../../../contracts/settings-rules';
import { defineRoute, reads } from '../../plugins/define-route';

/** Backups (issue 22): the status 系统配置 and the dashboard read (the platform school's administrators only). */
export const backupsRoutes = [
  defineRoute({
    method: 'GET',
    url: BACKUPS_STATUS_URL,
    operation: reads('查看备份状态', 'Backup status'),
    // as 系统配置's deployment fields: the administrators (edit permission) of the platform school
    access: { anyOf: [SETTINGS_EDIT_PERMISSION] },
    summary:
      "the deployment's backups (kind, times, size, WAL range, last verification), the recovery point (newest archived WAL), a failing archiver, and whether the newest good backup is older than two days, for the platform school's administrators; any other school: { visible: false }",
    handler: ({ tx, session, services }) => services.backups.status(tx, session),
  }),
];
