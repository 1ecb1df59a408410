import { createFileRoute } from '@tanstack/react-router';
import DashboardPage from '../../app/DashboardPage';

/** Home: titled home, never cached (it reads the permission payload the layout just ensured). */
export const Route = createFileRoute('/_app/dashboard')({
  component: DashboardPage,
});
