import { useFeatureCatalog } from '../../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../../lib/i18n';

/** 组织机构's strings (lingui.config.ts: src/features/system/orgs): loaded with the screen, not with /login. */
export const orgsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (the screen renders once it is). */
export const useOrgsCatalog = (): boolean => useFeatureCatalog(orgsCatalog);
