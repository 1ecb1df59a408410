import { useEffect } from 'react';
import { HttpError } from './http';
import { TOAST_DURATION, toaster } from './toaster';

/** Short toasts the widgets show (5 s, SPEC §9). */
export const notify = {
  success: (title: string) => toaster.create({ type: 'success', title, duration: TOAST_DURATION }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: TOAST_DURATION }),
  warning: (title: string) => toaster.create({ type: 'warning', title, duration: TOAST_DURATION }),
  error: (title: string) => toaster.create({ type: 'error', title, duration: TOAST_DURATION }),
};

/**
 * Shows a server refusal's msg as an error toast (SPEC §8: tables, message detail, selector loads).
 * Network failures already got the http module's 'network error' toast; `id` keeps one toast per source.
 */
export function useFailureToast(error: unknown, id: string) {
  useEffect(() => {
    if (error instanceof HttpError && error.kind === 'failure') {
      toaster.create({ id, type: 'error', title: error.msg, duration: TOAST_DURATION, closable: true });
    }
  }, [error, id]);
}
