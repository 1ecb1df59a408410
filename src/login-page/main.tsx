import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import { safeRedirect } from '../app/navigation';
import { loginCatalog } from '../features/auth/login-catalog';
import { startLoginCalls } from '../features/auth/login-client';
import { LoginScreen } from '../features/auth/LoginScreen';
import { loadConfig } from '../lib/config';
import { getStoredLocale, htmlLang, storeLocale, type Locale } from '../lib/locale';
import { session } from '../lib/session';
import { applyTheme, getStoredTheme } from '../lib/themes';
import './login-page.css';

/**
 * The light login page (login.html, issue 21): what a phone opens first at /login (server/plugins/static.ts
 * answers GET /login with it; the app's service worker too). The same LoginScreen as the app's /login route,
 * without the app: no Chakra, router, query cache or main catalog. It registers no service worker of its own
 * (the app's registers once signed in, and precaches this page).
 */
async function activate(locale: Locale): Promise<void> {
  const { messages } = await loginCatalog[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = htmlLang(locale);
}

async function switchLocale(locale: Locale): Promise<void> {
  await activate(locale);
  storeLocale(locale);
}

/** After login: the `redirect` parameter when it is a path of this site (never elsewhere), else the dashboard. */
const target = (): string => safeRedirect(new URLSearchParams(location.search).get('redirect')) ?? '/dashboard';

async function boot(): Promise<void> {
  // already signed in on this device: the app (SPEC §4 "On navigation", app/navigation.ts)
  if (session.loggedIn) {
    location.replace('/dashboard');
    return;
  }
  applyTheme(getStoredTheme());
  const locale = getStoredLocale();
  const catalog = activate(locale);
  await loadConfig(); // the API's address and the school's titles
  startLoginCalls(locale);
  await catalog;
  createRoot(document.getElementById('root')!).render(
    <I18nProvider i18n={i18n}>
      <LoginScreen onLoggedIn={() => location.replace(target())} switchLocale={switchLocale} />
    </I18nProvider>,
  );
}

void boot();
