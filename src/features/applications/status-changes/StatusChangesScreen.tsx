import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { STATUS_CHANGE_PERMS, STATUS_CHANGE_STATES, STATUS_CHANGE_TYPES, STATUS_CHANGE_URLS } from '../../../../contracts/status-change-rules';
import type { StatusChangeRow } from '../../../../contracts/status-changes';
import { useGrants } from '../../../components/Permission';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { SearchHeader } from '../../../components/SearchHeader';
import { TabBar, TabPanel } from '../../../components/TabBar';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { downloadFile } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { useLocalName } from '../../../lib/local-name';
import { notify } from '../../../lib/notify';
import { compactSearch, urlPaging } from '../../../lib/search-params';
import { useApplicationsCatalog } from '../settings/catalog-ready';
import { refreshStatusChanges, statusChangeFilters, statusChangeListInput } from './api';
import { STATE_COLORS, STATE_LABELS, TYPE_LABELS } from './labels';
import type { StatusChangeSearchParams } from './search';
import { BatchAuditBar } from '../BatchAuditBar';

const StatusChangeDrawer = lazy(() => import('./StatusChangeDrawer'));
const ApplyStatusChange = lazy(() => import('./ApplyStatusChange'));
const BatchAuditDialog = lazy(() => import('../BatchAuditDialog'));
const TypeFlagsDialog = lazy(() => import('./TypeFlagsDialog'));

export interface StatusChangesScreenProps {
  search: StatusChangeSearchParams;
  onSearchChange: (next: StatusChangeSearchParams) => void;
}

const fieldsOf = (search: StatusChangeSearchParams) => ({ keyword: search.keyword ?? '', type: search.type ?? '', state: search.state ?? '', from: search.from ?? '', to: search.to ?? '' });
const rowKey = (row: StatusChangeRow) => row.id;

/** 学籍异动 (/xjgl/xjyd), once the applications catalog is in. */
export function StatusChangesScreen(props: StatusChangesScreenProps) {
  return useApplicationsCatalog() ? <StatusChangesBody {...props} /> : null;
}

/**
 * The list of status changes (search by student, type, state, effective dates; paging), 全部 and
 * 待我审核 (an auditor's) with 批量通过 / 批量驳回 over rows in one audit state (SPEC: batch audit only
 * for the same audit state; the applications engine checks it again), 申请异动, 导出, and the drawer of
 * one change with its audit trail.
 */
function StatusChangesBody({ search, onSearchChange }: StatusChangesScreenProps) {
  const { t, i18n } = useLingui();
  const grants = useGrants();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const may = (code: string | undefined) => Boolean(code && grants.permissions.includes(code));
  const auditor = may(STATUS_CHANGE_PERMS.audit);
  const scope = auditor && search.scope === 'todo' ? 'todo' : 'all';
  const table = useTableQuery<StatusChangeRow>(statusChangeListInput({ ...search, scope }));
  const [draft, setDraft] = useState(() => fieldsOf(search));
  const urlFields = JSON.stringify(fieldsOf(search));
  useEffect(() => setDraft(JSON.parse(urlFields) as ReturnType<typeof fieldsOf>), [urlFields]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [batch, setBatch] = useState<{ decision: 'pass' | 'reject'; key: number } | null>(null);
  const [batchError, setBatchError] = useState('');
  const [applying, setApplying] = useState<number | null>(null);
  const [flags, setFlags] = useState(false);
  const listKey = JSON.stringify({ ...search, id: undefined });
  useEffect(() => {
    setSelected(new Set());
    setBatchError('');
  }, [listKey]);
  const rows = table.rows;
  const selectedRows = rows.filter((row) => selected.has(row.id));
  const open = useCallback((id: string) => onSearchChange({ ...search, id }), [onSearchChange, search]);

  const columns = useMemo((): DataTableColumn<StatusChangeRow>[] => {
    const list: DataTableColumn<StatusChangeRow>[] = [];
    const selectLabel = (name: string) => t`选择 ${name}`;
    if (scope === 'todo') {
      list.push(
        selectionColumn<StatusChangeRow>({
          rows,
          rowKey,
          selected,
          onChange: (next) => {
            setBatchError('');
            setSelected(next);
          },
          selectable: (row) => row.mayAudit,
          allLabel: t`全选`,
          rowLabel: (row) => selectLabel(row.studentName),
          testId: 'status-change-select',
        }),
      );
    }
    list.push({
      key: 'student',
      title: t`学生`,
      card: 'title',
      render: (row) => (
        <Button variant="plain" p="0" h="auto" minH="0" fontWeight="medium" colorPalette="brand" onClick={() => open(row.id)} data-testid="status-change-open">
          {row.studentName}
          <Text as="span" color="fg.muted" fontWeight="normal" ms="1" hideBelow="md">
            {row.studentNo}
          </Text>
        </Button>
      ),
    });
    list.push({ key: 'type', title: t`异动类型`, nowrap: true, card: 'key', render: (row) => i18n._(TYPE_LABELS[row.changeType]) });
    list.push({ key: 'from', title: t`原班级`, hideBelow: 'lg', truncate: true, maxWidth: '9rem', render: (row) => localName(row.fromClassName, row.fromClassNameEn) || '—' });
    list.push({ key: 'to', title: t`转入班级`, hideBelow: 'md', truncate: true, maxWidth: '9rem', render: (row) => localName(row.toClassName, row.toClassNameEn) || '—' });
    list.push({ key: 'date', title: t`生效日期`, nowrap: true, card: 'key', render: (row) => formatDate(`${row.effectiveDate}T00:00:00+08:00`) });
    list.push({
      key: 'state',
      title: t`状态`,
      card: 'key',
      render: (row) => (
        <Badge colorPalette={STATE_COLORS[row.state]} data-testid="status-change-state">
          {i18n._(STATE_LABELS[row.state])}
        </Badge>
      ),
    });
    list.push({ key: 'reason', title: t`原因`, hideBelow: 'lg', truncate: true, maxWidth: '8rem', render: (row) => row.reason });
    return list;
  }, [t, i18n, scope, rows, selected, open, localName]);

  const actions = useCallback(
    (row: StatusChangeRow): RowAction[] => [{ key: 'open', label: row.mayAudit ? t`审核` : t`查看`, primary: true, onClick: () => open(row.id), testId: 'status-change-action' }],
    [t, open],
  );
  const rowProps = (row: StatusChangeRow) => ({ 'data-testid': 'status-change-row', 'data-id': row.id, 'data-state': row.state });

  const openBatch = (decision: 'pass' | 'reject') => {
    if (new Set(selectedRows.map((row) => row.auditState)).size > 1) {
      setBatchError(t`所选申请不是同一审核状态，不能批量审核`);
      return;
    }
    setBatchError('');
    setBatch({ decision, key: Date.now() });
  };
  const exportList = async () => {
    try {
      await downloadFile(STATUS_CHANGE_URLS.export, { method: 'POST', body: { search: JSON.stringify(statusChangeFilters(search)) } });
    } catch (failure) {
      notify.error(failure instanceof HttpError ? failure.msg : t`导出失败`);
    }
  };
  const tabs = auditor
    ? [
        { key: 'all', label: t`全部` },
        { key: 'todo', label: t`待我审核` },
      ]
    : [];

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>学籍异动</Trans>
        </Heading>
        {auditor && (
          <Button variant="outline" minH="11" onClick={() => setFlags(true)} data-testid="status-change-types-open">
            <Trans>异动类型</Trans>
          </Button>
        )}
        {may(STATUS_CHANGE_PERMS.export) && (
          <Button variant="outline" minH="11" onClick={() => void exportList()} data-testid="status-change-export">
            <Trans>导出</Trans>
          </Button>
        )}
        {may(STATUS_CHANGE_PERMS.add) && (
          <Button colorPalette="brand" minH="11" onClick={() => setApplying(Date.now())} data-testid="status-change-apply">
            <Trans>申请异动</Trans>
          </Button>
        )}
      </Flex>
      {tabs.length > 0 && (
        <TabBar id="status-changes" tabs={tabs} current={scope} onChange={(next) => onSearchChange(compactSearch({ ...search, scope: next === 'todo' ? 'todo' : undefined, page: undefined, id: undefined }))} testIdPrefix="scope-" />
      )}
      <TabPanel id="status-changes" current={scope}>
        <Stack gap="4">
          <SearchHeader
            busy={table.refreshing}
            defaultOpen={false}
            onSearch={() =>
              onSearchChange(
                compactSearch<StatusChangeSearchParams>({
                  scope: search.scope,
                  size: search.size,
                  keyword: draft.keyword.trim() || undefined,
                  type: (draft.type || undefined) as StatusChangeSearchParams['type'],
                  state: (draft.state || undefined) as StatusChangeSearchParams['state'],
                  from: draft.from || undefined,
                  to: draft.to || undefined,
                }),
              )
            }
            onReset={() => {
              setDraft({ keyword: '', type: '', state: '', from: '', to: '' });
              onSearchChange(compactSearch({ scope: search.scope, size: search.size }));
            }}
          >
            <SearchTextField label={<Trans>姓名/学号</Trans>} width="44" value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="status-change-search-keyword" />
            <SearchSelectField
              label={<Trans>异动类型</Trans>}
              width="36"
              value={draft.type}
              onChange={(type) => setDraft({ ...draft, type })}
              choices={STATUS_CHANGE_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
              testId="status-change-search-type"
            />
            <SearchSelectField
              label={<Trans>状态</Trans>}
              width="36"
              value={draft.state}
              onChange={(state) => setDraft({ ...draft, state })}
              choices={STATUS_CHANGE_STATES.map((state) => ({ value: state, label: i18n._(STATE_LABELS[state]) }))}
              testId="status-change-search-state"
            />
            <SearchTextField label={<Trans>生效日期起</Trans>} type="date" width="40" value={draft.from} max={draft.to || undefined} onChange={(from) => setDraft({ ...draft, from })} />
            <SearchTextField label={<Trans>生效日期止</Trans>} type="date" width="40" value={draft.to} min={draft.from || undefined} onChange={(to) => setDraft({ ...draft, to })} />
          </SearchHeader>

          {scope === 'todo' && <BatchAuditBar count={selectedRows.length} error={batchError} onOpen={openBatch} />}
          <Box>
            <DataTable
              data-testid="status-changes"
              columns={columns}
              actions={actions}
              rows={rows}
              total={table.total}
              loading={table.loading}
              refreshing={table.refreshing}
              rowKey={rowKey}
              rowProps={rowProps}
              {...urlPaging(search, onSearchChange)}
            />
          </Box>
        </Stack>
      </TabPanel>

      <Suspense fallback={null}>
        {(applying !== null || search.apply) && (
          <ApplyStatusChange
            key={applying ?? 'from-link'}
            // opened by a link (班级管理's 转班): the student and the type filled in
            initial={applying === null && search.apply ? { studentId: search.student ?? '', changeType: search.apply } : undefined}
            onClose={() => {
              setApplying(null);
              if (search.apply) onSearchChange(compactSearch({ ...search, apply: undefined, student: undefined }));
            }}
            onSaved={(id) => {
              setApplying(null);
              void refreshStatusChanges(queryClient);
              onSearchChange(compactSearch({ ...search, page: undefined, apply: undefined, student: undefined, id }));
            }}
          />
        )}
        {flags && <TypeFlagsDialog onClose={() => setFlags(false)} />}
        {search.id && <StatusChangeDrawer id={search.id} onClose={() => onSearchChange(compactSearch({ ...search, id: undefined }))} />}
        {batch && (
          <BatchAuditDialog
            key={batch.key}
            decision={batch.decision}
            ids={selectedRows.map((row) => row.id)}
            auditState={selectedRows[0]?.auditState ?? ''}
            onClose={() => setBatch(null)}
            onDone={() => {
              setBatch(null);
              setSelected(new Set());
              void refreshStatusChanges(queryClient);
            }}
            onRefused={(message) => setBatchError(message)}
            onChanged={() => {
              setBatch(null);
              setSelected(new Set());
              setBatchError(t`所选申请的审核状态已变化，列表已刷新，请重新选择`);
              void refreshStatusChanges(queryClient);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
