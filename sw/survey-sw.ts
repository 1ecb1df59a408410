/**
 * The public survey page's own service worker (issue 9): /survey/wjdt/sw.js, scope /survey/wjdt/.
 * Built after the app by scripts/public-survey-build.ts, which replaces __SURVEY_PRECACHE__ with the
 * page's files (survey.html, its JS and CSS chunks, the manifest, the icons) and their content hashes.
 * - install: every listed file into `xiaowu-survey-precache-<hash of the list>`; then it takes over at
 *   once (the page holds nothing a new version could break: drafts and queued answers live in
 *   IndexedDB, which an update never touches);
 * - activate: older `xiaowu-survey-…` caches go, except the newest older one while a page is open: a
 *   page loaded before the update still loads its lazy chunks (the en catalog) after the deployment
 *   replaced them on the server; the page's assets are answered from any `xiaowu-survey-` cache first;
 * - navigations in scope (the list, an answer page, the installed app's start) are answered with the
 *   precached survey.html, so a survey opened once opens offline; the page's own files from the cache;
 * - API calls are left to the page (it keeps surveys and queues answers itself).
 * No Workbox: a few dozen lines keep this worker independent of the app's.
 */
export {};

declare const self: ServiceWorkerGlobalScope;
declare const __SURVEY_PRECACHE__: { url: string; revision: string }[];

const PRECACHE = __SURVEY_PRECACHE__;
const CACHE_PREFIX = 'xiaowu-survey-';
const SHELL_URL = '/survey.html';

function listHash(): string {
  // FNV-1a over the list: a new build (any file changed) gets a new cache
  let hash = 0x811c9dc5;
  for (const char of PRECACHE.map((entry) => `${entry.url}@${entry.revision}`).join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
const CACHE = `${CACHE_PREFIX}precache-${listHash()}`;
const urls = new Set(PRECACHE.map((entry) => entry.url));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // no-cache: a file the HTTP cache kept from an older build must not be stored as this one
      await cache.addAll(PRECACHE.map((entry) => new Request(entry.url, { cache: 'no-cache' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // open pages (loaded before this version) keep the previous cache; caches.keys() is in creation order
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const older = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE);
      const keep = open.length ? older.slice(-1) : [];
      for (const name of older) if (!keep.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** A path that names a file (has an extension): never answered with the page. */
const looksLikeFile = (pathname: string): boolean => /\/[^/]+\.[a-z0-9]{1,12}$/i.test(pathname);
const SCOPE_PATH = new URL(self.registration.scope).pathname;
const ASSETS_PATH = `${SCOPE_PATH}assets/`;

async function fromCache(key: string, request: Request): Promise<Response> {
  const cached = await caches.match(key, { cacheName: CACHE });
  if (cached) return cached;
  return fetch(request);
}

/** A page asset: this version's cache, else an older version's (an open old page's chunks), else the network. */
async function fromAnyCache(key: string, request: Request): Promise<Response> {
  const own = await caches.match(key, { cacheName: CACHE });
  if (own) return own;
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE) continue;
    const older = await caches.match(key, { cacheName: name });
    if (older) return older;
  }
  return fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(SCOPE_PATH) && !looksLikeFile(url.pathname)) {
    event.respondWith(fromCache(SHELL_URL, request));
    return;
  }
  if (url.pathname.startsWith(ASSETS_PATH)) event.respondWith(fromAnyCache(url.pathname, request));
  else if (urls.has(url.pathname)) event.respondWith(fromCache(url.pathname, request));
});
