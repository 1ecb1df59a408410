/**
 * 数据字典 /system/dict (issue 10, H4): dictionary types on the left (filter box; add, edit, delete,
 * export), the chosen type's entries on the right (search header: keyword, status; table with the
 * parent and level; add / edit drawer with every SPEC §3 field; delete one or the selected). The
 * chosen type, filters and paging live in the URL. Saving drops every screen's cached dictionaries.
 */
import { Badge, Button, chakra, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { DictEntryRow, DictTypeRow } from '../../../../contracts/dicts';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { Permission } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { SearchHeader } from '../../../components/SearchHeader';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { allEntriesQuery, deleteEntries, deleteTypes, dictTypesQuery, entryListInput, exportType, refreshDicts, saveEntry, saveType } from './api';
import { useDictsCatalog } from './catalog';
import { compactSearch, urlPaging } from '../../../lib/search-params';
import type { DictSearchParams } from './search';
import { localName } from '../../../lib/locale';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';

const TypeDrawer = lazy(() => import('./TypeDrawer'));
const EntryDrawer = lazy(() => import('./EntryDrawer'));

export const DICT_PERMS = {
  add: 'system_dict_add',
  edit: 'system_dict_edit',
  delete: 'system_dict_delete',
  export: 'system_dict_export',
} as const;

export interface DictsScreenProps {
  search: DictSearchParams;
  onSearchChange: (next: DictSearchParams) => void;
}

const compact = (search: DictSearchParams): DictSearchParams => compactSearch(search);

export function DictsScreen(props: DictsScreenProps) {
  return useDictsCatalog() ? <DictsScreenBody {...props} /> : null;
}

function DictsScreenBody({ search, onSearchChange }: DictsScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const types = useQuery(dictTypesQuery);
  // the type filter narrows the list as typed (on the device); the URL gets it on Enter or leaving the box
  const [typeFilter, setTypeFilter] = useState(search.typeKeyword ?? '');
  useEffect(() => setTypeFilter(search.typeKeyword ?? ''), [search.typeKeyword]);
  const typeKeyword = typeFilter.trim().toLowerCase();
  const keepTypeFilter = () => {
    if ((search.typeKeyword ?? '') !== typeFilter.trim()) onSearchChange(compact({ ...search, typeKeyword: typeFilter.trim() || undefined }));
  };
  const shownTypes = useMemo(
    () => (types.data ?? []).filter((row) => !typeKeyword || [row.code, row.name, row.nameEn].some((text) => text.toLowerCase().includes(typeKeyword))),
    [types.data, typeKeyword],
  );
  const current = (types.data ?? []).find((row) => row.code === search.type) ?? shownTypes[0];
  const typeCode = current?.code ?? '';
  const typeLabel = (row: DictTypeRow) => localName(row.name, row.nameEn, i18n.locale);

  const table = useTableQuery<DictEntryRow>(entryListInput(search, typeCode));
  const all = useQuery(allEntriesQuery(typeCode));
  const allRows = useMemo(() => all.data?.rows ?? [], [all.data]);
  const rows = table.rows;
  const nameOf = useMemo(() => new Map(allRows.map((row) => [row.code, row.name])), [allRows]);

  const [draft, setDraft] = useSearchDraft({ keyword: search.keyword ?? '', status: search.status ?? '' });
  const [selected, setSelected] = useListSelection({ ...search, typeCode });

  const [editingType, setEditingType] = useState<{ row?: DictTypeRow; key: number } | null>(null);
  const [editingEntry, setEditingEntry] = useState<{ row?: DictEntryRow; key: number } | null>(null);

  const refresh = useCallback(() => refreshDicts(queryClient), [queryClient]);
  const typeRemoval = useConfirmedDelete<DictTypeRow>({
    remove: (type) => deleteTypes([type.id]),
    onDeleted: () => onSearchChange(compact({ ...search, type: undefined, page: undefined })),
    onSettled: refresh,
  });
  const { ask: askDeleteEntries, dialog: entriesDialog } = useConfirmedDelete<DictEntryRow[]>({
    remove: (entries) => deleteEntries(entries.map((row) => row.id)),
    onDeleted: () => setSelected(new Set()),
    onSettled: refresh,
  });
  const failed = (error: unknown) => {
    reportFailure(error, 'error');
  };

  const columns = useMemo((): DataTableColumn<DictEntryRow>[] => [
    selectionColumn<DictEntryRow>({ rows, rowKey: (row) => row.id, selected, onChange: setSelected, allLabel: t`全选`, rowLabel: (row) => t`选择 ${row.name}`, testId: 'dict-entry-select' }),
    { key: 'code', title: t`编码`, nowrap: true, render: (row) => <span style={{ fontFamily: 'var(--chakra-fonts-mono)' }}>{row.code}</span> },
    {
      key: 'name',
      title: t`名称`,
      render: (row) => (
        <Stack gap="0">
          <span data-testid="dict-entry-name">{row.name}</span>
          {row.nameEn && (
            <Text fontSize="xs" color="fg.muted">
              {row.nameEn}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'parent',
      title: t`父级`,
      hideBelow: 'sm',
      render: (row) => (row.parentCode ? `${row.parentCode} ${nameOf.get(row.parentCode) ?? ''}` : '—'),
    },
    { key: 'level', title: t`层级`, align: 'end', nowrap: true, hideBelow: 'md' },
    { key: 'alias', title: t`别名`, hideBelow: 'lg', muted: true, render: (row) => row.alias || '—' },
    { key: 'sort', title: t`排序`, align: 'end', nowrap: true, hideBelow: 'md' },
    {
      key: 'status',
      title: t`发布状态`,
      nowrap: true,
      render: (row) => (
        <Badge colorPalette={row.status === '1' ? 'green' : 'gray'} variant="subtle">
          {row.status === '1' ? t`已发布` : t`未发布`}
        </Badge>
      ),
    },
    {
      key: 'dates',
      title: t`有效期`,
      nowrap: true,
      hideBelow: 'lg',
      muted: true,
      render: (row) => (row.startDate || row.endDate ? `${row.startDate ?? '…'} ~ ${row.endDate ?? '…'}` : '—'),
    },
    {
      key: 'actions',
      title: t`操作`,
      nowrap: true,
      render: (row) => (
        <HStack gap="1">
          <Permission anyOf={[DICT_PERMS.edit]}>
            <Button size="xs" variant="outline" onClick={() => setEditingEntry({ row, key: Date.now() })} data-testid="dict-entry-edit">
              <Trans>编辑</Trans>
            </Button>
          </Permission>
          <Permission anyOf={[DICT_PERMS.delete]}>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => askDeleteEntries([row])} data-testid="dict-entry-delete">
              <Trans>删除</Trans>
            </Button>
          </Permission>
        </HStack>
      ),
    },
  ], [rows, selected, setSelected, t, nameOf, askDeleteEntries]);

  const selectedRows = rows.filter((row) => selected.has(row.id));

  const exportCurrent = async () => {
    if (!current) return;
    try {
      await exportType(current.id);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>数据字典</Trans>
      </Heading>
      <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Stack gap="3" w={{ base: 'full', lg: '72' }} flexShrink={0} bg="bg.panel" borderWidth="1px" borderRadius="l2" p="3" data-testid="dict-types">
          <Flex gap="2" align="center">
            <Text fontWeight="semibold" flex="1">
              <Trans>字典类型</Trans>
            </Text>
            <Permission anyOf={[DICT_PERMS.add]}>
              <Button size="sm" colorPalette="brand" onClick={() => setEditingType({ key: Date.now() })} data-testid="dict-type-add">
                <Trans>新增字典</Trans>
              </Button>
            </Permission>
          </Flex>
          <Input
            size="sm"
            placeholder={t`搜索编码或名称`}
            aria-label={t`搜索字典类型`}
            value={typeFilter}
            onChange={(event) => setTypeFilter(event.currentTarget.value)}
            onBlur={keepTypeFilter}
            onKeyDown={(event) => {
              if (event.key === 'Enter') keepTypeFilter();
            }}
            data-testid="dict-type-search"
          />
          {types.isError ? (
            <RequestError error={types.error} />
          ) : (
            <Stack as="nav" gap="1" aria-label={t`字典类型`} maxH={{ base: '40vh', lg: '70vh' }} overflowY="auto">
              {shownTypes.map((row) => (
                <chakra.button
                  type="button"
                  key={row.id}
                  aria-current={row.code === typeCode ? 'true' : undefined}
                  textAlign="start"
                  width="full"
                  minH="11"
                  cursor="pointer"
                  borderRadius="l1"
                  px="2"
                  py="1.5"
                  bg={row.code === typeCode ? 'colorPalette.subtle' : undefined}
                  colorPalette="brand"
                  _hover={{ bg: 'bg.muted' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
                  onClick={() => onSearchChange(compact({ ...search, typeKeyword: typeFilter.trim() || undefined, type: row.code, page: undefined, keyword: undefined, status: undefined }))}
                  data-testid="dict-type-row"
                  data-code={row.code}
                >
                  <Text as="span" display="block" fontSize="sm" fontWeight="medium">
                    {typeLabel(row)}
                    {row.status === '0' && (
                      <Badge ms="1" size="xs" variant="subtle">
                        <Trans>未发布</Trans>
                      </Badge>
                    )}
                  </Text>
                  <Text as="span" display="block" fontSize="xs" color="fg.muted" fontFamily="mono">
                    {row.code} · <Trans>{row.entryCount} 项</Trans>
                  </Text>
                </chakra.button>
              ))}
              {!types.isPending && shownTypes.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  <Trans>暂无数据</Trans>
                </Text>
              )}
            </Stack>
          )}
        </Stack>

        <Stack gap="3" flex="1" minW="0">
          {current && (
            <Flex gap="2" align="center" wrap="wrap">
              <Heading as="h2" size="md" flex="1" data-testid="dict-current-type">
                {typeLabel(current)} <Text as="span" fontSize="sm" color="fg.muted" fontFamily="mono">{current.code}</Text>
                {current.builtIn && (
                  <Badge ms="2" size="sm" variant="outline" title={t`系统使用的字典，不能删除，编码不能修改`}>
                    <Trans>系统</Trans>
                  </Badge>
                )}
              </Heading>
              <Permission anyOf={[DICT_PERMS.edit]}>
                <Button size="sm" variant="outline" onClick={() => setEditingType({ row: current, key: Date.now() })} data-testid="dict-type-edit">
                  <Trans>编辑字典</Trans>
                </Button>
              </Permission>
              <Permission anyOf={[DICT_PERMS.delete]}>
                <Button size="sm" variant="outline" colorPalette="red" disabled={current.builtIn} onClick={() => typeRemoval.ask(current)} data-testid="dict-type-delete">
                  <Trans>删除字典</Trans>
                </Button>
              </Permission>
              <Permission anyOf={[DICT_PERMS.export]}>
                <Button size="sm" variant="outline" onClick={() => void exportCurrent()} data-testid="dict-type-export">
                  <Trans>导出</Trans>
                </Button>
              </Permission>
              <Permission anyOf={[DICT_PERMS.add]}>
                <Button size="sm" colorPalette="brand" onClick={() => setEditingEntry({ key: Date.now() })} data-testid="dict-entry-add">
                  <Trans>新增字典项</Trans>
                </Button>
              </Permission>
            </Flex>
          )}
          <SearchHeader
            busy={table.refreshing}
            onSearch={() => onSearchChange(compact({ ...search, page: undefined, keyword: draft.keyword.trim() || undefined, status: (draft.status || undefined) as DictSearchParams['status'] }))}
            onReset={() => {
              setDraft({ keyword: '', status: '' });
              onSearchChange(compact({ ...search, page: undefined, keyword: undefined, status: undefined }));
            }}
          >
            <SearchTextField label={<Trans>关键字</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="dict-search-keyword" />
            <SearchSelectField
              label={<Trans>发布状态</Trans>}
              value={draft.status}
              onChange={(status) => setDraft({ ...draft, status })}
              choices={[
                { value: '1', label: t`已发布` },
                { value: '0', label: t`未发布` },
              ]}
              testId="dict-search-status"
            />
          </SearchHeader>
          <Permission anyOf={[DICT_PERMS.delete]}>
            <BatchDeleteBar selectedCount={selectedRows.length} onDelete={() => askDeleteEntries(selectedRows)} testId="dict-batch-delete" />
          </Permission>
          <DataTable
            data-testid="dict-entries"
            columns={columns}
            rows={rows}
            total={table.total}
            loading={table.loading}
            refreshing={table.refreshing}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ 'data-testid': 'dict-entry-row', 'data-code': row.code })}
            {...urlPaging(search, onSearchChange)}
          />
        </Stack>
      </Flex>

      <ConfirmDelete {...typeRemoval.dialog} title={<Trans>删除字典</Trans>}>
        {typeRemoval.target && typeRemoval.target.entryCount > 0 && (
          <Text color="fg.error" data-testid="dict-type-delete-count">
            <Trans>该字典下的 {typeRemoval.target.entryCount} 个字典项将一并删除。</Trans>
          </Text>
        )}
      </ConfirmDelete>
      <ConfirmDelete {...entriesDialog} title={<Trans>删除字典项</Trans>} />
      <Suspense fallback={null}>
        {editingType && (
          <TypeDrawer
            key={editingType.key}
            row={editingType.row}
            onClose={() => setEditingType(null)}
            onSave={async (body) => {
              await saveType(body);
              notify.success(t`保存成功`);
              setEditingType(null);
              await refresh();
              onSearchChange(compact({ ...search, type: body.code, page: undefined }));
            }}
          />
        )}
        {editingEntry && current && (
          <EntryDrawer
            key={editingEntry.key}
            typeId={current.id}
            typeName={typeLabel(current)}
            row={editingEntry.row}
            entries={allRows}
            onClose={() => setEditingEntry(null)}
            onSave={async (body) => {
              await saveEntry(body);
              notify.success(t`保存成功`);
              setEditingEntry(null);
              await refresh();
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
