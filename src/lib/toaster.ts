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
let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function load(): Promise<CreateToasterReturn> {
  if (!store) {
    store = import('./toaster-store').then((module) => module.toasterStore);
    requested = true;
    for (const listener of listeners) listener();
  }
  return store;
}

export const toaster = {
  create(options: ToastOptions): void {
    void Promise.all([load(), mounted]).then(([loaded]) => loaded.create(options));
  },
};

/** For the app's toaster host: whether a toast was asked for (then it mounts the renderer). */
export const toasterRequested = () => requested;
export function subscribeToasterRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** The renderer calls this once it is on the page. */
export const toasterMounted = () => markMounted();
