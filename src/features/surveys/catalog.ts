import { useFeatureCatalog } from '../../lib/feature-catalog';
import { loadFeatureCatalog, type LocaleCatalogs } from '../../lib/i18n';

/**
 * The questionnaire screens' strings (lingui.config.ts SURVEYS_CLIENT: src/features/surveys/**, the
 * answer form aside): loaded with the screens, not with /login. H3's managing screens and H4's
 * answering and results screens share it.
 */
export const surveysCatalog: LocaleCatalogs = {
  zh: () => import('./locales/zh.po'),
  en: () => import('./locales/en.po'),
};

/** Loads it (once per locale); a failure leaves the strings to their fallbacks rather than blocking the screen. */
export const loadSurveysCatalog = () => loadFeatureCatalog(surveysCatalog).catch(() => undefined);

/**
 * Whether the catalog is in for the active language; a screen renders once it is, so it never shows
 * an untranslated id: `return useSurveysCatalog() ? <Body /> : null`.
 */
export const useSurveysCatalog = (): boolean => useFeatureCatalog(surveysCatalog);
