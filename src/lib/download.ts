import { t } from '@lingui/core/macro';
import { EXPIRED_CODES, ResponseCode } from '../../contracts/envelope';
import { openLoginExpired } from './expiry';
import { fetchRaw, HttpError, TRANSPORT_CODE, type FieldValue, type HttpMethod } from './http';
import { session } from './session';

/** SPEC §9: file calls may take up to 3,000,000 ms (large exports). */
export const DOWNLOAD_TIMEOUT_MS = 3_000_000;
/** Marks a call as a file request, so the server answers errors as JSON the client can read. */
export const FILE_REQUEST_HEADER = 'X-File-Request';

export interface DownloadOptions {
  method?: HttpMethod;
  params?: Record<string, FieldValue>;
  body?: unknown;
  form?: boolean;
  /** the saved file's name; else the Content-Disposition name */
  fileName?: string;
  /** false: only fetch the blob (e.g. to preview it), do not save it */
  download?: boolean;
  signal?: AbortSignal;
}

export type DownloadResult =
  /** the server answered a JSON envelope with code 1 instead of a file */
  | { kind: 'data'; data: unknown; msg: string }
  | { kind: 'file'; blob: Blob; fileName: string };

/**
 * The file download client (SPEC §7, §8): blob answers, 200 and 500 accepted. A JSON answer with
 * code 1 resolves with its data; any other 200 answer is the file, saved unless `download: false`.
 * A 500 answer is read as JSON and rejected with its code and msg; unreadable → code -1 请求失败.
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetchRaw(path, {
    method: options.method ?? 'GET',
    params: options.params,
    body: options.body,
    form: options.form,
    signal,
    headers: { [FILE_REQUEST_HEADER]: '1', Accept: '*/*' },
  });
  if (response.status !== 200 && response.status !== 500) throw requestFailed(response.status);

  const blob = await response.blob();
  const isJson = /json/i.test(response.headers.get('Content-Type') ?? blob.type);
  if (response.status === 500 || isJson) {
    const envelope = await readEnvelope(blob);
    if (!envelope) {
      if (response.status === 500) throw requestFailed(500);
    } else if (envelope.code === ResponseCode.ok) {
      return { kind: 'data', data: envelope.data, msg: envelope.msg ?? '' };
    } else {
      const expired = envelope.code === ResponseCode.loginExpired || (EXPIRED_CODES.includes(envelope.code) && Boolean(session.token));
      if (expired) openLoginExpired();
      throw new HttpError(envelope.code, envelope.msg || t`请求失败`, expired ? 'expired' : 'failure', envelope.data, response.status);
    }
  }

  const fileName = options.fileName || fileNameFromDisposition(response.headers.get('Content-Disposition')) || 'download';
  if (options.download !== false) saveBlob(blob, fileName);
  return { kind: 'file', blob, fileName };
}

function requestFailed(status: number): HttpError {
  return new HttpError(TRANSPORT_CODE, t`请求失败`, 'failure', undefined, status);
}

async function readEnvelope(blob: Blob): Promise<{ code: number; msg?: string; data?: unknown } | null> {
  try {
    const value: unknown = JSON.parse(await blob.text());
    if (value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number') {
      return value as { code: number; msg?: string; data?: unknown };
    }
    return null;
  } catch {
    return null;
  }
}

/** RFC 6266 / 5987: `filename*=UTF-8''…` wins over `filename="…"`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed percent-encoding: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = (plain[2] ?? plain[1]).trim();
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
