import { useSuspenseQuery } from '@tanstack/react-query';
import { orderedHomeCards } from '../../contracts/home-cards';
import { permissionQuery } from '../features/auth/api';
import { BACKUP_WARNING_REQUIREMENT } from '../features/dashboard/BackupWarning';
import { DashboardScreen } from '../features/dashboard/DashboardScreen';
import { homeShortcuts } from '../lib/nav';
import { allows, type Grants } from '../lib/permissions';
import { DASHBOARD_CARDS, PENDING_COUNTS } from './dashboard-cards';

/** The home page with what the logged-in user may see (the payload was loaded by the layout's guard). */
export default function DashboardPage() {
  const { data } = useSuspenseQuery(permissionQuery);
  const grants: Grants = { permissions: data.permission, roles: data.roles };
  const cards = DASHBOARD_CARDS.filter((card) => allows(grants, card.requirement));
  // 首页卡片: the role's layout (null: every card), only cards the user may see
  const order = orderedHomeCards(data.homeCards, (id) => !DASHBOARD_CARDS.some((card) => card.id === id) || cards.some((card) => card.id === id));
  return (
    <DashboardScreen
      user={data.userInfo}
      order={order}
      shortcuts={homeShortcuts(data.menus)}
      cards={cards}
      pending={PENDING_COUNTS.filter((count) => allows(grants, count.requirement))}
      backupWarning={allows(grants, BACKUP_WARNING_REQUIREMENT)}
    />
  );
}
