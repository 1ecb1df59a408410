import { createToaster } from '@chakra-ui/react';

/**
 * The one toast store (loaded with the first toast, see lib/toaster); components/Toaster renders it.
 * Toasts sit at the bottom start: drawers open from the end with their title and close button at the
 * top, so a toast never covers them (issue 20: 提交成功 hid the drawer's ×). The bottom offset keeps a
 * phone's full-width drawer footer (its save buttons, 44 px + padding) clear as well.
 */
export const toasterStore = createToaster({
  placement: 'bottom-start',
  offsets: { top: '1rem', right: '1rem', bottom: '5.5rem', left: '1rem' },
  pauseOnPageIdle: true,
  max: 5,
});
