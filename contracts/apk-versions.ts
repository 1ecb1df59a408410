import { z } from 'zod';
import { sortedTableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { APK_LIMITS } from './apk-rules';

/**
 * APK版本管理 (/system/apk): the Android app's releases. Version code unique in the school; publishing
 * needs a file and a code above every published one; a published version cannot be edited or
 * deleted (unpublish first). The app asks `GET /api/apk/latest?tenant=<code>` without login.
 */
export * from './apk-rules';

/** `POST /api/apk/list`: table A; search versionName (contains), published '1' / '0'. */
export const apkSearch = z.object({ versionName: z.string().trim().max(APK_LIMITS.versionNameMax).optional(), published: z.enum(['', '0', '1']).optional() });
/** the columns the APK list sorts by */
export const APK_SORT_FIELDS = ['versionName', 'versionCode', 'published', 'publishedAt'] as const;
export type ApkSortField = (typeof APK_SORT_FIELDS)[number];
export const apkListRequest = sortedTableARequest(APK_SORT_FIELDS).extend({ search: jsonObjectInput(apkSearch) });
export type ApkListRequest = z.infer<typeof apkListRequest>;

export interface ApkVersionRow {
  id: string;
  versionName: string;
  versionCode: number;
  fileId: string;
  /** the file's name and size (bytes); '' and 0 without a file */
  fileName: string;
  fileSize: number;
  changelog: string;
  forceUpdate: boolean;
  published: boolean;
  publishedAt: string | null;
  updatedAt: string;
  version: number;
}

/** `POST /api/apk/save`: add (no id) or edit (id with the version read); refused while published. */
export const apkSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    versionName: z.string().max(100),
    versionCode: z.number().int().nullable(),
    fileId: z.union([z.uuid(), z.literal('')]).default(''),
    changelog: z.string().max(APK_LIMITS.changelogMax * 2).default(''),
    forceUpdate: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  });
export type ApkSaveRequest = z.infer<typeof apkSaveRequest>;

/** `POST /api/apk/publish`: publish (true) or unpublish (false), with the version read. */
export const apkPublishRequest = z.object({ id: z.uuid(), published: z.boolean(), version: z.number().int().min(0) });
export type ApkPublishRequest = z.infer<typeof apkPublishRequest>;

/** `POST /api/apk/delete`: one or several; refused for a published one. */
export const apkDeleteRequest = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export type ApkDeleteRequest = z.infer<typeof apkDeleteRequest>;

/** `GET /api/apk/latest?tenant=<code>` (public): the newest published version, or null. */
export const apkLatestQuery = z.object({ tenant: z.string().trim().max(64).optional() });
export interface ApkLatestData {
  versionName: string;
  versionCode: number;
  forceUpdate: boolean;
  changelog: string;
  /** path on this server (no login), e.g. /api/apk/download/<id>?tenant=demo */
  downloadUrl: string;
}

export const apkDownloadParams = z.object({ id: z.uuid() });
