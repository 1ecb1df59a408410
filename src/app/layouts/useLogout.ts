import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logoutAndLeave } from '../session-actions';

/**
 * The confirmed logout of the shell's dialogs (the plain confirmation, and the warning about queued
 * writes): GET /logout, leave for /login, and `busy` while it runs; `done` closes the dialog.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logOut = async (done: () => void) => {
    setBusy(true);
    try {
      await logoutAndLeave(queryClient, () => navigate({ to: '/login', replace: true }));
    } finally {
      setBusy(false);
      done();
    }
  };
  return { busy, logOut };
}
