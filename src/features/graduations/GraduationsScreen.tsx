/**
 * 毕业管理 /xjgl/bygl (issue 23 item 5): 毕业生 by graduation year (newest first) and class, with each
 * graduate's and their parents' account state, 停用账号 / 启用账号, 留级 for the latest year, 打印毕业生名单
 * and 导出; 待毕业: the studying students of the graduating grade, 办理毕业 (date, the account choice)
 * and 留级.
 */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { GRADUATION_PERMS } from '../../../contracts/graduation-rules';
import type { CandidateRow, GraduateRow } from '../../../contracts/graduations';
import { usePermitted } from '../../components/Permission';
import { SearchSelectField, SearchTextField } from '../../components/SearchFields';
import { SearchHeader } from '../../components/SearchHeader';
import { TabBar, TabPanel } from '../../components/TabBar';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/table/DataTable';
import { useListSelection, useSearchDraft } from '../../components/table/list-state';
import { selectionColumn } from '../../components/table/selection';
import { useTableQuery } from '../../components/table/table-query';
import { formatDate } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { compactSearch, urlPaging } from '../../lib/search-params';
import { AccountBadge } from './AccountBadge';
import { exportGraduates, graduationListInput, graduationOptionsQuery, refreshGraduations, switchAccounts } from './api';
import { useGraduationsCatalog } from './catalog';
import type { HoldBackStudent } from './HoldBackDialog';
import type { GraduationSearchParams } from './search';

const GraduateDialog = lazy(() => import('./GraduateDialog'));
const HoldBackDialog = lazy(() => import('./HoldBackDialog'));
const PrintView = lazy(() => import('./PrintView'));

export interface GraduationsScreenProps {
  search: GraduationSearchParams;
  onSearchChange: (next: GraduationSearchParams) => void;
}

type Draft = { year: string; classId: string; keyword: string };
const fieldsOf = (search: GraduationSearchParams): Draft => ({ year: search.year ? String(search.year) : '', classId: search.class ?? '', keyword: search.keyword ?? '' });
const dateText = (date: string) => formatDate(`${date}T00:00:00+08:00`);
/** the search fields open on a laptop, folded on a phone */
const wide = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48em)').matches;

export function GraduationsScreen(props: GraduationsScreenProps) {
  return useGraduationsCatalog() ? <GraduationsBody {...props} /> : null;
}

function GraduationsBody({ search, onSearchChange }: GraduationsScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const localName = useLocalName();
  const tab = search.tab === 'candidates' ? 'candidates' : 'graduates';
  const options = useQuery(graduationOptionsQuery);
  const table = useTableQuery<GraduateRow & CandidateRow>(graduationListInput(search));
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft<Draft>(fieldsOf(search));
  const [selected, setSelected] = useListSelection(search);
  const [graduating, setGraduating] = useState<CandidateRow[] | null>(null);
  const [holding, setHolding] = useState<HoldBackStudent | null>(null);
  const [printing, setPrinting] = useState(false);
  const [busy, setBusy] = useState(false);
  const mayAct = usePermitted({ anyOf: [GRADUATION_PERMS.add] });
  const mayExport = usePermitted({ anyOf: [GRADUATION_PERMS.export] });
  const newestYear = options.data?.years[0]?.year;
  const shownYear = search.year ?? newestYear;
  const gender = useCallback((code: string) => (code === '1' ? t`男` : code === '2' ? t`女` : ''), [t]);
  const refresh = useCallback(() => void refreshGraduations(queryClient), [queryClient]);
  const selectedRows = rows.filter((row) => selected.has(row.id));

  const columns = useMemo((): DataTableColumn<GraduateRow & CandidateRow>[] => {
    const list: DataTableColumn<GraduateRow & CandidateRow>[] = [];
    if (mayAct)
      list.push(
        selectionColumn<GraduateRow & CandidateRow>({ rows, rowKey: (row) => row.id, selected, onChange: setSelected, allLabel: t`全选`, rowLabel: (row) => t`选择 ${row.name}`, testId: 'graduation-select' }),
      );
    list.push(
      { key: 'name', title: t`姓名`, nowrap: true, card: 'title', render: (row) => <Text fontWeight="medium">{row.name}</Text> },
      { key: 'studentNo', title: t`学号`, nowrap: true, card: 'key', render: (row) => row.studentNo },
      { key: 'gender', title: t`性别`, nowrap: true, hideBelow: 'lg', render: (row) => gender(row.gender) },
      { key: 'class', title: t`班级`, truncate: true, maxWidth: '10rem', card: 'key', render: (row) => localName(row.className, row.classNameEn) },
    );
    if (tab === 'candidates') {
      list.push({ key: 'enrolment', title: t`入学日期`, nowrap: true, hideBelow: 'md', render: (row) => dateText(row.enrolmentDate) });
      return list;
    }
    list.push(
      { key: 'graduatedOn', title: t`毕业日期`, nowrap: true, hideBelow: 'md', render: (row) => dateText(row.graduatedOn) },
      {
        key: 'account',
        title: t`学生账号`,
        nowrap: true,
        card: 'key',
        render: (row) => <AccountBadge enabled={row.accountEnabled} ready={row.accountReady} testId="graduate-account" />,
      },
      {
        key: 'parents',
        title: t`家长账号`,
        nowrap: true,
        hideBelow: 'md',
        render: (row) => (row.parentAccounts.total === 0 ? '—' : t`${row.parentAccounts.enabled}/${row.parentAccounts.total} 启用`),
      },
    );
    return list;
  }, [mayAct, rows, selected, setSelected, t, tab, gender, localName]);

  const actions = useCallback(
    (row: GraduateRow & CandidateRow): RowAction[] =>
      mayAct && (tab === 'candidates' || row.mayHoldBack)
        ? [
            {
              key: 'hold-back',
              label: t`留级`,
              primary: true,
              onClick: () =>
                setHolding({
                  id: row.id,
                  name: row.name,
                  version: row.version,
                  repeatLevel: row.repeatLevel,
                  graduated: tab === 'graduates',
                  accountEnabled: row.accountEnabled,
                  accountReady: row.accountReady,
                  parentAccounts: row.parentAccounts,
                }),
              testId: 'graduation-hold-back',
            },
          ]
        : [],
    [mayAct, tab, t],
  );

  const setAccounts = async (enabled: boolean) => {
    setBusy(true);
    try {
      const answer = await switchAccounts([...selected], enabled);
      notify.success(enabled ? t`已启用 ${answer.changed} 个账号` : t`已停用 ${answer.changed} 个账号`);
      setSelected(new Set());
    } catch (failure) {
      notify.error(failure instanceof HttpError ? failure.msg : t`操作失败`);
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const doExport = async () => {
    try {
      await exportGraduates(search);
    } catch (failure) {
      notify.error(failure instanceof HttpError ? failure.msg : t`导出失败`);
    }
  };

  const yearChoices = (options.data?.years ?? []).map((row) => ({ value: String(row.year), label: t`${row.year} 届（${row.count} 人）` }));
  const draftYear = draft.year ? Number(draft.year) : newestYear;
  const classChoices =
    tab === 'candidates'
      ? (options.data?.candidateClasses ?? []).map((klass) => ({ value: klass.id, label: localName(klass.name, klass.nameEn) }))
      : (options.data?.graduateClasses ?? []).filter((klass) => klass.year === draftYear).map((klass) => ({ value: klass.id, label: localName(klass.name, klass.nameEn) }));

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>毕业管理</Trans>
        </Heading>
        {tab === 'graduates' && (
          <Button variant="outline" minH="11" onClick={() => setPrinting(true)} data-testid="graduation-print">
            <Trans>打印毕业生名单</Trans>
          </Button>
        )}
        {tab === 'graduates' && mayExport && (
          <Button variant="outline" minH="11" onClick={() => void doExport()} data-testid="graduation-export">
            <Trans>导出</Trans>
          </Button>
        )}
      </Flex>
      <TabBar
        id="graduations"
        tabs={[
          { key: 'graduates', label: t`毕业生` },
          { key: 'candidates', label: t`待毕业` },
        ]}
        current={tab}
        onChange={(next) => onSearchChange(compactSearch<GraduationSearchParams>({ size: search.size, tab: next === 'candidates' ? 'candidates' : undefined }))}
        testIdPrefix="graduation-tab-"
      />
      <TabPanel id="graduations" current={tab}>
        <SearchHeader
          busy={table.refreshing}
          defaultOpen={wide()}
          onSearch={() =>
            onSearchChange(
              compactSearch<GraduationSearchParams>({
                tab: search.tab,
                size: search.size,
                year: tab === 'graduates' && draft.year ? Number(draft.year) : undefined,
                class: draft.classId || undefined,
                keyword: draft.keyword.trim() || undefined,
              }),
            )
          }
          onReset={() => {
            setDraft(fieldsOf({}));
            onSearchChange(compactSearch<GraduationSearchParams>({ tab: search.tab, size: search.size }));
          }}
        >
          {tab === 'graduates' && (
            <SearchSelectField
              label={<Trans>毕业年份</Trans>}
              width="44"
              value={draft.year || (newestYear ? String(newestYear) : '')}
              onChange={(year) => setDraft({ ...draft, year, classId: '' })}
              choices={yearChoices}
              testId="graduation-search-year"
            />
          )}
          <SearchSelectField label={<Trans>班级</Trans>} width="44" value={draft.classId} onChange={(classId) => setDraft({ ...draft, classId })} choices={classChoices} testId="graduation-search-class" />
          <SearchTextField label={<Trans>姓名/学号</Trans>} width="44" value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="graduation-search-keyword" />
        </SearchHeader>

        {mayAct && (
          <Flex gap="3" align="center" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" flex="1" data-testid="graduation-selected">
              {tab === 'graduates' && shownYear ? <Trans>{shownYear} 届，已选 {selected.size} 人</Trans> : <Trans>已选 {selected.size} 人</Trans>}
            </Text>
            {tab === 'candidates' ? (
              <Button colorPalette="brand" minH="11" disabled={selected.size === 0} onClick={() => setGraduating(selectedRows)} data-testid="graduation-graduate">
                <Trans>办理毕业</Trans>
              </Button>
            ) : (
              <>
                <Button variant="outline" minH="11" disabled={busy || selected.size === 0} onClick={() => void setAccounts(false)} data-testid="graduation-disable">
                  <Trans>停用账号</Trans>
                </Button>
                <Button variant="outline" minH="11" disabled={busy || selected.size === 0} onClick={() => void setAccounts(true)} data-testid="graduation-enable">
                  <Trans>启用账号</Trans>
                </Button>
              </>
            )}
          </Flex>
        )}
        <DataTable
          data-testid="graduations"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          total={table.total}
          loading={table.loading}
          refreshing={table.refreshing}
          actions={actions}
          emptyText={tab === 'candidates' ? t`毕业年级没有待毕业的在读学生` : t`该年份没有毕业生`}
          rowProps={(row) => ({ 'data-testid': 'graduation-row', 'data-code': row.studentNo })}
          {...urlPaging(search, onSearchChange)}
        />
      </TabPanel>

      <Suspense fallback={null}>
        {graduating && (
          <GraduateDialog
            students={graduating}
            onClose={() => setGraduating(null)}
            onDone={() => {
              setGraduating(null);
              setSelected(new Set());
              refresh();
            }}
            onStale={refresh}
          />
        )}
        {holding && (
          <HoldBackDialog
            student={holding}
            onClose={() => setHolding(null)}
            onDone={() => {
              setHolding(null);
              refresh();
            }}
            onStale={refresh}
          />
        )}
        {printing && <PrintView search={search} onClose={() => setPrinting(false)} />}
      </Suspense>
    </Stack>
  );
}
