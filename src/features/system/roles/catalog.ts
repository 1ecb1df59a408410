import { useFeatureCatalog } from '../../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../../lib/i18n';

/** 角色管理 and 角色类型's strings (lingui.config.ts: src/features/system/roles): loaded with the screens, not with /login. */
export const rolesCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (a screen renders once it is: no untranslated ids). */
export const useRolesCatalog = (): boolean => useFeatureCatalog(rolesCatalog);
