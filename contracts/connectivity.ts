/**
 * Whether the server answers (OFFLINE.md §7), between the http module, the service worker and the
 * server. Imports nothing: the service worker, /login's entry chunk and the server all read it.
 *
 * - The service worker marks every answer it serves from its own cache because the server did not
 *   answer (`CACHED_ANSWER_HEADER`): the page got data, but the server was not reached, so the
 *   http module never counts it as 'the server answered'.
 * - While the server is unreachable the client probes `CONNECTIVITY_PROBE_URL` (a public GET that
 *   touches no database and that the worker never caches) with a short backoff, so it sees the
 *   server come back within seconds.
 * - The http module names the school and user of every call (`OFFLINE_SCOPE_HEADER`); the worker
 *   keeps its cached POST reads per scope (`cachedReadKey`), so a shared tablet never shows one
 *   school's or user's cached reads to another.
 */
export const CACHED_ANSWER_HEADER = 'X-Cached-Answer';

export const CONNECTIVITY_PROBE_URL = '/api/ping';

export const OFFLINE_SCOPE_HEADER = 'X-Offline-Scope';
/** The scope of calls made without a session (the login page's public reads). */
export const ANONYMOUS_SCOPE = 'anonymous';

/**
 * The header's value: `<tenant>:<user>` for a session whose user and school are known, `anonymous`
 * without a session; '' (nothing may be cached) for a session whose user or school is not known yet.
 */
export function offlineScope(session: { token: string | null; userId: string; tenant: string | null }): string {
  if (!session.token) return ANONYMOUS_SCOPE;
  if (!session.userId || !session.tenant) return '';
  return `${encodeURIComponent(session.tenant)}:${encodeURIComponent(session.userId)}`;
}

async function sha256Hex(data: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Cache API stores GETs only: the worker keeps a POST read under `<url>?__body=<sha256 of scope,
 * language and the body's sha256>`. Null when the call names no scope: such a read is neither cached
 * nor answered from the cache. The scope is hashed, never stored readable (the key holds no token).
 */
export async function cachedReadKey(request: Request): Promise<string | null> {
  const scope = request.headers.get(OFFLINE_SCOPE_HEADER);
  if (!scope) return null;
  // a view of this realm (jsdom's tests hand over another realm's ArrayBuffer, which digest refuses)
  const body = new Uint8Array(await request.clone().arrayBuffer());
  const language = request.headers.get('Accept-Language') ?? '';
  const hash = await sha256Hex(`${scope}\n${language}\n${await sha256Hex(body)}`);
  const url = new URL(request.url);
  url.searchParams.set('__body', hash);
  return url.href;
}
