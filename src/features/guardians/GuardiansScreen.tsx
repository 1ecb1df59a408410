/**
 * 家庭信息 /jcsj/jtxx (issue 23 item 3): students with their guardians, searched by student name or
 * number, class (the org tree) and guardian name or phone; a student's guardians are edited in a drawer
 * (add, link an existing guardian to another child, reorder the emergency contacts, unlink); parent
 * accounts for the selected students (SPEC §9, with a line per student); export.
 */
import { Badge, Box, Button, Dialog, Field, Flex, Heading, Portal, Stack, Text, CloseButton } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { FAMILY_RELATION_DICT } from '../../../contracts/dict-codes';
import { GUARDIANS_EDIT_PERMISSION, GUARDIANS_EXPORT_PERMISSION } from '../../../contracts/guardian-constants';
import type { GuardianAccountLine, GuardianListRow } from '../../../contracts/guardians';
import { Permission, usePermitted } from '../../components/Permission';
import { SearchHeader } from '../../components/SearchHeader';
import { SearchTextField } from '../../components/SearchFields';
import { PeopleOrgRoleSelector } from '../../components/selector/PeopleOrgRoleSelector';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/table/DataTable';
import { useListSelection, useSearchDraft } from '../../components/table/list-state';
import { selectionColumn } from '../../components/table/selection';
import { useTableQuery } from '../../components/table/table-query';
import { dictLabel, dictQuery } from '../../lib/dicts';
import { HttpError } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { compactSearch, urlPaging } from '../../lib/search-params';
import { createParentAccounts, exportGuardians, guardianListInput, refreshGuardians } from './api';
import { useGuardiansCatalog } from './catalog';
import type { GuardianSearchParams } from './search';

const GuardianDrawer = lazy(() => import('./GuardianDrawer'));

export interface GuardiansScreenProps {
  search: GuardianSearchParams;
  onSearchChange: (next: GuardianSearchParams) => void;
}

type Draft = { keyword: string; org: string; guardian: string };
const fieldsOf = (search: GuardianSearchParams): Draft => ({ keyword: search.keyword ?? '', org: search.org ?? '', guardian: search.guardian ?? '' });
const rowKey = (row: GuardianListRow) => row.studentId;
const wide = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48em)').matches;

export function GuardiansScreen(props: GuardiansScreenProps) {
  return useGuardiansCatalog() ? <GuardiansScreenBody {...props} /> : null;
}

function GuardiansScreenBody({ search, onSearchChange }: GuardiansScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const localName = useLocalName();
  const table = useTableQuery<GuardianListRow>(guardianListInput(search));
  const rows = table.rows;
  const relations = useQuery(dictQuery(FAMILY_RELATION_DICT));
  const relationName = useCallback((code: string) => dictLabel(relations.data, code, i18n.locale), [relations.data, i18n.locale]);
  const [draft, setDraft] = useSearchDraft<Draft>(fieldsOf(search));
  const [orgName, setOrgName] = useState('');
  const [selected, setSelected] = useListSelection(search);
  const [opened, setOpened] = useState<GuardianListRow | null>(null);
  const [report, setReport] = useState<GuardianAccountLine[] | null>(null);
  const [busy, setBusy] = useState(false);
  const mayEdit = usePermitted({ anyOf: [GUARDIANS_EDIT_PERMISSION] });

  const columns = useMemo(
    (): DataTableColumn<GuardianListRow>[] => [
      ...(mayEdit
        ? [selectionColumn<GuardianListRow>({ rows, rowKey, selected, onChange: setSelected, allLabel: t`全选`, rowLabel: (row) => t`选择 ${row.studentName}`, testId: 'guardian-select' })]
        : []),
      { key: 'student', title: t`学生`, nowrap: true, card: 'title', render: (row) => <Text fontWeight="medium">{row.studentName}</Text> },
      { key: 'studentNo', title: t`学号`, nowrap: true, card: 'key', render: (row) => row.studentNo || '—' },
      { key: 'class', title: t`班级`, nowrap: true, hideBelow: 'md', render: (row) => localName(row.className, row.classNameEn) || '—' },
      {
        key: 'guardians',
        title: t`监护人`,
        card: 'key',
        render: (row) =>
          row.guardians.length === 0 ? (
            <Text color="fg.muted">{t`暂无监护人`}</Text>
          ) : (
            <Stack gap="0.5" data-testid="guardian-names">
              {row.guardians.map((guardian) => (
                <Text key={guardian.parentId} fontSize="sm">
                  {guardian.emergencyOrder ? `${guardian.emergencyOrder}. ` : ''}
                  {t`${guardian.name}（${relationName(guardian.relation)}）`} {guardian.phone}
                </Text>
              ))}
            </Stack>
          ),
      },
      {
        key: 'account',
        title: t`家长账号`,
        card: 'key',
        render: (row) => {
          const holders = row.guardians.filter((guardian) => guardian.hasAccount);
          return holders.length > 0 ? (
            <Text fontFamily="mono" fontSize="sm" data-testid="guardian-account">
              {holders.map((guardian) => guardian.account).join(', ')}
            </Text>
          ) : (
            <Badge colorPalette="gray" data-testid="guardian-account">
              {t`未开通`}
            </Badge>
          );
        },
      },
    ],
    [rows, selected, setSelected, t, localName, relationName, mayEdit],
  );

  const actions = useCallback(
    (row: GuardianListRow): RowAction[] => [{ key: 'open', label: mayEdit ? t`管理监护人` : t`查看`, primary: true, onClick: () => setOpened(row), testId: 'guardian-open' }],
    [t, mayEdit],
  );

  const makeAccounts = async () => {
    setBusy(true);
    try {
      const answer = await createParentAccounts([...selected]);
      setReport(answer.lines);
      setSelected(new Set());
    } catch (error) {
      if (error instanceof HttpError) notify.error(error.msg);
    } finally {
      setBusy(false);
      await refreshGuardians(queryClient);
    }
  };

  const doExport = async () => {
    try {
      await exportGuardians(search);
    } catch (error) {
      if (error instanceof HttpError) notify.error(error.msg);
    }
  };

  const resultText = (line: GuardianAccountLine) => (line.result === 'created' ? t`已创建` : line.result === 'skipped' ? t`已跳过` : t`失败`);

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>家庭信息</Trans>
        </Heading>
        <Permission anyOf={[GUARDIANS_EDIT_PERMISSION]}>
          <Button variant="outline" minH="11" disabled={busy || selected.size === 0} onClick={() => void makeAccounts()} data-testid="guardian-accounts">
            <Trans>为所选学生创建家长账号</Trans>
          </Button>
        </Permission>
        <Permission anyOf={[GUARDIANS_EXPORT_PERMISSION]}>
          <Button variant="outline" minH="11" onClick={() => void doExport()} data-testid="guardian-export">
            <Trans>导出</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        defaultOpen={wide()}
        onSearch={() =>
          onSearchChange(compactSearch<GuardianSearchParams>({ size: search.size, keyword: draft.keyword.trim() || undefined, org: draft.org || undefined, guardian: draft.guardian.trim() || undefined }))
        }
        onReset={() => {
          setDraft(fieldsOf({}));
          setOrgName('');
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>学生姓名或学号</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="guardian-search-keyword" />
        <Field.Root width={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">
            <Trans>班级</Trans>
          </Field.Label>
          <PeopleOrgRoleSelector
            types={['org']}
            multiple={false}
            limit={1}
            value={draft.org ? `O_${draft.org}` : ''}
            placeholder={orgName || undefined}
            aria-label={t`班级`}
            onChange={(value, entries) => {
              setDraft({ ...draft, org: value.split(',').find((code) => code.startsWith('O_'))?.slice(2) ?? '' });
              setOrgName(entries[0]?.NAME ?? '');
            }}
          />
        </Field.Root>
        <SearchTextField label={<Trans>监护人姓名或电话</Trans>} value={draft.guardian} onChange={(guardian) => setDraft({ ...draft, guardian })} testId="guardian-search-guardian" />
      </SearchHeader>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        actions={actions}
        rowProps={(row) => ({ 'data-testid': 'guardian-row', 'data-code': row.studentNo })}
        {...urlPaging(search, onSearchChange)}
      />
      {opened && (
        <Suspense fallback={null}>
          <GuardianDrawer studentId={opened.studentId} mayEdit={mayEdit} onClose={() => setOpened(null)} onChanged={() => void refreshGuardians(queryClient)} />
        </Suspense>
      )}
      <Dialog.Root open={report !== null} onOpenChange={(details) => !details.open && setReport(null)} size={{ base: 'full', sm: 'lg' }} placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="guardian-report">
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>家长账号创建结果</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="2" as="ul" listStyleType="none">
                  {(report ?? []).map((line) => (
                    <Box as="li" key={line.studentNo + line.account} borderBottomWidth="1px" pb="2" data-testid="guardian-report-line" data-result={line.result}>
                      <Text fontWeight="medium">
                        {line.studentName} {line.studentNo} · {resultText(line)}
                      </Text>
                      <Text fontSize="sm">
                        {line.guardianName} {line.account}
                      </Text>
                      {line.reason && (
                        <Text fontSize="sm" color={line.result === 'failed' ? 'fg.error' : 'fg.muted'}>
                          {line.reason}
                        </Text>
                      )}
                    </Box>
                  ))}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="brand" minW="20" onClick={() => setReport(null)}>
                  <Trans>关闭</Trans>
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`关闭`} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
