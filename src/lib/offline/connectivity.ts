import { CACHED_ANSWER_HEADER, CONNECTIVITY_PROBE_URL } from '../../../contracts/connectivity';
import { getConfig } from '../config';

/**
 * Connectivity as the app sees it (OFFLINE.md §7), decided in this one place:
 * - 'offline': the browser says it has no network;
 * - 'unreachable': the network is up but the server did not answer the latest call (a transport
 *   failure, or an answer the service worker served from its cache because the server did not);
 * - 'online': the server answered.
 * The http module reports every call's outcome here (a failure or cached answer of a call that
 * started before the server's latest real answer is old news and changes nothing). While the
 * server is unreachable a light probe (GET CONNECTIVITY_PROBE_URL, never cached) runs with a short
 * backoff, so the indicator turns back within seconds of the server's return and listeners of
 * `onServerBack` (the outbox drain) send what waited. Tiny on purpose: the http module (in /login's
 * entry chunk) imports it.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable';

type Listener = () => void;
const listeners = new Set<Listener>();
const backListeners = new Set<Listener>();

let serverReachable = true;
/** when the server's latest real answer arrived (ms since epoch) */
let lastAnswerAt = 0;

/** Probe delays while unreachable: 1 s, 2 s, 4 s, then every 4 s (each ±25 %). */
const PROBE_DELAYS_MS = [1000, 2000, 4000];
/** A probe that gets no answer within this is a failure (a network that swallows packets). */
export const PROBE_TIMEOUT_MS = 5000;
/** An offline-capable start that has heard nothing from the server after this probes it once. */
export const START_CHECK_MS = 2000;

let probeAttempt = 0;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probing: Promise<void> | null = null;
let watching = false;

const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export function connectivity(): Connectivity {
  if (!browserOnline()) return 'offline';
  return serverReachable ? 'online' : 'unreachable';
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Whether the answer was served by the service worker from its cache (the server did not answer). */
export const isCachedAnswer = (response: Response): boolean => response.headers.get(CACHED_ANSWER_HEADER) === '1';

/** The server answered (any envelope or status below 500, not from a cache): it is reachable. */
export function reportAnswer(): void {
  lastAnswerAt = Date.now();
  stopProbing();
  if (serverReachable) return;
  serverReachable = true;
  notify();
  for (const listener of backListeners) listener();
}

/**
 * A call that started at `startedAt` got no answer from the server: a transport failure, or
 * (`cached`) an answer the service worker served from its cache. Returns true when the user should
 * be told by a toast: the first transport failure after the server was reachable, while the browser
 * believes it is online. Cached answers never toast (the page has its data; the indicator says the
 * rest), and later failures stay quiet until the server answers again.
 */
export function reportNoAnswer(startedAt: number, cached = false): boolean {
  // the server answered after this call started: its failure says nothing newer
  if (lastAnswerAt > startedAt) return false;
  listenForRecheck();
  const first = serverReachable;
  if (first) {
    serverReachable = false;
    probeAttempt = 0;
    notify();
  }
  scheduleProbe();
  return first && !cached && browserOnline();
}

/** Asks the server (GET CONNECTIVITY_PROBE_URL, bypassing every cache) whether it answers. */
async function probeServer(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(`${getConfig().apiBaseUrl}${CONNECTIVITY_PROBE_URL}`, {
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    return response.status < 500 && !isCachedAnswer(response);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** One probe now (coalesced); its outcome is reported like any call's. */
export function checkServer(): Promise<void> {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  probing ??= (async () => {
    const startedAt = Date.now();
    const answered = await probeServer();
    probing = null;
    if (answered) reportAnswer();
    else {
      probeAttempt += 1;
      reportNoAnswer(startedAt);
    }
  })();
  return probing;
}

function scheduleProbe(): void {
  if (probeTimer || probing || serverReachable) return;
  // offline, the browser's `online` event starts the probe again
  if (!browserOnline()) return;
  const base = PROBE_DELAYS_MS[Math.min(probeAttempt, PROBE_DELAYS_MS.length - 1)]!;
  probeTimer = setTimeout(() => void checkServer(), Math.round(base * (0.75 + Math.random() * 0.5)));
}

function stopProbing(): void {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  probeAttempt = 0;
}

/** Probes at once when the browser comes back online or the tab becomes visible while the server is unreachable. */
function listenForRecheck(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const recheck = () => {
    if (serverReachable || !browserOnline()) return;
    probeAttempt = 0;
    void checkServer();
  };
  window.addEventListener('online', recheck);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') recheck();
  });
}

/**
 * An offline-capable start (the store of a logged-in user is on the device) may make no call that
 * reaches the network (every read restored, or served from the worker's cache): when the server has
 * not answered within START_CHECK_MS, probe it once.
 */
export function watchServer(): void {
  listenForRecheck();
  const startedAt = Date.now();
  setTimeout(() => {
    if (lastAnswerAt < startedAt && !probing) void checkServer();
  }, START_CHECK_MS);
}

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
  }
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    }
  };
}

/** Called when the server answers again after it was unreachable (the outbox drain sends then). */
export function onServerBack(listener: Listener): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

/** Tests only. */
export function resetConnectivity(): void {
  serverReachable = true;
  lastAnswerAt = 0;
  stopProbing();
  probing = null;
}
