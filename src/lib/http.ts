import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { OFFLINE_SCOPE_HEADER, offlineScope } from '../../contracts/connectivity';
import { EXPIRED_CODES, ResponseCode, type Envelope } from '../../contracts/envelope';
import { getConfig, loadConfig } from './config';
import { openLoginExpired } from './expiry';
import { acceptLanguage } from './locale';
import { knownTenant } from './offline/boot';
import { isCachedAnswer, reportAnswer, reportNoAnswer } from './offline/connectivity';
import { createRequestSealer, type SecurityKey } from './request-sealer';
import { renewToken, session } from './session';
import { TOAST_DURATION, toaster } from './toaster';
import { fetchWithUploadProgress } from './upload-progress';

/**
 * The one http module (SPEC §7, §8; DESIGN §4). Every call of the client goes through here:
 * base address + credentials, Accept-Language, JSON or form encoding, the token header and its
 * renewal, the envelope, the expiry prompt, the network-error toast, and what each call tells about
 * the server's reachability (lib/offline/connectivity.ts: an answer the service worker served from
 * its cache is not the server's).
 *
 *   get<T>(path, params?, options?)       GET with query parameters → data
 *   post<T>(path, body?, options?)        POST JSON → data
 *   postForm<T>(path, fields?, options?)  POST application/x-www-form-urlencoded → data
 *   request<T>(path, options)             any method → data
 *   requestEnvelope<T>(path, options)     → the whole envelope (when the caller needs msg on success)
 *   postMultipart<T>(path, formData, o?)  POST multipart/form-data (uploads) → the whole envelope
 *
 * Failures reject with HttpError { code, msg, result: false, kind }.
 *
 * Request encryption (SPEC §7, runtime flag `requestEncryption`; protocol in contracts/encryption.ts):
 * non-GET calls off the public whitelist, except multipart uploads, go out as `{ data }` (AES-256-CBC
 * of the original content type and body) with the `X-Sign` header (RSA-OAEP of key, IV, time,
 * nonce); an encrypted answer `{ encrypted, iv }` is opened here, so callers see the usual envelope.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type FieldValue = string | number | boolean | null | undefined;
export type Fields = Record<string, FieldValue | FieldValue[] | object>;

export interface RequestOptions {
  method?: HttpMethod;
  /** query string parameters */
  params?: Record<string, FieldValue>;
  /** JSON body, or form fields when `form` is set */
  body?: unknown;
  /** send the body form-encoded (SPEC's form calls) */
  form?: boolean;
  signal?: AbortSignal;
  /** extra request headers (e.g. the outbox's Idempotency-Key) */
  headers?: Record<string, string>;
  /**
   * Background call (the outbox drain): no network-error toast and no expiry prompt; the caller
   * reads the HttpError (kind 'expired' still marks an expired session).
   */
  quiet?: boolean;
  /** an upload's progress, 0…1 (sent through XMLHttpRequest: fetch reports none) */
  onUploadProgress?: (fraction: number) => void;
}

export type HttpErrorKind =
  /** the server answered with a failure code */
  | 'failure'
  /** the server answered "login expired"; the prompt is open */
  | 'expired'
  /** no answer, or not an envelope (transport) */
  | 'network';

export class HttpError extends Error {
  readonly result = false as const;
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly kind: HttpErrorKind = 'failure',
    readonly data?: unknown,
    readonly status?: number,
  ) {
    super(msg);
    this.name = 'HttpError';
  }
}

/** Code -1 marks answers that are not an envelope (SPEC §8 "request failed"). */
export const TRANSPORT_CODE = -1;

const SUCCESS_CODES = new Set<number>([ResponseCode.ok, 200]);

export const isAbortError = (error: unknown): boolean =>
  (error instanceof DOMException && error.name === 'AbortError') ||
  (error instanceof Error && error.name === 'AbortError');

/** Form encoding: arrays repeat the key, objects become JSON, null/undefined are left out. */
export function encodeForm(fields: Fields | undefined): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) form.append(key, String(item));
    } else if (typeof value === 'object') {
      form.append(key, JSON.stringify(value));
    } else {
      form.append(key, String(value));
    }
  }
  return form;
}

export function buildUrl(path: string, params?: Record<string, FieldValue>): string {
  const base = /^https?:\/\//.test(path) ? path : `${getConfig().apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const query = params ? encodeForm(params).toString() : '';
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

/**
 * The 5 s 'network error' toast, once per loss of the server: while it stays unreachable (or the
 * browser is offline) the top bar's offline indicator says so instead of a toast on every poll.
 */
function showNetworkError(startedAt: number, quiet = false): void {
  if (!reportNoAnswer(startedAt) || quiet) return;
  toaster.create({ id: 'network-error', type: 'error', title: t`网络错误`, duration: TOAST_DURATION, closable: true });
}

function isEnvelope(value: unknown): value is Envelope {
  return Boolean(value) && typeof value === 'object' && typeof (value as Envelope).code === 'number';
}

/** Method, headers (language, token) and body of a call, shared by the envelope and raw calls. */
function prepare(options: RequestOptions): { method: HttpMethod; headers: Headers; body: BodyInit | undefined } {
  const method = options.method ?? (options.body === undefined && !options.form ? 'GET' : 'POST');
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('Accept-Language', acceptLanguage(i18n.locale || 'zh'));
  const token = session.token;
  const headerName = session.headerName;
  if (token) headers.set(headerName, token);
  // the school and user the call is for: the service worker keeps its cached reads per scope
  const userId = session.userId;
  headers.set(OFFLINE_SCOPE_HEADER, offlineScope({ token, userId, tenant: userId ? knownTenant(userId) : null }));

  let body: BodyInit | undefined;
  if (method !== 'GET') {
    if (options.body instanceof FormData) {
      // the browser sets multipart/form-data with its boundary itself
      body = options.body;
    } else if (options.form) {
      body = encodeForm(options.body as Fields | undefined);
      headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json;charset=UTF-8');
    }
  }

  return { method, headers, body };
}

/** Request encryption; the server's key comes through this module's own call (whitelisted path). */
const sealer = createRequestSealer(() => request<SecurityKey>('/api/security/get', { method: 'POST' }));

/** Test hook: forget the cached public key. */
export function resetEncryptionKey(): void {
  sealer.forgetKey();
}

/**
 * A call whose answer is not an envelope (file downloads): same base address, credentials, language
 * and token header; a renewed token is saved; a transport failure shows the network-error toast.
 * The caller reads the Response itself.
 */
export async function fetchRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  const { response, aesKey, method, startedAt } = await send(path, options);
  // A sealed call's JSON answer (an envelope instead of a file) is opened for the caller.
  if (aesKey && /json/i.test(response.headers.get('Content-Type') ?? '')) {
    try {
      const opened = await sealer.open(aesKey, await response.json());
      return new Response(JSON.stringify(opened), { status: response.status, headers: response.headers });
    } catch (error) {
      throw transportFailure(error, method, path, startedAt, options.quiet);
    }
  }
  return response;
}

/** Logs a cancelled request (SPEC §8: only logged), or shows the 5 s 'network error' toast. */
function transportFailure(error: unknown, method: string, path: string, startedAt: number, quiet?: boolean): unknown {
  if (isAbortError(error)) {
    console.debug(`request cancelled: ${method} ${path}`);
    return error;
  }
  showNetworkError(startedAt, quiet);
  return new HttpError(TRANSPORT_CODE, t`网络错误`, 'network');
}

interface Sent {
  response: Response;
  aesKey: string | null;
  method: string;
  /** when the call started (connectivity: an older call's failure is old news) */
  startedAt: number;
  /** the service worker answered from its cache: the server was not reached */
  cached: boolean;
}

/**
 * The transport every call shares: prepare, seal when request encryption is on, fetch with the
 * token, keep a renewed token from the response header, and report the outcome to connectivity.
 */
async function send(path: string, options: RequestOptions): Promise<Sent> {
  const { method, headers, body: plainBody } = prepare(options);
  const headerName = session.headerName;
  const startedAt = Date.now();
  let response: Response;
  let aesKey: string | null;
  try {
    let body: BodyInit | undefined;
    ({ body, aesKey } = await sealer.seal(path, method, headers, plainBody));
    const init: RequestInit = { method, headers, body, credentials: 'include', signal: options.signal };
    const url = buildUrl(path, options.params);
    response = await (options.onUploadProgress ? fetchWithUploadProgress(url, init, options.onUploadProgress) : fetch(url, init));
  } catch (error) {
    throw transportFailure(error, method, path, startedAt, options.quiet);
  }
  const cached = isCachedAnswer(response);
  if (cached) reportNoAnswer(startedAt, true);
  else if (response.status < 500) reportAnswer();
  // A renewed token comes back in the token header.
  const renewed = response.headers.get(headerName);
  if (renewed && session.token && renewed !== session.token) renewToken(renewed);
  return { response, aesKey, method, startedAt, cached };
}

export async function requestEnvelope<T>(path: string, options: RequestOptions = {}, retried = false): Promise<Envelope<T>> {
  const { response, aesKey, method, startedAt, cached } = await send(path, options);

  let payload: unknown;
  try {
    payload = await sealer.open(aesKey, await response.json());
  } catch (error) {
    if (isAbortError(error)) {
      console.debug(`request cancelled: ${method} ${path}`);
      throw error;
    }
    payload = undefined;
  }

  if (!isEnvelope(payload)) {
    if (response.status >= 500 || response.status === 0) {
      showNetworkError(startedAt, options.quiet);
      throw new HttpError(TRANSPORT_CODE, t`网络错误`, 'network', undefined, response.status);
    }
    throw new HttpError(TRANSPORT_CODE, t`请求失败`, 'network', undefined, response.status);
  }

  const { code } = payload;
  // an envelope with a 5xx status is still the server's answer (59000)
  if (!cached) reportAnswer();
  if (SUCCESS_CODES.has(code)) return payload as Envelope<T>;
  // The key was rotated and the old one's grace is over: fetch the new key and try once more.
  if (code === ResponseCode.badSignature && aesKey && !retried) {
    resetEncryptionKey();
    return requestEnvelope<T>(path, options, true);
  }
  // Request encryption went on after this page loaded its configuration: reload it, then send the
  // call sealed once.
  if (code === ResponseCode.missingSignature && !aesKey && !retried && !(options.body instanceof FormData)) {
    if ((await loadConfig()).requestEncryption) return requestEnvelope<T>(path, options, true);
  }

  const expired = code === ResponseCode.loginExpired || (EXPIRED_CODES.includes(code) && Boolean(session.token));
  if (expired) {
    if (!options.quiet) openLoginExpired();
    throw new HttpError(code, payload.msg || t`登录状态已过期，请重新登录`, 'expired', payload.data, response.status);
  }
  throw new HttpError(code, payload.msg || t`请求失败`, 'failure', payload.data, response.status);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, options)).data;
}

type Extra = Omit<RequestOptions, 'method' | 'body' | 'form' | 'params'>;

export const get = <T>(path: string, params?: Record<string, FieldValue>, options?: Extra): Promise<T> =>
  request<T>(path, { ...options, method: 'GET', params });

export const post = <T>(path: string, body?: unknown, options?: Extra): Promise<T> =>
  request<T>(path, { ...options, method: 'POST', body });

export const postForm = <T>(path: string, fields?: Fields, options?: Extra): Promise<T> =>
  request<T>(path, { ...options, method: 'POST', body: fields ?? {}, form: true });

/** Uploads (SPEC §7 /file/upload): multipart body, same token, envelope and expiry handling. */
export const postMultipart = <T>(path: string, formData: FormData, options?: Extra): Promise<Envelope<T>> =>
  requestEnvelope<T>(path, { ...options, method: 'POST', body: formData });
