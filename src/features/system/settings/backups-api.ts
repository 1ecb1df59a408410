import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BackupItem, BackupStatusAnswer } from '../../../../contracts/backups';
import { BACKUPS_STATUS_URL, BACKUPS_TAKE_URL, BACKUPS_VERIFY_URL } from '../../../../contracts/backups-constants';
import { get, post } from '../../../lib/http';

/** 系统配置's backups section (issue 22): the status (the loader and the section share it), 立即备份, 校验. */
export const backupStatusQuery = queryOptions({
  queryKey: ['system', 'backups'] as const,
  queryFn: ({ signal }) => get<BackupStatusAnswer>(BACKUPS_STATUS_URL, undefined, { signal }),
  // the deployment's folder and state: nothing to keep on the device
  meta: { persist: false },
});

export const takeBackup = () => post<BackupItem>(BACKUPS_TAKE_URL);
export const verifyBackup = (id: string) => post<BackupItem>(BACKUPS_VERIFY_URL, { id });

export const refreshBackups = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: backupStatusQuery.queryKey });
