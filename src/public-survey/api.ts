import type { AnswerProblem, RefusalReason } from '../../contracts/survey-rules';
import { pageConfig, requestHeaders, type AppSession, type Locale } from './env';

/** The server's envelope (contracts/envelope.ts; the type only, no zod). */
export interface Envelope<T> {
  code: number;
  result: boolean;
  msg: string;
  data: T;
}

/** The server could not be reached (offline, a timeout, a 5xx or a proxy's page): try again later. */
export class Unreachable extends Error {}

/** A refusal the server answered (SPEC §8 surveys carry data.reason; 40000 answer problems carry data.problems). */
export class Refused extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly reason: RefusalReason | null,
    readonly problems: AnswerProblem[] | null,
    readonly data: unknown,
  ) {
    super(msg);
  }
}

/** Codes worth retrying later: rate limited, an operation still in progress. */
const TRANSIENT = new Set([42900, 40901]);

let locale: Locale = 'zh';
let tenant = '';
export function configureApi(next: { locale?: Locale; tenant?: string }): void {
  if (next.locale) locale = next.locale;
  if (next.tenant !== undefined) tenant = next.tenant;
}

const TIMEOUT_MS = 15_000;

/** Whom a call is made as: by default the page's school and the app's session on this device. */
export interface CallAs {
  /** the school's code ('' = the host's school) */
  tenant?: string;
  /** this session, or none (null) */
  session?: AppSession | null;
}

/** POST JSON (or multipart) → the envelope's data; Refused or Unreachable otherwise. */
export async function call<T>(url: string, body: unknown, as: CallAs = {}): Promise<T> {
  const headers = requestHeaders(locale, as.tenant ?? tenant, as.session);
  const multipart = body instanceof FormData;
  if (!multipart) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let envelope: Envelope<T>;
  try {
    const response = await fetch(`${pageConfig().apiBaseUrl}${url}`, {
      method: 'POST',
      headers,
      body: multipart ? body : JSON.stringify(body ?? {}),
      credentials: pageConfig().apiBaseUrl ? 'omit' : 'same-origin',
      signal: controller.signal,
    });
    if (response.status >= 500) throw new Unreachable(`HTTP ${response.status}`);
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    throw error instanceof Unreachable ? error : new Unreachable(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  if (!envelope || typeof envelope.code !== 'number') throw new Unreachable('not an envelope');
  if (envelope.code === 1) return envelope.data;
  if (TRANSIENT.has(envelope.code)) throw new Unreachable(envelope.msg);
  const data = (envelope.data ?? null) as { reason?: RefusalReason; problems?: AnswerProblem[] } | null;
  throw new Refused(envelope.code, envelope.msg, data?.reason ?? null, Array.isArray(data?.problems) ? data.problems : null, envelope.data);
}
