import { z } from 'zod';
import { DEFAULT_FILE_CATEGORY, FILE_CATEGORIES, type FileRecord } from './file-constants';
import { listInput } from './input';

/**
 * Files (SPEC §3 "File record", §5 "Upload", §7 `/file/*`). Bytes live on the server's disk, metadata
 * in the database; every call is tenant-scoped. The limits below are enforced by both sides: the
 * client checks them before sending (SPEC §4 "pre-check"), the server checks them again together with
 * the actual content (magic bytes).
 */

export * from './file-constants';

export const fileIdSchema = z.string().trim().uuid();

/**
 * `POST /file/getFiles` body: a JSON array of resIds, or an object with `resIds` / `resId` / `ids`
 * (array or comma-separated). At most 200 ids. Unknown ids (and other tenants') are left out of the answer.
 */
export const getFilesRequest = z.preprocess(
  (input) => {
    if (Array.isArray(input) || typeof input === 'string') return { resIds: input };
    if (input && typeof input === 'object') {
      const record = input as Record<string, unknown>;
      return { resIds: record.resIds ?? record.resId ?? record.ids ?? record['resIds[]'] ?? record['resId[]'] ?? [] };
    }
    return input;
  },
  z.object({ resIds: z.preprocess(listInput, z.array(fileIdSchema).max(200)) }),
);
export type GetFilesRequest = z.infer<typeof getFilesRequest>;
/** `POST /file/getFiles` data, in the order asked. */
export type GetFilesData = FileRecord[];

/** `/file/remove/{resId}` and `/file/download/{resId}` path parameter. */
export const fileParams = z.object({ resId: fileIdSchema });

/**
 * `GET /file/download/{resId}` query. Images (jpg, png, gif, webp) and PDF are sent inline (the
 * browser shows them) when `preview=1`; everything else, and every file without `preview=1`, is sent
 * as an attachment. `Content-Disposition` carries an ASCII fallback name and `filename*=UTF-8''…`
 * (RFC 5987) for the real name; `X-Content-Type-Options: nosniff` always.
 */
export const downloadQuery = z.object({
  preview: z.enum(['0', '1', 'true', 'false', '']).optional(),
});

/** The address of a file's bytes; `preview` asks for inline display (images and PDF only). */
export const fileDownloadPath = (resId: string, preview = false) => `/file/download/${encodeURIComponent(resId)}${preview ? '?preview=1' : ''}`;

/** Content types shown inline with `?preview=1`. */
export const INLINE_PREVIEW_MIMES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

/** Form fields `POST /file/upload` reads besides `file` (others are accepted and ignored). */
export const uploadFields = z.object({
  category: z.enum(FILE_CATEGORIES).default(DEFAULT_FILE_CATEGORY),
});

/** Permission that may remove anyone's files of its tenant (others remove only their own): system configuration. */
export const FILES_ADMIN_PERMISSION = 'system_config';
