import { APPLICATION_URLS, staffSummaryRequest } from '../../../contracts/applications';
import { xlsxReply } from '../../kit/xlsx';
import { defineRoute, reads } from '../../plugins/define-route';


/**
 * The staff monthly attendance summary (contracts/applications.ts). Any logged-in user may call:
 * the service answers holders of jskq_export (every department) and department heads (their own),
 * and refuses everyone else with a message saying so.
 */
export const staffSummaryRoutes = [
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.staffSummary,
    operation: reads('教职工申请汇总', 'Staff applications summary'),
    access: 'session',
    summary: 'approved staff applications of a month per person and department: leave count and days, outings and hours, overtime hours, shifts, make-ups',
    body: staffSummaryRequest,
    handler: ({ tx, session, body, services }) => services.staffSummary.summary(tx, session, body),
  }),
  defineRoute({
    method: 'GET',
    url: APPLICATION_URLS.staffSummaryExport,
    answers: 'file',
    operation: reads('导出教职工申请汇总', 'Export the staff applications summary'),
    access: 'session',
    summary: 'the monthly summary as .xlsx: worksheets 人员汇总 and 部门汇总, a title row with the month, numbers as numbers',
    query: staffSummaryRequest,
    handler: async ({ tx, session, query, services, reply }) => {
      const { fileName, bytes } = await services.staffSummary.export(tx, session, query);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];
