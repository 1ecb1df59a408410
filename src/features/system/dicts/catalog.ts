import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 数据字典's strings (lingui.config.ts: src/features/system/dicts): loaded with the screen, not with /login. */
export const dictsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadDictsCatalog = () => loadFeatureCatalog(dictsCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is). */
export function useDictsCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(dictsCatalog));
  useEffect(() => {
    if (!ready) void loadDictsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
