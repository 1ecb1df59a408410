import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 菜单管理's strings (lingui.config.ts: src/features/system/menus): loaded with the screen, not with /login. */
export const menusCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadMenusCatalog = () => loadFeatureCatalog(menusCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is). */
export function useMenusCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(menusCatalog));
  useEffect(() => {
    if (!ready) void loadMenusCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
