/**
 * 组织机构 /system/org (issue 10, H1): the school's tree (the school, departments, grades, classes)
 * with kind, code, campus, grade level, member counts; graduated grades and classes shown and marked;
 * a search box (?keyword=) keeping matching rows with their ancestors; add / add child / edit in a
 * drawer; delete (asks first; the server says why it cannot); drag to reorder or move; 成员 drawer.
 */
import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ORGS_ADD_PERMISSION, ORGS_DELETE_PERMISSION, ORGS_EDIT_PERMISSION, orgPlacementIssue } from '../../../../contracts/org-rules';
import type { OrgNode } from '../../../../contracts/orgs';
import { Permission, usePermitted } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { SearchHeader } from '../../../components/SearchHeader';
import { SearchTextField } from '../../../components/SearchFields';
import type { DataTableColumn, RowAction } from '../../../components/table/DataTable';
import { TreeTable } from '../../../components/tree/TreeTable';
import { defaultChildrenOf, filterTree, flattenTree } from '../../../components/tree/tree-utils';
import { notify } from '../../../lib/notify';
import { deleteOrg, moveOrg, orgTreeQuery, reloadOrgs, saveOrg } from './api';
import { useOrgsCatalog } from './catalog';
import { orgMatches, orgTitle } from './form';
import { useKindLabel } from './labels';
import type { OrgSearchParams } from './search';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useTreeAdmin } from '../shared/useTreeAdmin';

const OrgDrawer = lazy(() => import('./OrgDrawer'));
const MembersDrawer = lazy(() => import('./MembersDrawer'));

export interface OrgsScreenProps {
  search: OrgSearchParams;
  onSearchChange: (next: OrgSearchParams) => void;
}

const rowKey = (node: OrgNode) => node.id;
const childrenOf = (node: OrgNode) => node.children;

export function OrgsScreen(props: OrgsScreenProps) {
  return useOrgsCatalog() ? <OrgsScreenBody {...props} /> : null;
}

type Opened = { kind: 'edit'; node?: OrgNode; parent?: OrgNode; key: number } | { kind: 'members'; node: OrgNode };

function OrgsScreenBody({ search, onSearchChange }: OrgsScreenProps) {
  const { t, i18n } = useLingui();
  const kindLabel = useKindLabel();
  const queryClient = useQueryClient();
  const tree = useQuery(orgTreeQuery());
  const [opened, setOpened] = useState<Opened | null>(null);
  const mayEdit = usePermitted({ anyOf: [ORGS_EDIT_PERMISSION] });
  const mayAdd = usePermitted({ anyOf: [ORGS_ADD_PERMISSION] });
  const mayDelete = usePermitted({ anyOf: [ORGS_DELETE_PERMISSION] });
  const locale = i18n.locale;

  const all = useMemo(() => tree.data?.nodes ?? [], [tree.data]);
  const flat = useMemo(() => flattenTree(all, rowKey, defaultChildrenOf).map((node) => ({ ...node.row, depth: node.depth })), [all]);
  const reload = () => reloadOrgs(queryClient);
  const admin = useTreeAdmin<OrgNode>({
    search,
    onSearchChange,
    remove: deleteOrg,
    // canDrop never offers the top level (the school stays the root)
    move: async (id, { parentId, index }) => {
      if (parentId) await moveOrg({ id, parentId, index });
    },
    changed: reload,
    reload,
    movedText: t`已移动`,
  });
  const filter = admin.filter;
  const rows = useMemo(() => (filter ? filterTree(all, childrenOf, (node) => orgMatches(node, filter), (node, children) => ({ ...node, children })) : all), [all, filter]);

  const columns: DataTableColumn<OrgNode>[] = [
    {
      key: 'name',
      title: t`机构名称`,
      minWidth: '48',
      render: (node) => (
        <HStack gap="1.5" wrap="wrap">
          <Text as="span" fontWeight={node.kind === 'class' ? 'normal' : 'medium'} color={node.graduated ? 'fg.muted' : undefined} data-testid="org-name">
            {orgTitle(node, locale)}
          </Text>
          {node.graduated && (
            <Badge size="sm" variant="outline" colorPalette="gray" data-testid="org-graduated">
              <Trans>已毕业</Trans>
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      key: 'kind',
      title: t`类型`,
      nowrap: true,
      render: (node) => (
        <Badge variant="subtle" colorPalette={node.kind === 'school' ? 'brand' : node.kind === 'department' ? 'blue' : node.kind === 'grade' ? 'purple' : 'gray'} data-testid="org-kind">
          {kindLabel(node.kind)}
        </Badge>
      ),
    },
    { key: 'code', title: t`编码`, nowrap: true, hideBelow: 'md', render: (node) => <Text as="span" fontFamily="mono" fontSize="sm" data-testid="org-code">{node.code}</Text> },
    { key: 'campus', title: t`校区`, nowrap: true, hideBelow: 'lg', render: (node) => node.campusName },
    { key: 'gradeLevel', title: t`年级序号`, align: 'end', nowrap: true, hideBelow: 'md', render: (node) => node.gradeLevel ?? '' },
    { key: 'members', title: t`人数`, align: 'end', nowrap: true, render: (node) => <span data-testid="org-member-count">{node.memberCount}</span> },
    { key: 'sort', title: t`排序`, align: 'end', nowrap: true, hideBelow: 'sm' },
  ];

  // on a phone every action sits under the row's 更多, 删除 apart at the bottom (still confirmed)
  const askDelete = admin.askDelete;
  const actions = useCallback(
    (node: OrgNode): RowAction[] => {
      const name = orgTitle(node, locale);
      return [
        { key: 'add-child', label: t`新增下级`, ariaLabel: t`新增下级：${name}`, hidden: !mayAdd || node.kind === 'class', onClick: () => setOpened({ kind: 'edit', parent: node, key: Date.now() }), testId: 'org-add-child' },
        { key: 'members', label: t`成员`, ariaLabel: t`成员：${name}`, onClick: () => setOpened({ kind: 'members', node }), testId: 'org-members' },
        { key: 'edit', label: t`编辑`, ariaLabel: t`编辑：${name}`, hidden: !mayEdit, onClick: () => setOpened({ kind: 'edit', node, key: Date.now() }), testId: 'org-edit' },
        { key: 'delete', label: t`删除`, ariaLabel: t`删除：${name}`, danger: true, hidden: !mayDelete || node.kind === 'school', onClick: () => askDelete(node), testId: 'org-delete' },
      ];
    },
    [t, locale, mayAdd, mayEdit, mayDelete, askDelete],
  );

  const root = all[0];
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>组织机构</Trans>
        </Heading>
        {root && (
          <Permission anyOf={[ORGS_ADD_PERMISSION]}>
            <Button colorPalette="brand" minH="11" onClick={() => setOpened({ kind: 'edit', parent: root, key: Date.now() })} data-testid="org-add">
              <Trans>新增机构</Trans>
            </Button>
          </Permission>
        )}
      </Flex>
      <SearchHeader
        busy={tree.isFetching}
        onSearch={admin.onSearch}
        onReset={admin.onReset}
      >
        <SearchTextField label={<Trans>名称或编码</Trans>} value={admin.keyword} onChange={admin.setKeyword} testId="org-search-keyword" />
      </SearchHeader>
      {tree.isError ? (
        <RequestError error={tree.error} testId="org-tree-error" />
      ) : (
        <TreeTable
          data-testid="orgs"
          rows={rows}
          rowKey={rowKey}
          childrenOf={childrenOf}
          columns={columns}
          rowLabel={(node) => orgTitle(node, locale)}
          defaultExpanded={2}
          forceExpanded={Boolean(filter)}
          loading={tree.isPending}
          emptyText={filter ? t`没有匹配的机构` : undefined}
          onMove={admin.onMove}
          canDrop={(dragged, parent) => orgPlacementIssue(dragged.kind, parent?.kind ?? null) === null}
          dragDisabled={!mayEdit}
          rowProps={(node) => ({ 'data-testid': 'org-row', 'data-kind': node.kind, 'data-code': node.code })}
          actions={actions}
        />
      )}
      <ConfirmDelete {...admin.deleteDialog} title={<Trans>删除机构</Trans>} />
      <Suspense fallback={null}>
        {opened?.kind === 'edit' && (
          <OrgDrawer
            key={opened.key}
            node={opened.node}
            parent={opened.parent}
            all={flat}
            campuses={tree.data?.campuses ?? []}
            onClose={() => setOpened(null)}
            onSave={async (body) => {
              await saveOrg(body);
              notify.success(t`保存成功`);
              setOpened(null);
              await reload();
            }}
          />
        )}
        {opened?.kind === 'members' && <MembersDrawer node={opened.node} onClose={() => setOpened(null)} onChanged={reload} />}
      </Suspense>
    </Stack>
  );
}
