import type { CrudModule } from '../kit/crud-module';
import type { AnyRoute } from '../plugins/define-route';
import { aiPromptsModule } from './ai-prompts/ai-prompts.module';
import { apkVersionsModule } from './apk-versions/apk-versions.module';
import { proofsRoutes } from './applications/proofs.routes';
import { applicationsRoutes } from './applications/applications.routes';
import { applicationSettingsRoutes } from './applications/settings.routes';
import { staffSummaryRoutes } from './applications/staff-summary.routes';
import { appLogRoutes } from './applog/applog.routes';
import { attendanceRoutes } from './attendance/attendance.routes';
import { authRoutes } from './auth/auth.routes';
import { backupsRoutes } from './backups/backups.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { dictsRoutes } from './dicts/dicts.routes';
import { examsRoutes } from './exams/exams.routes';
import { filesRoutes } from './files/files.routes';
import { homeCardsRoutes } from './home-cards/home-cards.routes';
import { i18nRoutes } from './i18n/i18n.routes';
import { menusRoutes } from './menus/menus.routes';
import { messagesRoutes } from './messages/messages.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { orgsRoutes } from './orgs/orgs.routes';
import { outboxRoutes } from './outbox/outbox.routes';
import { permissionsRoutes } from './permissions/permissions.routes';
import { buildingsModule, campusesModule, classroomsModule } from './places/places.module';
import { studentsModule } from './students/students.module';
import { classesModule } from './classes/classes.module';
import { dormBuildingsModule, dormRoomsModule } from './dorms/dorms.module';
import { dormsRoutes } from './dorms/dorms.routes';
import { statusChangesRoutes } from './status-changes/status-changes.routes';
import { graduationsRoutes } from './graduations/graduations.routes';
import { guardiansRoutes } from './guardians/guardians.routes';
import { rolesRoutes } from './roles/roles.routes';
import { schoolRoutes } from './school/school.routes';
import { scoresRoutes } from './scores/scores.routes';
import { selectorRoutes } from './selector/selector.routes';
import { settingsRoutes } from './settings/settings.routes';
import { surveysRoutes } from './surveys/surveys.routes';
import { usersRoutes } from './users/users.routes';

/** A server module: the routes it declares; a kit module (server/kit/crud-module.ts) also its definition, table and service. */
export interface ModuleEntry {
  routes: readonly AnyRoute[];
  kit?: CrudModule;
}

/** Kit modules by their definition's name (the app log's module of a kit call is the resource's one name, e.g. ai-prompts). */
const kits = (...kitModules: CrudModule[]): Record<string, ModuleEntry> => Object.fromEntries(kitModules.map((module) => [module.definition.name, { routes: module.routes, kit: module }]));

/**
 * The module registry: every module by the name the app log files its calls under. server/routes.ts
 * derives the route list from it, services.ts the kit services. A new module is one line here.
 */
export const modules: Record<string, ModuleEntry> = {
  auth: { routes: authRoutes },
  permissions: { routes: permissionsRoutes },
  users: { routes: usersRoutes },
  i18n: { routes: i18nRoutes },
  school: { routes: schoolRoutes },
  dicts: { routes: dictsRoutes },
  messages: { routes: messagesRoutes },
  files: { routes: filesRoutes },
  selector: { routes: selectorRoutes },
  attendance: { routes: attendanceRoutes },
  exams: { routes: examsRoutes },
  calendar: { routes: calendarRoutes },
  scores: { routes: scoresRoutes },
  outbox: { routes: outboxRoutes },
  applications: { routes: [...applicationsRoutes, ...applicationSettingsRoutes, ...proofsRoutes, ...staffSummaryRoutes] },
  surveys: { routes: surveysRoutes },
  applog: { routes: appLogRoutes },
  menus: { routes: menusRoutes },
  settings: { routes: settingsRoutes },
  backups: { routes: backupsRoutes },
  homeCards: { routes: homeCardsRoutes },
  dorms: { routes: dormsRoutes },
  statusChanges: { routes: statusChangesRoutes },
  graduations: { routes: graduationsRoutes },
  guardians: { routes: guardiansRoutes },
  dashboard: { routes: dashboardRoutes },
  ...kits(aiPromptsModule, apkVersionsModule, campusesModule, buildingsModule, classroomsModule, dormBuildingsModule, dormRoomsModule, studentsModule, classesModule),
  roles: { routes: rolesRoutes },
  orgs: { routes: orgsRoutes },
  openapi: { routes: openApiRoutes(() => modules) },
};

/** The kit modules (resources built on crudModule). */
export const kitModules: readonly CrudModule[] = Object.values(modules).flatMap((entry) => (entry.kit ? [entry.kit] : []));
