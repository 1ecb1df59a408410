import { useFeatureCatalog } from '../../../lib/feature-catalog';
import type { LocaleCatalogs } from '../../../lib/i18n';

/** 首页卡片's strings (lingui.config.ts: src/features/system/cards): loaded with the screen, not with /login. */
export const cardsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Whether the catalog is in for the active language (the screen renders once it is: no untranslated ids). */
export const useCardsCatalog = (): boolean => useFeatureCatalog(cardsCatalog);
