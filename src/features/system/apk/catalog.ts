import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** APK版本管理's strings (lingui.config.ts: src/features/system/apk): loaded with the screen, not with /login. */
export const apkCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadApkCatalog = () => loadFeatureCatalog(apkCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is: no untranslated ids). */
export function useApkCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(apkCatalog));
  useEffect(() => {
    if (!ready) void loadApkCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
