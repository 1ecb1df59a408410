import { createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { assessPermission } from '../../app/navigation';
import { MenuScreen, SCREEN_INVENTORY } from '../../app/screens';
import { resolveMenuScreen } from '../../lib/menus';

/**
 * Dynamic menu routes (SPEC §2): any other path inside the main layout. A path that is not one of
 * the user's menus goes to /404; otherwise the registry decides (built / not built / Cannot find module).
 */
export const Route = createFileRoute('/_app/$')({
  beforeLoad: ({ context, location }) => {
    const resolution = resolveMenuScreen(location.pathname, context.permission.menus, SCREEN_INVENTORY);
    if (resolution.kind === 'not-found' && assessPermission(context.permission) === 'ok') {
      throw redirect({ to: '/404', replace: true });
    }
    return { resolution };
  },
  component: MenuRoute,
});

function MenuRoute() {
  const { resolution } = Route.useRouteContext();
  const { pathname } = useLocation();
  return <MenuScreen resolution={resolution} path={pathname} />;
}
