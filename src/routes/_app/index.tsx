import { createFileRoute, redirect } from '@tanstack/react-router';

/** The empty path inside the main layout is the dashboard. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
