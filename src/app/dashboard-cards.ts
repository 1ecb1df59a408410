import { ATTENDANCE_TODAY_REQUIREMENT, SCORE_PROGRESS_REQUIREMENT, SURVEY_RESPONSES_REQUIREMENT } from '../../contracts/dashboard-figures';
import { APPLICATIONS_TODO_REQUIREMENT, ApplicationsPendingCard, ApplicationsTodoCard } from '../features/applications/dashboard';
import type { DashboardCard, PendingCount } from '../features/dashboard/cards';
import { AttendanceTodayCard, ScoreProgressCard, SurveyResponsesCard } from '../features/dashboard/figures';
import { MESSAGE_REQUIREMENT } from '../features/messages/access';
import { UnreadMessagesCard } from '../features/messages/UnreadMessagesCard';

/**
 * What features contribute to the home page (see features/dashboard/cards.ts). A feature exports a
 * card component or a count; list it here with the permission it needs (the same its route asks).
 */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { id: 'attendance-today', requirement: ATTENDANCE_TODAY_REQUIREMENT, Component: AttendanceTodayCard },
  { id: 'applications-pending', requirement: APPLICATIONS_TODO_REQUIREMENT, Component: ApplicationsPendingCard },
  { id: 'score-progress', requirement: SCORE_PROGRESS_REQUIREMENT, Component: ScoreProgressCard },
  { id: 'survey-responses', requirement: SURVEY_RESPONSES_REQUIREMENT, Component: SurveyResponsesCard },
  { id: 'unread-messages', requirement: MESSAGE_REQUIREMENT, Component: UnreadMessagesCard },
  { id: 'applications-todo', requirement: APPLICATIONS_TODO_REQUIREMENT, Component: ApplicationsTodoCard },
];

/** Counts of items waiting for the user; none yet (the card says nothing is waiting). */
export const PENDING_COUNTS: readonly PendingCount[] = [];
