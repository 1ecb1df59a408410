import { createFileRoute } from '@tanstack/react-router';
import { loadUser } from '../app/guards';
import { MainLayout } from '../app/layouts/MainLayout';

/** The authenticated main layout: loads the user's permission payload before any child renders. */
export const Route = createFileRoute('/_app')({
  beforeLoad: loadUser,
  component: AppLayoutRoute,
});

function AppLayoutRoute() {
  const { permission } = Route.useRouteContext();
  return <MainLayout permission={permission} />;
}
