import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isApiPath } from '../contracts/paths';

/**
 * Minimal service worker (OFFLINE.md mechanism 1, first step): precache the built shell and answer
 * navigations with index.html, except under the API and file paths of contracts/paths.ts.
 * Runtime caching, background sync and the rest of OFFLINE.md come later. An update waits for
 * the page's prompt, which sends SKIP_WAITING (never a silent reload).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const appShell = createHandlerBoundToURL('index.html');
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !isApiPath(url.pathname), appShell);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
