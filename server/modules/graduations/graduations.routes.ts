import {
  candidateListRequest,
  GRADUATION_PERMS,
  GRADUATION_URLS,
  graduateAccountsRequest,
  graduateExportRequest,
  graduateListRequest,
  graduateRequest,
  graduationOptionsRequest,
  holdBackRequest,
} from '../../../contracts/graduations';
import { xlsxReply } from '../../kit/xlsx';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';

const SEE = { anyOf: [GRADUATION_PERMS.menu] } as const;
const ACT = { anyOf: [GRADUATION_PERMS.add] } as const;

/** 毕业管理 (/xjgl/bygl): contracts/graduations.ts. */
export const graduationsRoutes = [
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.list,
    operation: reads('查询毕业生', 'Search graduates'),
    access: SEE,
    summary: 'table A of one graduation year’s graduates (no year: the newest), by class then student number; class, name or number; each with the student’s and parents’ account state',
    body: graduateListRequest,
    handler: ({ tx, session, body, services }) => services.graduations.list(tx, session, { currPage: body.currPage, limit: body.limit, search: body.search }),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.print,
    operation: reads('打印毕业生名单', 'Print the graduate list'),
    access: SEE,
    summary: 'the graduates the search finds for the print view: rows (at most 5,000) and total (more than rows: the list was cut)',
    body: graduateExportRequest,
    handler: ({ tx, session, body, services }) => services.graduations.print(tx, session, body.search),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.candidates,
    operation: reads('查询待毕业学生', 'Search graduation candidates'),
    access: SEE,
    summary: 'table A of the studying students of the graduating grade (classes graduated by the upgrade, or at the top level)',
    body: candidateListRequest,
    handler: ({ tx, session, body, services }) => services.graduations.candidates(tx, session, { currPage: body.currPage, limit: body.limit, search: body.search }),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.options,
    operation: reads('毕业管理选项', 'Graduation options'),
    access: SEE,
    summary: 'graduation years with counts, the classes graduates left per year, the candidates’ classes, current classes with their levels (hold back), the year a graduation today counts for',
    body: graduationOptionsRequest,
    handler: ({ tx, session, services }) => services.graduations.options(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.graduate,
    operation: changes('办理毕业', 'Graduate students'),
    access: ACT,
    summary: 'graduates every student named at the version read, all or none: class membership closed (from today when the date is past: rosters taken stay), status graduated, bed released; accounts disabled only with disableAccounts (parents with no child left in school too)',
    body: graduateRequest,
    target: async ({ tx, body }) => `${await logTargets.students(tx, body.students.map((s) => s.id))} ${body.graduatedOn}`,
    handler: ({ tx, session, body, services }) => services.graduations.graduate(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.holdBack,
    operation: changes('办理留级', 'Hold a student back'),
    access: ACT,
    summary: 'keeps a studying student of the graduating grade, or a graduate of the latest year, in school: into a current class of the grade they repeat (rosters from today when heldOn is past), recorded; enableAccounts re-enables their and their parents’ accounts',
    body: holdBackRequest,
    target: async ({ tx, body }) => `${await logTargets.students(tx, [body.studentId])} → ${await logTargets.orgs(tx, [body.classId])} ${body.heldOn}`,
    handler: ({ tx, session, body, services }) => services.graduations.holdBack(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.accounts,
    operation: changes('停用或启用毕业生账号', 'Disable or enable graduates’ accounts'),
    access: ACT,
    summary: 'disables (sessions end) or enables graduates’ accounts and their parents’ (disabling: parents with no child left in school)',
    body: graduateAccountsRequest,
    target: async ({ tx, body }) => `${body.enabled ? 'enable' : 'disable'} ${await logTargets.students(tx, body.studentIds)}`,
    handler: ({ tx, session, body, services }) => services.graduations.accounts(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: GRADUATION_URLS.export,
    answers: 'file',
    operation: reads('导出毕业生', 'Export graduates'),
    access: { anyOf: [GRADUATION_PERMS.export] },
    summary: 'the graduates the search finds as an .xlsx download in the caller’s language',
    body: graduateExportRequest,
    handler: async ({ tx, session, body, services, reply, lang }) => {
      const { fileName, bytes } = await services.graduations.export(tx, session, body.search, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];
