import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { ErrorFallback } from '../components/ErrorFallback';
import { NotFoundScreen } from '../features/placeholders/NotFoundScreen';
import { navigationGuard } from '../app/guards';
import type { RouterContext } from '../app/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // SPEC §4 "On navigation": token / failure flag / whitelist / login type, on every navigation.
  beforeLoad: navigationGuard,
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: RootError,
});

function RootError({ error }: { error: unknown }) {
  const router = useRouter();
  return <ErrorFallback error={error} onRetry={() => void router.invalidate()} />;
}
