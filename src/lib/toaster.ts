import type { CreateToasterReturn } from '@chakra-ui/react';

/** Toasts last 5 s (SPEC §9). */
export const TOAST_DURATION = 5000;

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/*
 * The toast store (@zag-js/toast) and its renderer load with the first toast, not with the app:
 * about 6 KiB of gzipped JS /login would otherwise carry for a toast it rarely shows. A toast waits
 * until both are there (a few ms from the precache), so none is lost.
 */
let store: Promise<CreateToasterReturn> | undefined;
/** 0 until a toast is asked for; a new number each time the renderer must be (re)loaded */
let generation = 0;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
let mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function load(): Promise<CreateToasterReturn> {
  if (!store) {
    const loading = import('./toaster-store').then((module) => module.toasterStore);
    store = loading;
    // offline before the service worker holds the chunks: the next toast tries again
    loading.catch(() => {
      if (store === loading) store = undefined;
    });
    generation += 1;
    for (const listener of listeners) listener();
  }
  return store;
}

export const toaster = {
  create(options: ToastOptions): void {
    Promise.all([load(), mounted])
      .then(([loaded]) => loaded.create(options))
      .catch(() => undefined);
  },
};

/** For the app's toaster host: 0 until a toast is asked for, then the renderer load to mount. */
export const toasterGeneration = () => generation;
export function subscribeToasterRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** The renderer calls this once it is on the page. */
export const toasterMounted = () => markMounted();
/** The renderer's chunk did not load (offline without the service worker): the next toast retries. */
export function toasterLoadFailed(): void {
  store = undefined;
  mounted = new Promise<void>((resolve) => {
    markMounted = resolve;
  });
}
