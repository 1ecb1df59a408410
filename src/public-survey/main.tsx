import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SURVEY_PATHS } from '../../contracts/survey-rules';
import { configureApi } from './api';
import { AnswerPage } from './AnswerPage';
import { currentTenant, loadPageConfig, storedLocale } from './env';
import { activate } from './i18n';
import { ListPage } from './ListPage';
import { startSender } from './offline';
import './public-survey.css';

/**
 * The public survey page (survey.html, issue 9): its own light entry, no admin shell. Its own
 * manifest (/survey/wjdt/manifest.webmanifest) and service worker (/survey/wjdt/sw.js, scope
 * /survey/wjdt/) make it installable as its own app and open it offline.
 * - /survey/wjdt/wjdtListNotLogin[?tenant=]: the school's open public surveys;
 * - /survey/wjdt/answerSurvey?id=&tenant=: answer one (anything else under /survey/wjdt/ shows the list).
 */
async function boot() {
  const tenant = currentTenant();
  const locale = storedLocale();
  configureApi({ locale, tenant });
  i18n.on('change', () => configureApi({ locale: i18n.locale === 'en' ? 'en' : 'zh' }));
  await Promise.all([activate(locale), loadPageConfig()]);
  const params = new URLSearchParams(location.search);
  const page = location.pathname.replace(/\/+$/, '') === SURVEY_PATHS.publicAnswer ? <AnswerPage tenant={tenant} id={params.get('id')?.trim() ?? ''} /> : <ListPage tenant={tenant} />;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>{page}</I18nProvider>
    </StrictMode>,
  );
  startSender();
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/survey/wjdt/sw.js', { scope: SURVEY_PATHS.publicScope }).catch(() => undefined);
  }
}

void boot();
