import {
  STATUS_CHANGE_PERMS,
  STATUS_CHANGE_URLS,
  statusChangeApplyRequest,
  statusChangeExportRequest,
  statusChangeGetRequest,
  statusChangeListRequest,
  statusChangeStudentRequest,
  statusChangeTypeSaveRequest,
  statusChangeTypesRequest,
} from '../../../contracts/status-changes';
import { xlsxReply } from '../../kit/xlsx';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { statusChangeTarget } from './status-changes.repository';

const SEE = { anyOf: [STATUS_CHANGE_PERMS.menu] } as const;

/** 学籍异动 (/xjgl/xjyd): contracts/status-changes.ts. Audits are the applications engine's (APPLICATION_URLS.audit, .batchAudit). */
export const statusChangesRoutes = [
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.list,
    operation: reads('查询学籍异动', 'Search status changes'),
    access: SEE,
    summary: 'table A of status changes, newest first: student name or number, type, state (pending, scheduled, applied, rejected, withdrawn), effective dates; scope todo: waiting for my audit',
    body: statusChangeListRequest,
    handler: ({ tx, session, body, services, lang }) => services.statusChanges.list(tx, session, { currPage: body.currPage, limit: body.limit, search: body.search }, lang),
  }),
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.get,
    operation: reads('查看学籍异动', 'View a status change'),
    access: SEE,
    summary: 'one status change with its attachments and audit trail, and whether the caller may audit it now (and why not)',
    body: statusChangeGetRequest,
    handler: ({ tx, session, body, services, lang }) => services.statusChanges.get(tx, session, body.id, lang),
  }),
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.apply,
    operation: changes('申请学籍异动', 'Apply for a status change'),
    access: { anyOf: [STATUS_CHANGE_PERMS.add] },
    summary: "files and submits a change (the client's id): the student's state must allow the type; the effective date today or later; attachments documents; its audit chain is the applications engine's",
    body: statusChangeApplyRequest,
    idempotent: true,
    target: ({ tx, body }) => statusChangeTarget(tx, body.studentId, body.changeType, body.effectiveDate),
    handler: ({ tx, session, body, services, lang }) => services.statusChanges.apply(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.student,
    operation: reads('学籍异动的学生', "A status change's student"),
    access: { anyOf: [STATUS_CHANGE_PERMS.add] },
    summary: "what the apply form needs of a student: 复学's target classes (the current classes of the grade their last class is in now) and that grade's name",
    body: statusChangeStudentRequest,
    handler: ({ tx, session, body, services }) => services.statusChanges.student(tx, session, body.studentId),
  }),
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.types,
    operation: reads('学籍异动类型', 'Status change types'),
    access: SEE,
    summary: 'the five change types and their effective flags',
    body: statusChangeTypesRequest,
    handler: ({ tx, session, services }) => services.statusChanges.types(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.saveType,
    operation: changes('设置异动类型是否生效', 'Set whether a change type takes effect'),
    access: { anyOf: [STATUS_CHANGE_PERMS.audit] },
    summary: "a type's effective flag at its version (changes filed later copy it)",
    body: statusChangeTypeSaveRequest,
    target: async ({ body }) => body.code,
    handler: ({ tx, session, body, services }) => services.statusChanges.saveType(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: STATUS_CHANGE_URLS.export,
    answers: 'file',
    operation: reads('导出学籍异动', 'Export status changes'),
    access: { anyOf: [STATUS_CHANGE_PERMS.export!] },
    summary: 'the changes the search finds as an .xlsx download in the caller’s language',
    body: statusChangeExportRequest,
    handler: async ({ tx, session, body, services, reply, lang }) => {
      const { fileName, bytes } = await services.statusChanges.export(tx, session, body.search, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];
