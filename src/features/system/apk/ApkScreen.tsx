/**
 * APK版本管理 /system/apk (system_apk): the Android app's versions, newest code first (version name,
 * code, file and size, force update, published, published at); add / edit in a drawer with the .apk
 * upload; publish / unpublish (system_apk_publish); delete one or the selected (not while published).
 * The app asks GET /api/apk/latest?tenant=<code> without login.
 */
import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { APK_ADD_PERMISSION, APK_DELETE_PERMISSION, APK_EDIT_PERMISSION, APK_PUBLISH_PERMISSION } from '../../../../contracts/apk-rules';
import type { ApkVersionRow } from '../../../../contracts/apk-versions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Permission, usePermitted } from '../../../components/Permission';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { SearchHeader } from '../../../components/SearchHeader';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { showTime } from '../../../lib/school-time';
import { apkListInput, deleteApks, publishApk, refreshApks, saveApk } from './api';
import { useApkCatalog } from './catalog';
import { formatBytes } from '../../../lib/bytes';
import { compactSearch, urlPaging } from '../../../lib/search-params';
import type { ApkSearchParams } from './search';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';

const ApkDrawer = lazy(() => import('./ApkDrawer'));

export interface ApkScreenProps {
  search: ApkSearchParams;
  onSearchChange: (next: ApkSearchParams) => void;
}

const rowKey = (row: ApkVersionRow) => row.id;
const fieldsOf = (search: ApkSearchParams) => ({ versionName: search.versionName ?? '', published: search.published ?? '' });

function warn(error: unknown) {
  reportFailure(error, 'error');
}

export function ApkScreen(props: ApkScreenProps) {
  return useApkCatalog() ? <ApkScreenBody {...props} /> : null;
}

function ApkScreenBody({ search, onSearchChange }: ApkScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const table = useTableQuery<ApkVersionRow>(apkListInput(search));
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft(fieldsOf(search));
  const [selected, setSelected] = useListSelection(search);
  const [editing, setEditing] = useState<{ row?: ApkVersionRow; key: number } | null>(null);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<ApkVersionRow[]>({
    remove: (rows) => deleteApks(rows.map((row) => row.id)),
    onDeleted: () => setSelected(new Set()),
    onSettled: () => refreshApks(queryClient),
  });
  // 发布 reaches every device (强制更新: they must update): asked first; 取消发布 is not
  const [publishing, setPublishing] = useState<ApkVersionRow | null>(null);
  const mayDelete = usePermitted({ anyOf: [APK_DELETE_PERMISSION] });
  const publish = useCallback(
    async (row: ApkVersionRow, published: boolean) => {
      try {
        await publishApk(row, published);
        notify.success(published ? t`发布成功` : t`已取消发布`);
      } catch (error) {
        warn(error);
      }
      await refreshApks(queryClient);
    },
    [queryClient, t],
  );

  const columns = useMemo((): DataTableColumn<ApkVersionRow>[] => {
    return [
      ...(mayDelete
        ? [
            selectionColumn<ApkVersionRow>({
              rows,
              rowKey,
              selected,
              onChange: setSelected,
              selectable: (row) => !row.published,
              allLabel: t`全选`,
              rowLabel: (row) => t`选择 ${row.versionName}`,
              testId: 'apk-select',
            }),
          ]
        : []),
      { key: 'versionName', title: t`版本名称`, nowrap: true, render: (row) => <Text fontWeight="medium">{row.versionName}</Text> },
      { key: 'versionCode', title: t`版本号`, nowrap: true, align: 'end', render: (row) => row.versionCode },
      {
        key: 'file',
        title: t`安装包`,
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
      { key: 'forceUpdate', title: t`强制更新`, nowrap: true, render: (row) => (row.forceUpdate ? <Badge colorPalette="orange">{t`是`}</Badge> : t`否`) },
      {
        key: 'published',
        title: t`发布状态`,
        nowrap: true,
        render: (row) => <Badge colorPalette={row.published ? 'green' : 'gray'} data-testid="apk-published">{row.published ? t`已发布` : t`未发布`}</Badge>,
      },
      { key: 'publishedAt', title: t`发布时间`, nowrap: true, hideBelow: 'lg', muted: true, render: (row) => showTime(row.publishedAt) },
      {
        key: 'actions',
        title: t`操作`,
        nowrap: true,
        render: (row) => (
          <HStack gap="1">
            <Permission anyOf={[APK_PUBLISH_PERMISSION]}>
              <Button size="xs" variant="outline" colorPalette={row.published ? undefined : 'brand'} onClick={() => (row.published ? void publish(row, false) : setPublishing(row))} data-testid="apk-publish">
                {row.published ? <Trans>取消发布</Trans> : <Trans>发布</Trans>}
              </Button>
            </Permission>
            <Permission anyOf={[APK_EDIT_PERMISSION]}>
              <Button size="xs" variant="outline" disabled={row.published} onClick={() => setEditing({ row, key: Date.now() })} data-testid="apk-edit">
                <Trans>编辑</Trans>
              </Button>
            </Permission>
            <Permission anyOf={[APK_DELETE_PERMISSION]}>
              <Button size="xs" variant="outline" colorPalette="red" disabled={row.published} onClick={() => askDelete([row])} data-testid="apk-delete">
                <Trans>删除</Trans>
              </Button>
            </Permission>
          </HStack>
        ),
      },
    ];
  }, [rows, selected, setSelected, t, mayDelete, publish, askDelete]);

  const selectedRows = rows.filter((row) => selected.has(row.id));

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>APK版本管理</Trans>
        </Heading>
        <Permission anyOf={[APK_ADD_PERMISSION]}>
          <Button colorPalette="brand" minH="11" onClick={() => setEditing({ key: Date.now() })} data-testid="apk-add">
            <Trans>新增版本</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        defaultOpen
        onSearch={() =>
          onSearchChange(compactSearch<ApkSearchParams>({ size: search.size, versionName: draft.versionName.trim() || undefined, published: (draft.published || undefined) as '0' | '1' | undefined }))
        }
        onReset={() => {
          setDraft({ versionName: '', published: '' });
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>版本名称</Trans>} value={draft.versionName} onChange={(versionName) => setDraft({ ...draft, versionName })} testId="apk-search-name" />
        <SearchSelectField
          label={<Trans>发布状态</Trans>}
          value={draft.published}
          onChange={(published) => setDraft({ ...draft, published })}
          choices={[
            { value: '1', label: t`已发布` },
            { value: '0', label: t`未发布` },
          ]}
        />
      </SearchHeader>
      <Permission anyOf={[APK_DELETE_PERMISSION]}>
        <BatchDeleteBar selectedCount={selectedRows.length} onDelete={() => askDelete(selectedRows)} testId="apk-batch-delete" />
      </Permission>
      <DataTable
        data-testid="apks"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        rowProps={(row) => ({ 'data-testid': 'apk-row', 'data-code': String(row.versionCode) })}
        {...urlPaging(search, onSearchChange)}
      />
      {rows.some((row) => row.published) && (
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
          if (row) void publish(row, true);
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
      <ConfirmDelete {...deleteDialog} title={<Trans>删除版本</Trans>} />
      <Suspense fallback={null}>
        {editing && (
          <ApkDrawer
            key={editing.key}
            row={editing.row}
            onClose={() => setEditing(null)}
            onSave={async (input) => {
              try {
                await saveApk(input);
              } catch (error) {
                warn(error);
                throw error;
              }
              notify.success(t`保存成功`);
              setEditing(null);
              await refreshApks(queryClient);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
