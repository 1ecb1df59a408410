import { i18n } from '@lingui/core';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { isPageTarget, safeRedirect } from '../app/navigation';
import { loginOptionsQuery } from '../features/auth/api';
import { LoginScreen } from '../features/auth/LoginScreen';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  // The form's fields depend on the options (school, captcha): load them before the first paint.
  // A failure is shown by the screen (error with retry), not by the router.
  loader: ({ context }) => context.queryClient.ensureQueryData(loginOptionsQuery(i18n.locale)).catch(() => undefined),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const target = redirect ?? '/dashboard';
  return <LoginScreen onLoggedIn={() => (isPageTarget(target) ? window.location.replace(target) : router.navigate({ href: target, replace: true }))} />;
}
