import { Badge, Box, Button, CloseButton, Drawer, Flex, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RoleMemberRow, RoleRow } from '../../../../contracts/roles';
import { parseSelectorCode } from '../../../../contracts/selector';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Permission } from '../../../components/Permission';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { useTableQuery } from '../../../components/table/table-query';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { addMembers, memberListInput, refreshMembers, refreshMembersList, removeMembers } from './api';
import { RefreshState, ROLE_PERMS, roleName } from './RolesScreen';

export interface RoleMembersDrawerProps {
  row: RoleRow;
  onClose: () => void;
  /** members changed (the list's counts are stale) */
  onChanged: () => void;
}

const USER_TYPE_LABELS = { '1': msg`管理员`, '2': msg`学生`, '3': msg`教师`, '4': msg`家长` } as const;

/** The people ids of a selector value (`U_<id>,…`). */
export const peopleIdsOf = (value: string): string[] =>
  value
    .split(',')
    .map((code) => parseSelectorCode(code.trim()))
    .flatMap((parsed) => (parsed?.type === 'people' && parsed.value ? [parsed.value] : []));

/**
 * 成员: a role's members with search and paging. An ordinary role's members are added with the people
 * selector and removed by selection; a dynamic role's come from its filter (read-only, 刷新成员 runs it now).
 */
export default function RoleMembersDrawer({ row, onClose, onChanged }: RoleMembersDrawerProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const dynamic = row.type === 'sql';
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const table = useTableQuery<RoleMemberRow>(memberListInput(row.id, applied, page, size));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<Pick<RoleRow, 'type' | 'membersRefreshedAt' | 'membersError'>>(row);
  const rows = table.rows;

  const changed = async (done: string) => {
    notify.success(done);
    notify.info(t`受影响的用户在点击“刷新菜单”或下次登录后生效`);
    setSelected(new Set());
    await refreshMembersList(queryClient);
    onChanged();
  };
  const failed = (error: unknown) => {
    if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
  };

  const add = async () => {
    const ids = peopleIdsOf(adding);
    if (!ids.length) return;
    setBusy(true);
    try {
      await addMembers(row.id, ids);
      setAdding('');
      await changed(t`添加成功`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removeMembers(row.id, [...selected]);
      setRemoving(false);
      await changed(t`移除成功`);
    } catch (error) {
      setRemoving(false);
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const refresh = async () => {
    setBusy(true);
    try {
      const fresh = await refreshMembers(row.id);
      setState({ type: 'sql', membersRefreshedAt: fresh?.membersRefreshedAt ?? new Date().toISOString(), membersError: fresh?.membersError ?? '' });
      await changed(t`刷新成功`);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') setState({ type: 'sql', membersRefreshedAt: state.membersRefreshedAt, membersError: error.msg });
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo((): DataTableColumn<RoleMemberRow>[] => [
    ...(dynamic
      ? []
      : [
          selectionColumn<RoleMemberRow>({
            rows,
            rowKey: (member) => member.id,
            selected,
            onChange: setSelected,
            allLabel: t`全选`,
            rowLabel: (member) => t`选择 ${member.name}`,
            testId: 'member-select',
          }),
        ]),
    { key: 'name', title: t`姓名`, render: (member) => <Text data-testid="member-name">{member.name}</Text> },
    { key: 'username', title: t`账号`, nowrap: true, render: (member) => member.username },
    {
      key: 'userType',
      title: t`用户类型`,
      nowrap: true,
      hideBelow: 'sm',
      render: (member) => {
        const label = USER_TYPE_LABELS[member.userType as keyof typeof USER_TYPE_LABELS];
        return label ? i18n._(label) : member.userType;
      },
    },
    { key: 'org', title: t`所属组织`, hideBelow: 'md', muted: true, render: (member) => member.orgName || '—' },
    {
      key: 'source',
      title: t`来源`,
      nowrap: true,
      hideBelow: 'sm',
      render: (member) => (
        <Badge size="sm" variant="subtle" colorPalette={member.source === 'dynamic' ? 'purple' : 'gray'}>
          {member.source === 'dynamic' ? t`筛选` : t`手动`}
        </Badge>
      ),
    },
  ], [dynamic, rows, selected, t, i18n]);

  const search = () => {
    setApplied(keyword.trim());
    setPage(0);
  };

  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="role-members-drawer">
            <Drawer.Header>
              <Drawer.Title>
                <Trans>成员：{roleName(row, i18n.locale)}</Trans>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                {dynamic ? (
                  <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
                    <Text fontSize="sm">
                      <Trans>动态角色的成员由筛选条件决定，不能手动增减；每 10 分钟自动刷新一次。</Trans>
                    </Text>
                    <Flex gap="3" align="center" wrap="wrap">
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>上次刷新</Trans>
                      </Text>
                      <Box flex="1">
                        <RefreshState row={state} />
                      </Box>
                      <Permission anyOf={[ROLE_PERMS.edit]}>
                        <Button size="sm" variant="outline" colorPalette="brand" loading={busy} onClick={() => void refresh()} data-testid="role-refresh-members">
                          <Trans>刷新成员</Trans>
                        </Button>
                      </Permission>
                    </Flex>
                  </Stack>
                ) : (
                  <Permission anyOf={[ROLE_PERMS.edit]}>
                    <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'center' }}>
                      <Box flex="1" minW="0" data-testid="member-picker">
                        <PeopleOrgRoleSelector value={adding} onChange={(value) => setAdding(value)} types={['people']} aria-label={t`选择人员`} placeholder={t`选择要添加的人员`} />
                      </Box>
                      <Button colorPalette="brand" minH="10" disabled={!peopleIdsOf(adding).length} loading={busy} onClick={() => void add()} data-testid="member-add">
                        <Trans>添加成员</Trans>
                      </Button>
                    </Stack>
                  </Permission>
                )}
                <HStack gap="2">
                  <Input
                    flex="1"
                    value={keyword}
                    maxLength={50}
                    placeholder={t`姓名或账号`}
                    aria-label={t`姓名或账号`}
                    onChange={(event) => setKeyword(event.currentTarget.value)}
                    onKeyDown={(event) => event.key === 'Enter' && search()}
                    data-testid="member-search"
                  />
                  <Button variant="outline" onClick={search}>
                    <Trans>搜索</Trans>
                  </Button>
                </HStack>
                {!dynamic && (
                  <Permission anyOf={[ROLE_PERMS.edit]}>
                    <HStack gap="3">
                      <Button size="sm" variant="outline" colorPalette="red" disabled={selected.size === 0} onClick={() => setRemoving(true)} data-testid="member-remove">
                        <Trans>移除所选</Trans>
                      </Button>
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>已选 {selected.size} 项</Trans>
                      </Text>
                    </HStack>
                  </Permission>
                )}
                <DataTable
                  data-testid="role-members"
                  columns={columns}
                  rows={rows}
                  total={table.total}
                  page={page}
                  size={size}
                  loading={table.loading}
                  refreshing={table.refreshing}
                  rowKey={(member) => member.id}
                  rowProps={(member) => ({ 'data-testid': 'member-row', 'data-id': member.id })}
                  onPageChange={(nextPage, nextSize) => {
                    setPage(nextPage);
                    setSize(nextSize);
                  }}
                />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      <ConfirmDialog open={removing} busy={busy} title={<Trans>移除成员</Trans>} onCancel={() => { notify.info(t`已取消删除操作`); setRemoving(false); }} onConfirm={() => void remove()}>
        <Trans>确定将所选的 {selected.size} 人移出该角色吗？</Trans>
      </ConfirmDialog>
    </Drawer.Root>
  );
}
