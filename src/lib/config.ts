import { t } from '@lingui/core/macro';
import type { RuntimeConfig } from '../../contracts/config';

/**
 * Runtime configuration (`/config.json`, SPEC §7 first row), loaded once before the app renders so
 * one build serves any deployment. Validated by hand against contracts/config.ts (zod stays out of
 * the login chunk); a missing or mistyped field falls back to the default below.
 */
export const DEFAULT_CONFIG: RuntimeConfig = {
  apiBaseUrl: '',
  mobileBaseUrl: '',
  loginTitle: '校务',
  loginFooter: '',
  pageTitle: '校务',
  loginType: 'local',
  logoUrl: '/icons/icon-192.png',
  redirectUrl: '',
  tokenHeaderName: 'X-Access-Token',
  appId: '',
  agentId: '',
  recordNumber: '',
  requestEncryption: false,
};

let current: RuntimeConfig = { ...DEFAULT_CONFIG };

export function normaliseConfig(raw: unknown): RuntimeConfig {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_CONFIG };
  for (const [key, fallback] of Object.entries(DEFAULT_CONFIG)) {
    const value = input[key];
    if (typeof value === typeof fallback) out[key] = value;
  }
  if (out.loginType !== 'local' && out.loginType !== 'ids') out.loginType = 'local';
  if (!out.tokenHeaderName) out.tokenHeaderName = DEFAULT_CONFIG.tokenHeaderName;
  out.apiBaseUrl = String(out.apiBaseUrl).replace(/\/+$/, '');
  return out as unknown as RuntimeConfig;
}

const TENANT_KEY = 'xiaowu-tenant';

/** The school last logged in to on this device ('' when none): the server lays its own titles over config.json. */
export function lastTenant(): string {
  try {
    return localStorage.getItem(TENANT_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Remembers the school of a login; when it is another school, its configuration is loaded again (titles). */
export function rememberTenant(code: string): void {
  if (!code || code === lastTenant()) return;
  try {
    localStorage.setItem(TENANT_KEY, code);
  } catch {
    return;
  }
  void loadConfig().then(() => showDocumentTitle());
}

/**
 * The shipped titles (public/config.json, the defaults above) are system text: shown in the
 * reader's language. A school's own title (系统设置) is its data and shows as it wrote it.
 */
export function configText(text: string): string {
  switch (text) {
    case '校务':
      return t`校务`;
    case '校务管理平台':
      return t`校务管理平台`;
    default:
      return text;
  }
}

/** The screen the page title names ('' none), kept so that a new configuration or language keeps it. */
let titledScreen = '';

/** document.title: "用户管理 - 校务" / "Users - Xiaowu", or the product alone without a screen. */
export function showDocumentTitle(screen: string = titledScreen): void {
  titledScreen = screen;
  const product = configText(current.pageTitle);
  document.title = screen ? `${screen} - ${product}` : product;
}

/**
 * `/config.json`, with `?tenant=<code>` when the school is known: from the page's own `?tenant=`
 * (links sent to a school), else the school last logged in to. The host name may also name it
 * (the server checks that first).
 */
export function configUrl(): string {
  let code: string;
  try {
    code = new URLSearchParams(window.location.search).get('tenant')?.trim() || lastTenant();
  } catch {
    code = '';
  }
  return code ? `/config.json?tenant=${encodeURIComponent(code)}` : '/config.json';
}

/** Fetches `/config.json` (never from the HTTP cache) and makes it the current configuration. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let raw: unknown = {};
  try {
    const res = await fetchImpl(configUrl(), { cache: 'no-cache', credentials: 'same-origin' });
    if (res.ok) raw = await res.json();
    else console.warn(`config.json: HTTP ${res.status}, using defaults`);
  } catch (error) {
    console.warn('config.json could not be loaded, using defaults', error);
  }
  current = normaliseConfig(raw);
  return current;
}

export function getConfig(): RuntimeConfig {
  return current;
}

/** Tests and the boot sequence only. */
export function setConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = normaliseConfig({ ...current, ...config });
  return current;
}

/** Where the identity-server login type sends an expired or missing session. */
export function timeoutUrl(config: RuntimeConfig = current): string {
  return `${config.redirectUrl.replace(/\/+$/, '')}/timeout`;
}
