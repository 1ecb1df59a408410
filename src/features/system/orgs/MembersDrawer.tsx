import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORGS_EDIT_PERMISSION } from '../../../../contracts/org-rules';
import type { OrgMemberRow, OrgNode } from '../../../../contracts/orgs';
import { Permission } from '../../../components/Permission';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { formatList } from '../../../lib/format';
import { MembersDrawerFrame } from '../shared/MembersDrawerFrame';
import { useMembersDrawer } from '../shared/useMembersDrawer';
import { addOrgMembers, ORG_MEMBERS_URL, removeOrgMembers } from './api';
import { orgTitle } from './form';
import { useDutyLabel } from './labels';

export interface MembersDrawerProps {
  node: OrgNode;
  onClose: () => void;
  /** after people were added or removed (the tree's counts change) */
  onChanged: () => Promise<unknown>;
}

/**
 * 成员 of a unit: table A of its people (account, name, number, duties in it) with a search; a
 * department takes staff, a class students, through the people selector; removal (asks first) leaves
 * them without a unit. Grades and the school list nobody of their own.
 */
export default function MembersDrawer({ node, onClose, onChanged }: MembersDrawerProps) {
  const { t, i18n } = useLingui();
  const dutyLabel = useDutyLabel();
  const dutyWithSubject = (duty: string, subject: string) => t`${duty}（${subject}）`;
  const members = useMembersDrawer<OrgMemberRow>({
    list: ({ keyword, page, size }) => ({ url: ORG_MEMBERS_URL, kind: 'A', filters: { orgId: node.id, keyword }, page, size }),
    add: (ids) => addOrgMembers(node.id, ids),
    remove: (ids) => removeOrgMembers(node.id, ids),
    changed: onChanged,
    said: { added: t`添加成功`, removed: t`移出成功`, cancelled: t`已取消` },
  });
  const editable = node.kind === 'department' || node.kind === 'class';

  const columns: DataTableColumn<OrgMemberRow>[] = [
    { key: 'name', title: t`姓名`, render: (row) => <span data-testid="org-member-name">{row.name}</span> },
    { key: 'username', title: t`账号`, nowrap: true },
    { key: 'userNo', title: t`工号/学号`, nowrap: true, hideBelow: 'sm' },
    { key: 'duties', title: t`职务`, render: (row) => formatList(row.duties.map((duty) => (duty.subject ? dutyWithSubject(dutyLabel(duty.duty), duty.subject) : dutyLabel(duty.duty)))) },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t`操作`,
            nowrap: true,
            render: (row: OrgMemberRow) => (
              <Permission anyOf={[ORGS_EDIT_PERMISSION]}>
                <Button size="xs" variant="outline" colorPalette="red" aria-label={t`移出：${row.name}`} onClick={() => members.askRemove([row.id])} data-testid="org-member-remove">
                  <Trans>移出</Trans>
                </Button>
              </Permission>
            ),
          },
        ]
      : []),
  ];

  return (
    <MembersDrawerFrame
      members={members}
      onClose={onClose}
      title={<Trans>成员：{orgTitle(node, i18n.locale)}</Trans>}
      head={
        editable ? (
          <Permission anyOf={[ORGS_EDIT_PERMISSION]}>
            <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
              <Text fontSize="sm" color="fg.muted">
                {node.kind === 'class' ? <Trans>添加学生到本班</Trans> : <Trans>添加教职工到本部门</Trans>}
              </Text>
              <Box>
                <PeopleOrgRoleSelector value={members.adding} onChange={members.setAdding} types={['people']} userType={node.kind === 'class' ? '2' : undefined} aria-label={t`选择人员`} placeholder={t`选择要添加的人员`} />
              </Box>
              <HStack>
                <Button colorPalette="brand" minH="10" disabled={!members.addable} loading={members.busy} onClick={() => void members.add()} data-testid="org-member-add">
                  <Trans>添加成员</Trans>
                </Button>
                <Button variant="outline" minH="10" disabled={members.selected.size === 0} onClick={() => members.askRemove([...members.selected])} data-testid="org-member-remove-selected">
                  <Trans>移出所选</Trans>
                </Button>
              </HStack>
            </Stack>
          </Permission>
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="org-members-readonly">
            <Trans>年级和学校下没有直属人员；请在部门或班级中管理人员。</Trans>
          </Text>
        )
      }
      columns={columns}
      selection={editable ? { allLabel: t`全选`, rowLabel: (row) => t`选择 ${row.name}`, testId: 'org-member-select' } : undefined}
      confirm={{ title: <Trans>移出成员</Trans>, body: <Trans>确定将所选人员移出“{orgTitle(node, i18n.locale)}”吗？</Trans> }}
      texts={{ keyword: t`姓名、账号或工号/学号`, search: <Trans>搜索</Trans>, close: t`关闭` }}
      testIds={{ drawer: 'org-members-drawer', keyword: 'org-member-keyword', table: 'org-members', row: 'org-member-row' }}
    />
  );
}
