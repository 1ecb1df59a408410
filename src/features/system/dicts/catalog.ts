import { useFeatureCatalog } from '../../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../../lib/i18n';

/** 数据字典's strings (lingui.config.ts: src/features/system/dicts): loaded with the screen, not with /login. */
export const dictsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (the screen renders once it is). */
export const useDictsCatalog = (): boolean => useFeatureCatalog(dictsCatalog);
