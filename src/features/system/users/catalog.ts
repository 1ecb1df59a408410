import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 用户管理's strings (lingui.config.ts: src/features/system/users): loaded with the screen, not with /login. */
export const usersCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadUsersCatalog = () => loadFeatureCatalog(usersCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is). */
export function useUsersCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(usersCatalog));
  useEffect(() => {
    if (!ready) void loadUsersCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
