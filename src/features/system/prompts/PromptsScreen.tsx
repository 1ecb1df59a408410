/**
 * AI提示词管理 /system/aitsc (system_ai_prompt) on the resource kit: what is its own is the content
 * column (two lines) and 复制 (the prompt text to the clipboard); the rest comes from the definition.
 */
import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ResourceRow } from '../../../../contracts/resource';
import { aiPrompts } from '../../../../contracts/resources/ai-prompts';
import type { ResourceScreenProps } from '../../../components/resource/feature';
import { ResourceScreen, ToggleCell } from '../../../components/resource/ResourceScreen';
import { useResourceList } from '../../../components/resource/useResourceList';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { copyText } from '../../../lib/clipboard';
import { useFeatureCatalog } from '../../../lib/feature-catalog';
import { promptsCatalog } from './catalog';

type PromptRow = ResourceRow<typeof aiPrompts>;

export function PromptsScreen(props: ResourceScreenProps) {
  return useFeatureCatalog(promptsCatalog) ? <PromptsScreenBody {...props} /> : null;
}

function PromptsScreenBody({ search, onSearchChange }: ResourceScreenProps) {
  const { t } = useLingui();
  const list = useResourceList<PromptRow>(aiPrompts, search, onSearchChange, { rowName: (row) => row.name });
  const columns: DataTableColumn<PromptRow>[] = [
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'code', title: list.title('code'), nowrap: true, sortable: true, render: (row) => <Text fontFamily="mono" fontSize="sm">{row.code}</Text> },
    { key: 'scene', title: list.title('scene'), nowrap: true, sortable: true, hideBelow: 'sm', render: (row) => row.scene || '—' },
    {
      key: 'content',
      title: list.title('content'),
      minWidth: '64',
      hideBelow: 'md',
      render: (row) => (
        <Text fontSize="sm" color="fg.muted" lineClamp={2} title={row.content}>
          {row.content}
        </Text>
      ),
    },
    { key: 'model', title: list.title('model'), nowrap: true, hideBelow: 'lg', render: (row) => row.model || t`默认` },
    { key: 'enabled', title: list.title('enabled'), nowrap: true, sortable: true, render: (row) => <ToggleCell list={list} row={row} field="enabled" testId="prompt-enabled" /> },
    { key: 'sort', title: list.title('sort'), nowrap: true, sortable: true, hideBelow: 'lg', align: 'end', render: (row) => row.sort },
  ];
  return (
    <ResourceScreen
      list={list}
      testId="prompt"
      columns={columns}
      rowActions={(row) => [{ key: 'copy', label: t`复制`, onClick: () => void copyText(row.content), testId: 'prompt-copy' }]}
    />
  );
}

export default PromptsScreen;
