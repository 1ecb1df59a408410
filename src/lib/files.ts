import type { FileCategory, GetFilesData, UploadData } from '../../contracts/files';
import { buildUrl, post, postMultipart, requestEnvelope } from './http';

/** SPEC §7 file calls, through the one http module. */
export const FILE_UPLOAD_URL = '/file/upload';

export interface UploadOptions {
  url?: string;
  /** extra multipart fields (SPEC: "extra data") */
  data?: Record<string, string>;
  /** the server's limit profile (contracts/files.ts) */
  category?: FileCategory;
  headers?: Record<string, string>;
}

/** POST /file/upload: multipart field `file`, extra data, token header → the whole envelope (msg on failure). */
export function uploadFile(file: File, options: UploadOptions = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.data ?? {})) form.append(key, value);
  if (options.category) form.append('category', options.category);
  form.append('file', file, file.name);
  return postMultipart<UploadData>(options.url ?? FILE_UPLOAD_URL, form, { headers: options.headers });
}

/** POST /file/getFiles: names of stored files, in the order asked. */
export const getFiles = (resIds: readonly string[]) => (resIds.length === 0 ? Promise.resolve<GetFilesData>([]) : post<GetFilesData>('/file/getFiles', { resIds }));

/** POST /file/remove/{resId}, after the user confirmed. */
export const removeFile = (resId: string) => requestEnvelope<unknown>(`/file/remove/${encodeURIComponent(resId)}`, { method: 'POST' });

/** GET /file/download/{resId} address (preview=1 shows images and PDF inline). */
export const fileDownloadPath = (resId: string) => `/file/download/${encodeURIComponent(resId)}`;
export const fileDownloadUrl = (resId: string, preview = false) => buildUrl(fileDownloadPath(resId), preview ? { preview: '1' } : undefined);
