import { useFeatureCatalog } from '../../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../../lib/i18n';

/** 用户日志's strings (lingui.config.ts: src/features/system/logs): loaded with the screen, not with /login. */
export const logsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (the screen renders once it is: no untranslated ids). */
export const useLogsCatalog = (): boolean => useFeatureCatalog(logsCatalog);
