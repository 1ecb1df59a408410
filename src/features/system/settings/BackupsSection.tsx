/**
 * 系统配置's 数据备份 section (issue 22), for the platform school's administrators: how the deployment
 * is backed up (mode, folder, nightly time, retention, how far a restore reaches), a clear alert when
 * WAL archiving fails or the newest good backup is stale, the backups newest first with their last
 * verification, 立即备份 and 校验 per backup. Nothing at all for anyone else (status `visible: false`).
 */
import { Alert, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { BackupItem, BackupKindCode, BackupProblemItem, BackupStatus } from '../../../../contracts/backups';
import { BACKUP_STALE_AFTER_DAYS } from '../../../../contracts/backups-constants';
import { RequestError } from '../../../components/RequestError';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { ListTable } from '../../../components/table/ListTable';
import type { RowAction } from '../../../components/table/row-actions';
import { formatBytes } from '../../../lib/bytes';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { backupStatusQuery, refreshBackups, takeBackup, verifyBackup } from './backups-api';

/** Shown once the status says the caller may see it (the route asks for the edit permission first). */
export function BackupsSection() {
  const status = useQuery(backupStatusQuery);
  if (status.isError) return <RequestError error={status.error} testId="backups-error" />;
  if (!status.data?.visible) return null;
  return <BackupsBody status={status.data} />;
}

/** Long names (folders, WAL segments, file paths) break anywhere rather than widen a phone's page. */
const breakAnywhere = { wordBreak: 'break-all', overflowWrap: 'anywhere' } as const;

function BackupsBody({ status }: { status: BackupStatus }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const take = useMutation({
    mutationFn: takeBackup,
    onSuccess: (backup) => {
      const size = formatBytes(backup.sizeBytes);
      if (backup.verification?.ok) notify.success(t`备份完成（${size}），校验通过`);
      else notify.warning(t`备份完成（${size}），但校验发现问题，详见列表`);
    },
    onError: (error) => reportFailure(error, 'error'),
    onSettled: () => refreshBackups(queryClient),
  });
  const verify = useMutation({
    mutationFn: verifyBackup,
    onSuccess: (backup) => (backup.verification?.ok ? notify.success(t`校验通过：${backup.id}`) : notify.warning(t`校验发现问题：${backup.id}`)),
    onError: (error) => reportFailure(error, 'error'),
    onSettled: () => refreshBackups(queryClient),
  });
  const verifyNow = verify.mutate;
  const busy = take.isPending || verify.isPending;
  const verifyingId = verify.isPending ? verify.variables : undefined;
  const kindLabel = useKindLabel();
  const actions = useCallback(
    (row: BackupItem): RowAction[] =>
      status.mode === 'off'
        ? []
        : [{ label: verifyingId === row.id ? t`校验中…` : t`校验`, ariaLabel: t`校验备份 ${row.id}`, onClick: () => verifyNow(row.id), disabled: busy, testId: 'backup-verify' }],
    [status.mode, verifyingId, busy, verifyNow, t],
  );
  const columns = useMemo(
    (): DataTableColumn<BackupItem>[] => [
      { key: 'startedAt', title: t`开始时间`, card: 'title', nowrap: true, render: (row) => formatDateTime(row.startedAt) },
      { key: 'kind', title: t`类型`, nowrap: true, card: 'key', render: (row) => <span data-testid="backup-kind">{kindLabel(row.kind)}</span> },
      { key: 'finishedAt', title: t`完成时间`, nowrap: true, card: 'key', render: (row) => formatDateTime(row.finishedAt) },
      { key: 'size', title: t`大小`, nowrap: true, align: 'end', card: 'key', render: (row) => <span data-testid="backup-size">{formatBytes(row.sizeBytes)}</span> },
      {
        key: 'wal',
        title: t`日志（WAL）范围`,
        card: 'key',
        render: (row) =>
          row.wal ? (
            <Text as="span" fontFamily="mono" fontSize="xs" css={breakAnywhere}>
              {row.wal.startSegment === row.wal.stopSegment ? row.wal.startSegment : `${row.wal.startSegment} – ${row.wal.stopSegment}`}
            </Text>
          ) : (
            <Trans>仅文件</Trans>
          ),
      },
      { key: 'verification', title: t`校验结果`, card: 'key', render: (row) => <VerificationCell backup={row} /> },
    ],
    [t, kindLabel],
  );

  return (
    <Stack gap="4" data-testid="backups-section" data-mode={status.mode}>
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="sm" flex="1">
          <Trans>数据备份</Trans>
        </Heading>
        {status.mode !== 'off' && (
          <Button colorPalette="brand" minH="11" loading={take.isPending} loadingText={t`正在备份…`} disabled={busy} onClick={() => take.mutate()} data-testid="backups-take">
            <Trans>立即备份</Trans>
          </Button>
        )}
      </Flex>
      <BackupAlerts status={status} />
      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="3" fontSize="sm" data-testid="backups-facts">
        <Fact label={<Trans>备份方式</Trans>} testId="backups-mode">
          <ModeText status={status} />
        </Fact>
        {status.mode !== 'off' && (
          <>
            <Fact label={<Trans>备份目录</Trans>} testId="backups-directory">
              <Text as="span" fontFamily="mono" css={breakAnywhere}>
                {status.directory}
              </Text>
            </Fact>
            <Fact label={<Trans>夜间备份</Trans>} testId="backups-nightly">
              {status.nightlyAt ? <Trans>每天 {status.nightlyAt}（学校时间），备份后自动校验</Trans> : <Trans>本服务器不做夜间备份（XIAOWU_BACKUP_AT=off）</Trans>}
            </Fact>
            <Fact label={<Trans>保留份数</Trans>} testId="backups-keep">
              <Trans>
                每日 {status.keep.daily} 份，每周 {status.keep.weekly} 份，手动 {status.keep.manual} 份
              </Trans>
            </Fact>
            <Fact label={<Trans>恢复点</Trans>} testId="backups-recovery-point">
              <RecoveryPoint status={status} />
            </Fact>
          </>
        )}
      </SimpleGrid>
      {status.mode !== 'off' && (
        <ListTable
          data-testid="backups"
          columns={columns}
          rows={status.backups}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': 'backup-row', 'data-id': row.id })}
          actions={actions}
          emptyText={t`还没有备份`}
        />
      )}
    </Stack>
  );
}

function useKindLabel() {
  const { t } = useLingui();
  return useCallback((kind: BackupKindCode) => ({ daily: t`每日`, weekly: t`每周`, manual: t`手动` })[kind], [t]);
}

function Fact({ label, testId, children }: { label: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" fontWeight="semibold">
        {label}
      </Text>
      <Text as="dd" color="fg.muted" data-testid={testId}>
        {children}
      </Text>
    </Box>
  );
}

/** What each mode means for an administrator. */
function ModeText({ status }: { status: BackupStatus }) {
  const { mode, pointInTimeDays: days } = status;
  if (mode === 'embedded')
    return (
      <Trans>
        内置数据库：每份备份包含数据库、上传的文件和密钥，数据库日志（WAL）持续归档，最近 {days} 天内可以恢复到任意时刻，更早的备份恢复到其完成时。
      </Trans>
    );
  if (mode === 'files')
    return <Trans>外部数据库（DATABASE_URL）：这里只备份上传的文件和密钥；数据库请用其服务商的备份或同版本的 pg_dump。</Trans>;
  return <Trans>已关闭（XIAOWU_BACKUP=off）：本服务器不做任何备份，磁盘损坏或误删的数据无法找回。</Trans>;
}

function RecoveryPoint({ status }: { status: BackupStatus }) {
  if (status.mode === 'files') return <Trans>文件恢复到所选备份的时刻；数据库的恢复点由其服务商决定。</Trans>;
  if (!status.recoveryPoint) return <Trans>归档中还没有数据库日志：恢复只能到最近一次备份。</Trans>;
  const at = formatDateTime(status.recoveryPoint);
  return <Trans>恢复最远可到 {at}（最新归档的数据库日志），之后的改动尚未归档。</Trans>;
}

/** A failing archiver and a stale (or missing) good backup: what is wrong and what it means. */
function BackupAlerts({ status }: { status: BackupStatus }) {
  if (status.mode === 'off')
    return (
      <Alert.Root status="warning" data-testid="backups-alert-off">
        <Alert.Indicator />
        <Alert.Description>
          <Trans>备份已关闭：在部署中设置 XIAOWU_BACKUP=on 并重启服务器后才会备份。</Trans>
        </Alert.Description>
      </Alert.Root>
    );
  const failedAt = status.archiveFailing ? formatDateTime(status.archiveFailing.at) : '';
  const segment = status.archiveFailing?.segment ?? '';
  const newest = status.newestGoodBackupAt ? formatDateTime(status.newestGoodBackupAt) : '';
  const days = BACKUP_STALE_AFTER_DAYS;
  return (
    <>
      {status.archiveFailing && (
        <Alert.Root status="error" data-testid="backups-alert-archive">
          <Alert.Indicator />
          <Alert.Description css={breakAnywhere}>
            <Trans>
              数据库日志归档失败（{failedAt}，{segment}）：新的改动没有进入备份目录，无法恢复到此后的时刻。请检查备份目录的磁盘空间和权限，以及服务器日志。
            </Trans>
          </Alert.Description>
        </Alert.Root>
      )}
      {status.stale && (
        <Alert.Root status="error" data-testid="backups-alert-stale">
          <Alert.Indicator />
          <Alert.Description>
            {newest ? (
              <Trans>最近一次校验通过的备份在 {newest}，已超过 {days} 天。请检查夜间备份，或立即备份一次。</Trans>
            ) : (
              <Trans>还没有校验通过的备份：磁盘损坏或误删的数据无法找回。请立即备份一次。</Trans>
            )}
          </Alert.Description>
        </Alert.Root>
      )}
    </>
  );
}

function VerificationCell({ backup }: { backup: BackupItem }) {
  const { verification } = backup;
  if (!verification)
    return (
      <Text as="span" color="fg.muted" data-testid="backup-verification" data-ok="none">
        <Trans>未校验</Trans>
      </Text>
    );
  const at = formatDateTime(verification.at);
  if (verification.ok)
    return (
      <Text as="span" color="fg.success" data-testid="backup-verification" data-ok="true">
        <Trans>通过（{at}）</Trans>
      </Text>
    );
  const shown = verification.problems.slice(0, 5);
  const more = verification.problems.length - shown.length;
  return (
    <Stack gap="0.5" data-testid="backup-verification" data-ok="false">
      <Text color="fg.error" fontWeight="semibold">
        <Trans>有问题（{at}）</Trans>
      </Text>
      <Box as="ul" listStyleType="none" fontSize="xs" css={breakAnywhere}>
        {shown.map((problem) => (
          <li key={`${problem.issue}:${problem.file}`} data-testid="backup-problem">
            <ProblemText problem={problem} />
          </li>
        ))}
        {more > 0 && (
          <li>
            <Trans>还有 {more} 项</Trans>
          </li>
        )}
      </Box>
    </Stack>
  );
}

function ProblemText({ problem }: { problem: BackupProblemItem }) {
  const file = problem.file;
  switch (problem.issue) {
    case 'missing':
      return <Trans>文件缺失：{file}</Trans>;
    case 'changed':
      return <Trans>文件与校验和不符（损坏或被改动）：{file}</Trans>;
    case 'wal-missing':
      return <Trans>日志段不在归档中：{file}</Trans>;
    case 'wal-short':
      return <Trans>归档中的日志段不完整或损坏：{file}</Trans>;
  }
}
