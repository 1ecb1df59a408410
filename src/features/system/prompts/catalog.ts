import type { LocaleCatalogs } from '../../../lib/i18n';

/** AI提示词管理's own strings (lingui.config.ts: src/features/system/prompts): loaded with the screen, not with /login. */
export const promptsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};
