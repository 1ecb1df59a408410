import { Alert, Box, Link as ChakraLink } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { BackupStatusAnswer } from '../../../contracts/backups';
import { BACKUP_STALE_AFTER_DAYS, BACKUPS_STATUS_URL } from '../../../contracts/backups-constants';
import { SETTINGS_EDIT_PERMISSION } from '../../../contracts/settings-rules';
import { get } from '../../lib/http';
import { formatDateTime } from '../../lib/format';
import type { Requirement } from '../../lib/permissions';

/** Who is asked: the backups status route's permission; the server answers { visible: false } outside the platform school. */
export const BACKUP_WARNING_REQUIREMENT: Requirement = { anyOf: [SETTINGS_EDIT_PERMISSION] };

/**
 * The home page's backup warning (issue 22): a failing WAL archiver, or no good backup within
 * BACKUP_STALE_AFTER_DAYS, said plainly with a link to 系统配置. One small GET per visit, for the
 * holders of the permission only; never cached (as the home page's counts), quiet when it fails.
 */
export function BackupWarning() {
  const status = useQuery({
    queryKey: ['dashboard', 'backups'],
    queryFn: ({ signal }) => get<BackupStatusAnswer>(BACKUPS_STATUS_URL, undefined, { signal, quiet: true }),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
  const data = status.data;
  if (!data?.visible || (!data.stale && !data.archiveFailing)) return null;
  const newest = data.newestGoodBackupAt ? formatDateTime(data.newestGoodBackupAt) : null;
  const days = BACKUP_STALE_AFTER_DAYS;
  return (
    <Box gridColumn="1 / -1">
      <Alert.Root status="error" data-testid="dashboard-backup-warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            {data.archiveFailing && (
              <Trans>数据库日志归档失败：新的改动没有进入备份。</Trans>
            )}{' '}
            {data.stale &&
              (newest ? (
                <Trans>最近一次校验通过的备份在 {newest}，已超过 {days} 天。</Trans>
              ) : (
                <Trans>还没有校验通过的备份。</Trans>
              ))}{' '}
            <ChakraLink asChild fontWeight="semibold" textDecoration="underline">
              <Link to="/system/xtpz">
                <Trans>到系统配置查看备份</Trans>
              </Link>
            </ChakraLink>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}
