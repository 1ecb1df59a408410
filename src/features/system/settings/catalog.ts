import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 系统配置's strings (lingui.config.ts: src/features/system/settings): loaded with the screen, not with /login. */
export const settingsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadSettingsCatalog = () => loadFeatureCatalog(settingsCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is). */
export function useSettingsCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(settingsCatalog));
  useEffect(() => {
    if (!ready) void loadSettingsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
