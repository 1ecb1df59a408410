import type { LocaleCatalogs } from '../../../lib/i18n';

/** APK版本管理's own strings (lingui.config.ts: src/features/system/apk): loaded with the screen, not with /login. */
export const apkCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};
