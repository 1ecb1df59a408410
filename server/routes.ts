import { proofsRoutes } from './modules/applications/proofs.routes';
import { staffSummaryRoutes } from './modules/applications/staff-summary.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { applicationSettingsRoutes } from './modules/applications/settings.routes';
import { appLogRoutes } from './modules/applog/applog.routes';
import { aiPromptsRoutes } from './modules/ai-prompts/ai-prompts.routes';
import { apkVersionsRoutes } from './modules/apk-versions/apk-versions.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { dictsRoutes } from './modules/dicts/dicts.routes';
import { examsRoutes } from './modules/exams/exams.routes';
import { filesRoutes } from './modules/files/files.routes';
import { homeCardsRoutes } from './modules/home-cards/home-cards.routes';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { menusRoutes } from './modules/menus/menus.routes';
import { orgsRoutes } from './modules/orgs/orgs.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { schoolRoutes } from './modules/school/school.routes';
import { scoresRoutes } from './modules/scores/scores.routes';
import { selectorRoutes } from './modules/selector/selector.routes';
import { surveysRoutes } from './modules/surveys/surveys.routes';
import { usersRoutes } from './modules/users/users.routes';
import { type AnyRoute, describeRoute, type RouteDescription } from './plugins/define-route';

/** The route registry: every API route of the server, as declared by its module. */
export const allRoutes: readonly AnyRoute[] = [...authRoutes, ...permissionsRoutes, ...usersRoutes, ...i18nRoutes, ...schoolRoutes, ...dictsRoutes, ...messagesRoutes, ...filesRoutes, ...selectorRoutes, ...attendanceRoutes, ...examsRoutes, ...calendarRoutes, ...scoresRoutes, ...outboxRoutes, ...applicationsRoutes, ...applicationSettingsRoutes, ...proofsRoutes, ...staffSummaryRoutes, ...surveysRoutes, ...appLogRoutes, ...menusRoutes, ...settingsRoutes, ...homeCardsRoutes, ...aiPromptsRoutes, ...apkVersionsRoutes, ...rolesRoutes, ...orgsRoutes];

export const routeRegistry = (): RouteDescription[] => allRoutes.map(describeRoute);

/** The module that declared a route (the app log's `module`); a module missing here is named from the url. */
const modules: Record<string, readonly AnyRoute[]> = {
  auth: authRoutes,
  permissions: permissionsRoutes,
  users: usersRoutes,
  i18n: i18nRoutes,
  school: schoolRoutes,
  dicts: dictsRoutes,
  messages: messagesRoutes,
  files: filesRoutes,
  selector: selectorRoutes,
  attendance: attendanceRoutes,
  scores: scoresRoutes,
  exams: examsRoutes,
  calendar: calendarRoutes,
  outbox: outboxRoutes,
  applications: [...applicationsRoutes, ...applicationSettingsRoutes, ...proofsRoutes, ...staffSummaryRoutes],
  surveys: surveysRoutes,
  roles: rolesRoutes,
  menus: menusRoutes,
  orgs: orgsRoutes,
  applog: appLogRoutes,
  settings: settingsRoutes,
  homeCards: homeCardsRoutes,
  aiPrompts: aiPromptsRoutes,
  apkVersions: apkVersionsRoutes,
};
const moduleByRoute = new Map(Object.entries(modules).flatMap(([name, routes]) => routes.map((route) => [route, name] as const)));
export const moduleOfRoute = (route: AnyRoute): string | undefined => moduleByRoute.get(route);
