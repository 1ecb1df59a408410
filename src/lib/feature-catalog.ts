import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from './i18n';

/**
 * Whether a feature's own catalog (lib/i18n.ts `loadFeatureCatalog`) is in for the active language;
 * it starts loading it when not. A screen renders once it is, so it never shows an untranslated id:
 * `return useFeatureCatalog(promptsCatalog) ? <Body /> : null`. A failed load leaves the strings to
 * their fallbacks rather than blocking the screen.
 */
export function useFeatureCatalog(catalog: LocaleCatalogs): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(catalog));
  useEffect(() => {
    if (!ready) void loadFeatureCatalog(catalog).catch(() => undefined).then(() => setReady(true));
  }, [ready, catalog]);
  return ready;
}
