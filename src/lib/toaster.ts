import { createToaster } from '@chakra-ui/react';

/** The one toast store; `components/Toaster` renders it. Toasts last 5 s (SPEC §9). */
export const TOAST_DURATION = 5000;

export const toaster = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  max: 5,
});
