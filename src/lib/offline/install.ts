import { useSyncExternalStore } from 'react';

/**
 * Installing the app: Chromium fires `beforeinstallprompt` once the manifest and service worker make
 * the app installable; the event is kept (listened for from the start, main.tsx imports this) and
 * replayed when the user picks "Install app". iOS Safari has no such event: it gets instructions
 * (Share → Add to Home Screen) unless it already runs standalone.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own "Install app" entry offers it
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** iPhone / iPad Safari (iPadOS reports a Mac with touch). */
export function isIos(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent, touchPoints = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

export type InstallMode = 'prompt' | 'ios' | null;

export function installMode(): InstallMode {
  if (isStandalone()) return null;
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : null;
}

/** Shows the browser's install dialog; resolves true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

export function useInstallMode(): InstallMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    installMode,
    () => null,
  );
}

/** Tests only. */
export function setDeferredPromptForTests(event: BeforeInstallPromptEvent | null): void {
  deferred = event;
  notify();
}
