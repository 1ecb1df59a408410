import { i18n, type Messages } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { LanguageListData } from '../../contracts/session';
import { postForm } from './http';
import { htmlLang, isLocale, storeLocale, type Locale } from './locale';
import { TOAST_DURATION, toaster } from './toaster';

/**
 * Lingui catalogs (zh source, en complete) are imported as .po files through @lingui/vite-plugin,
 * one chunk per locale, loaded on demand. The server's language list (SPEC §7) is merged on top.
 */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  zh: () => import('../locales/zh/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/** A catalog per locale, imported from a .po file (lingui.config.ts names it). */
export type LocaleCatalogs = Record<Locale, () => Promise<{ messages: Messages }>>;

/** Feature catalogs loaded so far, with the locales loaded of each. */
const featureCatalogs = new Map<LocaleCatalogs, Set<Locale>>();

async function loadFeatureLocale(catalog: LocaleCatalogs, locale: Locale): Promise<void> {
  const loaded = featureCatalogs.get(catalog)!;
  if (loaded.has(locale)) return;
  const { messages } = await catalog[locale]();
  i18n.load(locale, messages);
  loaded.add(locale);
}

/**
 * A feature's own catalog (kept out of the main one, which /login loads): loaded for the active
 * locale now and for every locale activated later. Screens render once it resolves.
 */
export async function loadFeatureCatalog(catalog: LocaleCatalogs): Promise<void> {
  if (!featureCatalogs.has(catalog)) featureCatalogs.set(catalog, new Set());
  await loadFeatureLocale(catalog, currentLocale());
}

export const featureCatalogLoaded = (catalog: LocaleCatalogs): boolean => featureCatalogs.get(catalog)?.has(currentLocale()) ?? false;

/** Messages from POST /api/internationalLanguage/getInternationalLanguageList, kept per locale. */
const serverMessages: Record<Locale, Messages> = { zh: {}, en: {} };
const loadedLocales = new Set<Locale>();

export async function activateLocale(locale: Locale): Promise<void> {
  if (!loadedLocales.has(locale)) {
    const { messages } = await catalogs[locale]();
    i18n.load(locale, { ...messages, ...serverMessages[locale] });
    loadedLocales.add(locale);
  }
  await Promise.all([...featureCatalogs.keys()].map((catalog) => loadFeatureLocale(catalog, locale).catch(() => undefined)));
  i18n.activate(locale);
  storeLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
}

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'zh');

/** The language toggle: activate, remember (cookie), confirm with 切换语言成功 / switch language success. */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  toaster.create({ type: 'success', title: t`切换语言成功`, duration: TOAST_DURATION });
}

export function mergeServerMessages(data: Partial<LanguageListData> | null | undefined): void {
  for (const locale of ['zh', 'en'] as const) {
    const map = data?.[locale];
    if (!map || typeof map !== 'object') continue;
    // Only what changes a text: every load re-renders the whole app (on /login, a long task for nothing
    // when the school has no texts of its own, the usual case).
    const changed = Object.fromEntries(Object.entries(map).filter(([id, text]) => serverMessages[locale][id] !== text));
    if (Object.keys(changed).length === 0) continue;
    Object.assign(serverMessages[locale], changed);
    i18n.load(locale, changed);
  }
}

let serverLoad: Promise<void> | null = null;

/**
 * Loads the server's language list once per page (again after `resetServerMessages`).
 * Failure: a warning to refresh and retry (SPEC §8); the app keeps working on its own catalogs.
 */
export function loadServerMessages(): Promise<void> {
  serverLoad ??= postForm<LanguageListData>('/api/internationalLanguage/getInternationalLanguageList', {
    size: -1,
    page: 0,
    search: '{}',
  }).then(mergeServerMessages, (error: unknown) => {
    serverLoad = null;
    if (error instanceof Error && error.name === 'AbortError') return;
    const kind = (error as { kind?: string }).kind;
    if (kind === 'expired') return;
    // The browser is offline: the school's own texts simply wait for the next online start (the
    // top bar already says the network is off). Online, a failure still warns (SPEC).
    if (!navigator.onLine) return;
    toaster.create({
      id: 'language-load-failed',
      type: 'warning',
      title: t`语言包加载失败，请刷新重试`,
      duration: TOAST_DURATION,
      closable: true,
    });
  });
  return serverLoad;
}

export function resetServerMessages(): void {
  serverLoad = null;
}
