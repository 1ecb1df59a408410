import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { isPageTarget, safeRedirect } from '../app/navigation';
import { authKeys } from '../features/auth/api';
import { loginCatalog } from '../features/auth/login-catalog';
import { LoginScreen } from '../features/auth/LoginScreen';
import { useFeatureCatalog } from '../lib/feature-catalog';
import { loadFeatureCatalog, resetServerMessages, switchLocale } from '../lib/i18n';

/**
 * /login inside the app (logout, an expired session, a guard's redirect: in-app, offline too). A fresh
 * load of /login is the light page login.html instead (src/login-page); both show the same LoginScreen.
 */
export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  // the screen's catalog loads beside its chunk, not after it (the options and captcha are the screen's own
  // calls: started here, they put their module into the entry chunk every page loads); a failure leaves the
  // fallbacks
  loader: () =>
    import('../features/auth/login-catalog')
      .then(({ loginCatalog }) => loadFeatureCatalog(loginCatalog))
      .catch(() => undefined),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const ready = useFeatureCatalog(loginCatalog);
  const target = redirect ?? '/dashboard';
  async function onLoggedIn() {
    queryClient.removeQueries({ queryKey: authKeys.user });
    resetServerMessages(); // the school's own texts load with the user's session
    await (isPageTarget(target) ? window.location.replace(target) : router.navigate({ href: target, replace: true }));
  }
  return ready ? <LoginScreen onLoggedIn={onLoggedIn} switchLocale={switchLocale} /> : null;
}
