import { publicConfigQuery, SETTINGS_EDIT_PERMISSION, SETTINGS_PERMISSION, settingsSaveRequest } from '../../../contracts/settings';
import { changes, defineRoute, RawReply, reads } from '../../plugins/define-route';

/** 系统配置 (/system/xtpz) and the served runtime configuration. */
export const settingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/config.json',
    operation: reads('加载运行配置', 'Load the configuration'),
    access: 'public',
    summary:
      'the runtime configuration: the built config.json, the deployment row over it (record-filing number, effective encryption flag), then the school\'s own titles (school from the host name, else ?tenant=<code>)',
    query: publicConfigQuery,
    handler: async ({ withRequestTenant, services, query, reply }) => {
      const tenant = await withRequestTenant(async (tx, byRequest) => byRequest ?? (query.tenant ? services.tenants.findByCode(tx, query.tenant) : null));
      const config = await services.settings.publicConfig(tenant);
      reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-cache');
      return new RawReply(JSON.stringify(config));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/settings/get',
    operation: reads('查看系统配置', 'System configuration'),
    access: { anyOf: [SETTINGS_PERMISSION, SETTINGS_EDIT_PERMISSION] },
    summary: "the school's runtime settings, the deployment row, the values that apply when left empty, whether the caller may change the deployment row",
    handler: async ({ tx, session, services, request, lang }) => services.settings.get(tx, session, await services.permissions.grantedCodes(tx, session), request, lang),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/settings/save',
    operation: changes('保存系统配置', 'Save the system configuration'),
    access: { anyOf: [SETTINGS_EDIT_PERMISSION] },
    summary: "saves the school's settings (version; public origin http(s)://host[:port]) and, for the platform school only, the deployment's record number and encryption flag",
    body: settingsSaveRequest,
    handler: ({ tx, session, body, services }) => services.settings.save(tx, session, body),
  }),
];
