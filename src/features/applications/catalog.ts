import { loadFeatureCatalog, type LocaleCatalogs } from '../../lib/i18n';

/** The applications client's strings (lingui.config.ts): loaded with its screens and its outbox kind, not with /login. */
export const applicationsCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Loads it (once per locale); a failure leaves the strings to their fallbacks rather than blocking the screen. */
export const loadApplicationsCatalog = () => loadFeatureCatalog(applicationsCatalog).catch(() => undefined);
