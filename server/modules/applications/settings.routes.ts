import { z } from 'zod';
import { APPLICATION_URLS, auditFlowSaveRequest, blockedPeriodSaveRequest, idVersionRequest } from '../../../contracts/applications';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { SETTINGS_ADD, SETTINGS_DELETE, SETTINGS_EDIT, SETTINGS_PERMISSION } from '../../../contracts/application-settings-constants';

/** 审批设置: audit flows and non-selectable periods (contracts/applications.ts). */
export const applicationSettingsRoutes = [
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.flows,
    operation: reads('查询审批流程', 'Audit flows'),
    access: { anyOf: [SETTINGS_PERMISSION] },
    summary: 'the audit flows of the school per kind, leave type and length',
    body: z.object({}),
    handler: ({ tx, session, services }) => services.applicationSettings.flows(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.flowSave,
    operation: changes('保存审批流程', 'Save an audit flow'),
    access: { anyOf: [SETTINGS_ADD, SETTINGS_EDIT] },
    summary: 'adds a flow (spsz_add) or changes one at its version (spsz_edit); one per kind, leave type and length; role steps name an existing role',
    body: auditFlowSaveRequest,
    handler: ({ tx, session, body, services }) => services.applicationSettings.saveFlow(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.flowDelete,
    operation: changes('删除审批流程', 'Delete an audit flow'),
    access: { anyOf: [SETTINGS_DELETE] },
    summary: 'deletes a flow at its version (applications keep the chain they were submitted with)',
    body: idVersionRequest,
    handler: ({ tx, session, body, services }) => services.applicationSettings.deleteFlow(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.blockedPeriods,
    operation: reads('查询不可选时段', 'Blocked periods'),
    access: { anyOf: [SETTINGS_PERMISSION] },
    summary: 'the non-selectable periods, by start',
    body: z.object({}),
    handler: ({ tx, session, services }) => services.applicationSettings.blockedPeriods(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.blockedPeriodSave,
    operation: changes('保存不可选时段', 'Save a blocked period'),
    access: { anyOf: [SETTINGS_ADD, SETTINGS_EDIT] },
    summary: 'adds a non-selectable period (spsz_add) or changes one at its version (spsz_edit); start before end',
    body: blockedPeriodSaveRequest,
    handler: ({ tx, session, body, services }) => services.applicationSettings.saveBlocked(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.blockedPeriodDelete,
    operation: changes('删除不可选时段', 'Delete a blocked period'),
    access: { anyOf: [SETTINGS_DELETE] },
    summary: 'deletes a non-selectable period at its version',
    body: idVersionRequest,
    handler: ({ tx, session, body, services }) => services.applicationSettings.deleteBlocked(tx, session, body),
  }),
];
