import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SettingsData, SettingsSaveRequest } from '../../../../contracts/settings';
import { tableKeys, type TableQueryInput } from '../../../components/table/table-query';
import { post } from '../../../lib/http';
import type { SettingsSearchParams } from './search';

/** 系统配置's calls (contracts/settings.ts; server/modules/settings and i18n). */
export const SETTINGS_URLS = {
  get: '/api/settings/get',
  save: '/api/settings/save',
  languages: '/api/i18n/entries',
  languageSave: '/api/i18n/save',
  languageDelete: '/api/i18n/delete',
} as const;

export const settingsQuery = queryOptions({
  queryKey: ['system', 'settings'] as const,
  queryFn: ({ signal }) => post<SettingsData>(SETTINGS_URLS.get, {}, { signal }),
  meta: { persist: false },
});

export function languageListInput(search: SettingsSearchParams): TableQueryInput {
  const filters: Record<string, unknown> = {};
  if (search.keyword) filters.keyword = search.keyword;
  if (search.lang) filters.lang = search.lang;
  return { url: SETTINGS_URLS.languages, kind: 'A', filters, page: search.page ?? 0, size: search.size ?? 10 };
}

export const saveSettings = (body: SettingsSaveRequest) => post<{ version: number }>(SETTINGS_URLS.save, body);
export const saveLanguage = (body: { key: string; previousKey?: string; zh: string; en: string }) => post<{ key: string }>(SETTINGS_URLS.languageSave, body);
export const deleteLanguages = (keys: string[]) => post<{ deleted: number }>(SETTINGS_URLS.languageDelete, { keys });

export const refreshSettings = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
export const refreshLanguages = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tableKeys.url(SETTINGS_URLS.languages) });
