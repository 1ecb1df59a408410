import { z } from 'zod';

/**
 * APK版本管理 (/system/apk) is a kit resource now (contracts/resources/apk-versions.ts). Here: the
 * Android app's public calls (`GET /api/apk/latest?tenant=<code>`, the download) and what the current
 * screens still import (the lead removes the row type and the rules re-export once they moved).
 */
export * from './apk-rules';

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
