import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { loadConfig, showDocumentTitle } from './lib/config';
import { activateLocale, loadServerMessages } from './lib/i18n';
import { getStoredLocale } from './lib/locale';
import { session } from './lib/session';
import { restoreOfflineSession } from './lib/offline/boot';
import { markMenusStaleAfterRefresh } from './lib/menu-refresh';
// listens for `beforeinstallprompt` from the start (the user menu offers "Install app")
import './lib/offline/install';
import { applyTheme, getStoredTheme } from './lib/themes';

/** Start-up: runtime config, the language catalog and the user's offline cache first, then the app renders. */
async function boot() {
  // The remembered colour theme paints before anything renders (no flash of the default green).
  applyTheme(getStoredTheme());
  await Promise.all([loadConfig(), activateLocale(getStoredLocale())]);
  showDocumentTitle();
  // The server's language list is public: merge it at start (again after login, for the school's own texts).
  void loadServerMessages();
  const queryClient = createQueryClient();
  // A logged-in user's cached reads (permission payload, menus…) come back before the first render,
  // so the app starts logged in with the network off (OFFLINE.md §3).
  await restoreOfflineSession(queryClient);
  // a reload made by 刷新菜单 reads the menus again instead of the copy kept on the device
  markMenusStaleAfterRefresh(queryClient);
  // Dictionaries changed on the server since this device cached them: dropped and read again (online only).
  if (session.loggedIn) void import('./lib/dicts').then(({ syncDictRevision }) => syncDictRevision(queryClient));
  const router = createAppRouter(queryClient);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void boot();
