import { useEffect, useState } from 'react';
import { featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from '../../../lib/i18n';

/** AI提示词管理's strings (lingui.config.ts: src/features/system/prompts): loaded with the screen, not with /login. */
export const promptsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

const loadPromptsCatalog = () => loadFeatureCatalog(promptsCatalog).catch(() => undefined);

/** Whether the catalog is in for the active language (the screen renders once it is: no untranslated ids). */
export function usePromptsCatalog(): boolean {
  const [ready, setReady] = useState(() => featureCatalogLoaded(promptsCatalog));
  useEffect(() => {
    if (!ready) void loadPromptsCatalog().then(() => setReady(true));
  }, [ready]);
  return ready;
}
