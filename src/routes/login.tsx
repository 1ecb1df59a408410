import { createFileRoute, useRouter } from '@tanstack/react-router';
import { safeRedirect } from '../app/navigation';
import { loginOptionsQuery } from '../features/auth/api';
import { LoginScreen } from '../features/auth/LoginScreen';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  // Start loading the form options; the screen shows an error with retry if they fail.
  loader: ({ context }) => void context.queryClient.prefetchQuery(loginOptionsQuery),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  return <LoginScreen onLoggedIn={() => router.navigate({ href: redirect ?? '/dashboard', replace: true })} />;
}
