import { readCookie, writeCookie } from './cookies';

/** UI languages (SPEC §3 client state: language, default zh; en supported). */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';
export const LOCALE_COOKIE = 'language';

export const isLocale = (value: unknown): value is Locale => value === 'zh' || value === 'en';

export function getStoredLocale(): Locale {
  const stored = readCookie(LOCALE_COOKIE);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The language cookie lives 10 days (SPEC §9). */
export function storeLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, 10);
}

/** Accept-Language value for a UI locale. */
export function acceptLanguage(locale: string): string {
  return locale === 'en' ? 'en' : 'zh-CN';
}

/** `lang` attribute of the document. */
export function htmlLang(locale: string): string {
  return locale === 'en' ? 'en' : 'zh-CN';
}

/** A name in the current language: the English one in English when there is one, else the Chinese one. */
export const localName = (zh: string, en: string | null | undefined, locale: string): string => (locale === 'en' && en ? en : zh);

/** The text of a `{ zh, en }` pair (contracts' issue texts) in the current language. */
export const localText = (text: { zh: string; en: string }, locale: string): string => (locale === 'en' ? text.en : text.zh);
