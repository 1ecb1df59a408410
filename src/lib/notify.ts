import { TOAST_DURATION, toaster } from './toaster';

/** Short toasts the widgets show (5 s, SPEC §9). */
export const notify = {
  success: (title: string) => toaster.create({ type: 'success', title, duration: TOAST_DURATION }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: TOAST_DURATION }),
  warning: (title: string) => toaster.create({ type: 'warning', title, duration: TOAST_DURATION }),
  error: (title: string) => toaster.create({ type: 'error', title, duration: TOAST_DURATION }),
};
