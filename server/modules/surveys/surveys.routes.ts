import { z } from 'zod';
import { ResponseCode } from '../../../contracts/envelope';
import {
  bankDeleteRequest,
  bankListRequest,
  bankSaveRequest,
  mineRequest,
  SURVEY_PERMISSIONS as P,
  SURVEY_URLS,
  surveyAnswerRequest,
  surveyAnswersRequest,
  surveyCopyRequest,
  surveyDeleteRequest,
  surveyGetRequest,
  surveyInUseRequest,
  surveyListRequest,
  surveyOpenRequest,
  surveyPublishRequest,
  surveyResultsRequest,
  surveySaveRequest,
} from '../../../contracts/surveys';
import type { Tx } from '../../db/client';
import { noteCaller } from '../../plugins/app-log';
import { AppError } from '../../plugins/envelope';
import { deviceIdOf } from '../../plugins/rate-limit';
import { xlsxReply } from '../../kit/xlsx';
import { addOrEdit, changes, defineRoute, type PublicContext, RawReply, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';
import { readSessionToken } from '../../plugins/session';
import { tenantFromHost } from '../../plugins/tenancy';
import type { Session } from '../auth/session.types';
import type { Tenant } from '../tenants/tenants.service';
import type { Respondent } from './surveys.service';

const MANAGE = { anyOf: [P.manage] } as const;
const exportQuery = z.object({ id: z.uuid(), orgUnitId: z.union([z.uuid(), z.literal('')]).optional() });
const uploadQuery = z.object({ questionnaireId: z.uuid(), answerId: z.uuid() });

/**
 * The caller of a public survey route: the school from the host, else X-Tenant, else the session's;
 * the app's session when the request carries a live token of that school (not extended); the device
 * id (X-Device-Id). One transaction bound to the school.
 */
async function asRespondent<T>(ctx: PublicContext, work: (tx: Tx, who: Respondent) => Promise<T>): Promise<T> {
  const { db, request, services, config } = ctx;
  const token = readSessionToken(request, config);
  let session: Session | null = token ? await db.withAppRole((scope) => services.auth.resolveSession(scope, token)) : null;
  return db.withAppRole(async (scope) => {
    const code = request.headers['x-tenant'];
    const tenant: Tenant | null =
      (await tenantFromHost(scope, request, services)) ??
      (typeof code === 'string' && code.trim() ? await services.tenants.findByCode(scope.tx, code.trim()) : null) ??
      (session ? await services.tenants.findById(scope.tx, session.tenantId) : null);
    if (!tenant || !tenant.enabled) throw new AppError(ResponseCode.invalidInput, 'tenantRequired');
    if (session && session.tenantId !== tenant.id) session = null;
    await scope.enterTenant(tenant.id);
    noteCaller(request, tenant.id, session?.userId ?? null);
    return work(scope.tx, { tenant, session, deviceId: deviceIdOf(request), address: request.ip, markAnonymous: ctx.markAnonymous });
  });
}

/** A malformed X-Device-Id is refused (a missing one only where the questionnaire needs it). */
function assertDeviceHeader(ctx: PublicContext) {
  if (ctx.request.headers['x-device-id'] !== undefined && !deviceIdOf(ctx.request)) throw new AppError(ResponseCode.invalidInput, 'surveysDeviceIdRequired');
}

/** Questionnaires: managing, results, the bank, answering in the app and on the public page (contracts/surveys.ts). */
export const surveysRoutes = [
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.list,
    operation: reads('查询问卷', 'Search questionnaires'),
    access: MANAGE,
    summary: 'table A of questionnaires: keyword, published, in use, time state, mine; newest first, with what the caller may do',
    body: surveyListRequest,
    handler: ({ tx, session, body, services }) => services.surveys.list(tx, session, { currPage: body.currPage, limit: body.limit, search: body.search }),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.get,
    operation: reads('查看问卷', 'View a questionnaire'),
    access: MANAGE,
    summary: 'one questionnaire with its questions, target (and names) and what the caller may do',
    body: surveyGetRequest,
    handler: ({ tx, session, body, services, lang }) => services.surveys.get(tx, session, body.id, lang),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.save,
    operation: { ...changes('保存问卷', 'Save a questionnaire'), variants: addOrEdit('问卷', 'questionnaire') },
    access: { anyOf: [P.add, P.edit] },
    summary: "creates (version 0, survey_cjwj_add) or changes one's own (survey_cjwj_edit; admin any) at its version; questions locked once published or answered",
    body: surveySaveRequest,
    handler: ({ tx, session, body, services, lang }) => services.surveys.save(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.delete,
    operation: changes('删除问卷', 'Delete questionnaires'),
    access: { anyOf: [P.delete] },
    summary: 'deletes own (admin any) unpublished questionnaires with their answers; all or none',
    body: surveyDeleteRequest,
    target: ({ tx, body }) => logTargets.questionnaires(tx, body.ids),
    handler: ({ tx, session, body, services, reply }) => services.surveys.delete(tx, session, body.ids, reply),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.publish,
    operation: { ...changes('发布或取消发布问卷', 'Publish or unpublish a questionnaire'), variants: { on: { zh: '发布问卷', en: 'Publish a questionnaire' }, off: { zh: '取消发布问卷', en: 'Unpublish a questionnaire' } } },
    access: MANAGE,
    summary: 'publishes (survey_cjwj_publish, else contact the administrator; questions, an end ahead, a target) and tells the target; or unpublishes (answers kept)',
    body: surveyPublishRequest,
    target: async ({ tx, body }) => ({ text: await logTargets.questionnaires(tx, [body.id]), variant: body.published ? 'on' : 'off' }),
    handler: async ({ tx, session, body, services, lang, setMessage }) => {
      const data = await services.surveys.publish(tx, session, body, lang);
      setMessage(body.published ? 'surveysPublished' : 'surveysUnpublished');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.inUse,
    operation: changes('启用或停用问卷', 'Use or stop a questionnaire'),
    access: { anyOf: [P.edit, P.publish] },
    summary: 'in use / not used (own with survey_cjwj_edit, or a publisher)',
    body: surveyInUseRequest,
    handler: ({ tx, session, body, services, lang }) => services.surveys.setInUse(tx, session, body, lang),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.copy,
    operation: changes('复制问卷', 'Copy a questionnaire'),
    access: { anyOf: [P.add] },
    summary: "a new unpublished copy (newId) of a questionnaire, the caller's",
    body: surveyCopyRequest,
    handler: ({ tx, session, body, services, lang }) => services.surveys.copy(tx, session, body, lang),
  }),
  defineRoute({
    method: 'GET',
    url: SURVEY_URLS.qr,
    answers: 'file',
    operation: reads('问卷二维码', 'Questionnaire QR code'),
    access: MANAGE,
    summary: 'the public answer link (origin/survey/wjdt/answerSurvey?id=&tenant=) as a PNG QR code; X-Survey-Link names the link',
    query: z.object({ id: z.uuid() }),
    handler: async ({ tx, session, query, services, request, reply }) => {
      const tenant = await services.tenants.findById(tx, session.tenantId);
      const { link, png } = await services.surveys.qr(tx, session, query.id, () => services.settings.publicOrigin(tx, request), tenant?.code ?? '');
      reply.header('Content-Type', 'image/png').header('Cache-Control', 'private, no-store').header('X-Survey-Link', encodeURI(link));
      return new RawReply(png);
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.results,
    operation: reads('问卷统计', 'Questionnaire results'),
    access: MANAGE,
    summary: 'answer count, target count and rate, orgs answers came from, per-question results (counts, averages, word lists); optional org filter with sub-orgs',
    body: surveyResultsRequest,
    handler: ({ tx, session, body, services, lang }) => services.surveys.results(tx, session, { id: body.id, orgUnitId: body.orgUnitId || undefined }, lang),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.answers,
    operation: reads('查看答卷', 'Questionnaire answers'),
    access: MANAGE,
    summary: 'table A of raw answers (newest first); search { id, orgUnitId }; named questionnaires show who answered',
    body: surveyAnswersRequest,
    handler: ({ tx, session, body, services, lang }) =>
      services.surveys.answers(tx, session, { currPage: body.currPage, limit: body.limit, search: { id: body.search.id, orgUnitId: body.search.orgUnitId || undefined } }, lang),
  }),
  defineRoute({
    method: 'GET',
    url: SURVEY_URLS.export,
    answers: 'file',
    operation: reads('导出答卷', 'Export answers'),
    access: MANAGE,
    summary: 'raw answers as .xlsx (?id=&orgUnitId=): a row per answer, readable values, titles in the caller language',
    query: exportQuery,
    handler: async ({ tx, session, query, services, reply, lang }) => {
      const { fileName, bytes } = await services.surveys.export(tx, session, { id: query.id, orgUnitId: query.orgUnitId || undefined }, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.bankList,
    operation: reads('查询题库', 'Search the question bank'),
    access: { anyOf: [P.bank, P.add, P.edit] },
    summary: 'table A of the question bank: keyword, kind, category',
    body: bankListRequest,
    handler: ({ tx, body, services }) => services.surveys.bankList(tx, { currPage: body.currPage, limit: body.limit, search: body.search }),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.bankSave,
    operation: changes('保存题库题目', 'Save a bank question'),
    access: { anyOf: [P.bank] },
    summary: "adds (version 0) or changes a bank question at its version (the question's id is the entry's)",
    body: bankSaveRequest,
    handler: ({ tx, session, body, services }) => services.surveys.bankSave(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.bankDelete,
    operation: changes('删除题库题目', 'Delete bank questions'),
    access: { anyOf: [P.bank] },
    summary: 'deletes bank questions',
    body: bankDeleteRequest,
    handler: ({ tx, body, services }) => services.surveys.bankDelete(tx, body.ids),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.mine,
    operation: reads('我的问卷', 'My questionnaires'),
    access: { anyOf: [P.answer] },
    summary: 'table A of published, in-use questionnaires the caller may answer, with their answer time; search { answered, keyword }',
    body: mineRequest,
    handler: ({ tx, session, body, services, request }) =>
      services.surveys.mine(tx, session, { currPage: body.currPage, limit: body.limit, search: body.search }, deviceIdOf(request)),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.open,
    operation: reads('打开问卷', 'Open a questionnaire'),
    access: { anyOf: [P.answer] },
    summary: 'a questionnaire to answer (questions, my answer if any) or the SPEC §8 refusal with data.reason',
    body: surveyOpenRequest,
    handler: async ({ tx, session, body, services, request, lang }) => {
      const tenant = (await services.tenants.findById(tx, session.tenantId))!;
      return services.surveys.open(tx, body.id, { tenant, session, deviceId: deviceIdOf(request), address: '' }, lang);
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.answer,
    operation: changes('提交答卷', 'Submit an answer'),
    access: { anyOf: [P.answer] },
    summary: 'files an answer (validated, once per person or device; the same answerId again answers the stored one); Idempotency-Key replayable (outbox surveys.answer)',
    body: surveyAnswerRequest,
    idempotent: true,
    appLog: 'noParams',
    handler: async ({ tx, session, body, services, request, setMessage, markAnonymous }) => {
      const tenant = (await services.tenants.findById(tx, session.tenantId))!;
      const data = await services.surveys.answer(tx, body, { tenant, session, deviceId: deviceIdOf(request), address: '', markAnonymous });
      setMessage('surveysAnswerReceived');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.publicList,
    operation: reads('公开问卷列表', 'Public questionnaires'),
    access: 'public',
    summary: "the school's open public questionnaires (published, in use, everyone, not ended); school from the host or X-Tenant",
    rateLimit: 'surveyRead',
    handler: (ctx) => asRespondent(ctx, (tx, who) => ctx.services.surveys.publicList(tx, who.tenant, ctx.lang)),
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.publicOpen,
    operation: reads('打开公开问卷', 'Open a public questionnaire'),
    access: 'public',
    summary: 'a questionnaire to answer without login (optional session; X-Device-Id) or the SPEC §8 refusal with data.reason',
    body: surveyOpenRequest,
    rateLimit: 'surveyRead',
    handler: (ctx) => {
      assertDeviceHeader(ctx);
      return asRespondent(ctx, (tx, who) => ctx.services.surveys.open(tx, ctx.body.id, who, ctx.lang));
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.publicAnswer,
    operation: changes('提交公开答卷', 'Submit a public answer'),
    access: 'public',
    summary: 'files an answer without login (optional session; X-Device-Id); idempotent by answerId; rate-limited per address and device',
    body: surveyAnswerRequest,
    rateLimit: 'surveyAnswer',
    appLog: 'noParams',
    handler: async (ctx) => {
      assertDeviceHeader(ctx);
      const data = await asRespondent(ctx, (tx, who) => ctx.services.surveys.answer(tx, ctx.body, who));
      ctx.setMessage('surveysAnswerReceived');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: SURVEY_URLS.publicUpload,
    operation: changes('上传答卷图片', 'Upload an answer picture'),
    access: 'public',
    summary:
      'multipart file, ?questionnaireId=&answerId=: one picture (jpg/png, 2 MB) for a picture question of an open questionnaire, checked before receiving → { resId, resName, resSuffix, size }',
    query: uploadQuery,
    rateLimit: 'surveyUpload',
    appLog: 'noParams',
    handler: async (ctx) => {
      assertDeviceHeader(ctx);
      const { services, request, reply, query } = ctx;
      // who, what and how many are checked before a byte is received; the profile is fixed whatever the form says
      await asRespondent(ctx, (tx, who) => services.surveys.uploadAdmit(tx, query, who));
      const batch = await services.files.receive(request, { category: 'surveyPicture', maxFiles: 1, tooMany: 'surveysUploadOneFile' });
      try {
        const data = await asRespondent(ctx, (tx, who) => services.surveys.publicUpload(tx, batch, query, who, reply));
        ctx.setMessage('uploadSucceeded');
        return data;
      } finally {
        await batch.discard();
      }
    },
  }),
];
