import type { Messages } from '@lingui/core';
import type { Locale } from '../../lib/locale';

/**
 * The login screen's own strings (lingui.config.ts LOGIN_CLIENT: LoginScreen, its calls, the light page
 * and the shipped titles of lib/config.ts), out of the main catalog: the light page (login.html) loads
 * only this; the app's /login route loads it beside the main one (lib/i18n.ts loadFeatureCatalog).
 */
export const loginCatalog: Record<Locale, () => Promise<{ messages: Messages }>> = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};
