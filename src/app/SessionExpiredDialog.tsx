import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isLoginExpiredOpen, subscribeLoginExpired } from '../lib/expiry';

// The dialog code (and Chakra's dialog machinery) loads only when a session actually expires.
const ExpiredPrompt = lazy(() => import('./ExpiredPrompt'));

/** The one "login expired" prompt (SPEC §8), opened by the http module; not dismissable. */
export function SessionExpiredDialog() {
  const open = useSyncExternalStore(subscribeLoginExpired, isLoginExpiredOpen, isLoginExpiredOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ExpiredPrompt />
    </Suspense>
  );
}
