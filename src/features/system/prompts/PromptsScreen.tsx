/**
 * AI提示词管理 /system/aitsc (system_ai_prompt): the search header (keyword: name, code or scene;
 * enabled) with its state in the URL, the table (name, code, scene, content, model, enabled switch,
 * sort), copy a prompt's content, add / edit in a drawer, delete one or the selected (asks first).
 */
import { Badge, Button, chakra, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { AI_PROMPTS_ADD_PERMISSION, AI_PROMPTS_DELETE_PERMISSION, AI_PROMPTS_EDIT_PERMISSION } from '../../../../contracts/ai-prompt-rules';
import type { AiPromptRow } from '../../../../contracts/ai-prompts';
import { Switch } from '../../../components/form/fields';
import { Permission, usePermitted } from '../../../components/Permission';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { SearchHeader } from '../../../components/SearchHeader';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { copyText } from '../../../lib/clipboard';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { deletePrompts, promptListInput, refreshPrompts, savePrompt, setPromptEnabled } from './api';
import { usePromptsCatalog } from './catalog';
import { compactSearch, urlPaging } from '../../../lib/search-params';
import type { PromptSearchParams } from './search';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';

const PromptDrawer = lazy(() => import('./PromptDrawer'));

export interface PromptsScreenProps {
  search: PromptSearchParams;
  onSearchChange: (next: PromptSearchParams) => void;
}

const rowKey = (row: AiPromptRow) => row.id;
const fieldsOf = (search: PromptSearchParams) => ({ keyword: search.keyword ?? '', enabled: search.enabled ?? '' });

export function PromptsScreen(props: PromptsScreenProps) {
  return usePromptsCatalog() ? <PromptsScreenBody {...props} /> : null;
}

/** A refusal's msg as a toast; the caller decides what else happens. */
function warn(error: unknown) {
  reportFailure(error, 'error');
}

function PromptsScreenBody({ search, onSearchChange }: PromptsScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const table = useTableQuery<AiPromptRow>(promptListInput(search));
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft(fieldsOf(search));
  const [selected, setSelected] = useListSelection(search);
  const [editing, setEditing] = useState<{ row?: AiPromptRow; key: number } | null>(null);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<AiPromptRow[]>({
    remove: (rows) => deletePrompts(rows.map((row) => row.id)),
    onDeleted: () => setSelected(new Set()),
    onSettled: () => refreshPrompts(queryClient),
  });
  const mayEdit = usePermitted({ anyOf: [AI_PROMPTS_EDIT_PERMISSION] });
  const mayDelete = usePermitted({ anyOf: [AI_PROMPTS_DELETE_PERMISSION] });

  const columns = useMemo((): DataTableColumn<AiPromptRow>[] => {
    const toggle = async (row: AiPromptRow, enabled: boolean) => {
      try {
        await setPromptEnabled(row, enabled);
        notify.success(enabled ? t`已启用` : t`已停用`);
      } catch (error) {
        warn(error);
      }
      await refreshPrompts(queryClient);
    };
    return [
      ...(mayDelete
        ? [
            selectionColumn<AiPromptRow>({
              rows,
              rowKey,
              selected,
              onChange: setSelected,
              allLabel: t`全选`,
              rowLabel: (row) => t`选择 ${row.name}`,
              testId: 'prompt-select',
            }),
          ]
        : []),
      { key: 'name', title: t`名称`, nowrap: true, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
      { key: 'code', title: t`编码`, nowrap: true, render: (row) => <Text fontFamily="mono" fontSize="sm">{row.code}</Text> },
      { key: 'scene', title: t`使用场景`, nowrap: true, hideBelow: 'sm', render: (row) => row.scene || '—' },
      {
        key: 'content',
        title: t`提示词内容`,
        minWidth: '64',
        hideBelow: 'md',
        render: (row) => (
          <Text fontSize="sm" color="fg.muted" lineClamp={2} title={row.content}>
            {row.content}
          </Text>
        ),
      },
      { key: 'model', title: t`模型`, nowrap: true, hideBelow: 'lg', render: (row) => row.model || t`默认` },
      {
        key: 'enabled',
        title: t`启用`,
        nowrap: true,
        render: (row) =>
          mayEdit ? (
            <span data-testid="prompt-enabled">
              {/* the switch's name: a label for its id (a name on the wrapper is not the switch's) */}
              <chakra.label htmlFor={`prompt-enabled-${row.id}`} srOnly>
                {t`启用 ${row.name}`}
              </chakra.label>
              <Switch id={`prompt-enabled-${row.id}`} checked={row.enabled} onChange={(enabled) => void toggle(row, enabled)} />
            </span>
          ) : (
            <Badge colorPalette={row.enabled ? 'green' : 'gray'}>{row.enabled ? t`启用` : t`停用`}</Badge>
          ),
      },
      { key: 'sort', title: t`排序`, nowrap: true, hideBelow: 'lg', align: 'end', render: (row) => row.sort },
      {
        key: 'actions',
        title: t`操作`,
        nowrap: true,
        render: (row) => (
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => void copyText(row.content)} data-testid="prompt-copy">
              <Trans>复制</Trans>
            </Button>
            <Permission anyOf={[AI_PROMPTS_EDIT_PERMISSION]}>
              <Button size="xs" variant="outline" onClick={() => setEditing({ row, key: Date.now() })} data-testid="prompt-edit">
                <Trans>编辑</Trans>
              </Button>
            </Permission>
            <Permission anyOf={[AI_PROMPTS_DELETE_PERMISSION]}>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => askDelete([row])} data-testid="prompt-delete">
                <Trans>删除</Trans>
              </Button>
            </Permission>
          </HStack>
        ),
      },
    ];
  }, [rows, selected, setSelected, t, mayEdit, mayDelete, queryClient, askDelete]);

  const selectedRows = rows.filter((row) => selected.has(row.id));

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>AI提示词管理</Trans>
        </Heading>
        <Permission anyOf={[AI_PROMPTS_ADD_PERMISSION]}>
          <Button colorPalette="brand" minH="11" onClick={() => setEditing({ key: Date.now() })} data-testid="prompt-add">
            <Trans>新增提示词</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        defaultOpen
        onSearch={() => onSearchChange(compactSearch<PromptSearchParams>({ size: search.size, keyword: draft.keyword.trim() || undefined, enabled: (draft.enabled || undefined) as '0' | '1' | undefined }))}
        onReset={() => {
          setDraft({ keyword: '', enabled: '' });
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>名称/编码/场景</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="prompt-search-keyword" />
        <SearchSelectField
          label={<Trans>状态</Trans>}
          value={draft.enabled}
          onChange={(enabled) => setDraft({ ...draft, enabled })}
          choices={[
            { value: '1', label: t`启用` },
            { value: '0', label: t`停用` },
          ]}
          testId="prompt-search-enabled"
        />
      </SearchHeader>
      <Permission anyOf={[AI_PROMPTS_DELETE_PERMISSION]}>
        <BatchDeleteBar selectedCount={selectedRows.length} onDelete={() => askDelete(selectedRows)} testId="prompt-batch-delete" />
      </Permission>
      <DataTable
        data-testid="prompts"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        rowProps={(row) => ({ 'data-testid': 'prompt-row', 'data-code': row.code })}
        {...urlPaging(search, onSearchChange)}
      />
      <ConfirmDelete {...deleteDialog} title={<Trans>删除提示词</Trans>} />
      <Suspense fallback={null}>
        {editing && (
          <PromptDrawer
            key={editing.key}
            row={editing.row}
            onClose={() => setEditing(null)}
            onSave={async (input) => {
              try {
                await savePrompt(input);
              } catch (error) {
                warn(error);
                if (error instanceof HttpError && error.code === 40900 && input.id) await refreshPrompts(queryClient);
                throw error;
              }
              notify.success(t`保存成功`);
              setEditing(null);
              await refreshPrompts(queryClient);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
