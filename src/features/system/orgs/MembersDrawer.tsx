import { Box, Button, CloseButton, Drawer, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ORGS_EDIT_PERMISSION } from '../../../../contracts/org-rules';
import type { OrgMemberRow, OrgNode } from '../../../../contracts/orgs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Permission } from '../../../components/Permission';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { DataTable, type DataTableColumn } from '../../../components/table/DataTable';
import { selectionColumn } from '../../../components/table/selection';
import { tableKeys, useTableQuery } from '../../../components/table/table-query';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { addOrgMembers, ORG_MEMBERS_URL, removeOrgMembers } from './api';
import { orgTitle } from './form';
import { useDutyLabel } from './labels';

export interface MembersDrawerProps {
  node: OrgNode;
  onClose: () => void;
  /** after people were added or removed (the tree's counts change) */
  onChanged: () => Promise<unknown>;
}

const peopleIdsOf = (value: string) =>
  value
    .split(',')
    .filter((code) => code.startsWith('U_'))
    .map((code) => code.slice(2));

/**
 * 成员 of a unit: table A of its people (account, name, number, duties in it) with a search; a
 * department takes staff, a class students, through the people selector; removal (asks first) leaves
 * them without a unit. Grades and the school list nobody of their own.
 */
export default function MembersDrawer({ node, onClose, onChanged }: MembersDrawerProps) {
  const { t, i18n } = useLingui();
  const dutyLabel = useDutyLabel();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [adding, setAdding] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const table = useTableQuery<OrgMemberRow>({ url: ORG_MEMBERS_URL, kind: 'A', filters: { orgId: node.id, keyword: applied }, page, size });
  const editable = node.kind === 'department' || node.kind === 'class';

  const reload = async () => {
    setSelected(new Set());
    await Promise.all([queryClient.invalidateQueries({ queryKey: tableKeys.url(ORG_MEMBERS_URL) }), onChanged()]);
  };
  const add = async () => {
    setBusy(true);
    try {
      await addOrgMembers(node.id, peopleIdsOf(adding));
      notify.success(t`添加成功`);
      setAdding('');
      await reload();
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeOrgMembers(node.id, removing);
      notify.success(t`移出成功`);
      setRemoving(null);
      await reload();
    } catch (error) {
      setRemoving(null);
      if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<OrgMemberRow>[] = [
    ...(editable
      ? [
          selectionColumn<OrgMemberRow>({
            rows: table.rows,
            rowKey: (row) => row.id,
            selected,
            onChange: setSelected,
            allLabel: t`全选`,
            rowLabel: (row) => t`选择 ${row.name}`,
            testId: 'org-member-select',
          }),
        ]
      : []),
    { key: 'name', title: t`姓名`, render: (row) => <span data-testid="org-member-name">{row.name}</span> },
    { key: 'username', title: t`账号`, nowrap: true },
    { key: 'userNo', title: t`工号/学号`, nowrap: true, hideBelow: 'sm' },
    { key: 'duties', title: t`职务`, render: (row) => row.duties.map((duty) => (duty.subject ? `${dutyLabel(duty.duty)}（${duty.subject}）` : dutyLabel(duty.duty))).join('、') },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t`操作`,
            nowrap: true,
            render: (row: OrgMemberRow) => (
              <Permission anyOf={[ORGS_EDIT_PERMISSION]}>
                <Button size="xs" variant="outline" colorPalette="red" aria-label={t`移出：${row.name}`} onClick={() => setRemoving([row.id])} data-testid="org-member-remove">
                  <Trans>移出</Trans>
                </Button>
              </Permission>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="org-members-drawer">
            <Drawer.Header>
              <Drawer.Title>
                <Trans>成员：{orgTitle(node, i18n.locale)}</Trans>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                {editable ? (
                  <Permission anyOf={[ORGS_EDIT_PERMISSION]}>
                    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
                      <Text fontSize="sm" color="fg.muted">
                        {node.kind === 'class' ? <Trans>添加学生到本班</Trans> : <Trans>添加教职工到本部门</Trans>}
                      </Text>
                      <Box>
                        <PeopleOrgRoleSelector value={adding} onChange={(value) => setAdding(value)} types={['people']} userType={node.kind === 'class' ? '2' : undefined} aria-label={t`选择人员`} placeholder={t`选择要添加的人员`} />
                      </Box>
                      <HStack>
                        <Button colorPalette="brand" minH="10" disabled={!peopleIdsOf(adding).length} loading={busy} onClick={() => void add()} data-testid="org-member-add">
                          <Trans>添加成员</Trans>
                        </Button>
                        <Button variant="outline" minH="10" disabled={selected.size === 0} onClick={() => setRemoving([...selected])} data-testid="org-member-remove-selected">
                          <Trans>移出所选</Trans>
                        </Button>
                      </HStack>
                    </Stack>
                  </Permission>
                ) : (
                  <Text fontSize="sm" color="fg.muted" data-testid="org-members-readonly">
                    <Trans>年级和学校下没有直属人员；请在部门或班级中管理人员。</Trans>
                  </Text>
                )}
                <HStack gap="2">
                  <Input
                    flex="1"
                    value={keyword}
                    maxLength={50}
                    placeholder={t`姓名、账号或工号/学号`}
                    aria-label={t`姓名、账号或工号/学号`}
                    onChange={(event) => setKeyword(event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        setApplied(keyword.trim());
                        setPage(0);
                      }
                    }}
                    data-testid="org-member-keyword"
                  />
                  <Button
                    variant="outline"
                    onClick={() => {
                      setApplied(keyword.trim());
                      setPage(0);
                    }}
                  >
                    <Trans>搜索</Trans>
                  </Button>
                </HStack>
                <DataTable
                  data-testid="org-members"
                  columns={columns}
                  rows={table.rows}
                  total={table.total}
                  page={page}
                  size={size}
                  loading={table.loading}
                  refreshing={table.refreshing}
                  rowKey={(row) => row.id}
                  rowProps={(row) => ({ 'data-testid': 'org-member-row', 'data-id': row.id })}
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
      <ConfirmDialog
        open={removing !== null}
        busy={busy}
        title={<Trans>移出成员</Trans>}
        onCancel={() => {
          notify.info(t`已取消`);
          setRemoving(null);
        }}
        onConfirm={() => void remove()}
      >
        <Trans>确定将所选人员移出“{orgTitle(node, i18n.locale)}”吗？</Trans>
      </ConfirmDialog>
    </Drawer.Root>
  );
}
