import { i18n, type Messages } from '@lingui/core';
import { storeLocale, type Locale } from './env';

/** The page's own catalog (lingui.config.ts PUBLIC_SURVEY: this folder and the shared answer form). */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

export async function activate(locale: Locale, remember = false): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
  if (remember) storeLocale(locale);
}
