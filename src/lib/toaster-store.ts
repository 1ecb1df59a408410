import { createToaster } from '@chakra-ui/react';

/** The one toast store (loaded with the first toast, see lib/toaster); components/Toaster renders it. */
export const toasterStore = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  max: 5,
});
