import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** 首页卡片's strings (lingui.config.ts: src/features/system/cards): loaded with the screen, not with /login. */
export const cardsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadCardsCatalog = () => loadFeatureCatalog(cardsCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is: no untranslated ids). */
export function useCardsCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(cardsCatalog));
  useEffect(() => {
    if (!ready) void loadCardsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
