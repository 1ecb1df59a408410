import { useFeatureCatalog } from '../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../lib/i18n';

/** 家庭信息's strings (lingui.config.ts: src/features/guardians): loaded with the screen, not with /login. */
export const guardiansCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

export const useGuardiansCatalog = (): boolean => useFeatureCatalog(guardiansCatalog);
