import { useSuspenseQuery } from '@tanstack/react-query';
import { permissionQuery } from '../features/auth/api';
import { DashboardScreen } from '../features/dashboard/DashboardScreen';
import { homeShortcuts } from '../lib/nav';
import { allows, type Grants } from '../lib/permissions';
import { DASHBOARD_CARDS, PENDING_COUNTS } from './dashboard-cards';

/** The home page with what the logged-in user may see (the payload was loaded by the layout's guard). */
export default function DashboardPage() {
  const { data } = useSuspenseQuery(permissionQuery);
  const grants: Grants = { permissions: data.permission, roles: data.roles };
  return (
    <DashboardScreen
      user={data.userInfo}
      shortcuts={homeShortcuts(data.menus)}
      cards={DASHBOARD_CARDS.filter((card) => allows(grants, card.requirement))}
      pending={PENDING_COUNTS.filter((count) => allows(grants, count.requirement))}
    />
  );
}
