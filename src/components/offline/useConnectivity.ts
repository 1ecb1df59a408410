import { useSyncExternalStore } from 'react';
import { connectivity, subscribeConnectivity, type Connectivity } from '../../lib/offline/connectivity';

/** Live connectivity: 'online', 'offline' (the browser says so) or 'unreachable' (the server did not answer). */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, connectivity, () => 'online');
}
