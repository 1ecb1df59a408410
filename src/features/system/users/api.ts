import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AccountSettingsData,
  AccountSettingsSaveRequest,
  InitPreview,
  InitReport,
  InitReportRow,
  UserOptions,
  UserRow,
  UserSaveRequest,
  UserSearch,
} from '../../../../contracts/users';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../../components/table/table-query';
import { downloadFile } from '../../../lib/download';
import { post } from '../../../lib/http';
import type { UserSearchParams } from './search';

/** 用户管理's calls (contracts/users.ts; server/modules/users). */
export const URLS = {
  options: '/api/users/options',
  list: '/api/users/list',
  save: '/api/users/save',
  delete: '/api/users/delete',
  enable: '/api/users/enable',
  unlock: '/api/users/unlock',
  resetPassword: '/api/users/reset-password',
  initialize: '/api/users/initialize',
  initPreview: '/api/users/init-preview',
  settings: '/api/users/account-settings',
  settingsSave: '/api/users/account-settings/save',
  preview: '/api/users/preview-number',
  export: '/api/users/export',
  initReport: '/api/users/init-report',
  import: '/api/users/import',
  importTemplate: '/api/users/import-template',
} as const;

/** The list's filters as the server takes them (search JSON). */
export function userFilters(search: UserSearchParams): UserSearch {
  const filters: UserSearch = {};
  if (search.keyword) filters.keyword = search.keyword;
  if (search.userType) filters.userType = search.userType;
  if (search.org) filters.orgUnitId = search.org;
  if (search.enabled) filters.enabled = search.enabled;
  if (search.locked) filters.locked = search.locked;
  if (search.initialized) filters.initialized = search.initialized;
  return filters;
}

export function userListInput(search: UserSearchParams): TableQueryInput {
  return { url: URLS.list, kind: 'A', filters: { ...userFilters(search) }, page: search.page ?? 0, size: search.size ?? 10 };
}

export const userOptionsQuery = queryOptions({ queryKey: ['users', 'options'], queryFn: () => post<UserOptions>(URLS.options, {}) });
export const accountSettingsQuery = queryOptions({ queryKey: ['users', 'account-settings'], queryFn: () => post<AccountSettingsData>(URLS.settings, {}), staleTime: 0 });

export const saveUser = (body: UserSaveRequest) => post<{ id: string }>(URLS.save, body);
export const deleteUsers = (ids: string[]) => post<unknown>(URLS.delete, { ids });
export const setUsersEnabled = (ids: string[], enabled: boolean) => post<unknown>(URLS.enable, { ids, enabled });
export const unlockUsers = (ids: string[]) => post<unknown>(URLS.unlock, { ids });
export const resetPassword = (id: string, password?: string) => post<{ initial: boolean }>(URLS.resetPassword, password ? { id, password } : { id });
/** The people of one initialisation: the chosen rows, or every match of the list's search. */
export type InitTarget = { ids: string[] } | { all: true; search: string };
export const initializeUsers = (body: InitTarget & { includeInitialized: boolean }) => post<InitReport>(URLS.initialize, body);
/** How many of them get a first account and how many have one already (the confirm's numbers). */
export const initPreviewQuery = (target: InitTarget) =>
  queryOptions({ queryKey: ['users', 'init-preview', target], queryFn: () => post<InitPreview>(URLS.initPreview, target), staleTime: 0, gcTime: 0 });
export const saveAccountSettings = (body: AccountSettingsSaveRequest) => post<AccountSettingsData>(URLS.settingsSave, body);
export const previewNumber = (template: string) => post<{ preview: string }>(URLS.preview, { template });
export const exportUsers = (search: UserSearchParams) => downloadFile(URLS.export, { method: 'POST', body: { search: JSON.stringify(userFilters(search)) } });
export const downloadInitReport = (rows: InitReportRow[]) => downloadFile(URLS.initReport, { method: 'POST', body: { rows } });

export const refreshUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tableKeys.url(URLS.list) });

/**
 * The route's loader waits for the rows only: the options (every org unit, role and campus) feed the
 * org filter's name and the drawer, so they load alongside without holding the screen back.
 */
export async function loadUsers(queryClient: QueryClient, search: UserSearchParams): Promise<void> {
  void queryClient.prefetchQuery(userOptionsQuery);
  await queryClient.ensureQueryData(tableQueryOptions<UserRow>(userListInput(search))).catch(() => undefined);
}
