/**
 * The generic applications list screen (issue 8), one for every kind and route:
 *
 *   <ApplicationsScreen
 *     kinds={['student_leave']}                  // the kinds this screen lists (several: a kind filter appears)
 *     scopes={['mine', 'todo', 'done', 'all']}   // tabs offered; shown only when permitted (scopes.ts: mine: an
 *                                                // add code, or the menu code without an audit code;
 *                                                // todo/done/all: a kind's audit code)
 *     search={search}                            // validated URL search (search.ts applicationSearchParams)
 *     onSearchChange={(next) => navigate(...)}   // new URL search (filters, page, size, scope, id)
 *     title={t`请假管理`}
 *     extraTabs?                                 // optional [{ key, label, render }] after the scope tabs
 *                                                // (e.g. /jzg/jskq 月度汇总); search.scope holds its key
 *   />
 *
 * It embeds the scope tabs, the search header (kind when several, audit state, keyword, date range),
 * table A over /api/applications/list (applicationListInput: route loaders ensure the same first page),
 * row selection with 批量通过 / 批量驳回 (todo only, online only; same audit state required, and sent:
 * a row that moved on meanwhile refuses the batch), the 申请 button
 * (an add code of a shown kind) opening ApplyDrawer, and DetailDrawer for `search.id`. Audits queue
 * through the outbox (outbox-kind.tsx): a queued row shows 待同步 and leaves the todo list at once.
 * The todo page's details (and their pictures) are prefetched online, so they open offline too.
 */
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { KIND_PERMISSIONS, type ApplicationKind } from '../../../contracts/application-rules';
import type { ApplicationRow, ListScope } from '../../../contracts/applications';
import { useGrants } from '../../components/Permission';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/table/DataTable';
import { selectionColumn } from '../../components/table/selection';
import { useTableQuery } from '../../components/table/table-query';
import { SearchSelectField, SearchTextField } from '../../components/SearchFields';
import { SearchHeader } from '../../components/SearchHeader';
import { TabBar, TabPanel } from '../../components/TabBar';
import { connectivity, subscribeConnectivity } from '../../lib/offline/connectivity';
import { useOutboxEntries } from '../../lib/offline/outbox';
import { applicationListInput, prefetchTodoDetails, rememberApplication } from './api';
import { permittedScopes, scopeOf } from './scopes';
import { sameAuditState } from './batch';
import { useApplicationsCatalog } from './settings/catalog-ready';
import { kindDefinition } from './kinds/registry';
import { auditStateLabel, SCOPE_LABELS, STATE_FILTERS } from './labels';
import { StateBadges } from './StateBadges';
import { AUDIT_KIND } from './outbox-kind';
import { compactSearch, type ApplicationSearchParams } from './search';
import { showRange, showTime } from './time';
import { urlPaging } from '../../lib/search-params';
import { BatchAuditBar } from './BatchAuditBar';

const ApplyDrawer = lazy(() => import('./ApplyDrawer'));
const DetailDrawer = lazy(() => import('./DetailDrawer'));
const BatchAuditDialog = lazy(() => import('./BatchAuditDialog'));

export interface ExtraTab {
  key: string;
  label: ReactNode;
  render: () => ReactNode;
}

/** The screen's search: the list's (search.ts) with `scope` open to extra tabs' keys. */
export type ScreenSearch = Omit<ApplicationSearchParams, 'scope'> & { scope?: string };

export interface ApplicationsScreenProps {
  kinds: readonly ApplicationKind[];
  scopes: readonly ListScope[];
  search: ScreenSearch;
  onSearchChange: (next: ScreenSearch) => void;
  title: ReactNode;
  extraTabs?: readonly ExtraTab[];
}

const rowKey = (row: ApplicationRow) => row.id;

/** 待同步 for audits queued (pending or sending); conflicting or failed ones stay in the list. */
function useQueuedAudits(): Map<string, string> {
  const entries = useOutboxEntries({ kind: AUDIT_KIND });
  return useMemo(() => new Map(entries.map((entry) => [(entry.payload as { id: string }).id, entry.state])), [entries]);
}

/** Online as far as the app knows (the browser's flag and the server's last answer). */
const isOnline = () => connectivity() === 'online';
function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/** The search fields as typed, from the URL's search. */
const fieldsOf = (search: ScreenSearch) => ({ kind: search.kind ?? '', state: search.state ?? '', keyword: search.keyword ?? '', from: search.from ?? '', to: search.to ?? '' });

/** The screen once the feature's catalog (catalog.ts) is loaded for the active language. */
export function ApplicationsScreen(props: ApplicationsScreenProps) {
  return useApplicationsCatalog() ? <ApplicationsScreenBody {...props} /> : null;
}

function ApplicationsScreenBody({ kinds, scopes, search, onSearchChange, title, extraTabs = [] }: ApplicationsScreenProps) {
  const { t, i18n } = useLingui();
  const grants = useGrants();
  const allowed = useMemo(() => permittedScopes(kinds, scopes, grants.permissions), [kinds, scopes, grants.permissions]);
  const extra = extraTabs.find((tab) => tab.key === search.scope);
  const scope = scopeOf(search.scope, allowed);
  const auditor = kinds.some((kind) => grants.permissions.includes(KIND_PERMISSIONS[kind].audit));
  const addable = kinds.filter((kind) => grants.permissions.includes(KIND_PERMISSIONS[kind].add));
  // batch audit in 待我审核 only (the brief): every row there waits for my audit; in 全部 most cannot be audited
  const selectable = auditor && scope === 'todo' && !extra;
  const online = useOnline();
  const queryClient = useQueryClient();

  const input = applicationListInput(kinds, scope, search);
  const table = useTableQuery<ApplicationRow>({ ...input, enabled: !extra && allowed.length > 0 });
  const queued = useQueuedAudits();
  // the todo list drops what I audited offline at once (the outbox delivers it later)
  const pageRows = table.rows;
  const dropped = scope === 'todo' ? pageRows.filter((row) => queued.get(row.id) === 'pending' || queued.get(row.id) === 'sending') : [];
  const rows = dropped.length ? pageRows.filter((row) => !dropped.includes(row)) : pageRows;
  useEffect(() => pageRows.forEach(rememberApplication), [pageRows]);
  // the todo page's details and pictures, for an offline audit of a row never opened (H1)
  useEffect(() => {
    if (scope === 'todo' && !extra && online && table.isSuccess && pageRows.length > 0) void prefetchTodoDetails(queryClient, pageRows);
  }, [scope, extra, online, table.isSuccess, pageRows, queryClient]);

  // the fields follow the URL (a message link, the back button), and are typed freely meanwhile
  const [draft, setDraft] = useState(() => fieldsOf(search));
  const urlFields = JSON.stringify(fieldsOf(search));
  useEffect(() => setDraft(JSON.parse(urlFields) as ReturnType<typeof fieldsOf>), [urlFields]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [batch, setBatch] = useState<{ decision: 'pass' | 'reject'; key: number } | null>(null);
  const [batchError, setBatchError] = useState('');
  const [applying, setApplying] = useState<number | null>(null);
  const listKey = JSON.stringify(input);
  useEffect(() => {
    setSelected(new Set());
    setBatchError('');
  }, [listKey]);

  const selectedRows = rows.filter((row) => selected.has(row.id));
  const notSame = t`所选申请不是同一审核状态，不能批量审核`;
  const selectionChanged = t`所选申请的审核状态已变化，列表已刷新，请重新选择`;
  const openBatch = (decision: 'pass' | 'reject') => {
    if (!online) return;
    if (!sameAuditState(selectedRows)) {
      setBatchError(notSame);
      return;
    }
    setBatchError('');
    setBatch({ decision, key: Date.now() });
  };
  const showKind = kinds.length > 1;
  const showLeaveType = kinds.some((kind) => kindDefinition(kind).hasLeaveType);
  const showRangeColumn = kinds.some((kind) => kindDefinition(kind).hasTimeRange);
  const open = useCallback((id: string) => onSearchChange({ ...search, id }), [onSearchChange, search]);

  const columns = useMemo((): DataTableColumn<ApplicationRow>[] => {
    const list: DataTableColumn<ApplicationRow>[] = [];
    const selectLabel = (name: string) => t`选择 ${name}`;
    if (selectable) {
      list.push(
        selectionColumn<ApplicationRow>({
          rows,
          rowKey: (row) => row.id,
          selected,
          onChange: (next) => {
            setBatchError('');
            setSelected(next);
          },
          selectable: (row) => !row.expired,
          allLabel: t`全选`,
          rowLabel: (row) => selectLabel(row.applicantName),
          testId: 'application-select',
          allTestId: 'application-select-all',
        }),
      );
    }
    list.push({
      key: 'applicant',
      title: t`申请人`,
      card: 'title',
      render: (row) => (
        <>
          <Button variant="plain" p="0" h="auto" minH="0" fontWeight="medium" colorPalette="brand" onClick={() => open(row.id)} data-testid="application-open">
            {row.applicantName}
            {row.applicantNo && (
              <Text as="span" color="fg.muted" fontWeight="normal" ms="1" hideBelow="md">
                {row.applicantNo}
              </Text>
            )}
          </Button>
          {/* phones: the period column is hidden, its start shows here */}
          {row.startsAt && (
            <Text fontSize="xs" color="fg.muted" hideFrom="sm">
              {showTime(row.startsAt)}
            </Text>
          )}
        </>
      ),
    });
    list.push({ key: 'orgUnit', title: t`班级/部门`, hideBelow: 'lg', muted: true, truncate: true, maxWidth: '8rem', render: (row) => row.orgUnitName });
    if (showKind) list.push({ key: 'kind', title: t`类型`, card: 'key', render: (row) => i18n._(kindDefinition(row.kind).label) });
    if (showLeaveType) list.push({ key: 'leaveType', title: t`请假类型`, nowrap: true, hideBelow: 'md', render: (row) => row.leaveTypeName || '—' });
    if (showRangeColumn) {
      list.push({ key: 'range', title: t`起止时间`, hideBelow: 'sm', card: 'key', render: (row) => (row.startsAt ? showRange(row.startsAt, row.endsAt) : '—') });
      list.push({ key: 'days', title: t`天数`, align: 'end', nowrap: true, hideBelow: 'md', render: (row) => (row.startsAt ? String(row.days) : '—') });
    }
    list.push({ key: 'reason', title: t`事由`, hideBelow: 'lg', truncate: true, maxWidth: '10rem', render: (row) => row.reason });
    list.push({ key: 'state', title: t`状态`, card: 'key', render: (row) => <StateBadges row={row} queued={queued.get(row.id)} /> });
    list.push({ key: 'submittedAt', title: t`申请时间`, hideBelow: 'lg', muted: true, render: (row) => showTime(row.submittedAt) });
    return list;
  }, [t, i18n, selectable, rows, selected, showKind, showLeaveType, showRangeColumn, queued, open]);
  /** 审核 on 待我审核 (not past its deadline), else 查看: the pinned column's and the card's one button. */
  const actions = useCallback(
    (row: ApplicationRow): RowAction[] => [{ key: 'open', label: scope === 'todo' && !row.expired ? t`审核` : t`查看`, primary: true, onClick: () => open(row.id), testId: 'application-action' }],
    [t, scope, open],
  );

  const rowProps = (row: ApplicationRow) => ({
    'data-testid': 'application-row',
    'data-id': row.id,
    'data-audit-state': row.auditState,
    'data-expired': row.expired ? '1' : '0',
  });

  const setScope = (next: string) => onSearchChange(compactSearch({ ...search, scope: next, page: undefined, id: undefined }));

  const tabs = [...allowed.map((key) => ({ key, label: i18n._(SCOPE_LABELS[key]) as ReactNode })), ...extraTabs.map((tab) => ({ key: tab.key, label: tab.label }))];
  const current = extra ? extra.key : scope;

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          {title}
        </Heading>
        {addable.length > 0 && (
          <Button colorPalette="brand" minH="11" onClick={() => setApplying(Date.now())} data-testid="application-apply">
            <Trans>申请</Trans>
          </Button>
        )}
      </Flex>

      {tabs.length > 1 && <TabBar id="applications" tabs={tabs} current={current} onChange={setScope} testIdPrefix="scope-" />}

      <TabPanel id="applications" current={current}>
      {extra ? (
        extra.render()
      ) : allowed.length === 0 ? (
        <Text color="fg.muted">
          <Trans>没有查看权限，请联系管理员</Trans>
        </Text>
      ) : (
        <>
          <SearchHeader
            busy={table.refreshing}
            defaultOpen={false}
            onSearch={() =>
              onSearchChange(
                compactSearch<ScreenSearch>({
                  scope: search.scope,
                  size: search.size,
                  kind: (draft.kind || undefined) as ApplicationKind | undefined,
                  state: draft.state || undefined,
                  keyword: draft.keyword.trim() || undefined,
                  from: draft.from || undefined,
                  to: draft.to || undefined,
                }),
              )
            }
            onReset={() => {
              setDraft({ kind: '', state: '', keyword: '', from: '', to: '' });
              onSearchChange(compactSearch({ scope: search.scope, size: search.size }));
            }}
          >
            {showKind && (
              <SearchSelectField
                label={<Trans>类型</Trans>}
                width="40"
                value={draft.kind}
                onChange={(kind) => setDraft({ ...draft, kind })}
                choices={kinds.map((kind) => ({ value: kind, label: i18n._(kindDefinition(kind).label) }))}
              />
            )}
            <SearchSelectField
              label={<Trans>审核状态</Trans>}
              width="44"
              value={draft.state}
              onChange={(state) => setDraft({ ...draft, state })}
              choices={STATE_FILTERS.map((state) => ({ value: state, label: i18n._(auditStateLabel(state)) }))}
            />
            <SearchTextField label={<Trans>姓名/学号</Trans>} width="44" value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} />
            <SearchTextField label={<Trans>开始日期</Trans>} type="date" width="40" value={draft.from} max={draft.to || undefined} onChange={(from) => setDraft({ ...draft, from })} />
            <SearchTextField label={<Trans>结束日期</Trans>} type="date" width="40" value={draft.to} min={draft.from || undefined} onChange={(to) => setDraft({ ...draft, to })} />
          </SearchHeader>

          {selectable && <BatchAuditBar count={selectedRows.length} online={online} error={batchError} onOpen={openBatch} />}

          <Box>
            <DataTable
              data-testid="applications"
              columns={columns}
              actions={actions}
              rows={rows}
              total={Math.max(0, table.total - dropped.length)}
              loading={table.loading}
              refreshing={table.refreshing}
              rowKey={rowKey}
              rowProps={rowProps}
              {...urlPaging(search, onSearchChange)}
            />
          </Box>
        </>
      )}
      </TabPanel>

      <Suspense fallback={null}>
        {applying !== null && (
          <ApplyDrawer
            key={applying}
            kinds={addable}
            onClose={() => setApplying(null)}
            onSaved={(id) => {
              setApplying(null);
              onSearchChange(compactSearch({ ...search, scope: allowed.includes('mine') ? 'mine' : search.scope, page: undefined, id }));
            }}
          />
        )}
        {search.id && !extra && <DetailDrawer id={search.id} onClose={() => onSearchChange(compactSearch({ ...search, id: undefined }))} />}
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
            }}
            onRefused={(message) => setBatchError(message)}
            onChanged={() => {
              // a selected row was audited meanwhile: the list is refreshed (the dialog did), select again
              setBatch(null);
              setSelected(new Set());
              setBatchError(selectionChanged);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
