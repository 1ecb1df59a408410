/**
 * 角色类型 /system/jslx (issue 10, H6): the role categories (SPEC "business system" of a role) in one
 * list: code, name, English name, sort, remark, how many roles use it; add / edit in a drawer; delete
 * (asks first; refused with the server's words while roles use it).
 */
import { Button, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { RoleCategoryRow } from '../../../../contracts/roles';
import { Permission } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { ListTable } from '../../../components/table/ListTable';
import { notify } from '../../../lib/notify';
import { categoriesQuery, deleteCategories, refreshCategories, refreshRoles, saveCategory } from './api';
import { useRolesCatalog } from './catalog';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';

const CategoryDrawer = lazy(() => import('./CategoryDrawer'));

export const CATEGORY_PERMS = { add: 'system_role_type_add', edit: 'system_role_type_edit', delete: 'system_role_type_delete' } as const;

export function CategoriesScreen() {
  return useRolesCatalog() ? <CategoriesScreenBody /> : null;
}

function CategoriesScreenBody() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(categoriesQuery);
  const [editing, setEditing] = useState<{ row?: RoleCategoryRow; key: number } | null>(null);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<RoleCategoryRow>({
    remove: (row) => deleteCategories([row.id]),
    onSettled: () => refreshCategories(queryClient),
  });

  const columns = useMemo((): DataTableColumn<RoleCategoryRow>[] => [
    { key: 'code', title: t`类型编码`, nowrap: true, render: (row) => <span style={{ fontFamily: 'var(--chakra-fonts-mono)' }}>{row.code}</span> },
    { key: 'name', title: t`类型名称`, render: (row) => <span data-testid="category-name">{row.name}</span> },
    { key: 'nameEn', title: t`英文名称`, hideBelow: 'sm', render: (row) => row.nameEn || '—' },
    { key: 'sort', title: t`排序`, align: 'end', nowrap: true, hideBelow: 'md' },
    { key: 'remark', title: t`备注`, hideBelow: 'lg', muted: true, render: (row) => row.remark || '—' },
    { key: 'roleCount', title: t`角色数`, align: 'end', nowrap: true, render: (row) => <span data-testid="category-role-count">{row.roleCount}</span> },
    {
      key: 'actions',
      title: t`操作`,
      nowrap: true,
      render: (row) => (
        <HStack gap="1">
          <Permission anyOf={[CATEGORY_PERMS.edit]}>
            <Button size="xs" variant="outline" onClick={() => setEditing({ row, key: Date.now() })} data-testid="category-edit">
              <Trans>编辑</Trans>
            </Button>
          </Permission>
          <Permission anyOf={[CATEGORY_PERMS.delete]}>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => askDelete(row)} data-testid="category-delete">
              <Trans>删除</Trans>
            </Button>
          </Permission>
        </HStack>
      ),
    },
  ], [t, askDelete]);

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans context="page title">角色类型</Trans>
        </Heading>
        <Permission anyOf={[CATEGORY_PERMS.add]}>
          <Button colorPalette="brand" minH="11" onClick={() => setEditing({ key: Date.now() })} data-testid="category-add">
            <Trans>新增角色类型</Trans>
          </Button>
        </Permission>
      </Flex>
      {list.isError ? (
        <RequestError error={list.error} />
      ) : (
        <ListTable
          data-testid="categories"
          columns={columns}
          rows={list.data ?? []}
          loading={list.isPending}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': 'category-row', 'data-code': row.code })}
        />
      )}
      <ConfirmDelete {...deleteDialog} title={<Trans>删除角色类型</Trans>} />
      <Suspense fallback={null}>
        {editing && (
          <CategoryDrawer
            key={editing.key}
            row={editing.row}
            onClose={() => setEditing(null)}
            onSave={async (body) => {
              await saveCategory(body);
              notify.success(t`保存成功`);
              setEditing(null);
              await Promise.all([refreshCategories(queryClient), refreshRoles(queryClient)]);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
