import { APPLICATION_KINDS, KIND_PERMISSIONS } from '../../../contracts/application-constants';
import {
  ATTENDANCE_TODAY_REQUIREMENT,
  DASHBOARD_URLS,
  dashboardFiguresRequest,
  SCORE_PROGRESS_REQUIREMENT,
  SURVEY_RESPONSES_REQUIREMENT,
} from '../../../contracts/dashboard';
import { defineRoute, reads } from '../../plugins/define-route';

const AUDIT_CODES = [...new Set(APPLICATION_KINDS.map((kind) => KIND_PERMISSIONS[kind].audit))];

/** The dashboard's figure cards (contracts/dashboard.ts): one read each, so a slow one delays no other. */
export const dashboardRoutes = [
  defineRoute({
    method: 'POST',
    url: DASHBOARD_URLS.attendanceToday,
    access: ATTENDANCE_TODAY_REQUIREMENT,
    operation: reads('首页今日考勤', "Home: today's attendance"),
    summary: "today's attendance in the school's time zone: classes with and without a roll (the first named), absences",
    body: dashboardFiguresRequest,
    handler: ({ tx, session, services }) => services.dashboard.attendanceToday(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: DASHBOARD_URLS.applicationsPending,
    access: { anyOf: AUDIT_CODES },
    operation: reads('首页待审批的申请', 'Home: pending applications'),
    summary: "undecided applications in the caller's audit reach (all for administrators), by kind",
    body: dashboardFiguresRequest,
    handler: ({ tx, session, services }) => services.dashboard.applicationsPending(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: DASHBOARD_URLS.scoreProgress,
    access: SCORE_PROGRESS_REQUIREMENT,
    operation: reads('首页成绩录入进度', 'Home: score entry progress'),
    summary: 'per unpublished exam batch of the current semester: cells entered of expected, and the least advanced classes',
    body: dashboardFiguresRequest,
    handler: ({ tx, session, services }) => services.dashboard.scoreProgress(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: DASHBOARD_URLS.surveyResponses,
    access: SURVEY_RESPONSES_REQUIREMENT,
    operation: reads('首页问卷回收', 'Home: questionnaire responses'),
    summary: 'open questionnaires whose results the caller reads, closing first: answered of targeted',
    body: dashboardFiguresRequest,
    handler: ({ tx, session, services }) => services.dashboard.surveyResponses(tx, session),
  }),
];
