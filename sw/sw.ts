import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHED_ANSWER_HEADER, cachedReadKey } from '../contracts/connectivity';
import { SIGN_HEADER } from '../contracts/encryption';
import { isApiPath, LOGIN_PAGE_FILE } from '../contracts/paths';
import { SURVEY_PATHS } from '../contracts/survey-rules';

/**
 * The service worker (OFFLINE.md §1):
 * - precaches the built shell (every emitted JS/CSS chunk, lazy ones too: scripts/check-precache.mjs
 *   fails the build otherwise) and answers navigations with index.html, except API and file paths and
 *   the public survey pages under /survey/wjdt/ (their own entry survey.html and worker, issue 9), and
 *   /login with the light login page login.html (issue 21);
 * - runtime caches: /config.json (network first, short timeout), the dictionary and language-list
 *   reads (POST: cached per school and user under a synthetic GET key, contracts/connectivity.ts
 *   cachedReadKey), the school logo and images (cache first, with expiration); an answer served
 *   from the cache because the server did not answer carries CACHED_ANSWER_HEADER, so the page
 *   never takes it for a sign that the server is up;
 * - Background Sync (Chromium): the `sync` event asks the open tabs to drain the outbox;
 * - an update waits: SKIP_WAITING comes only from the page's update prompt (never a silent reload).
 * Queued writes live in IndexedDB (the page's Dexie store), which an update never touches.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** A path that names a file (has an extension): never answered with the app shell. */
const looksLikeFile = (pathname: string): boolean => /\/[^/]+\.[a-z0-9]{1,8}$/i.test(pathname);

/**
 * The public survey pages (/survey/wjdt/<page>) are their own app (survey.html, its own service worker
 * with scope /survey/wjdt/): never the app shell. /survey/wjdt itself (answering in the app) stays the app's.
 */
const PUBLIC_SURVEY_SCOPE = SURVEY_PATHS.publicScope;

// /login's first load is the light login page (login.html, issue 21; the server answers GET /login the same
// way): offline too, and an offline logout that reloads lands on it. In-app moves to /login stay in the app.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === '/login',
  createHandlerBoundToURL(LOGIN_PAGE_FILE),
);

const appShell = createHandlerBoundToURL('index.html');
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !isApiPath(url.pathname) &&
    !looksLikeFile(url.pathname) &&
    !url.pathname.startsWith(PUBLIC_SURVEY_SCOPE),
  appShell,
);

const sameOrigin = (url: URL): boolean => url.origin === self.location.origin;

/** A copy of a cached answer marked as served from the cache (the page's connectivity reads it). */
function markCached(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(CACHED_ANSWER_HEADER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Network-first routes fall back to the cache only when the network failed or timed out: mark those answers. */
const markCachedPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }) => (cachedResponse ? markCached(cachedResponse) : cachedResponse),
};

// Runtime configuration (`/config.json`, `?tenant=<code>` once the school is known: its own titles):
// fresh when the server answers within 3 s, else the last copy, of any school when this URL has none.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === '/config.json',
  new NetworkFirst({
    cacheName: 'xiaowu-config',
    networkTimeoutSeconds: 3,
    matchOptions: { ignoreSearch: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), markCachedPlugin],
  }),
);

// The school logo's address (GET, an envelope): network first, the last answer offline.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === '/api/k12saas/xxjbxx/getLogo',
  new NetworkFirst({ cacheName: 'xiaowu-logo', networkTimeoutSeconds: 3, plugins: [new CacheableResponsePlugin({ statuses: [200] }), markCachedPlugin] }),
);

// Images: the logo file (/file/download/<id>) and other images, cache first, bounded.
registerRoute(
  ({ request, url }) => sameOrigin(url) && request.method === 'GET' && request.destination === 'image',
  new CacheFirst({
    cacheName: 'xiaowu-images',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
  'GET',
);

/** The POST reads cached for offline use: dictionaries and the language list. */
const CACHED_POST_READS = ['/dicts', '/api/dict/getDictDataList', '/api/internationalLanguage/getInternationalLanguageList'];
/** v2: keyed per school and user; v1 (keyed by URL and body only) is dropped on activation. */
const POST_CACHE = 'xiaowu-post-reads-v2';
const OLD_POST_CACHES = ['xiaowu-post-reads'];
const POST_TIMEOUT_MS = 4000;
/** what a proxy in front of a stopped server answers: the stored answer is better */
const GATEWAY_FAILURES = [502, 503, 504];

function fetchWithTimeout(request: Request, ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
}

/**
 * Network first; a successful envelope (code 1) is stored under the caller's school and user; no
 * answer → the stored one, marked. A call that names no scope goes to the network only.
 */
async function postRead(request: Request): Promise<Response> {
  // sealed bodies (request encryption) never repeat: nothing to key on, go to the network only
  if (request.headers.has(SIGN_HEADER)) return fetch(request);
  const key = await cachedReadKey(request);
  if (!key) return fetch(request);
  const cache = await caches.open(POST_CACHE);
  let response: Response;
  try {
    response = await fetchWithTimeout(request.clone(), POST_TIMEOUT_MS);
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return markCached(cached);
    throw error;
  }
  if (GATEWAY_FAILURES.includes(response.status)) {
    const cached = await cache.match(key);
    return cached ? markCached(cached) : response;
  }
  if (response.ok) {
    const envelope = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: number } | null;
    if (envelope?.code === 1 || envelope?.code === 200) await cache.put(key, response.clone());
  }
  return response;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(OLD_POST_CACHES.map((name) => caches.delete(name))));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'POST') return;
  const url = new URL(request.url);
  if (!sameOrigin(url) || !CACHED_POST_READS.includes(url.pathname)) return;
  event.respondWith(postRead(request));
});

/** Same strings as src/lib/offline/drain.ts (OUTBOX_SYNC_TAG, OUTBOX_SYNC_MESSAGE); sw/ cannot import src/. */
const OUTBOX_SYNC_TAG = 'xiaowu-outbox';
const OUTBOX_SYNC_MESSAGE = 'xiaowu-outbox-sync';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function askClientsToDrain(): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ type: OUTBOX_SYNC_MESSAGE });
}

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(askClientsToDrain());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
