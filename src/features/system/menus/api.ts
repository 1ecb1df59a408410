import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MenuAdminNode, MenuMoveRequest, MenuSaveData, MenuSaveInput } from '../../../../contracts/menu-admin';
import { post } from '../../../lib/http';

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
