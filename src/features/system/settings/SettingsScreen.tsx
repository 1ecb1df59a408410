/**
 * 系统配置 /system/xtpz (issue 10, H4): tab 系统配置 = the school's login title, footer, page title
 * and public origin, plus the deployment's record-filing number and request encryption (the
 * platform school's administrators only; read-only with a note for others), with a live preview of
 * the login page; tab 语言词条 = the school's own texts merged into the language catalogs (search,
 * add / edit in a drawer, delete one or the selected). The tab and the list state live in the URL.
 */
import { Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { LanguageEntryRow } from '../../../../contracts/settings';
import { SETTINGS_EDIT_PERMISSION } from '../../../../contracts/settings-rules';
import { Permission, usePermitted } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { SearchHeader } from '../../../components/SearchHeader';
import { TabBar, TabPanel } from '../../../components/TabBar';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { loadServerMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { deleteLanguages, languageListInput, refreshLanguages, saveLanguage, settingsQuery } from './api';
import { useSettingsCatalog } from './catalog';
import { BackupsSection } from './BackupsSection';
import { ConfigForm } from './ConfigForm';
import { compactSearch, urlPaging } from '../../../lib/search-params';
import type { SettingsSearchParams } from './search';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';

const LanguageDrawer = lazy(() => import('./LanguageDrawer'));

export interface SettingsScreenProps {
  search: SettingsSearchParams;
  onSearchChange: (next: SettingsSearchParams) => void;
}

const compact = (search: SettingsSearchParams): SettingsSearchParams => compactSearch(search);

export function SettingsScreen(props: SettingsScreenProps) {
  return useSettingsCatalog() ? <SettingsScreenBody {...props} /> : null;
}

function SettingsScreenBody({ search, onSearchChange }: SettingsScreenProps) {
  const { t } = useLingui();
  const tab = search.tab ?? 'config';
  const settings = useQuery(settingsQuery);
  const mayEditSettings = usePermitted({ anyOf: [SETTINGS_EDIT_PERMISSION] });
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>系统配置</Trans>
      </Heading>
      <TabBar
        id="settings"
        label={t`系统配置`}
        tabs={[
          { key: 'config', label: t`系统配置` },
          { key: 'language', label: t`语言词条` },
        ]}
        current={tab}
        onChange={(key) => onSearchChange(key === 'config' ? {} : { tab: 'language' })}
        testIdPrefix="settings-tab-"
      />
      <TabPanel id="settings" current={tab}>
        {tab === 'config' ? (
          settings.isError ? (
            <RequestError error={settings.error} />
          ) : settings.data ? (
            <Stack gap="8">
              <ConfigForm key={`${settings.data.tenant.version}.${settings.data.deployment.version}`} data={settings.data} />
              {/* the platform school's administrators only: the status answers { visible: false } to other schools */}
              {mayEditSettings && <BackupsSection />}
            </Stack>
          ) : null
        ) : (
          <LanguagesPanel search={search} onSearchChange={onSearchChange} />
        )}
      </TabPanel>
    </Stack>
  );
}

function LanguagesPanel({ search, onSearchChange }: SettingsScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const table = useTableQuery<LanguageEntryRow>(languageListInput(search));
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft({ keyword: search.keyword ?? '', lang: search.lang ?? '' });
  const [selected, setSelected] = useListSelection(search);
  const [editing, setEditing] = useState<{ row?: LanguageEntryRow; key: number } | null>(null);

  // ticking rows is for 批量删除: only offered to who may delete
  const mayEdit = usePermitted({ anyOf: [SETTINGS_EDIT_PERMISSION] });

  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<string[]>({
    remove: deleteLanguages,
    successText: t`保存成功，切换语言或刷新页面后生效`,
    onDeleted: () => {
      void loadServerMessages();
      setSelected(new Set());
    },
    onSettled: () => refreshLanguages(queryClient),
  });
  const columns = useMemo((): DataTableColumn<LanguageEntryRow>[] => [
    ...(mayEdit ? [selectionColumn<LanguageEntryRow>({ rows, rowKey: (row) => row.key, selected, onChange: setSelected, allLabel: t`全选`, rowLabel: (row) => t`选择 ${row.key}`, testId: 'language-select' })] : []),
    { key: 'key', title: t`词条键`, nowrap: true, render: (row) => <span style={{ fontFamily: 'var(--chakra-fonts-mono)' }}>{row.key}</span> },
    { key: 'zh', title: t`中文`, render: (row) => <span data-testid="language-zh">{row.zh || '—'}</span> },
    { key: 'en', title: t`英文`, render: (row) => <span data-testid="language-en">{row.en || '—'}</span> },
    {
      key: 'actions',
      title: t`操作`,
      nowrap: true,
      render: (row) => (
        <Permission anyOf={[SETTINGS_EDIT_PERMISSION]}>
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => setEditing({ row, key: Date.now() })} data-testid="language-edit">
              <Trans>编辑</Trans>
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => askDelete([row.key])} data-testid="language-delete">
              <Trans>删除</Trans>
            </Button>
          </HStack>
        </Permission>
      ),
    },
  ], [rows, selected, setSelected, t, mayEdit, askDelete]);

  const selectedKeys = rows.filter((row) => selected.has(row.key)).map((row) => row.key);
  const applied = () => {
    notify.success(t`保存成功，切换语言或刷新页面后生效`);
    void loadServerMessages();
  };


  return (
    <Stack gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Text flex="1" fontSize="sm" color="fg.muted">
          <Trans>本校自定义的界面文字，合并到中英文语言包；保存后切换语言或刷新页面生效。</Trans>
        </Text>
        <Permission anyOf={[SETTINGS_EDIT_PERMISSION]}>
          <Button colorPalette="brand" minH="11" onClick={() => setEditing({ key: Date.now() })} data-testid="language-add">
            <Trans>新增词条</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        onSearch={() => onSearchChange(compact({ tab: 'language', size: search.size, keyword: draft.keyword.trim() || undefined, lang: (draft.lang || undefined) as SettingsSearchParams['lang'] }))}
        onReset={() => {
          setDraft({ keyword: '', lang: '' });
          onSearchChange(compact({ tab: 'language', size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>词条键或文本</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="language-search-keyword" />
        <SearchSelectField
          label={<Trans>语言</Trans>}
          value={draft.lang}
          onChange={(lang) => setDraft({ ...draft, lang })}
          choices={[
            { value: 'zh', label: t`中文` },
            { value: 'en', label: t`英文` },
          ]}
        />
      </SearchHeader>
      <Permission anyOf={[SETTINGS_EDIT_PERMISSION]}>
        <BatchDeleteBar selectedCount={selectedKeys.length} onDelete={() => askDelete(selectedKeys)} testId="language-batch-delete" />
      </Permission>
      <DataTable
        data-testid="languages"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={(row) => row.key}
        rowProps={(row) => ({ 'data-testid': 'language-row', 'data-key': row.key })}
        {...urlPaging(search, onSearchChange)}
      />
      <ConfirmDelete {...deleteDialog} title={<Trans>删除语言词条</Trans>} />
      <Suspense fallback={null}>
        {editing && (
          <LanguageDrawer
            key={editing.key}
            row={editing.row}
            onClose={() => setEditing(null)}
            onSave={async (body) => {
              await saveLanguage(body);
              applied();
              setEditing(null);
              await refreshLanguages(queryClient);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
