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
import { addOrEdit, changes, defineRoute, reads } from '../../plugins/define-route';
import { peopleText } from './user-names';
import { exportInitReport, exportUsers, importTemplate, importUsers, initReportExportRequest, receiveUserImport, type UserImportUpload } from './users.excel';

const READ = { anyOf: [USERS_PERMISSION] } as const;

export const usersRoutes = [
  defineRoute({
    method: 'POST',
    url: '/userManage/getUserInfo',
    operation: reads('查看账号', 'View an account'),
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
    operation: reads('用户表单选项', 'User form choices'),
    access: READ,
    summary: 'choices of the user form: campuses, ordinary roles, org units (not graduated)',
    handler: ({ tx, services }) => services.userAdmin.options(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/list',
    operation: reads('查询用户', 'Search users'),
    access: READ,
    summary: 'generic table A of users (search: keyword, userType, orgUnitId and below, enabled, locked, initialized)',
    body: userListRequest,
    handler: ({ tx, body, services }) => services.userAdmin.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/save',
    operation: { ...changes('保存用户', 'Save a user'), variants: addOrEdit('用户', 'user') },
    access: { anyOf: [USERS_ADD_PERMISSION, USERS_EDIT_PERMISSION] },
    summary: 'adds (no id) or edits (id + version) a user: SPEC §5 account, name, ID number, phone, email; account and job number unique; ordinary roles',
    body: userSaveRequest,
    target: async ({ body }) => ({ text: `${body.name} (${body.username})`, variant: body.id ? 'edit' : 'add' }),
    handler: ({ tx, session, body, services }) => services.userAdmin.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/delete',
    operation: changes('删除用户', 'Delete users'),
    access: { anyOf: [USERS_DELETE_PERMISSION] },
    summary: 'deletes users (ids): never yourself; users with business data are refused (disable them instead)',
    body: userIdsRequest,
    target: ({ tx, body }) => peopleText(tx, body.ids),
    handler: async ({ tx, session, body, services }) => {
      await services.userAdmin.delete(tx, session, body.ids);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/enable',
    operation: { ...changes('启用或停用用户', 'Enable or disable users'), variants: { on: { zh: '启用用户', en: 'Enable users' }, off: { zh: '停用用户', en: 'Disable users' } } },
    access: { anyOf: [USERS_EDIT_PERMISSION] },
    summary: 'enables or disables users (never yourself); disabling ends their sessions',
    body: userEnableRequest,
    target: async ({ tx, body }) => ({ text: await peopleText(tx, body.ids), variant: body.enabled ? 'on' : 'off' }),
    handler: async ({ tx, session, body, services }) => {
      await services.userAdmin.setEnabled(tx, session, body.ids, body.enabled);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/unlock',
    operation: changes('解锁用户', 'Unlock users'),
    access: { anyOf: [USERS_EDIT_PERMISSION] },
    summary: 'ends the lockout of users and forgets their failed logins',
    body: userIdsRequest,
    target: ({ tx, body }) => peopleText(tx, body.ids),
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
    target: ({ tx, body }) => peopleText(tx, [body.id]),
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
    target: ({ tx, body }) => peopleText(tx, body.ids),
    handler: ({ tx, session, body, services, lang }) => services.userAdmin.initialize(tx, session, lang, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/init-preview',
    operation: reads('预览账号初始化', 'Preview account initialisation'),
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'how many people an initialisation with this body would give a first account and how many have one already',
    body: userInitializeRequest,
    touchSession: false,
    handler: ({ tx, session, body, services }) => services.userAdmin.initPreview(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/account-settings',
    operation: reads('查看账号设置', 'Account settings'),
    access: READ,
    summary: "the school's parent prefix and student-number template, with the next number",
    handler: ({ tx, services }) => services.userAdmin.settings(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/account-settings/save',
    operation: changes('保存账号设置', 'Save account settings'),
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'saves the parent prefix and the student-number template (validated)',
    body: accountSettingsSaveRequest,
    handler: ({ tx, session, body, services }) => services.userAdmin.saveSettings(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/preview-number',
    operation: reads('预览学号', 'Preview a student number'),
    access: READ,
    summary: 'the next student number a template would give',
    body: z.object({ template: z.string().trim().min(1).max(60) }),
    handler: ({ tx, body, services }) => services.userAdmin.preview(tx, body.template),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/export',
    answers: 'file',
    operation: reads('导出用户', 'Export users'),
    access: { anyOf: [USERS_EXPORT_PERMISSION] },
    summary: 'Excel of the users matching the search (ID numbers left out)',
    body: userListRequest,
    handler: async ({ tx, body, services, lang, reply }) => exportUsers(reply, await services.userAdmin.exportRows(tx, body.search), lang),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/init-report',
    answers: 'file',
    operation: reads('导出初始化报告', 'Export the initialisation report'),
    access: { anyOf: [USERS_INIT_PERMISSION] },
    summary: 'the report of a bulk initialisation (as shown) as Excel',
    body: initReportExportRequest,
    handler: ({ body, lang, reply }) => exportInitReport(reply, body.rows, lang),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/users/import-template',
    answers: 'file',
    operation: reads('下载用户导入模板', 'Download the user import template'),
    access: { anyOf: [USERS_IMPORT_PERMISSION] },
    summary: 'the import template (.xlsx): name, account, user type, gender, job / student number, ID number, phone, email, remark',
    handler: ({ lang, reply }) => importTemplate(reply, lang),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/users/import',
    operation: changes('导入用户', 'Import users'),
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
