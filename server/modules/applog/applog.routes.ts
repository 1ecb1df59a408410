import { APP_LOG_EXPORT_PERMISSION, APP_LOG_PERMISSION, appLogExportRequest, appLogListRequest } from '../../../contracts/app-logs';
import { xlsxReply } from '../../kit/xlsx';
import { defineRoute, reads } from '../../plugins/define-route';


/** 用户日志 (/system/log): contracts/app-logs.ts. */
export const appLogRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/app-logs/options',
    operation: reads('日志筛选选项', 'Log filter choices'),
    access: { anyOf: [APP_LOG_PERMISSION] },
    summary: 'the choices of the module, class and system-name filters (this server’s route registry)',
    handler: ({ services }) => services.appLogs.options(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/app-logs/list',
    operation: reads('查询用户日志', 'Search user logs'),
    access: { anyOf: [APP_LOG_PERMISSION] },
    summary: "a page of the school's app log, newest first, by keyset cursor (next / prev); total counted up to 10,000",
    body: appLogListRequest,
    handler: ({ tx, session, body, services }) => services.appLogs.list(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/app-logs/export',
    answers: 'file',
    operation: reads('导出用户日志', 'Export user logs'),
    access: { anyOf: [APP_LOG_EXPORT_PERMISSION] },
    summary: 'the current filters as .xlsx, newest first, at most 50,000 rows (the file says when more matched)',
    body: appLogExportRequest,
    handler: async ({ tx, session, body, services, reply, lang }) => {
      const { fileName, bytes } = await services.appLogs.export(tx, session, body, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];
