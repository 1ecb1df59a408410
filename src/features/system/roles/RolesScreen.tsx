/**
 * 角色管理 /system/role (issue 10, H6): the search header (keyword, type, category) with its search in
 * the URL; the table (name, code, category, type, members, menus, a dynamic role's last refresh or its
 * error; built-in roles marked, not deletable); add / edit in a drawer; 分配权限, 成员, delete (one or
 * the selected, asks first).
 */
import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ROLE_TYPES } from '../../../../contracts/roles-rules';
import type { RoleRow, RoleType } from '../../../../contracts/roles';
import { Permission } from '../../../components/Permission';
import { SearchHeader } from '../../../components/SearchHeader';
import { SearchSelectField, SearchTextField } from '../../../components/SearchFields';
import { BatchDeleteBar } from '../../../components/table/BatchDeleteBar';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { notify } from '../../../lib/notify';
import { showTime } from '../../../lib/school-time';
import { categoriesQuery, deleteRoles, refreshRoles, roleListInput, saveRole } from './api';
import { useRolesCatalog } from './catalog';
import { ROLE_TYPE_LABELS } from './labels';
import { compactSearch, urlPaging } from '../../../lib/search-params';
import type { RoleSearchParams } from './search';
import { localName } from '../../../lib/locale';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { useListSelection, useSearchDraft } from '../../../components/table/list-state';

const RoleDrawer = lazy(() => import('./RoleDrawer'));
const RoleMenusDrawer = lazy(() => import('./RoleMenusDrawer'));
const RoleMembersDrawer = lazy(() => import('./RoleMembersDrawer'));

export const ROLE_PERMS = { add: 'system_role_add', edit: 'system_role_edit', delete: 'system_role_delete' } as const;

export interface RolesScreenProps {
  search: RoleSearchParams;
  onSearchChange: (next: RoleSearchParams) => void;
}

const fieldsOf = (search: RoleSearchParams) => ({ keyword: search.keyword ?? '', type: search.type ?? '', category: search.category ?? '' });
const rowKey = (row: RoleRow) => row.id;
const wide = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48em)').matches;

/** A role's name in the user's language (the English name when there is one). */
export const roleName = (row: { name: string; nameEn: string }, locale: string) => localName(row.name, row.nameEn, locale);

export function RolesScreen(props: RolesScreenProps) {
  return useRolesCatalog() ? <RolesScreenBody {...props} /> : null;
}

type Opened = { kind: 'edit'; row?: RoleRow; key: number } | { kind: 'menus'; row: RoleRow } | { kind: 'members'; row: RoleRow };

function RolesScreenBody({ search, onSearchChange }: RolesScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const table = useTableQuery<RoleRow>(roleListInput(search));
  const categories = useQuery(categoriesQuery);
  const rows = table.rows;
  const [draft, setDraft] = useSearchDraft(fieldsOf(search));
  const [selected, setSelected] = useListSelection(search);
  const [opened, setOpened] = useState<Opened | null>(null);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<RoleRow[]>({
    remove: (roles) => deleteRoles(roles.map((row) => row.id)),
    onDeleted: () => setSelected(new Set()),
    onSettled: () => refreshRoles(queryClient),
  });
  const locale = i18n.locale;

  const selectLabel = useCallback((name: string) => t`选择 ${name}`, [t]);
  const columns = useMemo((): DataTableColumn<RoleRow>[] => [
    selectionColumn<RoleRow>({
      rows,
      rowKey,
      selected,
      onChange: setSelected,
      selectable: (row) => !row.builtIn,
      allLabel: t`全选`,
      rowLabel: (row) => selectLabel(roleName(row, locale)),
      testId: 'role-select',
    }),
    {
      key: 'name',
      title: t`角色名称`,
      minWidth: '32',
      render: (row) => (
        <HStack gap="1.5" wrap="wrap">
          <Text fontWeight="medium" data-testid="role-name">
            {roleName(row, locale)}
          </Text>
          {row.builtIn && (
            <Badge size="sm" variant="outline" colorPalette="gray" data-testid="role-builtin">
              <Trans>内置</Trans>
            </Badge>
          )}
        </HStack>
      ),
    },
    { key: 'code', title: t`角色编码`, nowrap: true, render: (row) => <Text fontFamily="mono" fontSize="sm">{row.code}</Text> },
    { key: 'category', title: t`角色类型`, nowrap: true, hideBelow: 'md', render: (row) => row.businessSystemName || row.businessSystem },
    {
      key: 'type',
      title: t`角色种类`,
      nowrap: true,
      render: (row) => (
        <Badge variant="subtle" colorPalette={row.type === 'sql' ? 'purple' : 'brand'}>
          {i18n._(ROLE_TYPE_LABELS[row.type])}
        </Badge>
      ),
    },
    { key: 'members', title: t`成员数`, align: 'end', nowrap: true, render: (row) => <span data-testid="role-member-count">{row.memberCount}</span> },
    { key: 'menus', title: t`菜单数`, align: 'end', nowrap: true, hideBelow: 'sm', render: (row) => <span data-testid="role-menu-count">{row.menuCount}</span> },
    {
      key: 'refreshed',
      title: t`成员刷新`,
      hideBelow: 'lg',
      minWidth: '32',
      render: (row) => <RefreshState row={row} />,
    },
    {
      key: 'actions',
      title: t`操作`,
      nowrap: true,
      render: (row) => (
        <HStack gap="1" wrap="wrap">
          <Permission anyOf={[ROLE_PERMS.edit]}>
            <Button size="xs" variant="outline" onClick={() => setOpened({ kind: 'menus', row })} data-testid="role-menus">
              <Trans>分配权限</Trans>
            </Button>
          </Permission>
          <Button size="xs" variant="outline" onClick={() => setOpened({ kind: 'members', row })} data-testid="role-members">
            <Trans>成员</Trans>
          </Button>
          <Permission anyOf={[ROLE_PERMS.edit]}>
            <Button size="xs" variant="outline" onClick={() => setOpened({ kind: 'edit', row, key: Date.now() })} data-testid="role-edit">
              <Trans>编辑</Trans>
            </Button>
          </Permission>
          <Permission anyOf={[ROLE_PERMS.delete]}>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={row.builtIn}
              title={row.builtIn ? t`内置角色不能删除` : undefined}
              onClick={() => askDelete([row])}
              data-testid="role-delete"
            >
              <Trans>删除</Trans>
            </Button>
          </Permission>
        </HStack>
      ),
    },
  ], [rows, selected, t, i18n, selectLabel, locale, askDelete, setSelected]);

  const selectedRows = rows.filter((row) => selected.has(row.id));

  const categoryChoices = (categories.data ?? []).map((category) => ({ value: category.code, label: localName(category.name, category.nameEn, locale) }));

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>角色管理</Trans>
        </Heading>
        <Permission anyOf={[ROLE_PERMS.add]}>
          <Button colorPalette="brand" minH="11" onClick={() => setOpened({ kind: 'edit', key: Date.now() })} data-testid="role-add">
            <Trans>新增角色</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={table.refreshing}
        defaultOpen={wide()}
        onSearch={() =>
          onSearchChange(
            compactSearch<RoleSearchParams>({
              size: search.size,
              keyword: draft.keyword.trim() || undefined,
              type: (draft.type || undefined) as RoleType | undefined,
              category: draft.category || undefined,
            }),
          )
        }
        onReset={() => {
          setDraft({ keyword: '', type: '', category: '' });
          onSearchChange(compactSearch({ size: search.size }));
        }}
      >
        <SearchTextField label={<Trans>名称或编码</Trans>} value={draft.keyword} onChange={(keyword) => setDraft({ ...draft, keyword })} testId="role-search-keyword" />
        <SearchSelectField
          label={<Trans>角色种类</Trans>}
          value={draft.type}
          onChange={(type) => setDraft({ ...draft, type })}
          choices={ROLE_TYPES.map((type) => ({ value: type, label: i18n._(ROLE_TYPE_LABELS[type]) }))}
          testId="role-search-type"
        />
        <SearchSelectField label={<Trans>角色类型</Trans>} value={draft.category} onChange={(category) => setDraft({ ...draft, category })} choices={categoryChoices} testId="role-search-category" />
      </SearchHeader>
      <Permission anyOf={[ROLE_PERMS.delete]}>
        <BatchDeleteBar selectedCount={selectedRows.length} onDelete={() => askDelete(selectedRows)} testId="role-batch-delete" />
      </Permission>
      <DataTable
        data-testid="roles"
        columns={columns}
        rows={rows}
        total={table.total}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        rowProps={(row) => ({ 'data-testid': 'role-row', 'data-id': row.id, 'data-code': row.code })}
        {...urlPaging(search, onSearchChange)}
      />
      <ConfirmDelete {...deleteDialog} title={<Trans>删除角色</Trans>} />
      <Suspense fallback={null}>
        {opened?.kind === 'edit' && (
          <RoleDrawer
            key={opened.key}
            row={opened.row}
            categories={categories.data ?? []}
            onClose={() => setOpened(null)}
            onSave={async (body) => {
              await saveRole(body);
              notify.success(t`保存成功`);
              setOpened(null);
              await refreshRoles(queryClient);
            }}
          />
        )}
        {opened?.kind === 'menus' && <RoleMenusDrawer row={opened.row} onClose={() => setOpened(null)} onSaved={() => void refreshRoles(queryClient)} />}
        {opened?.kind === 'members' && <RoleMembersDrawer row={opened.row} onClose={() => setOpened(null)} onChanged={() => void refreshRoles(queryClient)} />}
      </Suspense>
    </Stack>
  );
}

/** A dynamic role's last filter run, or its failure in red; '—' for ordinary roles. */
export function RefreshState({ row }: { row: Pick<RoleRow, 'type' | 'membersRefreshedAt' | 'membersError'> }) {
  if (row.type !== 'sql') return <Text color="fg.muted">—</Text>;
  if (row.membersError)
    return (
      <Text color="fg.error" fontSize="sm" lineClamp={2} title={row.membersError} data-testid="role-refresh-error">
        {row.membersError}
      </Text>
    );
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="role-refreshed-at">
      {row.membersRefreshedAt ? showTime(row.membersRefreshedAt) : <Trans>尚未刷新</Trans>}
    </Text>
  );
}
