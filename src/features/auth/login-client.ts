import { t } from '@lingui/core/macro';
import { ResponseCode, type Envelope } from '../../../contracts/envelope';
import type { CaptchaData, LoginData, LoginOptions, LoginRequest } from '../../../contracts/session';
import { getConfig, loadConfig, rememberTenant } from '../../lib/config';
import { acceptLanguage } from '../../lib/locale';
import { createRequestSealer, type SecurityKey } from '../../lib/request-sealer';
import { markLoginFailed, saveLogin } from '../../lib/session';

/**
 * The login screen's three calls (SPEC §2, §4, §7) without the app's http module: that module brings the
 * toaster (Chakra), the expiry prompt and the offline engine, which the light login page (login.html)
 * must not load. What the login needs of it is here: base address, Accept-Language, form encoding, the
 * envelope, and request encryption through the same sealer as the app (lib/request-sealer.ts; the sealing code loads only when
 * `requestEncryption` is on; contracts/encryption.ts), the same key rotation (41002) and late switch-on
 * (41001) retries.
 */
export class LoginCallError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** no answer (or not an envelope): the server could not be reached */
    readonly network: boolean,
  ) {
    super(msg);
    this.name = 'LoginCallError';
  }
}

/** The language of the last call: the key call (made by the sealer) speaks it too. */
let lastLocale = 'zh';
const sealer = createRequestSealer(() => call<SecurityKey>('/api/security/get', { method: 'POST', locale: lastLocale }));

const SUCCESS_CODES = new Set<number>([ResponseCode.ok, 200]);

interface Call {
  method: 'GET' | 'POST';
  locale: string;
  form?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

async function call<T>(path: string, options: Call, retried = false): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': acceptLanguage(options.locale) });
  let body: string | undefined;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) if (value !== undefined) form.append(key, value);
    body = form.toString();
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  }
  let aesKey: string | null;
  let payload: unknown;
  lastLocale = options.locale;
  try {
    let sealedBody: BodyInit | undefined;
    ({ body: sealedBody, aesKey } = await sealer.seal(path, options.method, headers, body));
    const response = await fetch(`${getConfig().apiBaseUrl}${path}`, { method: options.method, headers, body: sealedBody, credentials: 'include', signal: options.signal });
    payload = await sealer.open(aesKey, await response.json().catch(() => undefined));
  } catch (error) {
    if (error instanceof LoginCallError || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw new LoginCallError(-1, t`网络错误`, true);
  }
  const envelope = payload as Envelope<T> | undefined;
  if (!envelope || typeof envelope.code !== 'number') throw new LoginCallError(-1, t`网络错误`, true);
  if (SUCCESS_CODES.has(envelope.code)) return envelope.data;
  // the key was rotated: fetch the new one and send once more; encryption went on after the page loaded: reload the configuration
  if (!retried && envelope.code === ResponseCode.badSignature && aesKey) {
    sealer.forgetKey();
    return call<T>(path, options, true);
  }
  if (!retried && envelope.code === ResponseCode.missingSignature && !aesKey && (await loadConfig()).requestEncryption) return call<T>(path, options, true);
  throw new LoginCallError(envelope.code, envelope.msg || t`请求失败`, false);
}

/** What the options said about the captcha last time on this device: the captcha is fetched before they answer. */
const CAPTCHA_HINT_KEY = 'xiaowu-login-captcha';
function captchaHint(): boolean {
  try {
    return localStorage.getItem(CAPTCHA_HINT_KEY) === '1';
  } catch {
    return false;
  }
}
function rememberCaptcha(on: boolean): void {
  try {
    localStorage.setItem(CAPTCHA_HINT_KEY, on ? '1' : '0');
  } catch {
    // private mode: the captcha then waits for the options
  }
}

/** GET /api/login/options: captcha on/off, the tenant of this host, or the schools to choose from (names in `locale`). */
export async function fetchLoginOptions(locale: string, signal?: AbortSignal): Promise<LoginOptions> {
  const options = await call<LoginOptions>('/api/login/options', { method: 'GET', locale, signal });
  rememberCaptcha(options.captchaEnabled);
  return options;
}

/** GET /api/captcha: a fresh image every time. */
export const fetchCaptcha = (locale: string, signal?: AbortSignal): Promise<CaptchaData> => call<CaptchaData>('/api/captcha', { method: 'GET', locale, signal });

/**
 * The first options and captcha, started before the screen renders (login.html's entry calls this before
 * React loads): the captcha image, /login's largest paint when on, does not wait for the options' answer
 * when this device saw the captcha on last time. The screen takes each once; later ones are its own.
 */
let earlyOptions: { locale: string; answer: Promise<LoginOptions> } | null = null;
let earlyCaptcha: Promise<CaptchaData> | null = null;
export function startLoginCalls(locale: string): void {
  // a failure is the screen's to show when it takes the promise
  earlyOptions = { locale, answer: fetchLoginOptions(locale) };
  earlyOptions.answer.catch(() => undefined);
  earlyCaptcha = captchaHint() ? fetchCaptcha(locale) : null;
  earlyCaptcha?.catch(() => undefined);
}
export function takeEarlyOptions(locale: string): Promise<LoginOptions> | null {
  const taken = earlyOptions?.locale === locale ? earlyOptions.answer : null;
  earlyOptions = null;
  return taken;
}
export function takeEarlyCaptcha(): Promise<CaptchaData> | null {
  const taken = earlyCaptcha;
  earlyCaptcha = null;
  return taken;
}

/** POST /api/login/v3 (form). Success stores the token (failure flag '0'); failure sets the flag '1'. */
export async function login(request: LoginRequest, locale: string): Promise<LoginData> {
  try {
    const data = await call<LoginData>('/api/login/v3', { method: 'POST', locale, form: { ...request } });
    saveLogin(data);
    if (request.tenant) rememberTenant(request.tenant);
    return data;
  } catch (error) {
    markLoginFailed();
    throw error;
  }
}
