import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ROLE_URLS } from '../../../../contracts/roles-rules';
import type { RoleCategoriesData, RoleCategorySaveRequest, RoleFilterCatalog, RoleFilterTestData, RoleFilterTestRequest, RoleMenusData, RoleRow, RoleSaveRequest } from '../../../../contracts/roles';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../../components/table/table-query';
import { post } from '../../../lib/http';
import type { RoleSearchParams } from './search';

/** 角色管理 and 角色类型's calls (contracts/roles.ts; H2's server/modules/roles). */
export const URLS = ROLE_URLS;

export const roleKeys = {
  categories: ['roles', 'categories'] as const,
  catalog: ['roles', 'filter-catalog'] as const,
  menus: (id: string) => ['roles', 'menus', id] as const,
};

/** The role list (table A): the same input for the route's loader and the screen. */
export function roleListInput(search: RoleSearchParams): TableQueryInput {
  const filters: Record<string, unknown> = {};
  if (search.keyword) filters.keyword = search.keyword;
  if (search.type) filters.type = search.type;
  if (search.category) filters.category = search.category;
  return { url: URLS.list, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10 };
}

/** A role's members (table A, search { roleId, keyword }). */
export function memberListInput(roleId: string, keyword: string, page: number, size: number): TableQueryInput {
  const filters: Record<string, unknown> = { roleId };
  if (keyword) filters.keyword = keyword;
  return { url: URLS.members, kind: 'A', filters, page, size };
}

export const categoriesQuery = queryOptions({
  queryKey: roleKeys.categories,
  queryFn: () => post<RoleCategoriesData>(URLS.categories, {}),
});
export const filterCatalogQuery = queryOptions({
  queryKey: roleKeys.catalog,
  queryFn: () => post<RoleFilterCatalog>(URLS.filterCatalog, {}),
  staleTime: 10 * 60_000,
});
export const roleMenusQuery = (id: string) =>
  queryOptions({ queryKey: roleKeys.menus(id), queryFn: () => post<RoleMenusData>(URLS.menus, { id }), staleTime: 0 });

export const saveRole = (body: RoleSaveRequest) => post<RoleRow>(URLS.save, body);
export const deleteRoles = (ids: string[]) => post<unknown>(URLS.delete, { ids });
export const testFilter = (body: RoleFilterTestRequest) => post<RoleFilterTestData>(URLS.filterTest, body);
/** Runs a dynamic role's filter now; answers the role with its new refresh time. */
export const refreshMembers = (id: string) => post<RoleRow>(URLS.refreshMembers, { id });
export const saveRoleMenus = (body: { id: string; version: number; menuIds: string[] }) => post<unknown>(URLS.menusSave, body);
export const addMembers = (roleId: string, userIds: string[]) => post<unknown>(URLS.membersAdd, { roleId, userIds });
export const removeMembers = (roleId: string, userIds: string[]) => post<unknown>(URLS.membersRemove, { roleId, userIds });
export const saveCategory = (body: RoleCategorySaveRequest) => post<unknown>(URLS.categorySave, body);
export const deleteCategories = (ids: string[]) => post<unknown>(URLS.categoryDelete, { ids });

export const refreshRoles = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tableKeys.url(URLS.list) });
export const refreshCategories = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: roleKeys.categories });

export async function loadRoles(queryClient: QueryClient, search: RoleSearchParams): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(tableQueryOptions<RoleRow>(roleListInput(search))).catch(() => undefined),
    queryClient.ensureQueryData(categoriesQuery).catch(() => undefined),
  ]);
}
export async function loadCategories(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(categoriesQuery).catch(() => undefined);
}
