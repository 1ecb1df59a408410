import type { LocaleCatalogs } from '../../lib/i18n';

/** 班级管理's strings (lingui.config.ts: src/features/classes): loaded with the screen, not with /login. */
export const classesCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};
