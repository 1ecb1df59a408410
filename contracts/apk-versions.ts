import { z } from 'zod';
import type { ResourceRow } from './resource';
import type { apkVersions } from './resources/apk-versions';

/**
 * APK版本管理 (/system/apk) is a kit resource (contracts/resources/apk-versions.ts). Here: the
 * Android app's public calls, which the kit does not make (the module adds them as extra routes).
 */

/** A list row: the definition's fields plus the file's name and size ('' and 0 without a file) and when it was published. */
export type ApkVersionRow = ResourceRow<typeof apkVersions> & { fileName: string; fileSize: number; publishedAt: string | null };

/** The public call of the Android app: `GET /api/apk/latest?tenant=<code>`. */
export const APK_LATEST_URL = '/api/apk/latest';
/** Where the app downloads a published version's file without login: `GET /api/apk/download/<id>?tenant=<code>`. */
export const apkDownloadPath = (id: string, tenant: string) => `/api/apk/download/${encodeURIComponent(id)}?tenant=${encodeURIComponent(tenant)}`;

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
