import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 组织机构's strings (lingui.config.ts: src/features/system/orgs): loaded with the screen, not with /login. */
export const orgsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadOrgsCatalog = () => loadFeatureCatalog(orgsCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is). */
export function useOrgsCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(orgsCatalog));
  useEffect(() => {
    if (!ready) void loadOrgsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
