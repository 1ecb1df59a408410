import { useEffect, useState } from 'react';
import { applicationsCatalogLoaded, loadApplicationsCatalog } from '../catalog';

/**
 * Whether the applications catalog (catalog.ts: kept off /login, loaded with the screens) is in for
 * the active language; screens outside ApplicationsScreen render once it is, so they never show an
 * untranslated id.
 */
export function useApplicationsCatalog(): boolean {
  const [ready, setReady] = useState(applicationsCatalogLoaded);
  useEffect(() => {
    if (!ready) void loadApplicationsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
