import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { MenuAdminNode, MenuMoveRequest, MenuSaveData, MenuSaveInput } from '../../../../contracts/menu-admin';
import { post, requestEnvelope } from '../../../lib/http';

export const menuAdminKeys = { tree: ['menu-admin', 'tree'] as const };

/** `POST /api/menu-admin/tree`: the whole tree (directories, menus, buttons). Not kept on the device. */
export const menuTreeQuery = () =>
  queryOptions({
    queryKey: menuAdminKeys.tree,
    queryFn: ({ signal }) => post<MenuAdminNode[]>('/api/menu-admin/tree', {}, { signal }),
    meta: { persist: false },
  });

export const saveMenu = (body: MenuSaveInput) => post<MenuSaveData>('/api/menu-admin/save', body);
export const deleteMenu = (id: string) => post<null>('/api/menu-admin/delete', { id });
export const moveMenu = (body: MenuMoveRequest) => post<null>('/api/menu-admin/move', body);
export const reloadMenuTree = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: menuAdminKeys.tree });

/** The permission payload's query key (features/auth/api.ts authKeys.permission; a feature does not import another). */
const PERMISSION_KEY = ['auth', 'user', 'permission'] as const;

/** What the top bar's 刷新菜单 does (POST /api/role/refresh, the payload fetched again, the guards re-run): the sidebar shows the change. */
export async function refreshMenusNow(queryClient: QueryClient, router: AnyRouter): Promise<void> {
  const answer = await requestEnvelope<unknown>('/api/role/refresh', { method: 'POST' });
  if (answer.result !== true) return;
  await queryClient.refetchQueries({ queryKey: PERMISSION_KEY, exact: true });
  await router.invalidate();
}
