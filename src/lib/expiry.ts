import { getConfig, timeoutUrl } from './config';
import { clearSession } from './session';

/**
 * "Your login has expired" prompt state (SPEC §4, §8): at most one at a time. The http module opens
 * it; the app renders it (app/SessionExpiredDialog) as a non-dismissable dialog whose only button
 * calls `confirmLoginExpired`.
 */
let open = false;
let openedCount = 0;
const listeners = new Set<() => void>();

export function openLoginExpired(): boolean {
  if (open) return false;
  open = true;
  openedCount += 1;
  listeners.forEach((listener) => listener());
  return true;
}

export function isLoginExpiredOpen(): boolean {
  return open;
}

/** How many times the prompt was opened since start (tests). */
export function loginExpiredOpenCount(): number {
  return openedCount;
}

export function subscribeLoginExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Logs out locally, then the identity server's timeout page ('ids') or a reload (lands on /login). */
export function confirmLoginExpired(navigate: (href: string) => void = (href) => location.assign(href)): void {
  clearSession();
  const config = getConfig();
  if (config.loginType === 'ids') navigate(timeoutUrl(config));
  else location.reload();
}

/** Tests only. */
export function resetLoginExpired(): void {
  open = false;
  openedCount = 0;
  listeners.forEach((listener) => listener());
}
