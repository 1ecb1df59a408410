import { useFeatureCatalog } from '../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../lib/i18n';

/** 毕业管理's strings (lingui.config.ts: src/features/graduations): loaded with the screen, not with /login. */
export const graduationsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

export const useGraduationsCatalog = (): boolean => useFeatureCatalog(graduationsCatalog);
