import { useFeatureCatalog } from '../../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../../lib/i18n';

/** 用户管理's strings (lingui.config.ts: src/features/system/users): loaded with the screen, not with /login. */
export const usersCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (the screen renders once it is). */
export const useUsersCatalog = (): boolean => useFeatureCatalog(usersCatalog);
