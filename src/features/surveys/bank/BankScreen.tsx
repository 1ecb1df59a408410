/**
 * 题目配置 /pztm/pztm (jzwj_wjsz; issue 9, H3): the question bank reused across questionnaires. The
 * search header (keyword, kind, category) with its search in the URL, the table (title, kind,
 * category, options, creator, updated), add / edit in a drawer with the builder's question editor,
 * delete (one or the selected, asks first). Builders insert these with 从题库插入.
 */
import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { BankQuestionRow } from '../../../../contracts/surveys';
import { QUESTION_KINDS, type QuestionKind } from '../../../../contracts/survey-rules';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { SearchHeader } from '../../../components/SearchHeader';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { notify } from '../../../lib/notify';
import { showTime } from '../builder/time';
import { useSurveysCatalog } from '../catalog';
import { KIND_ICONS, KIND_LABELS } from '../labels';
import { bankListInput, deleteBankQuestions, refreshBank, saveBankQuestion } from '../manage-api';
import { compactSearch, type BankSearchParams } from '../manage/search';
import { wide } from '../manage/layout';
import { urlPaging } from '../../../lib/search-params';

const BankQuestionDrawer = lazy(() => import('./BankQuestionDrawer'));

export interface BankScreenProps {
  search: BankSearchParams;
  onSearchChange: (next: BankSearchParams) => void;
}

const fieldsOf = (search: BankSearchParams) => ({ keyword: search.keyword ?? '', kind: search.kind ?? '', category: search.category ?? '' });
const rowKey = (row: BankQuestionRow) => row.id;

export function BankScreen(props: BankScreenProps) {
  return useSurveysCatalog() ? <BankScreenBody {...props} /> : null;
}

function BankScreenBody({ search, onSearchChange }: BankScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const table = useTableQuery<BankQuestionRow>(bankListInput(search));
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft(fieldsOf(search));
  const [selected, setSelected] = useListSelection(search);
  const [editing, setEditing] = useState<{ row?: BankQuestionRow; key: number } | null>(null);
  const { target: deleting, ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<BankQuestionRow[]>({
    remove: (questions) => deleteBankQuestions(questions.map((row) => row.id)),
    onDeleted: () => setSelected(new Set()),
    onSettled: () => refreshBank(queryClient),
  });

  const selectLabel = useCallback((name: string) => t`选择 ${name}`, [t]);
  const columns = useMemo((): DataTableColumn<BankQuestionRow>[] => [
    selectionColumn<BankQuestionRow>({
      rows,
      rowKey: (row) => row.id,
      selected,
      onChange: setSelected,
      allLabel: t`全选`,
      rowLabel: (row) => selectLabel(row.question.title),
      testId: 'bank-select',
    }),
    {
      key: 'title',
      title: t`题目`,
      minWidth: '48',
      render: (row) => (
        <Stack gap="0.5">
          <Text fontWeight="medium">{row.question.title}</Text>
          {row.question.options.length > 0 && (
            <Text fontSize="xs" color="fg.muted" lineClamp={1}>
              {row.question.options.map((option) => option.label).join(' / ')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'kind',
      title: t`题型`,
      nowrap: true,
      render: (row) => {
        const Icon = KIND_ICONS[row.question.kind];
        return (
          <Badge variant="subtle" colorPalette="brand" gap="1">
            <Icon boxSize="3.5" />
            {i18n._(KIND_LABELS[row.question.kind])}
          </Badge>
        );
      },
    },
    { key: 'category', title: t`分类`, nowrap: true, hideBelow: 'sm', render: (row) => row.category || '—' },
    { key: 'creator', title: t`创建人`, nowrap: true, hideBelow: 'lg', muted: true, render: (row) => row.createdByName },
    { key: 'updatedAt', title: t`更新时间`, nowrap: true, hideBelow: 'lg', muted: true, render: (row) => showTime(row.updatedAt) },
    {
      key: 'actions',
      title: t`操作`,
      nowrap: true,
      render: (row) => (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => setEditing({ row, key: Date.now() })} data-testid="bank-edit">
            <Trans>编辑</Trans>
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => askDelete([row])} data-testid="bank-delete">
            <Trans>删除</Trans>
          </Button>
        </HStack>
      ),
    },
  ], [rows, selected, t, i18n, selectLabel, askDelete, setSelected]);

  const selectedRows = rows.filter((row) => selected.has(row.id));
  const selectedCount = selectedRows.length;
  const deleteCount = deleting?.length ?? 0;

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>题目配置</Trans>
        </Heading>
        <Button colorPalette="brand" minH="11" onClick={() => setEditing({ key: Date.now() })} data-testid="bank-add">
          <Trans>新增题目</Trans>
        </Button>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        defaultOpen={wide()}
        onSearch={() =>
          onSearchChange(
            compactSearch<BankSearchParams>({
              size: search.size,
              keyword: draft.keyword.trim() || undefined,
              kind: (draft.kind || undefined) as QuestionKind | undefined,
              category: draft.category.trim() || undefined,
            }),
          )
        }
        onReset={() => {
          setDraft({ keyword: '', kind: '', category: '' });
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>题目</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="bank-search-keyword" />
        <SearchSelectField
          label={<Trans>题型</Trans>}
          value={draft.kind}
          onChange={(kind) => setDraft({ ...draft, kind })}
          choices={QUESTION_KINDS.map((kind) => ({ value: kind, label: i18n._(KIND_LABELS[kind]) }))}
        />
        <SearchTextField label={<Trans>分类</Trans>} width="40" value={draft.category} onChange={(category) => setDraft({ ...draft, category })} />
      </SearchHeader>
      <BatchDeleteBar selectedCount={selectedCount} onDelete={() => askDelete(selectedRows)} testId="bank-batch-delete" />
      <DataTable
        data-testid="bank"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        rowProps={(row) => ({ 'data-testid': 'bank-row', 'data-id': row.id })}
        {...urlPaging(search, onSearchChange)}
      />
      <ConfirmDelete {...deleteDialog} title={<Trans>删除题目</Trans>}>
        <Trans>共 {deleteCount} 道题；已插入问卷的题目不受影响。</Trans>
      </ConfirmDelete>
      <Suspense fallback={null}>
        {editing && (
          <BankQuestionDrawer
            key={editing.key}
            row={editing.row}
            onClose={() => setEditing(null)}
            onSave={async (body) => {
              await saveBankQuestion(body);
              notify.success(t`保存成功`);
              setEditing(null);
              await refreshBank(queryClient);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
