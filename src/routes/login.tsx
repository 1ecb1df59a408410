import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { isPageTarget, safeRedirect } from '../app/navigation';
import { authKeys } from '../features/auth/api';
import { loginCatalog } from '../features/auth/login-catalog';
import { startLoginCalls } from '../features/auth/login-client';
import { LoginScreen } from '../features/auth/LoginScreen';
import { useFeatureCatalog } from '../lib/feature-catalog';
import { currentLocale, loadFeatureCatalog, resetServerMessages, switchLocale } from '../lib/i18n';

/**
 * /login inside the app (logout, an expired session, a guard's redirect: in-app, offline too). A fresh
 * load of /login is the light page login.html instead (src/login-page); both show the same LoginScreen.
 */
export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  // the form's options (school, captcha) and the screen's catalog start before the component's chunk
  // arrives; a failure is shown by the screen (error with retry), not by the router
  loader: () => {
    startLoginCalls(currentLocale());
    void loadFeatureCatalog(loginCatalog).catch(() => undefined);
  },
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
