import { languageListRequest } from '../../../contracts/session';
import {
  languageDeleteRequest,
  languageEntryListRequest,
  languageSaveRequest,
  SETTINGS_EDIT_PERMISSION,
  SETTINGS_PERMISSION,
} from '../../../contracts/settings';
import { changes, defineRoute, reads } from '../../plugins/define-route';

export const i18nRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/internationalLanguage/getInternationalLanguageList',
    operation: reads('加载语言词条', 'Load language texts'),
    access: 'public',
    summary: "the tenant's zh and en texts (tenant from session, Host or X-Tenant; none: empty maps)",
    // size=-1, page=0, search='{}': the whole list; accepted for compatibility, nothing to page
    body: languageListRequest,
    handler: ({ withRequestTenant, services }) => withRequestTenant((tx, tenant) => services.i18n.languageList(tx, tenant !== null)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/i18n/entries',
    operation: reads('查询语言词条', 'Search language texts'),
    access: { anyOf: [SETTINGS_PERMISSION, SETTINGS_EDIT_PERMISSION] },
    summary: '语言词条 (系统配置): table A of keys with their zh and en texts; search { keyword (key or text), lang }',
    body: languageEntryListRequest,
    handler: ({ tx, body, services }) => services.i18n.entries(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/i18n/save',
    operation: changes('保存语言词条', 'Save a language text'),
    access: { anyOf: [SETTINGS_EDIT_PERMISSION] },
    summary: 'saves a key with its zh and en texts (key pattern, unique per language; previousKey renames; an empty text removes that language)',
    body: languageSaveRequest,
    handler: async ({ tx, session, body, services }) => services.i18n.save(tx, session, body, await services.permissions.grantedCodes(tx, session)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/i18n/delete',
    operation: changes('删除语言词条', 'Delete language texts'),
    access: { anyOf: [SETTINGS_EDIT_PERMISSION] },
    summary: 'deletes keys (both languages)',
    body: languageDeleteRequest,
    handler: async ({ tx, session, body, services }) => services.i18n.delete(tx, body.keys, await services.permissions.grantedCodes(tx, session)),
  }),
];
