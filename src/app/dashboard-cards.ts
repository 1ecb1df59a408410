import { APPLICATIONS_TODO_REQUIREMENT, ApplicationsTodoCard } from '../features/applications/dashboard';
import type { DashboardCard, PendingCount } from '../features/dashboard/cards';
import { MESSAGE_REQUIREMENT } from '../features/messages/access';
import { UnreadMessagesCard } from '../features/messages/UnreadMessagesCard';

/**
 * What features contribute to the home page (see features/dashboard/cards.ts). A feature exports a
 * card component or a count; list it here with the permission it needs.
 */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { id: 'unread-messages', requirement: MESSAGE_REQUIREMENT, Component: UnreadMessagesCard },
  { id: 'applications-todo', requirement: APPLICATIONS_TODO_REQUIREMENT, Component: ApplicationsTodoCard },
];

/** Counts of items waiting for the user; none yet (the card says nothing is waiting). */
export const PENDING_COUNTS: readonly PendingCount[] = [];
