import { DEVICE_ID_HEADER } from '../../contracts/survey-rules';

/**
 * The public page's surroundings (no app modules: the page stays light): the school (tenant), the
 * device id, the language and the app's session if the app is logged in on this device. The cookie
 * names are the app's (src/lib/session.ts, src/lib/locale.ts): the same origin shares them.
 */
const TENANT_KEY = 'xiaowu-survey-tenant';
const DEVICE_KEY = 'xiaowu-survey-device';
/** src/lib/session.ts TOKEN_COOKIE, HEADER_COOKIE, FAILURE_COOKIE, USER_COOKIE */
const TOKEN_COOKIE = 'xiaowu-token';
const HEADER_COOKIE = 'xiaowu-token-header';
const FAILURE_COOKIE = 'xiaowu-token-failed';
const USER_COOKIE = 'xiaowu-user';
/** src/lib/locale.ts LOCALE_COOKIE (10 days, SPEC §9) */
const LOCALE_COOKIE = 'language';
/** public/config.json's default token header */
const DEFAULT_TOKEN_HEADER = 'X-Access-Token';
const CONFIG_KEY = 'xiaowu-survey-config';

export type Locale = 'zh' | 'en';

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The school: `?tenant=` (kept for the installed app's start, which opens without it), else the one
 * kept, else '' (the server takes it from the host name).
 */
export function currentTenant(search: string = location.search): string {
  const fromUrl = new URLSearchParams(search).get('tenant')?.trim() ?? '';
  if (fromUrl) {
    storage()?.setItem(TENANT_KEY, fromUrl);
    return fromUrl;
  }
  return storage()?.getItem(TENANT_KEY) ?? '';
}

/** Keys on the device: the tenant code, else the host (a school's own host name). */
export const tenantKey = (tenant: string): string => tenant || `host:${location.host}`;

/** A uuid v7 (time-ordered; getRandomValues works outside secure contexts too). */
export function newId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let time = Date.now();
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This device's id (one answer per device; rate limits), kept in localStorage. */
export function deviceId(): string {
  const kept = storage()?.getItem(DEVICE_KEY);
  if (kept && /^[0-9a-f-]{36}$/i.test(kept)) return kept;
  const made = newId();
  storage()?.setItem(DEVICE_KEY, made);
  return made;
}

export interface AppSession {
  token: string;
  header: string;
  userId: string;
}

/** The app's session on this device (token cookie present and the failure flag not set), or null. */
export function appSession(): AppSession | null {
  const token = readCookie(TOKEN_COOKIE);
  if (!token || readCookie(FAILURE_COOKIE) === '1') return null;
  return { token, header: readCookie(HEADER_COOKIE) || runtime.tokenHeaderName, userId: readCookie(USER_COOKIE) ?? '' };
}

/** What the page uses of the deployment's /config.json (contracts/config.ts): the API's address and the token header. */
export interface PageConfig {
  apiBaseUrl: string;
  tokenHeaderName: string;
}
let runtime: PageConfig = { apiBaseUrl: '', tokenHeaderName: DEFAULT_TOKEN_HEADER };
export const pageConfig = (): PageConfig => runtime;

function normalise(raw: unknown): PageConfig {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    apiBaseUrl: typeof input.apiBaseUrl === 'string' ? input.apiBaseUrl.replace(/\/+$/, '') : '',
    tokenHeaderName: typeof input.tokenHeaderName === 'string' && input.tokenHeaderName ? input.tokenHeaderName : DEFAULT_TOKEN_HEADER,
  };
}

/** /config.json (fresh, at most 2 s), else the copy kept from the last visit (offline), else the defaults. */
export async function loadPageConfig(): Promise<PageConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 2000);
  try {
    const response = await fetch('/config.json', { cache: 'no-cache', signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    runtime = normalise(await response.json());
    storage()?.setItem(CONFIG_KEY, JSON.stringify(runtime));
  } catch {
    try {
      runtime = normalise(JSON.parse(storage()?.getItem(CONFIG_KEY) ?? 'null'));
    } catch {
      // the defaults
    }
  } finally {
    clearTimeout(timer);
  }
  return runtime;
}

/** Whose drafts and answers these are on this device: the logged-in account, else the device. */
export function respondentKey(): string {
  const session = appSession();
  return session?.userId ? `u:${session.userId}` : `d:${deviceId()}`;
}

export function storedLocale(): Locale {
  return readCookie(LOCALE_COOKIE) === 'en' ? 'en' : 'zh';
}

/** Follows the app: the same cookie, so the app opens in the language chosen here and vice versa. */
export function storeLocale(locale: Locale): void {
  let cookie = `${LOCALE_COOKIE}=${locale}; path=/; SameSite=Lax; max-age=${10 * 86400}`;
  if (location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

/**
 * Headers of every call: language, school, device, and the app's token when logged in here (or the
 * session given: a queued answer goes with its own user's session, or none).
 */
export function requestHeaders(locale: Locale, tenant: string, given?: AppSession | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': locale === 'en' ? 'en' : 'zh-CN', [DEVICE_ID_HEADER]: deviceId() };
  if (tenant) headers['X-Tenant'] = tenant;
  const session = given === undefined ? appSession() : given;
  if (session) headers[session.header] = session.token;
  return headers;
}
