import { Badge, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RoleMenuNode, RoleRow } from '../../../../contracts/roles';
import { FormShell } from '../../../components/FormShell';
import { RequestError } from '../../../components/RequestError';
import { CheckTree } from '../../../components/tree/CheckTree';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { roleKeys, roleMenusQuery, saveRoleMenus } from './api';
import { roleName } from './RolesScreen';

export interface RoleMenusDrawerProps {
  row: RoleRow;
  onClose: () => void;
  onSaved: () => void;
}

const nodeKey = (node: RoleMenuNode) => node.id;
const nodeChildren = (node: RoleMenuNode) => node.children;
const nodeLabel = (node: RoleMenuNode) => node.name;

/** Every id of a tree (admin holds them all). */
export function allIds(nodes: readonly RoleMenuNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children)]);
}

/**
 * 分配权限: the menu tree with this role's grants ticked (directories, menus and their buttons). The
 * administrator holds every menu by its code: shown all ticked, read-only.
 */
export default function RoleMenusDrawer({ row, onClose, onSaved }: RoleMenusDrawerProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const menus = useQuery(roleMenusQuery(row.id));
  const [ticked, setTicked] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const data = menus.data;
  useEffect(() => {
    if (data && ticked === null) setTicked(data.all ? allIds(data.tree) : data.granted);
  }, [data, ticked]);
  const readOnly = Boolean(data?.all);

  const save = async () => {
    if (readOnly || !data || ticked === null) {
      onClose();
      return;
    }
    setError('');
    try {
      await saveRoleMenus({ id: row.id, version: row.version, menuIds: ticked });
      notify.success(t`保存成功`);
      notify.info(t`受影响的用户在点击“刷新菜单”或下次登录后生效`);
      await queryClient.invalidateQueries({ queryKey: roleKeys.menus(row.id) });
      onSaved();
      onClose();
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open size="md" title={<Trans>分配权限：{roleName(row, i18n.locale)}</Trans>} onCancel={onClose} onSave={save} saveLabel={readOnly ? <Trans>关闭</Trans> : undefined}>
      <Stack gap="3" data-testid="role-menus-drawer">
        {readOnly && (
          <Text fontSize="sm" color="fg.muted" data-testid="role-menus-all">
            <Trans>管理员拥有全部菜单和按钮权限，不能修改。</Trans>
          </Text>
        )}
        {menus.isPending ? (
          <Stack gap="2">
            <Skeleton height="5" />
            <Skeleton height="5" />
          </Stack>
        ) : menus.isError ? (
          <RequestError error={menus.error} />
        ) : (
          <CheckTree
            data-testid="role-menu-tree"
            rows={data?.tree ?? []}
            rowKey={nodeKey}
            childrenOf={nodeChildren}
            rowLabel={nodeLabel}
            renderExtra={(node) =>
              node.type === 'button' ? (
                <Badge size="sm" variant="outline">
                  <Trans>按钮</Trans>
                </Badge>
              ) : null
            }
            value={ticked ?? []}
            onChange={setTicked}
            readOnly={readOnly}
            defaultExpanded={1}
          />
        )}
        {error && (
          <Text color="fg.error" role="alert" data-testid="role-menus-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
