/**
 * APK版本管理 /system/apk (system_apk) on the resource kit. Its own: the package upload (the 'apk'
 * profile, with its tip), the file name and size columns, 发布 / 取消发布 (the published toggle with
 * its own permission; 发布 asks first, it reaches every device) and the lock of a published version
 * (neither edited nor deleted). The app asks GET /api/apk/latest?tenant=<code> without login.
 */
import { Badge, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ApkVersionRow } from '../../../../contracts/apk-versions';
import { APK_PUBLISH_PERMISSION, apkVersions } from '../../../../contracts/resources/apk-versions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { usePermitted } from '../../../components/Permission';
import type { ResourceScreenProps } from '../../../components/resource/feature';
import type { FieldInputProps, FieldInputs } from '../../../components/resource/field-input';
import { ResourceScreen, useBooleanWords } from '../../../components/resource/ResourceScreen';
import { useResourceList } from '../../../components/resource/useResourceList';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { FileUpload } from '../../../components/upload/FileUpload';
import { formatBytes } from '../../../lib/bytes';
import { useFeatureCatalog } from '../../../lib/feature-catalog';
import { apkCatalog } from './catalog';
import { showTime } from '../../../lib/school-time';

/** A list row: the definition's fields and what the module adds (the package's name and size, when it was published). */
type ApkRow = ApkVersionRow;

function PackageUpload({ id, value, onChange }: FieldInputProps) {
  const { t } = useLingui();
  return <FileUpload id={id} category="apk" limit={1} value={value ? [String(value)] : []} onChange={(ids) => onChange(ids[0] ?? '')} tip={t`只能上传apk文件，不超过200MB；发布前须上传`} />;
}

/** The drawer's package input: the shared upload with the APK's tip. */
export const apkInputs: FieldInputs = { fileId: (props) => <PackageUpload {...props} /> };

export function ApkScreen(props: ResourceScreenProps) {
  return useFeatureCatalog(apkCatalog) ? <ApkScreenBody {...props} /> : null;
}

function ApkScreenBody({ search, onSearchChange }: ResourceScreenProps) {
  const { t } = useLingui();
  const list = useResourceList<ApkRow>(apkVersions, search, onSearchChange);
  const booleanWords = useBooleanWords();
  const mayPublish = usePermitted({ anyOf: [APK_PUBLISH_PERMISSION] });
  // 发布 reaches every device (强制更新: they must update): asked first; 取消发布 is not
  const [publishing, setPublishing] = useState<ApkRow | null>(null);

  const columns: DataTableColumn<ApkRow>[] = [
    { key: 'versionName', title: list.title('versionName'), nowrap: true, sortable: true, render: (row) => <Text fontWeight="medium">{row.versionName}</Text> },
    { key: 'versionCode', title: list.title('versionCode'), nowrap: true, sortable: true, align: 'end', render: (row) => row.versionCode },
    {
      key: 'file',
      title: list.title('fileId'),
      hideBelow: 'md',
      render: (row) =>
        row.fileId ? (
          <Text fontSize="sm" truncate maxW="56" title={row.fileName}>
            {row.fileName}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            <Trans>未上传</Trans>
          </Text>
        ),
    },
    { key: 'size', title: t`大小`, nowrap: true, hideBelow: 'md', align: 'end', render: (row) => (row.fileSize > 0 ? formatBytes(row.fileSize) : '—') },
    { key: 'forceUpdate', title: list.title('forceUpdate'), nowrap: true, render: (row) => (row.forceUpdate ? <Badge colorPalette="orange">{booleanWords(apkVersions.fields.forceUpdate, true)}</Badge> : booleanWords(apkVersions.fields.forceUpdate, false)) },
    {
      key: 'published',
      title: t`发布状态`,
      nowrap: true,
      sortable: true,
      render: (row) => (
        <Badge colorPalette={row.published ? 'green' : 'gray'} data-testid="apk-published">
          {booleanWords(apkVersions.fields.published, row.published)}
        </Badge>
      ),
    },
    { key: 'publishedAt', title: t`发布时间`, nowrap: true, hideBelow: 'lg', muted: true, render: (row) => showTime(row.publishedAt) },
  ];

  return (
    <ResourceScreen
      list={list}
      testId="apk"
      columns={columns}
      locked={(row) => row.published}
      inputs={apkInputs}
      rowActions={(row) => [
        {
          key: 'publish',
          label: row.published ? t`取消发布` : t`发布`,
          hidden: !mayPublish,
          onClick: () => (row.published ? void list.toggle(row, 'published', false) : setPublishing(row)),
          testId: 'apk-publish',
        },
      ]}
    >
      {list.rows.some((row) => row.published) && (
        <Text fontSize="sm" color="fg.muted" data-testid="apk-published-note">
          <Trans>已发布的版本不能修改或删除，请先取消发布。</Trans>
        </Text>
      )}
      <ConfirmDialog
        open={publishing !== null}
        title={<Trans>发布版本</Trans>}
        confirmLabel={<Trans>发布</Trans>}
        onCancel={() => setPublishing(null)}
        onConfirm={() => {
          const row = publishing;
          setPublishing(null);
          if (row) void list.toggle(row, 'published', true);
        }}
      >
        <Stack gap="2" data-testid="apk-publish-confirm">
          <Text>
            <Trans>发布后，本校App将提示用户更新到版本 {publishing?.versionName}。是否继续?</Trans>
          </Text>
          {publishing?.forceUpdate && (
            <Text color="fg.error" fontWeight="medium">
              <Trans>这是强制更新：不更新将无法继续使用App。</Trans>
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </ResourceScreen>
  );
}

export default ApkScreen;
