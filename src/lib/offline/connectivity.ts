/**
 * Connectivity as the app sees it (OFFLINE.md §7): the browser's online flag plus whether the server
 * answered lately. The http module reports every answer and every transport failure here, so a
 * dropped network shows the top bar's offline indicator once instead of a network-error toast on
 * every poll. Tiny on purpose: the http module (in /login's entry chunk) imports it.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable';

type Listener = () => void;
const listeners = new Set<Listener>();
let serverReachable = true;

const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export function connectivity(): Connectivity {
  if (!browserOnline()) return 'offline';
  return serverReachable ? 'online' : 'unreachable';
}

function set(reachable: boolean): void {
  if (serverReachable === reachable) return;
  serverReachable = reachable;
  for (const listener of listeners) listener();
}

/** The server answered (any envelope or status): it is reachable. */
export function reportAnswer(): void {
  set(true);
}

/**
 * A call got no answer. Returns true when the user should be told (a toast): the first failure
 * after the server was reachable, while the browser believes it is online. Later failures stay
 * quiet until an answer comes back; the indicator shows the state meanwhile.
 */
export function reportTransportFailure(): boolean {
  const first = serverReachable;
  set(false);
  return first && browserOnline();
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

/** Tests only. */
export function resetConnectivity(): void {
  serverReachable = true;
}
