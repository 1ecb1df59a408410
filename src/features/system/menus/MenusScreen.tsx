/**
 * 菜单管理 /system/menu (issue 10, H1): the whole menu tree (directories, menus, buttons) in a tree
 * table: name in the current language with its icon, type, route address, permission values, sort,
 * hidden, placement; a search box (?keyword=) that keeps matching rows with their ancestors; add /
 * add child / edit in a drawer; delete (asks first; refused with children); drag to reorder or move.
 * After a change the screen says users see it after 刷新菜单 and offers to refresh now.
 */
import { Alert, Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { MENUS_ADD_PERMISSION, MENUS_DELETE_PERMISSION, MENUS_EDIT_PERMISSION, menuPlacementIssue, protectedMenuCodes, type MenuAdminNode } from '../../../../contracts/menu-admin';
import { NamedIcon } from '../../../components/NamedIcon';
import { Permission, usePermitted } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { SearchHeader } from '../../../components/SearchHeader';
import { SearchTextField } from '../../../components/SearchFields';
import type { DataTableColumn, RowAction } from '../../../components/table/DataTable';
import { TreeTable } from '../../../components/tree/TreeTable';
import { filterTree, flattenTree, defaultChildrenOf } from '../../../components/tree/tree-utils';
import { refreshMenusNow } from '../../../lib/menu-refresh';
import { notify } from '../../../lib/notify';
import { deleteMenu, menuTreeQuery, moveMenu, reloadMenuTree, saveMenu } from './api';
import { useMenusCatalog } from './catalog';
import { menuMatches, menuTitle } from './form';
import type { MenuSearchParams } from './search';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useTreeAdmin } from '../shared/useTreeAdmin';

const MenuDrawer = lazy(() => import('./MenuDrawer'));

/** a seeded 系统管理 row (contracts/menu-admin-rules.ts): not deleted, only reordered among its siblings */
const isProtected = (node: MenuAdminNode) => protectedMenuCodes(node.perms).length > 0;

export interface MenusScreenProps {
  search: MenuSearchParams;
  onSearchChange: (next: MenuSearchParams) => void;
}

const rowKey = (node: MenuAdminNode) => node.id;
const childrenOf = (node: MenuAdminNode) => node.children;

export function MenusScreen(props: MenusScreenProps) {
  return useMenusCatalog() ? <MenusScreenBody {...props} /> : null;
}

type Opened = { node?: MenuAdminNode; parent?: MenuAdminNode | null; key: number };

function MenusScreenBody({ search, onSearchChange }: MenusScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const tree = useQuery(menuTreeQuery());
  const [opened, setOpened] = useState<Opened | null>(null);
  const [changed, setChanged] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const mayEdit = usePermitted({ anyOf: [MENUS_EDIT_PERMISSION] });
  const mayAdd = usePermitted({ anyOf: [MENUS_ADD_PERMISSION] });
  const mayDelete = usePermitted({ anyOf: [MENUS_DELETE_PERMISSION] });
  const locale = i18n.locale;

  const all = useMemo(() => tree.data ?? [], [tree.data]);
  const flat = useMemo(() => flattenTree(all, rowKey, defaultChildrenOf).map((node) => ({ ...node.row, depth: node.depth })), [all]);
  const afterChange = async () => {
    setChanged(true);
    await reloadMenuTree(queryClient);
  };
  const admin = useTreeAdmin<MenuAdminNode>({
    search,
    onSearchChange,
    remove: deleteMenu,
    move: (id, { parentId, index }) => moveMenu({ id, parentId, index }),
    changed: afterChange,
    reload: () => reloadMenuTree(queryClient),
    movedText: t`已移动`,
  });
  const filter = admin.filter;
  const rows = useMemo(() => (filter ? filterTree(all, childrenOf, (node) => menuMatches(node, filter), (node, children) => ({ ...node, children })) : all), [all, filter]);

  const kindLabel = (node: MenuAdminNode) => (node.type === 'directory' ? t`目录` : node.type === 'menu' ? t`菜单` : t`按钮`);

  const columns: DataTableColumn<MenuAdminNode>[] = [
    {
      key: 'name',
      title: t`菜单名称`,
      minWidth: '48',
      render: (node) => (
        <HStack gap="1.5">
          {node.icon && <NamedIcon name={node.icon} boxSize="4" color="fg.muted" />}
          <Text as="span" fontWeight={node.type === 'button' ? 'normal' : 'medium'} data-testid="menu-name">
            {menuTitle(node, locale)}
          </Text>
        </HStack>
      ),
    },
    {
      key: 'type',
      title: t`类型`,
      nowrap: true,
      render: (node) => (
        <Badge variant="subtle" colorPalette={node.type === 'directory' ? 'blue' : node.type === 'menu' ? 'brand' : 'gray'} data-testid="menu-type">
          {kindLabel(node)}
        </Badge>
      ),
    },
    { key: 'menuurl', title: t`路由地址`, hideBelow: 'md', render: (node) => <Text as="span" fontFamily="mono" fontSize="sm" data-testid="menu-url">{node.menuurl}</Text> },
    { key: 'perms', title: t`权限值`, hideBelow: 'lg', render: (node) => <Text as="span" fontFamily="mono" fontSize="xs" data-testid="menu-perms">{node.perms.join(', ')}</Text> },
    { key: 'sort', title: t`排序`, align: 'end', nowrap: true, render: (node) => <span data-testid="menu-sort">{node.sort}</span> },
    {
      key: 'hidden',
      title: t`显示`,
      nowrap: true,
      hideBelow: 'sm',
      render: (node) =>
        node.type === 'button' ? null : node.hidden ? (
          <Badge colorPalette="gray" variant="outline" data-testid="menu-hidden">
            <Trans>隐藏</Trans>
          </Badge>
        ) : (
          <Trans>显示</Trans>
        ),
    },
    { key: 'cdwz', title: t`位置`, nowrap: true, hideBelow: 'md', render: (node) => (node.type === 'button' ? null : node.cdwz === 'top' ? t`顶部` : t`左侧`) },
  ];

  // on a phone every action sits under the row's 更多, 删除 apart at the bottom (still confirmed)
  const askDelete = admin.askDelete;
  const actions = useCallback(
    (node: MenuAdminNode): RowAction[] => {
      const name = menuTitle(node, locale);
      const locked = isProtected(node);
      return [
        { key: 'add-child', label: t`新增下级`, ariaLabel: t`新增下级：${name}`, hidden: !mayAdd || node.type === 'button', onClick: () => setOpened({ parent: node, key: Date.now() }), testId: 'menu-add-child' },
        { key: 'edit', label: t`编辑`, ariaLabel: t`编辑：${name}`, hidden: !mayEdit, onClick: () => setOpened({ node, key: Date.now() }), testId: 'menu-edit' },
        {
          key: 'delete',
          label: t`删除`,
          ariaLabel: t`删除：${name}`,
          danger: true,
          hidden: !mayDelete,
          disabled: locked,
          title: locked ? t`系统管理的基本菜单不能删除` : undefined,
          onClick: () => askDelete(node),
          testId: 'menu-delete',
        },
      ];
    },
    [t, locale, mayAdd, mayEdit, mayDelete, askDelete],
  );

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>菜单管理</Trans>
        </Heading>
        <Permission anyOf={[MENUS_ADD_PERMISSION]}>
          <Button colorPalette="brand" minH="11" onClick={() => setOpened({ parent: null, key: Date.now() })} data-testid="menu-add">
            <Trans>新增菜单</Trans>
          </Button>
        </Permission>
      </Flex>
      <SearchHeader
        busy={tree.isFetching}
        onSearch={admin.onSearch}
        onReset={admin.onReset}
      >
        <SearchTextField label={<Trans>名称、地址或权限值</Trans>} value={admin.keyword} onChange={admin.setKeyword} testId="menu-search-keyword" />
      </SearchHeader>
      {changed && (
        <Alert.Root status="info" data-testid="menu-refresh-hint">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <Trans>菜单已更改。用户点击顶部的“刷新菜单”后即可看到更改。</Trans>
            </Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            loading={refreshing}
            onClick={async () => {
              setRefreshing(true);
              try {
                await refreshMenusNow();
                setChanged(false);
              } catch {
                // the http module reported it
              } finally {
                setRefreshing(false);
              }
            }}
            data-testid="menu-refresh-now"
          >
            <Trans>立即刷新菜单</Trans>
          </Button>
        </Alert.Root>
      )}
      {tree.isError ? (
        <RequestError error={tree.error} testId="menu-tree-error" />
      ) : (
        <TreeTable
          data-testid="menus"
          rows={rows}
          rowKey={rowKey}
          childrenOf={childrenOf}
          columns={columns}
          rowLabel={(node) => menuTitle(node, locale)}
          defaultExpanded={1}
          forceExpanded={Boolean(filter)}
          loading={tree.isPending}
          emptyText={filter ? t`没有匹配的菜单` : undefined}
          onMove={admin.onMove}
          canDrop={(dragged, parent) => menuPlacementIssue(dragged.type, parent?.type ?? null) === null && (!isProtected(dragged) || dragged.parentId === (parent?.id ?? null))}
          dragDisabled={!mayEdit}
          rowProps={(node) => ({ 'data-testid': 'menu-row', 'data-type': node.type, 'data-url': node.menuurl })}
          actions={actions}
        />
      )}
      <ConfirmDelete {...admin.deleteDialog} title={<Trans>删除菜单</Trans>} />
      <Suspense fallback={null}>
        {opened && (
          <MenuDrawer
            key={opened.key}
            node={opened.node}
            parent={opened.parent ?? null}
            all={flat}
            onClose={() => setOpened(null)}
            onSave={async (body) => {
              await saveMenu(body);
              notify.success(t`保存成功`);
              setOpened(null);
              await afterChange();
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
