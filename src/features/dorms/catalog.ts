import { useFeatureCatalog } from '../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../lib/i18n';

/** 宿舍管理's strings (lingui.config.ts: src/features/dorms): loaded with the screen, not with /login. */
export const dormsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (the screen renders once it is). */
export const useDormsCatalog = (): boolean => useFeatureCatalog(dormsCatalog);
