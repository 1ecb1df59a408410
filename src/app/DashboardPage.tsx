import { useSuspenseQuery } from '@tanstack/react-query';
import { permissionQuery } from '../features/auth/api';
import { DashboardScreen } from '../features/dashboard/DashboardScreen';

/** The dashboard with the logged-in user's data (already loaded by the main layout's guard). */
export default function DashboardPage() {
  const { data } = useSuspenseQuery(permissionQuery);
  return <DashboardScreen user={data.userInfo} roles={data.roles} />;
}
