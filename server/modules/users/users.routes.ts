import { getUserInfoRequest } from '../../../contracts/session';
import {
  accountSettingsSaveRequest,
  USERS_ADD_PERMISSION,
  USERS_DELETE_PERMISSION,
  USERS_EDIT_PERMISSION,
  USERS_EXPORT_PERMISSION,
  USERS_IMPORT_PERMISSION,
  USERS_INIT_PERMISSION,
  USERS_PERMISSION,
  USERS_RESET_PWD_PERMISSION,
  userEnableRequest,
  userIdsRequest,
  userInitializeRequest,
  userListRequest,
  userResetPasswordRequest,
  userSaveRequest,
} from '../../../contracts/users';
import { z } from 'zod';
import { defineRoute } from '../../plugins/define-route';
import { exportInitReport, exportUsers, importTemplate, importUsers, initReportExportRequest, receiveUserImport, type UserImportUpload } from './users.excel';

const READ = { anyOf: [USERS_PERMISSION] } as const;

export const usersRoutes = [
  defineRoute({
    method: 'POST',
    url: '/userManage/getUserInfo',
    // own account for everyone; other accounts need system_user (checked in UsersService)
    access: 'session',
    summary: 'account row (ID, USERNAME, ENABLED; PASSWORD always empty) of a user',
    body: getUserInfoRequest,
    handler: ({ tx, session, body, services }) =>
      services.users.userInfoRows(tx, session, body.userId, () => services.permissions.grantedCodes(tx, session)),
  }),
  // ---------------------------------------------------------------- 用户管理 (/system/user)
  defineRoute({
    method: 'POST',
    url: '/api/users/options',
    access: READ,
    summary: 'choices of the user form: campuses, ordinary roles, org units (not graduated)',
    handler: ({ tx, services }) => services.userAdmin.options(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/list',
    access: READ,
    summary: 'generic table A of users (search: keyword, userType, orgUnitId and below, enabled, locked, initialized)',
    body: userListRequest,
    handler: ({ tx, body, services }) => services.userAdmin.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/save',
    access: { anyOf: [USERS_ADD_PERMISSION, USERS_EDIT_PERMISSION] },
    summary: 'adds (no id) or edits (id + version) a user: SPEC §5 account, name, ID number, phone, email; account and job number unique; ordinary roles',
    body: userSaveRequest,
    handler: ({ tx, session, body, services }) => services.userAdmin.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/delete',
    access: { anyOf: [USERS_DELETE_PERMISSION] },
    summary: 'deletes users (ids): never yourself; users with business data are refused (disable them instead)',
    body: userIdsRequest,
    handler: async ({ tx, session, body, services }) => {
      await services.userAdmin.delete(tx, session, body.ids);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/enable',
    access: { anyOf: [USERS_EDIT_PERMISSION] },
    summary: 'enables or disables users (never yourself); disabling ends their sessions',
    body: userEnableRequest,
    handler: async ({ tx, session, body, services }) => {
      await services.userAdmin.setEnabled(tx, session, body.ids, body.enabled);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/unlock',
    access: { anyOf: [USERS_EDIT_PERMISSION] },
    summary: 'ends the lockout of users and forgets their failed logins',
    body: userIdsRequest,
    handler: async ({ tx, session, body, services }) => {
      await services.userAdmin.unlock(tx, session, body.ids);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/reset-password',
    access: { anyOf: [USERS_RESET_PWD_PERMISSION] },
    summary: "resets a password to the initial one (ID number's last 6, capitals) or a typed one (school rule); must change at next login; sessions end",
    body: userResetPasswordRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.userAdmin.resetPassword(tx, session, body);
      setMessage('usersResetDone');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/initialize',
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'initialises accounts (SPEC §9) of the ids or of every user matching the search; answers a report per person',
    body: userInitializeRequest,
    handler: ({ tx, session, body, services, lang }) => services.userAdmin.initialize(tx, session, lang, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/init-preview',
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'how many people an initialisation with this body would give a first account and how many have one already',
    body: userInitializeRequest,
    touchSession: false,
    handler: ({ tx, session, body, services }) => services.userAdmin.initPreview(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/account-settings',
    access: READ,
    summary: "the school's parent prefix and student-number template, with the next number",
    handler: ({ tx, services }) => services.userAdmin.settings(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/account-settings/save',
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'saves the parent prefix and the student-number template (validated)',
    body: accountSettingsSaveRequest,
    handler: ({ tx, session, body, services }) => services.userAdmin.saveSettings(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/preview-number',
    access: READ,
    summary: 'the next student number a template would give',
    body: z.object({ template: z.string().trim().min(1).max(60) }),
    handler: ({ tx, body, services }) => services.userAdmin.preview(tx, body.template),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/export',
    access: { anyOf: [USERS_EXPORT_PERMISSION] },
    summary: 'Excel of the users matching the search (ID numbers left out)',
    body: userListRequest,
    handler: async ({ tx, body, services, lang, reply }) => exportUsers(reply, await services.userAdmin.exportRows(tx, body.search), lang),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/init-report',
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'the report of a bulk initialisation (as shown) as Excel',
    body: initReportExportRequest,
    handler: ({ body, lang, reply }) => exportInitReport(reply, body.rows, lang),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/users/import-template',
    access: { anyOf: [USERS_IMPORT_PERMISSION] },
    summary: 'the import template (.xlsx): name, account, user type, gender, job / student number, ID number, phone, email, remark',
    handler: ({ lang, reply }) => importTemplate(reply, lang),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/import',
    access: { anyOf: [USERS_IMPORT_PERMISSION] },
    summary: 'multipart file (the template, .xlsx): every row checked first (the form rules, unique accounts and numbers); any invalid row → 40000, data.errors, nothing written',
    receive: (request) => receiveUserImport(request),
    handler: async ({ tx, session, staged, services, lang, setMessage }) => {
      const result = await importUsers(tx, session, staged as UserImportUpload, services, lang);
      setMessage('usersImported');
      return result;
    },
  }),
];
