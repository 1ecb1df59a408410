import { createHash, createHmac } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import { UPLOAD_PROFILES, checkUploadCandidate } from '../../../contracts/files';
import {
  type AnswerProblem,
  answerProblems,
  cleanAnswer,
  isEmptyTarget,
  questionNumbers,
  type QuestionProblem,
  questionProblems,
  type RefusalReason,
  SURVEY_LIMITS,
  SURVEY_PATHS,
  SURVEY_PERMISSIONS,
  type SurveyQuestion,
  timeStateOf,
} from '../../../contracts/survey-rules';
import type {
  BankQuestionRow,
  MineRow,
  PublicSurveyList,
  SurveyAnswerRequest,
  SurveyAnswerResult,
  SurveyAnswerRow,
  SurveyDetail,
  SurveyForAnswer,
  SurveyResults,
  SurveyRow,
} from '../../../contracts/surveys';
import { SURVEY_RESULTS_MIN_GROUP } from '../../../contracts/surveys';
import type { Tx } from '../../db/client';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { FilesService, UploadBatch } from '../files/files.service';
import type { MessagesService } from '../messages/messages.service';
import type { PermissionsService } from '../permissions/permissions.service';
import type { Tenant } from '../tenants/tenants.service';
import { buildAnswersWorkbook, schoolDateTime } from './surveys.excel';
import { type BankRecord, type QuestionnaireRecord, surveysRepository as repo } from './surveys.repository';
import { questionResults } from './surveys.results';
import { orgSubtree, reachOfColumnSql, surveyTarget } from './surveys.target';

/** Message type 问卷调查 (STD_XB_XXLX). */
export const SURVEY_MESSAGE_TYPE = '4';

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const minuteOf = (at: Date) => schoolDateTime(at).slice(0, 16);
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** JSON with sorted keys (jsonb reorders keys): two question lists compare equal when they say the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A bank entry as the contract answers it. */
const toBankRow = (row: BankRecord): BankQuestionRow => ({
  id: row.id,
  category: row.category,
  question: row.question,
  createdByName: row.created_by_name,
  updatedAt: row.updated_at.toISOString(),
  version: row.version,
});

/** A refusal of SPEC §8 with its reason (brief 'Refusals'). */
const refuse = (reason: RefusalReason, code: number, key: MessageKey, params: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  new AppError(code as never, key, params, { reason, ...extra });

/**
 * A person's token for anonymous once-keys: HMAC-SHA256 of the user id under the server's secret
 * (surveys.secret.ts). Never stored: without the secret nobody can compute it for a user.
 */
export const personToken = (secret: Buffer, userId: string) => createHmac('sha256', secret).update(userId).digest('hex');

/**
 * The one-answer key of a person: named 'u:' + id; anonymous 'h:' + sha256(questionnaire id +
 * personToken) (review H2: no way back to the person without the server's secret; `mine` computes the
 * same hash in SQL from the token).
 */
export const personKey = (secret: Buffer, questionnaireId: string, userId: string, anonymous: boolean) =>
  anonymous ? `h:${createHash('sha256').update(questionnaireId + personToken(secret, userId)).digest('hex')}` : `u:${userId}`;

/** The stored name of a picture uploaded for an answer: ties the file to its questionnaire and answer. */
export const pictureName = (questionnaireId: string, answerId: string, suffix: string) => `survey-${questionnaireId}-${answerId}.${suffix}`;

function problemText(lang: Lang, problem: AnswerProblem): string {
  switch (problem.code) {
    case 'required':
      return translate(lang, 'surveysProblemRequired');
    case 'invalid':
      return translate(lang, 'surveysProblemInvalid');
    case 'too_few':
      return translate(lang, 'surveysProblemTooFew', { min: problem.min });
    case 'too_many':
      return translate(lang, 'surveysProblemTooMany', { max: problem.max });
    case 'too_long':
      return translate(lang, 'surveysProblemTooLong', { max: problem.max });
    case 'exclusive':
      return translate(lang, 'surveysProblemExclusive', { label: problem.label });
    case 'out_of_range':
      if (problem.min !== null && problem.max !== null) return translate(lang, 'surveysProblemOutOfRange', { min: problem.min, max: problem.max });
      return problem.min !== null ? translate(lang, 'surveysProblemAtLeast', { min: problem.min }) : translate(lang, 'surveysProblemAtMost', { max: problem.max ?? '' });
    case 'not_integer':
      return translate(lang, 'surveysProblemNotInteger');
    case 'unknown_question':
      return translate(lang, 'surveysAnswerUnknownQuestion');
  }
}

function questionProblemText(lang: Lang, problem: QuestionProblem): string {
  switch (problem.code) {
    case 'title_missing':
      return translate(lang, 'surveysQuestionTitleMissing');
    case 'options_too_few':
      return translate(lang, 'surveysQuestionOptionsTooFew');
    case 'option_label_missing':
      return translate(lang, 'surveysQuestionOptionLabelMissing');
    case 'option_label_duplicate':
      return translate(lang, 'surveysQuestionOptionDuplicate', { label: problem.label });
    case 'rows_missing':
      return translate(lang, 'surveysQuestionRowsMissing');
    case 'range_invalid':
      return translate(lang, 'surveysQuestionRangeInvalid');
    case 'skip_target_invalid':
      return translate(lang, 'surveysQuestionSkipInvalid');
  }
}

/** problems echoed in data.problems at most (review L1) */
const MAX_PROBLEMS = 20;

/** 40000 naming the first problem's question number; data.problems lists the first MAX_PROBLEMS. */
function answerRefusal(all: AnswerProblem[], pictureIndexes: Set<number>, numbers: (index: number) => number): AppError {
  const problems = all.slice(0, MAX_PROBLEMS);
  const first = problems[0];
  if (first.code === 'unknown_question') return new AppError(ResponseCode.invalidInput, 'surveysAnswerUnknownQuestion', {}, { problems });
  return new AppError(
    ResponseCode.invalidInput,
    (lang) =>
      translate(lang, 'surveysAnswerProblem', {
        number: numbers(first.index),
        problem: first.code === 'invalid' && pictureIndexes.has(first.index) ? translate(lang, 'surveysProblemPicture') : problemText(lang, first),
      }),
    {},
    { problems },
  );
}

function assertQuestions(questions: readonly SurveyQuestion[]) {
  const problems = questionProblems(questions);
  if (problems.length === 0) return;
  const first = problems[0];
  throw new AppError(
    ResponseCode.invalidInput,
    (lang) => translate(lang, 'surveysQuestionProblem', { number: first.index + 1, problem: questionProblemText(lang, first) }),
    {},
    { problems },
  );
}

/** Who manages: the caller's codes and whether they are an administrator. */
interface Manager {
  session: Session;
  codes: ReadonlySet<string>;
  admin: boolean;
}

/** Who answers: the school, the session if any (optional on the public page), the device id if any. */
export interface Respondent {
  tenant: Tenant;
  session: Session | null;
  deviceId: string | null;
  /** the client's address (public page), '' in the app */
  address: string;
  /** told when the questionnaire is anonymous (the route then logs nothing that leads to the person) */
  markAnonymous?(): void;
}

type ListInput<S> = { currPage: number; limit: number; search: S };

/**
 * Questionnaires (brief 'Decisions'): managing (list, get, save with the questions lock, delete,
 * publish with its messages, in use, copy, QR), results, raw answers and their workbook, the question
 * bank, and answering in the app and on the public page (who may answer, time states, once per
 * person or device, validation, idempotent by answer id).
 */
export class SurveysService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly messages: MessagesService,
    private readonly files: FilesService,
    /** the once-key secret (surveys.secret.ts) */
    private readonly secret: Buffer,
  ) {
    // an answer's pictures: whoever may read the questionnaire's results (issue 18 B)
    files.registerOwnerKind('surveyAnswer', async (tx, session, answerId) => {
      if (!session) return false;
      const answer = await repo.findAnswer(tx, answerId);
      const record = answer ? await repo.find(tx, answer.questionnaire_id) : undefined;
      return record !== undefined && this.mayReadResults(await this.manager(tx, session), record);
    });
  }

  private async manager(tx: Tx, session: Session): Promise<Manager> {
    return { session, codes: await this.permissions.grantedCodes(tx, session), admin: await repo.isAdmin(tx, session.userId) };
  }

  private mayTouch(m: Manager, record: QuestionnaireRecord) {
    return m.admin || record.created_by === m.session.userId;
  }

  /** Results, raw answers and their export: the owner, an administrator or a publisher (review H1). */
  private mayReadResults(m: Manager, record: QuestionnaireRecord) {
    return this.mayTouch(m, record) || m.codes.has(SURVEY_PERMISSIONS.publish);
  }

  /** The questionnaire whose results the caller may read; 40300 otherwise. */
  private async readable(tx: Tx, session: Session, id: string): Promise<QuestionnaireRecord> {
    const record = await this.found(tx, id);
    if (!this.mayReadResults(await this.manager(tx, session), record)) throw new AppError(ResponseCode.forbidden, 'surveysResultsForbidden');
    return record;
  }

  private async targetCount(tx: Tx, record: QuestionnaireRecord): Promise<number | null> {
    return record.audience === 'targeted' ? surveyTarget.count(tx, record.target) : null;
  }

  private toRow(m: Manager, r: QuestionnaireRecord, targetCount: number | null): SurveyRow {
    const own = this.mayTouch(m, r);
    return {
      id: r.id,
      title: r.title,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      audience: r.audience,
      anonymous: r.anonymous,
      oncePer: r.once_per,
      inUse: r.in_use,
      published: r.published,
      publishedAt: iso(r.published_at),
      timeState: timeStateOf(r.starts_at, r.ends_at),
      questionCount: r.questions.length,
      answerCount: r.answer_count,
      targetCount,
      createdById: r.created_by ?? '',
      createdByName: r.created_by_name,
      createdAt: r.created_at.toISOString(),
      version: r.version,
      can: {
        edit: own && m.codes.has(SURVEY_PERMISSIONS.edit),
        delete: own && m.codes.has(SURVEY_PERMISSIONS.delete) && !r.published,
        publish: m.codes.has(SURVEY_PERMISSIONS.publish),
        results: this.mayReadResults(m, r),
      },
    };
  }

  private async detail(tx: Tx, m: Manager, r: QuestionnaireRecord, lang: Lang): Promise<SurveyDetail> {
    return {
      ...this.toRow(m, r, await this.targetCount(tx, r)),
      description: r.description,
      target: r.target,
      targetNames: await repo.targetNames(tx, r.target, lang === 'en'),
      questions: r.questions,
    };
  }

  private async found(tx: Tx, id: string, lock = false): Promise<QuestionnaireRecord> {
    const record = await repo.find(tx, id, lock);
    if (!record) throw new AppError(ResponseCode.notFound, 'surveysNotFound', {}, { reason: 'not_found' });
    return record;
  }

  /** 40900 with the current detail when the caller's version is not the stored one. */
  private async assertVersion(tx: Tx, m: Manager, record: QuestionnaireRecord, version: number, lang: Lang) {
    if (record.version !== version) throw new AppError(ResponseCode.conflict, 'surveysConflict', {}, await this.detail(tx, m, record, lang));
  }

  /* ------------------------------------------------------------ managing */

  /** `POST /api/surveys/list` (table A). */
  async list(tx: Tx, session: Session, request: ListInput<{ keyword?: string; published?: string; inUse?: string; timeState?: string; mine?: boolean }>): Promise<TableAData<SurveyRow>> {
    const m = await this.manager(tx, session);
    // one clock (review L4): the server's, as timeStateOf and admit read it
    const condition = repo.listWhere(request.search, session.userId, new Date());
    const offset = request.currPage * request.limit;
    const records = await repo.page(tx, condition, offset, request.limit);
    const total = records[0]?.total ?? (offset > 0 ? await repo.count(tx, condition) : 0);
    // one statement for the page's target counts (review M7)
    const counts = await surveyTarget.countMany(tx, records.filter((r) => r.audience === 'targeted').map((r) => r.id));
    return { total, rows: records.map((record) => this.toRow(m, record, record.audience === 'targeted' ? (counts.get(record.id) ?? 0) : null)) };
  }

  /** `POST /api/surveys/get` */
  async get(tx: Tx, session: Session, id: string, lang: Lang): Promise<SurveyDetail> {
    const m = await this.manager(tx, session);
    return this.detail(tx, m, await this.found(tx, id), lang);
  }

  /**
   * `POST /api/surveys/save`: a new questionnaire (survey_cjwj_add) or one's own (survey_cjwj_edit;
   * an administrator any). Questions, anonymity and once-per change only while unpublished and
   * unanswered; title, description, times, audience and target always.
   */
  async save(
    tx: Tx,
    session: Session,
    input: {
      id: string;
      version: number;
      title: string;
      description: string;
      startsAt: string;
      endsAt: string;
      audience: SurveyDetail['audience'];
      target: SurveyDetail['target'];
      anonymous: boolean;
      oncePer: SurveyDetail['oncePer'];
      questions: SurveyQuestion[];
    },
    lang: Lang,
  ): Promise<SurveyDetail> {
    const m = await this.manager(tx, session);
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    if (endsAt.getTime() <= startsAt.getTime()) throw new AppError(ResponseCode.invalidInput, 'surveysEndBeforeStart');
    assertQuestions(input.questions);
    const write = {
      tenantId: session.tenantId,
      id: input.id,
      title: input.title,
      description: input.description,
      startsAt,
      endsAt,
      audience: input.audience,
      target: input.target,
      anonymous: input.anonymous,
      oncePer: input.oncePer,
      questions: input.questions,
      userId: session.userId,
    };
    const existing = await repo.find(tx, input.id, true);
    if (!existing) {
      if (input.version !== 0) throw new AppError(ResponseCode.notFound, 'surveysNotFound', {}, { reason: 'not_found' });
      if (!m.codes.has(SURVEY_PERMISSIONS.add)) throw new AppError(ResponseCode.forbidden, 'forbidden');
      if (!(await repo.insert(tx, write))) throw new AppError(ResponseCode.conflict, 'surveysIdTaken');
    } else {
      if (!this.mayTouch(m, existing)) throw new AppError(ResponseCode.forbidden, 'surveysNotOwner');
      if (!m.codes.has(SURVEY_PERMISSIONS.edit)) throw new AppError(ResponseCode.forbidden, 'forbidden');
      await this.assertVersion(tx, m, existing, input.version, lang);
      const locked = existing.published || existing.answer_count > 0;
      const changes =
        canonical(existing.questions) !== canonical(input.questions) || existing.anonymous !== input.anonymous || existing.once_per !== input.oncePer;
      if (locked && changes) throw new AppError(ResponseCode.forbidden, 'surveysQuestionsLocked');
      // review M2: once published, who it is for changes only by a publisher (SPEC §6)
      const retargeted = existing.audience !== input.audience || canonical(existing.target) !== canonical(input.target);
      if (existing.published && retargeted && !m.codes.has(SURVEY_PERMISSIONS.publish)) throw new AppError(ResponseCode.forbidden, 'surveysTargetLocked');
      if (existing.published && input.audience === 'targeted' && isEmptyTarget(input.target)) throw new AppError(ResponseCode.invalidInput, 'surveysTargetEmpty');
      await repo.update(tx, write);
    }
    return this.detail(tx, m, await this.found(tx, input.id), lang);
  }

  /** `POST /api/surveys/delete`: own (or admin), unpublished; answers and their pictures go with it. All or none. */
  async delete(tx: Tx, session: Session, ids: string[], reply: FastifyReply): Promise<{ deleted: number }> {
    const m = await this.manager(tx, session);
    const unique = [...new Set(ids)];
    const records = await repo.findMany(tx, unique);
    if (records.length !== unique.length) throw new AppError(ResponseCode.notFound, 'surveysNotFound', {}, { reason: 'not_found' });
    for (const record of records) {
      if (!this.mayTouch(m, record)) throw new AppError(ResponseCode.forbidden, 'surveysNotOwner');
      if (record.published) throw new AppError(ResponseCode.forbidden, 'surveysDeletePublished');
    }
    await this.files.deleteRows(tx, session.tenantId, await repo.picturesOf(tx, unique), reply);
    await repo.delete(tx, unique);
    return { deleted: unique.length };
  }

  /**
   * `POST /api/surveys/publish` (SPEC §6: survey_cjwj_publish, else 'contact the administrator').
   * Publishing needs questions without problems, an end in the future and, targeted, a target; it
   * tells everyone the target reaches (message type 4, linking to the answering screen).
   */
  async publish(tx: Tx, session: Session, input: { id: string; version: number; published: boolean }, lang: Lang): Promise<SurveyDetail & { notified: number }> {
    const m = await this.manager(tx, session);
    if (!m.codes.has(SURVEY_PERMISSIONS.publish)) throw new AppError(ResponseCode.forbidden, 'surveysPublishForbidden');
    const record = await this.found(tx, input.id, true);
    await this.assertVersion(tx, m, record, input.version, lang);
    let notified = 0;
    if (record.published !== input.published) {
      if (input.published) {
        if (!record.in_use) throw new AppError(ResponseCode.invalidInput, 'surveysPublishNotInUse');
        if (record.questions.length === 0) throw new AppError(ResponseCode.invalidInput, 'surveysNoQuestions');
        assertQuestions(record.questions);
        if (record.ends_at.getTime() <= Date.now()) throw new AppError(ResponseCode.invalidInput, 'surveysEndPassed');
        if (record.audience === 'targeted' && isEmptyTarget(record.target)) throw new AppError(ResponseCode.invalidInput, 'surveysTargetEmpty');
      }
      await repo.setPublished(tx, record.id, input.published, session.userId);
      // the target is told at the first publication only (review M1), not again after an unpublish
      if (input.published && record.published_at === null) notified = await this.announce(tx, session, record);
    }
    return { ...(await this.detail(tx, m, await this.found(tx, record.id), lang)), notified };
  }

  /** The message-centre message of a publish: to everyone the target reaches (none without a target). */
  private async announce(tx: Tx, session: Session, record: QuestionnaireRecord): Promise<number> {
    const recipientIds = await surveyTarget.reachedUserIds(tx, record.target);
    if (recipientIds.length === 0) return 0;
    // stored as a key and parameters: each reader sees it in their own language
    await this.messages.send(tx, session.tenantId, {
      type: SURVEY_MESSAGE_TYPE,
      text: { key: 'surveyPublished', params: { title: record.title, time: minuteOf(record.ends_at) } },
      link: `${SURVEY_PATHS.answerInApp}?id=${record.id}`,
      senderId: session.userId,
      recipientIds,
    });
    return recipientIds.length;
  }

  /** `POST /api/surveys/in-use`: own (or admin) with the edit code, or a publisher. */
  async setInUse(tx: Tx, session: Session, input: { id: string; version: number; inUse: boolean }, lang: Lang): Promise<SurveyDetail> {
    const m = await this.manager(tx, session);
    const record = await this.found(tx, input.id, true);
    const allowed = m.codes.has(SURVEY_PERMISSIONS.publish) || (this.mayTouch(m, record) && m.codes.has(SURVEY_PERMISSIONS.edit));
    if (!allowed) throw new AppError(ResponseCode.forbidden, this.mayTouch(m, record) ? 'forbidden' : 'surveysNotOwner');
    await this.assertVersion(tx, m, record, input.version, lang);
    if (record.in_use !== input.inUse) await repo.setInUse(tx, record.id, input.inUse, session.userId);
    return this.detail(tx, m, await this.found(tx, record.id), lang);
  }

  /** `POST /api/surveys/copy`: a new unpublished questionnaire of the caller with the same questions. */
  async copy(tx: Tx, session: Session, input: { id: string; newId: string }, lang: Lang): Promise<SurveyDetail> {
    const m = await this.manager(tx, session);
    const source = await this.found(tx, input.id);
    const inserted = await repo.insert(tx, {
      tenantId: session.tenantId,
      id: input.newId,
      title: translate(lang, 'surveysCopyTitle', { title: source.title }).slice(0, SURVEY_LIMITS.titleMax),
      description: source.description,
      startsAt: source.starts_at,
      endsAt: source.ends_at,
      audience: source.audience,
      target: source.target,
      anonymous: source.anonymous,
      oncePer: source.once_per,
      questions: source.questions,
      userId: session.userId,
    });
    if (!inserted) throw new AppError(ResponseCode.conflict, 'surveysIdTaken');
    return this.detail(tx, m, await this.found(tx, input.newId), lang);
  }

  /** `GET /api/surveys/qr?id=`: the public answer link as a PNG QR code (the origin asked for once the questionnaire is found). */
  async qr(tx: Tx, session: Session, id: string, originOf: () => Promise<string>, tenantCode: string): Promise<{ link: string; png: Buffer }> {
    const record = await this.found(tx, id);
    const link = `${await originOf()}${SURVEY_PATHS.publicAnswer}?id=${record.id}&tenant=${encodeURIComponent(tenantCode)}`;
    return { link, png: await QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 }) };
  }

  /* ------------------------------------------------------------ results */

  private async orgFilter(tx: Tx, orgUnitId: string | undefined): Promise<string[] | undefined> {
    return orgUnitId ? orgSubtree(tx, [orgUnitId]) : undefined;
  }

  /** `POST /api/surveys/results` */
  async results(tx: Tx, session: Session, input: { id: string; orgUnitId?: string }, lang: Lang): Promise<SurveyResults> {
    const record = await this.readable(tx, session, input.id);
    const orgs = await this.orgFilter(tx, input.orgUnitId);
    const answers = await repo.answers(tx, record.id, orgs);
    // one rule with the list (review L5): a rate only for targeted questionnaires
    const targetCount = record.audience === 'targeted' && !isEmptyTarget(record.target) ? await surveyTarget.count(tx, record.target, orgs) : null;
    // anonymous: a small group's answers could be told apart (review M5)
    const suppressed = record.anonymous && orgs !== undefined && answers.length < SURVEY_RESULTS_MIN_GROUP;
    return {
      id: record.id,
      title: record.title,
      answerCount: answers.length,
      targetCount,
      rate: targetCount ? Math.min(1, Math.round((answers.length / targetCount) * 10000) / 10000) : targetCount === 0 ? 0 : null,
      orgs: await repo.answerOrgs(tx, record.id, lang === 'en'),
      questions: record.questions,
      results: suppressed ? [] : questionResults(record.questions, answers, { datesOnly: record.anonymous }),
      suppressed,
    };
  }

  /** `POST /api/surveys/answers` (table A, newest first). */
  async answers(tx: Tx, session: Session, request: ListInput<{ id: string; orgUnitId?: string }>, lang: Lang): Promise<TableAData<SurveyAnswerRow>> {
    const record = await this.readable(tx, session, request.search.id);
    const orgs = await this.orgFilter(tx, request.search.orgUnitId);
    const rows = await repo.answerPage(tx, record.id, orgs, request.currPage * request.limit, request.limit, lang === 'en');
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        respondentName: record.anonymous ? '' : row.respondent_name,
        orgUnitName: row.org_unit_name,
        submittedAt: row.submitted_at.toISOString(),
        values: row.values,
      })),
    };
  }

  /** `GET /api/surveys/export?id=&orgUnitId=`: the raw answers as .xlsx. */
  async export(tx: Tx, session: Session, input: { id: string; orgUnitId?: string }, lang: Lang): Promise<{ fileName: string; bytes: Buffer }> {
    const record = await this.readable(tx, session, input.id);
    const orgs = await this.orgFilter(tx, input.orgUnitId);
    const rows = (await repo.answerPage(tx, record.id, orgs, 0, null, lang === 'en')).reverse();
    const bytes = await buildAnswersWorkbook(
      record,
      rows.map((row) => ({ submittedAt: row.submitted_at, orgUnitName: row.org_unit_name, respondentName: row.respondent_name, values: row.values })),
      lang,
    );
    const safeTitle = record.title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 60);
    return { fileName: `${safeTitle}-${lang === 'en' ? 'answers' : '答卷'}.xlsx`, bytes };
  }

  /* ------------------------------------------------------------ the bank */

  async bankList(tx: Tx, request: ListInput<{ keyword?: string; kind?: string; category?: string }>): Promise<TableAData<BankQuestionRow>> {
    const condition = repo.bankWhere(request.search);
    const offset = request.currPage * request.limit;
    const rows = await repo.bankPage(tx, condition, offset, request.limit);
    const total = rows[0]?.total ?? (offset > 0 ? await repo.bankCount(tx, condition) : 0);
    return {
      total,
      rows: rows.map(toBankRow),
    };
  }

  async bankSave(tx: Tx, session: Session, input: { version: number; category: string; question: SurveyQuestion }): Promise<BankQuestionRow> {
    assertQuestions([input.question]);
    const existing = await repo.bankFind(tx, input.question.id);
    if (!existing) {
      if (input.version !== 0) throw new AppError(ResponseCode.notFound, 'surveysBankNotFound');
      await repo.bankInsert(tx, session.tenantId, input.question, input.category, session.userId);
    } else {
      if (existing.version !== input.version) throw new AppError(ResponseCode.conflict, 'surveysBankConflict', {}, toBankRow(existing));
      await repo.bankUpdate(tx, input.question, input.category, session.userId);
    }
    const saved = (await repo.bankFind(tx, input.question.id))!;
    return toBankRow(saved);
  }

  async bankDelete(tx: Tx, ids: string[]): Promise<{ deleted: number }> {
    const deleted = await repo.bankDelete(tx, [...new Set(ids)]);
    if (deleted.length === 0) throw new AppError(ResponseCode.notFound, 'surveysBankNotFound');
    return { deleted: deleted.length };
  }

  /* ------------------------------------------------------------ answering */

  /** The once-per keys that identify the respondent's answer (the first is the one a new answer gets). */
  private onceKeys(record: QuestionnaireRecord, who: Respondent): string[] {
    const keys: string[] = [];
    if (record.once_per === 'device' && who.deviceId) keys.push(`d:${who.deviceId}`);
    if (who.session) keys.push(personKey(this.secret, record.id, who.session.userId, record.anonymous));
    return keys;
  }

  /**
   * Whether the respondent may answer it now; throws the SPEC §8 refusal (data.reason). Order: does
   * not exist (also unpublished, not in use), not started, expired, no questions, login, permission.
   */
  private async admit(tx: Tx, record: QuestionnaireRecord | undefined, who: Respondent): Promise<QuestionnaireRecord> {
    if (!record || !record.published) throw refuse('not_found', ResponseCode.notFound, 'surveysNotFound');
    if (!record.in_use) throw refuse('not_found', ResponseCode.notFound, 'surveysNotInUse');
    const state = timeStateOf(record.starts_at, record.ends_at);
    if (state === 'not_started') throw refuse('not_started', ResponseCode.forbidden, 'surveysNotStarted', { time: minuteOf(record.starts_at) });
    if (state === 'expired') throw refuse('expired', ResponseCode.forbidden, 'surveysExpired', { time: minuteOf(record.ends_at) });
    if (record.questions.length === 0) throw refuse('no_questions', ResponseCode.forbidden, 'surveysNoQuestions');
    if (record.audience === 'everyone' && record.once_per === 'device') {
      if (!who.session && !who.deviceId) throw new AppError(ResponseCode.invalidInput, 'surveysDeviceIdRequired');
      return record;
    }
    if (!who.session) throw refuse('login_required', ResponseCode.forbidden, 'surveysLoginRequired');
    if (record.audience === 'targeted' && !(await surveyTarget.reaches(tx, record.target, who.session.userId))) {
      throw refuse('no_permission', ResponseCode.forbidden, 'surveysNoPermission');
    }
    return record;
  }

  /** `POST /api/surveys/open` and `/public/open`: the questionnaire to answer, with the respondent's answer if given. */
  async open(tx: Tx, id: string, who: Respondent, lang: Lang): Promise<SurveyForAnswer> {
    const record = await this.admit(tx, await repo.find(tx, id), who);
    const existing = await repo.findAnswerByKey(tx, record.id, this.onceKeys(record, who));
    const school = await repo.schoolName(tx);
    return {
      id: record.id,
      tenantCode: who.tenant.code,
      schoolName: (lang === 'en' ? school?.name_en || school?.name : school?.name) || (lang === 'en' && who.tenant.nameEn ? who.tenant.nameEn : who.tenant.name),
      title: record.title,
      description: record.description,
      startsAt: record.starts_at.toISOString(),
      endsAt: record.ends_at.toISOString(),
      anonymous: record.anonymous,
      oncePer: record.once_per,
      audience: record.audience,
      questions: record.questions,
      answered: existing ? { answerId: existing.id, submittedAt: existing.submitted_at.toISOString() } : null,
    };
  }

  /**
   * `POST /api/surveys/answer` and `/public/answer`: validated against the questionnaire, stored
   * cleaned. The same answer id again answers the stored answer; another answer of the same person
   * or device 40900 already_submitted.
   */
  async answer(tx: Tx, input: SurveyAnswerRequest, who: Respondent): Promise<SurveyAnswerResult> {
    const found = await repo.find(tx, input.questionnaireId);
    if (found?.anonymous) who.markAnonymous?.();
    const replay = async () => {
      const stored = await repo.findAnswer(tx, input.answerId);
      if (!stored) return null;
      if (stored.questionnaire_id !== input.questionnaireId) throw new AppError(ResponseCode.invalidInput, 'surveysAnswerIdTaken');
      return { answerId: stored.id, submittedAt: stored.submitted_at.toISOString() };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    const record = await this.admit(tx, found, who);
    const keys = this.onceKeys(record, who);
    if (keys.length === 0) throw new AppError(ResponseCode.invalidInput, 'surveysDeviceIdRequired');
    // The person's or device's answer, if any: this very answer id is a retry (a concurrent one may
    // have committed between the replay above and here: the same answer, not "already submitted").
    const submitted = async (): Promise<SurveyAnswerResult | null> => {
      const other = await repo.findAnswerByKey(tx, record.id, keys);
      if (!other) return null;
      if (other.id === input.answerId) return { answerId: other.id, submittedAt: other.submitted_at.toISOString() };
      throw refuse('already_submitted', ResponseCode.conflict, 'surveysAlreadySubmitted', {}, { answerId: other.id, submittedAt: other.submitted_at.toISOString() });
    };
    const retried = await submitted();
    if (retried) return retried;

    const problems = answerProblems(record.questions, input.values);
    const values = cleanAnswer(record.questions, input.values);
    const pictureIndexes = new Set<number>();
    if (problems.length === 0) {
      const pictureIds = record.questions.flatMap((q) => (q.kind === 'picture' && Array.isArray(values[q.id]) ? (values[q.id] as string[]) : []));
      const files = new Map((await repo.files(tx, pictureIds.filter((v) => /^[0-9a-f-]{36}$/i.test(v)))).map((file) => [file.id, file]));
      const seen = new Set<string>();
      record.questions.forEach((q, index) => {
        const value = values[q.id];
        if (q.kind !== 'picture' || !Array.isArray(value)) return;
        const ok = value.every((fileId) => {
          const file = files.get(fileId);
          // one picture once in the whole answer (review L2)
          const fresh = !seen.has(fileId);
          seen.add(fileId);
          return fresh && file?.category === 'surveyPicture' && file.name.startsWith(`survey-${record.id}-${input.answerId}.`);
        });
        if (!ok) {
          problems.push({ code: 'invalid', index });
          pictureIndexes.add(index);
        }
      });
    }
    if (problems.length > 0) {
      // the number the answerer sees beside the question (skip logic leaves no gaps)
      const shown = questionNumbers(record.questions, input.values);
      throw answerRefusal(problems, pictureIndexes, (index) => shown.get(record.questions[index]?.id ?? '') ?? index + 1);
    }

    const respondentId = who.session && !record.anonymous ? who.session.userId : null;
    const orgUnitId = who.session ? await surveyTarget.respondentOrgUnit(tx, who.session.userId, record.target) : null;
    const inserted = await repo.insertAnswer(tx, {
      tenantId: who.tenant.id,
      id: input.answerId,
      questionnaireId: record.id,
      respondentId,
      onceKey: keys[0],
      orgUnitId,
      values,
      address: record.anonymous ? '' : who.address.slice(0, 100),
      // anonymous: nothing in the row leads back to the person (the once-key is a keyed one-way hash, no address)
      createdBy: respondentId,
      updatedBy: respondentId,
    });
    if (!inserted) {
      // a concurrent submission won: the same answer id (a retry), or another answer of this person or device
      const again = (await replay()) ?? (await submitted());
      if (again) return again;
      throw new AppError(ResponseCode.conflict, 'surveysAnswerIdTaken');
    }
    // the pictures become the answer's (filed under the questionnaire's creator by publicUpload); an
    // anonymous answer's pictures forget their uploader as they are claimed
    const pictureIds = record.questions.flatMap((q) => (q.kind === 'picture' && Array.isArray(values[q.id]) ? (values[q.id] as string[]) : []));
    if (pictureIds.length > 0 && record.created_by) {
      await this.files.claim(tx, { kind: 'surveyAnswer', recordId: input.answerId, saverId: record.created_by, forgetUploader: record.anonymous }, pictureIds);
    }
    const stored = (await repo.findAnswer(tx, input.answerId))!;
    return { answerId: stored.id, submittedAt: stored.submitted_at.toISOString() };
  }

  /** `POST /api/surveys/mine` (table A): published, in-use questionnaires the caller may answer. */
  async mine(tx: Tx, session: Session, request: ListInput<{ answered?: string; keyword?: string }>, deviceId: string | null): Promise<TableAData<MineRow>> {
    const me = session.userId;
    const visible = sql`(q.audience = 'everyone' OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${me} AND u.enabled AND ${reachOfColumnSql(sql`q.target`)}))`;
    const hashed = sql`'h:' || encode(sha256(convert_to(q.id::text || ${personToken(this.secret, me)}, 'UTF8')), 'hex')`;
    const answered = sql`(a.once_key = ${`u:${me}`} OR a.once_key = ${hashed}${deviceId ? sql` OR a.once_key = ${`d:${deviceId}`}` : sql``})`;
    const filters: SQL[] = [];
    if (request.search.answered === 'yes') filters.push(sql`m.answered_at IS NOT NULL`);
    if (request.search.answered === 'no') filters.push(sql`m.answered_at IS NULL`);
    if (request.search.keyword) filters.push(sql`m.title ILIKE ${likeOf(request.search.keyword)}`);
    const offset = request.currPage * request.limit;
    const rows = await repo.minePage(tx, visible, answered, filters, offset, request.limit, new Date());
    const total = rows.length > 0 || offset > 0 ? await repo.mineCount(tx, visible, answered, filters) : 0;
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        title: r.title,
        startsAt: r.starts_at.toISOString(),
        endsAt: r.ends_at.toISOString(),
        timeState: timeStateOf(r.starts_at, r.ends_at),
        anonymous: r.anonymous,
        questionCount: r.question_count,
        answeredAt: iso(r.answered_at),
      })),
    };
  }

  /** `POST /api/surveys/public/list` */
  async publicList(tx: Tx, tenant: Tenant, lang: Lang): Promise<PublicSurveyList> {
    const school = await repo.schoolName(tx);
    const rows = await repo.publicList(tx, new Date());
    return {
      schoolName: (lang === 'en' ? school?.name_en || school?.name : school?.name) || tenant.name,
      tenantCode: tenant.code,
      rows: rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        startsAt: r.starts_at.toISOString(),
        endsAt: r.ends_at.toISOString(),
        timeState: timeStateOf(r.starts_at, r.ends_at),
        questionCount: r.question_count,
      })),
    };
  }

  /**
   * Whether a picture may be uploaded for this answer now (review H3), checked before any byte is
   * received and again when storing (`lock`: uploads of one questionnaire in turn, so the cap holds):
   * the respondent may answer it, it has picture questions, the answer is not filed yet, and the
   * answer's pictures stay within the sum of its picture questions' maxima.
   */
  async uploadAdmit(tx: Tx, input: { questionnaireId: string; answerId: string }, who: Respondent, lock = false): Promise<QuestionnaireRecord> {
    const found = await repo.find(tx, input.questionnaireId, lock);
    if (found?.anonymous) who.markAnonymous?.();
    const record = await this.admit(tx, found, who);
    const maxima = record.questions.filter((q) => q.kind === 'picture').map((q) => q.max ?? SURVEY_LIMITS.picturesMax);
    if (maxima.length === 0) throw new AppError(ResponseCode.invalidInput, 'surveysUploadNoPictureQuestion');
    if (await repo.findAnswer(tx, input.answerId)) throw new AppError(ResponseCode.conflict, 'surveysUploadAnswerFiled');
    const max = maxima.reduce((a, b) => a + b, 0);
    if ((await repo.pictureCount(tx, record.id, input.answerId)) >= max) throw new AppError(ResponseCode.invalidInput, 'surveysUploadTooMany', { max });
    return record;
  }

  /**
   * `POST /api/surveys/public/upload`: one picture for a picture question of a questionnaire the
   * respondent may answer now; stored with the questionnaire's creator as owner and a name tying it
   * to the questionnaire and the answer id (the answer accepts only such pictures). An anonymous
   * questionnaire's pictures keep no uploader.
   */
  async publicUpload(tx: Tx, batch: UploadBatch, input: { questionnaireId: string; answerId: string }, who: Respondent, reply: FastifyReply) {
    const record = await this.uploadAdmit(tx, input, who, true);
    if (batch.files.length !== 1) throw new AppError(ResponseCode.invalidInput, 'surveysUploadOneFile');
    const profile = UPLOAD_PROFILES.surveyPicture;
    for (const file of batch.files) {
      const problem = checkUploadCandidate(file.name, file.size, profile);
      if (problem) throw new AppError(ResponseCode.invalidInput, problem.key, problem.params);
    }
    const ownerId = record.created_by;
    if (!ownerId) throw new AppError(ResponseCode.notFound, 'surveysNotFound', {}, { reason: 'not_found' });
    const [stored] = await this.files.storeFor(
      tx,
      // the uploader (a signed-in respondent) reads the picture back until the answer claims it, which
      // forgets them for an anonymous questionnaire
      { tenantId: who.tenant.id, ownerId, uploaderId: who.session?.userId ?? null, name: ({ suffix }) => pictureName(record.id, input.answerId, suffix) },
      { ...batch, category: 'surveyPicture' },
      reply,
    );
    return stored;
  }
}
