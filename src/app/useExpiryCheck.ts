import { useEffect } from 'react';
import { checkExpires } from '../features/auth/api';
import { session } from '../lib/session';

/**
 * SPEC §4: when the page becomes visible again and a token exists, ask GET /api/getExpires.
 * An expired session answers 90001 and the http module opens the expiry prompt.
 */
export function useExpiryCheckOnVisible(): void {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && session.token) checkExpires().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
