import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { RoleMemberRow, RoleRow } from '../../../../contracts/roles';
import { Permission } from '../../../components/Permission';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { MembersDrawerFrame } from '../shared/MembersDrawerFrame';
import { useMembersDrawer } from '../shared/useMembersDrawer';
import { addMembers, memberListInput, refreshMembers, removeMembers } from './api';
import { RefreshState, ROLE_PERMS, roleName } from './RolesScreen';

export interface RoleMembersDrawerProps {
  row: RoleRow;
  onClose: () => void;
  /** members changed (the list's counts are stale) */
  onChanged: () => void;
}

const USER_TYPE_LABELS = { '1': msg`管理员`, '2': msg`学生`, '3': msg`教师`, '4': msg`家长` } as const;

/**
 * 成员: a role's members with search and paging. An ordinary role's members are added with the people
 * selector and removed by selection; a dynamic role's come from its filter (read-only, 刷新成员 runs it now).
 */
export default function RoleMembersDrawer({ row, onClose, onChanged }: RoleMembersDrawerProps) {
  const { t, i18n } = useLingui();
  const dynamic = row.type === 'sql';
  const members = useMembersDrawer<RoleMemberRow>({
    list: ({ keyword, page, size }) => memberListInput(row.id, keyword, page, size),
    add: (ids) => addMembers(row.id, ids),
    remove: (ids) => removeMembers(row.id, ids),
    changed: () => {
      notify.info(t`受影响的用户在点击“刷新菜单”或下次登录后生效`);
      onChanged();
    },
    said: { added: t`添加成功`, removed: t`移除成功`, cancelled: t`已取消删除操作` },
  });
  const [state, setState] = useState<Pick<RoleRow, 'type' | 'membersRefreshedAt' | 'membersError'>>(row);

  const refresh = () =>
    members.run(async () => {
      try {
        const fresh = await refreshMembers(row.id);
        setState({ type: 'sql', membersRefreshedAt: fresh?.membersRefreshedAt ?? new Date().toISOString(), membersError: fresh?.membersError ?? '' });
      } catch (error) {
        if (error instanceof HttpError && error.kind === 'failure') setState({ type: 'sql', membersRefreshedAt: state.membersRefreshedAt, membersError: error.msg });
        throw error;
      }
    }, t`刷新成功`);

  const columns = useMemo((): DataTableColumn<RoleMemberRow>[] => [
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
  ], [t, i18n]);

  return (
    <MembersDrawerFrame
      members={members}
      onClose={onClose}
      title={<Trans>成员：{roleName(row, i18n.locale)}</Trans>}
      head={
        dynamic ? (
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
                <Button size="sm" variant="outline" colorPalette="brand" loading={members.busy} onClick={() => void refresh()} data-testid="role-refresh-members">
                  <Trans>刷新成员</Trans>
                </Button>
              </Permission>
            </Flex>
          </Stack>
        ) : (
          <Permission anyOf={[ROLE_PERMS.edit]}>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'center' }}>
              <Box flex="1" minW="0" data-testid="member-picker">
                <PeopleOrgRoleSelector value={members.adding} onChange={members.setAdding} types={['people']} aria-label={t`选择人员`} placeholder={t`选择要添加的人员`} />
              </Box>
              <Button colorPalette="brand" minH="10" disabled={!members.addable} loading={members.busy} onClick={() => void members.add()} data-testid="member-add">
                <Trans>添加成员</Trans>
              </Button>
            </Stack>
          </Permission>
        )
      }
      toolbar={
        !dynamic && (
          <Permission anyOf={[ROLE_PERMS.edit]}>
            <HStack gap="3">
              <Button size="sm" variant="outline" colorPalette="red" disabled={members.selected.size === 0} onClick={() => members.askRemove([...members.selected])} data-testid="member-remove">
                <Trans>移除所选</Trans>
              </Button>
              <Text fontSize="sm" color="fg.muted">
                <Trans>已选 {members.selected.size} 项</Trans>
              </Text>
            </HStack>
          </Permission>
        )
      }
      columns={columns}
      selection={dynamic ? undefined : { allLabel: t`全选`, rowLabel: (member) => t`选择 ${member.name}`, testId: 'member-select' }}
      confirm={{ title: <Trans>移除成员</Trans>, body: <Trans>确定将所选的 {members.selected.size} 人移出该角色吗？</Trans> }}
      texts={{ keyword: t`姓名或账号`, search: <Trans>搜索</Trans>, close: t`关闭` }}
      testIds={{ drawer: 'role-members-drawer', keyword: 'member-search', table: 'role-members', row: 'member-row' }}
    />
  );
}
