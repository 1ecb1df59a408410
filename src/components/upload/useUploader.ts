import { t } from '@lingui/core/macro';
import { useRef, useState } from 'react';
import type { FileCategory } from '../../../contracts/file-constants';
import { UPLOAD_PROFILES } from '../../../contracts/file-constants';
import { uploadFile } from '../../lib/files';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { checkUploadFiles, type UploadVariant } from '../../lib/upload-rules';

export interface UploaderOptions {
  /** resIds already held */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** the limit profile (contracts/files.ts): default accept and maxSize, sent as `category` */
  category?: FileCategory;
  /** comma-separated extensions; default the category's */
  accept?: string;
  /** KB; default the category's */
  maxSizeKB?: number;
  sizeTip?: string;
  /** most files held (0 = unlimited) */
  limit?: number;
  url?: string;
  /** extra multipart fields */
  data?: Record<string, string>;
  headers?: Record<string, string>;
  /** an extra async check before sending; false or a rejection stops the upload */
  beforeUpload?: (files: File[]) => boolean | void | Promise<boolean | void>;
  onUploaded?: (records: { resId: string; resName: string }[]) => void;
}

export type UploadState = 'idle' | 'loading';

/**
 * Upload flow of SPEC §4/§5: the rules run before anything is sent; after a passed pre-check the
 * state is loading, back to idle on success or failure; a server failure warns with its msg.
 */
export function useUploader(options: UploaderOptions, variant: UploadVariant) {
  const profile = options.category ? UPLOAD_PROFILES[options.category] : undefined;
  const accept = options.accept ?? (profile ? profile.extensions.map((ext) => `.${ext}`).join(',') : undefined);
  const maxSizeKB = options.maxSizeKB ?? profile?.maxKB;
  const limit = options.limit ?? 0;
  const [state, setState] = useState<UploadState>('idle');
  const [names, setNames] = useState<Record<string, string>>({});
  const [localUrls, setLocalUrls] = useState<Record<string, string>>({});
  const latest = useRef(options.value);
  latest.current = options.value;

  const limitReached = limit > 0 && options.value.length >= limit;

  async function upload(files: File[]): Promise<boolean> {
    if (files.length === 0) return false;
    const problem = checkUploadFiles(files, { accept, maxSizeKB, sizeTip: options.sizeTip, limit, existing: options.value.length }, variant);
    if (problem) {
      notify.warning(problem);
      return false;
    }
    try {
      if ((await options.beforeUpload?.(files)) === false) return false;
    } catch {
      return false;
    }
    setState('loading');
    const added: { resId: string; resName: string }[] = [];
    try {
      for (const file of files) {
        const answer = await uploadFile(file, { url: options.url, data: options.data, headers: options.headers, category: options.category });
        if (answer.result === false) {
          notify.warning(answer.msg || t`上传失败`);
          break;
        }
        for (const stored of answer.data ?? []) {
          added.push({ resId: stored.resId, resName: stored.resName ?? file.name });
          if (variant === 'image' && typeof URL.createObjectURL === 'function') {
            const url = URL.createObjectURL(file);
            setLocalUrls((urls) => ({ ...urls, [stored.resId]: url }));
          }
        }
      }
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') notify.warning(error.msg || t`上传失败`);
    } finally {
      setState('idle');
    }
    if (added.length > 0) {
      setNames((known) => ({ ...known, ...Object.fromEntries(added.map((record) => [record.resId, record.resName])) }));
      options.onChange([...latest.current, ...added.map((record) => record.resId)]);
      options.onUploaded?.(added);
      return true;
    }
    return false;
  }

  return { state, upload, accept, maxSizeKB, limit, limitReached, names, localUrls };
}
