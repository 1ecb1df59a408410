import type { AppConfig } from './config';
import { CacheBus } from './db/cache-bus';
import type { Database } from './db/client';
import type { CrudService } from './kit/crud-module';
import { kitModules } from './modules';
import { AppLogService } from './modules/applog/applog.service';
import { ApplicationsService } from './modules/applications/applications.service';
import { ProofsService } from './modules/applications/proofs.service';
import { ApplicationSettingsService } from './modules/applications/settings.service';
import { StaffSummaryService } from './modules/applications/staff-summary.service';
import { AttendanceService } from './modules/attendance/attendance.service';
import { BackupsService } from './modules/backups/backups.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { AuthService } from './modules/auth/auth.service';
import { CalendarService } from './modules/calendar/calendar.service';
import { DictsService } from './modules/dicts/dicts.service';
import { DormsService } from './modules/dorms/dorms.service';
import { ClassesService } from './modules/classes/classes.service';
import { ExamsService } from './modules/exams/exams.service';
import { FilesService } from './modules/files/files.service';
import { HomeCardsService } from './modules/home-cards/home-cards.service';
import { I18nService } from './modules/i18n/i18n.service';
import { LeaveService } from './modules/leave/leave.service';
import { MessagesService } from './modules/messages/messages.service';
import { MenusService } from './modules/menus/menus.service';
import { OrgsService } from './modules/orgs/orgs.service';
import { PermissionsService } from './modules/permissions/permissions.service';
import { RolesService } from './modules/roles/roles.service';
import { SchoolService } from './modules/school/school.service';
import { ScoresService } from './modules/scores/scores.service';
import { SelectorService } from './modules/selector/selector.service';
import { SettingsService } from './modules/settings/settings.service';
import { loadSurveySecret } from './modules/surveys/surveys.secret';
import { SurveysService } from './modules/surveys/surveys.service';
import { StatusChangesService } from './modules/status-changes/status-changes.service';
import { GraduationsService } from './modules/graduations/graduations.service';
import { TenantsService } from './modules/tenants/tenants.service';
import { UserAdminService } from './modules/users/user-admin.service';
import { UsersService } from './modules/users/users.service';

/** One instance of each module's service per app; modules reach each other only through these. */
export function createServices(db: Database, config: AppConfig) {
  // memory caches kept current across instances (db/cache-bus.ts); app.ts starts and stops its listener
  const cacheBus = new CacheBus(db);
  const tenants = new TenantsService(cacheBus);
  const users = new UsersService();
  const permissions = new PermissionsService(config, users, tenants, cacheBus);
  const auth = new AuthService(db, config, tenants, users, permissions, cacheBus);
  const school = new SchoolService();
  const dicts = new DictsService();
  const leave = new LeaveService();
  const messages = new MessagesService();
  const files = new FilesService(db, config, permissions);
  const roles = new RolesService(db, permissions);
  const applications = new ApplicationsService(permissions, messages, files, dicts);
  const attendance = new AttendanceService(permissions, dicts, school, leave);
  const dorms = new DormsService(permissions);
  const calendar = new CalendarService(permissions);
  const statusChanges = new StatusChangesService(permissions, applications, files, dorms);
  const userAdmin = new UserAdminService(permissions, auth, tenants, roles);
  return {
    cacheBus,
    tenants,
    users,
    permissions,
    auth,
    i18n: new I18nService(),
    school,
    dicts,
    messages,
    files,
    roles,
    selector: new SelectorService(roles),
    leave,
    attendance,
    scores: new ScoresService(permissions, dicts),
    exams: new ExamsService(permissions, messages),
    calendar,
    menus: new MenusService(permissions),
    orgs: new OrgsService(permissions),
    applications,
    applicationSettings: new ApplicationSettingsService(permissions),
    proofs: new ProofsService(applications, tenants, dicts, files),
    staffSummary: new StaffSummaryService(permissions),
    appLogs: new AppLogService(),
    userAdmin,
    settings: new SettingsService(db, config, cacheBus),
    backups: new BackupsService(db, config, tenants),
    dorms,
    classes: new ClassesService(permissions),
    statusChanges,
    graduations: new GraduationsService(permissions, statusChanges, userAdmin, calendar),
    homeCards: new HomeCardsService(permissions),
    dashboard: new DashboardService(permissions, attendance, applications),
    /** the kit resources' services by resource name (server/modules/index.ts kitModules) */
    kit: Object.fromEntries(kitModules.map((module) => [module.definition.name, module.createService({ permissions, files })])) as Record<string, CrudService>,
    surveys: new SurveysService(permissions, messages, files, loadSurveySecret(config.dataDir)),
  };
}

export type Services = ReturnType<typeof createServices>;
