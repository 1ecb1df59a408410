// The dashboard's figure cards (issue 20 item 5): their API paths and who may see them, zod-free (the
// home page's chunk imports this; contracts/dashboard.ts holds the answers' schemas). Each card is a
// 首页卡片 of contracts/home-cards.ts under the same id.

import { ATTENDANCE_MANAGE_PERMISSION } from './attendance-constants';
import { SCORES_MANAGE_PERMISSION } from './score-rules';
import { SURVEY_PERMISSIONS } from './survey-constants';

/** `POST` each, no body: the caller's figures of that card, read now. */
export const DASHBOARD_URLS = {
  attendanceToday: '/api/dashboard/attendance-today',
  applicationsPending: '/api/dashboard/applications-pending',
  scoreProgress: '/api/dashboard/score-progress',
  surveyResponses: '/api/dashboard/survey-responses',
} as const;

/**
 * Who sees each card (the route's access; the service checks again): the school-wide figures of
 * attendance and score entry are for those who manage them; questionnaires for their managers (their
 * own, or every one with the publish right). 待审批的申请 is for holders of an audit code
 * (features/applications/dashboard APPLICATIONS_TODO_REQUIREMENT).
 */
export const ATTENDANCE_TODAY_REQUIREMENT = { anyOf: [ATTENDANCE_MANAGE_PERMISSION] } as const;
export const SCORE_PROGRESS_REQUIREMENT = { anyOf: [SCORES_MANAGE_PERMISSION] } as const;
export const SURVEY_RESPONSES_REQUIREMENT = { anyOf: [SURVEY_PERMISSIONS.manage] } as const;

/** Classes without a roll the attendance card names (the rest are counted). */
export const MISSING_CLASSES_SHOWN = 5;
/** Least advanced classes named per exam batch. */
export const WORST_CLASSES_SHOWN = 3;
/** Open questionnaires listed (those closing first). */
export const OPEN_SURVEYS_SHOWN = 5;
