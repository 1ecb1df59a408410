import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 用户日志's strings (lingui.config.ts: src/features/system/logs): loaded with the screen, not with /login. */
export const logsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadLogsCatalog = () => loadFeatureCatalog(logsCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is: no untranslated ids). */
export function useLogsCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(logsCatalog));
  useEffect(() => {
    if (!ready) void loadLogsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
