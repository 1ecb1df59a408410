import type { QueryClient } from '@tanstack/react-query';
import type { ApkVersionRow } from '../../../../contracts/apk-versions';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../../components/table/table-query';
import { post } from '../../../lib/http';
import type { ApkSearchParams } from './search';

/** APK版本管理's calls (contracts/apk-versions.ts; server/modules/apk-versions). */
export const APK_URLS = { list: '/api/apk/list', save: '/api/apk/save', publish: '/api/apk/publish', delete: '/api/apk/delete' } as const;

export interface ApkInput {
  id?: string;
  version?: number;
  versionName: string;
  versionCode: number | null;
  fileId: string;
  changelog: string;
  forceUpdate: boolean;
}

export const apkListInput = (search: ApkSearchParams): TableQueryInput => ({
  url: APK_URLS.list,
  kind: 'A',
  filters: { ...(search.versionName ? { versionName: search.versionName } : {}), ...(search.published ? { published: search.published } : {}) },
  page: search.page ?? 0,
  size: search.size ?? 10,
});

export const saveApk = (body: ApkInput) => post<{ id: string }>(APK_URLS.save, body);
export const publishApk = (row: ApkVersionRow, published: boolean) => post<{ published: boolean }>(APK_URLS.publish, { id: row.id, published, version: row.version });
export const deleteApks = (ids: string[]) => post<{ deleted: number }>(APK_URLS.delete, { ids });
export const refreshApks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tableKeys.url(APK_URLS.list) });

export async function loadApks(queryClient: QueryClient, search: ApkSearchParams): Promise<void> {
  await queryClient.ensureQueryData(tableQueryOptions<ApkVersionRow>(apkListInput(search))).catch(() => undefined);
}
