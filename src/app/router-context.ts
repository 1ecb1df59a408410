import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../lib/session';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** cookie-backed session (live getters) */
  session: Session;
}
