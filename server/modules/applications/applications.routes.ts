import {
  APPLICATION_KINDS,
  APPLICATION_URLS,
  applicationAuditRequest,
  applicationBatchAuditRequest,
  applicationCancelRequest,
  applicationGetRequest,
  applicationListRequest,
  applicationOptionsRequest,
  applicationSaveRequest,
  applicationWithdrawRequest,
  KIND_PERMISSIONS,
} from '../../../contracts/applications';
import { z } from 'zod';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';

const codes = (pick: (p: (typeof KIND_PERMISSIONS)[keyof typeof KIND_PERMISSIONS]) => string | undefined) => [
  ...new Set(APPLICATION_KINDS.flatMap((kind) => pick(KIND_PERMISSIONS[kind]) ?? [])),
];
/** every code of the application screens: see, apply, audit */
const ANY = { anyOf: codes((p) => p.menu).concat(codes((p) => p.add), codes((p) => p.audit)) } as const;
const APPLY = { anyOf: codes((p) => p.add) } as const;
const AUDIT = { anyOf: codes((p) => p.audit) } as const;

/** Applications and audits (contracts/applications.ts); the service checks each kind's codes. */
export const applicationsRoutes = [
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.list,
    operation: reads('查询申请', 'Search applications'),
    access: ANY,
    summary: "table A of applications: scope mine / todo / done / all, kinds, state or audit state ('expired'), keyword, date overlap, class or department; newest first",
    body: applicationListRequest,
    handler: ({ tx, session, body, services, lang }) => services.applications.list(tx, session, { currPage: body.currPage, limit: body.limit, search: body.search }, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.get,
    operation: reads('查看申请', 'View an application'),
    access: ANY,
    summary: "one application the caller may see: fields, attachments, the event trail, what the caller may do and why not",
    body: applicationGetRequest,
    handler: ({ tx, session, body, services, lang }) => services.applications.get(tx, session, body.id, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.options,
    operation: reads('申请表单选项', 'Application form choices'),
    access: APPLY,
    summary: "the choices of a family's forms: students, leave types, exam batches; classes taught, colleagues; non-selectable periods from today",
    body: applicationOptionsRequest,
    handler: ({ tx, session, body, services, lang }) => services.applications.options(tx, session, body.family, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.save,
    operation: changes('保存申请', 'Save an application'),
    access: APPLY,
    summary: 'creates (the client id) or changes a draft; submit sends it to the first step of its chain (overlap and non-selectable periods checked); Idempotency-Key replayable',
    body: applicationSaveRequest,
    idempotent: true,
    handler: ({ tx, session, body, services, lang }) => services.applications.save(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.withdraw,
    operation: changes('撤回申请', 'Withdraw an application'),
    access: APPLY,
    summary: 'the filer takes back a draft or an application nobody audited yet (at its version)',
    body: applicationWithdrawRequest,
    idempotent: true,
    handler: ({ tx, session, body, services, lang }) => services.applications.withdraw(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.audit,
    operation: { ...changes('审核申请', 'Audit an application'), variants: { pass: { zh: '审核通过', en: 'Approve an application' }, reject: { zh: '驳回申请', en: 'Reject an application' } } },
    access: AUDIT,
    summary: "passes or rejects the step it waits at, from the version the auditor saw (40900 with the current detail); outbox kind applications.audit",
    body: applicationAuditRequest,
    target: async ({ tx, body }) => ({ text: await logTargets.applications(tx, [body.id]), variant: body.decision }),
    idempotent: true,
    handler: ({ tx, session, body, services, lang }) => services.applications.audit(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.batchAudit,
    operation: { ...changes('批量审核申请', 'Audit applications in bulk'), variants: { pass: { zh: '批量审核通过', en: 'Approve applications in bulk' }, reject: { zh: '批量驳回申请', en: 'Reject applications in bulk' } } },
    access: AUDIT,
    summary: 'passes or rejects several in one audit state, each as one audit, all or none',
    body: applicationBatchAuditRequest,
    target: async ({ tx, body }) => ({ text: await logTargets.applications(tx, body.ids), variant: body.decision }),
    idempotent: true,
    handler: ({ tx, session, body, services, lang }) => services.applications.batchAudit(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.cancel,
    operation: changes('销假', 'End leave early'),
    access: ANY,
    summary: '销假: approved leave ends at the return time, which lies inside the leave',
    body: applicationCancelRequest,
    idempotent: true,
    handler: ({ tx, session, body, services, lang }) => services.applications.cancel(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.todoCount,
    operation: reads('待审核数量', 'Pending audits count'),
    access: 'session',
    summary: "how many applications wait for the caller's audit, by kind (dashboard card)",
    body: z.object({}),
    handler: ({ tx, session, services }) => services.applications.todoCount(tx, session),
  }),
];
