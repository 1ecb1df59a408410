import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import type { OutboxBatchData } from '../../../contracts/idempotency';
import { type AnswerValues, answerProblems, blankQuestion, cleanAnswer, questionProblems, type SurveyQuestion } from '../../../contracts/survey-rules';
import type { BankQuestionRow, MineRow, PublicSurveyList, SurveyAnswerResult, SurveyAnswerRow, SurveyDetail, SurveyForAnswer, SurveyResults, SurveyRow } from '../../../contracts/surveys';
import { DEMO_SURVEY_IDS, seedSurveys } from '../../db/seed/surveys';
import { buildTestApp, call, type CallResult, guardiansWithAndWithoutAccount, initialiseParentAccounts, login, ownerQuery, seedOwnSchool, type TestApp, uniqueIp } from '../../test/helpers';
import { type MultipartPart, multipartBody } from '../../test/multipart';
import type { LocalFileStorage } from '../files/storage';
import { sweepSurveyPictures } from './surveys.sweep';

/**
 * Questionnaires against a K12 school of this file's own (七年级 only, seeded like the demo school,
 * its demo questionnaires included), so nothing here disturbs other test files or the demo data.
 */

let t: TestApp;
let code: string;
let tenantId: string;
const tokens = new Map<string, string>();
let class1: string;
let class2: string;
let gradeId: string;
let parentId: string;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

const as = async (username: string) => {
  if (!tokens.has(username)) tokens.set(username, await login(t.app, code, username));
  return tokens.get(username)!;
};
const post = async <T>(url: string, username: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token: await as(username), json, headers });
/** a public call of this school (X-Tenant), with a device id unless told otherwise */
const pub = <T>(url: string, json: unknown, options: { device?: string | null; token?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  call<T>(t.app, 'POST', url, {
    json,
    token: options.token,
    ip: options.ip,
    headers: { 'x-tenant': code, ...(options.device === null ? {} : { 'x-device-id': options.device ?? uuidv7() }), ...(options.headers ?? {}) },
  });

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const opt = (label: string) => ({ id: uuidv7(), label });

/** a question as the builder makes it (blankQuestion) with its title and what differs */
const q = (kind: SurveyQuestion['kind'], title: string, extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({ ...blankQuestion(uuidv7(), kind, () => uuidv7()), title, ...extra });

interface Draft {
  id: string;
  version: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  audience: 'everyone' | 'targeted';
  target: { userIds: string[]; orgIds: string[]; roleCodes: string[] };
  anonymous: boolean;
  oncePer: 'person' | 'device';
  questions: SurveyQuestion[];
}
const draft = (extra: Partial<Draft> = {}): Draft => ({
  id: uuidv7(),
  version: 0,
  title: `测试问卷${randomBytes(2).toString('hex')}`,
  description: '',
  startsAt: iso(-1),
  endsAt: iso(5),
  audience: 'everyone',
  target: { userIds: [], orgIds: [], roleCodes: [] },
  anonymous: true,
  oncePer: 'device',
  questions: [q('single', '您的选择', { options: [opt('甲'), opt('乙')] })],
  ...extra,
});
const save = (username: string, body: Draft) => post<SurveyDetail>('/api/surveys/save', username, body);
const saved = async (username: string, body: Draft) => {
  const { body: answer } = await save(username, body);
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
};
const publish = (username: string, s: { id: string; version: number }, published = true) =>
  post<SurveyDetail & { notified: number }>('/api/surveys/publish', username, { id: s.id, version: s.version, published });
/** saved and published by admin */
const live = async (extra: Partial<Draft> = {}) => {
  const s = await saved('admin', draft(extra));
  const { body } = await publish('admin', s);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
const answerCount = async (id: string) =>
  Number((await ownerQuery<{ n: string }>(t.db, 'SELECT count(*) n FROM survey_answers WHERE tenant_id = $1 AND questionnaire_id = $2', [tenantId, id]))[0].n);

const uploadPicture = async (
  questionnaireId: string,
  answerId: string,
  device: string,
  content = PNG,
  filename = 'photo.png',
  more: MultipartPart[] = [],
) => {
  const { payload, contentType } = multipartBody([...more, { name: 'file', filename, content }]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/surveys/public/upload?questionnaireId=${questionnaireId}&answerId=${answerId}`,
    headers: { 'content-type': contentType, 'x-tenant': code, 'x-device-id': device },
    payload,
    remoteAddress: uniqueIp(),
  });
  return response.json() as CallResult<{ resId: string; resName: string }>['body'];
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'svy', studentsPerClass: 6, otherStaff: 12 }));
  await initialiseParentAccounts(t.db, tenantId);
  await t.db.withTenant(tenantId, (tx) => seedSurveys(tx, tenantId, new Date()));
  const units = await ownerQuery<{ id: string; name: string }>(t.db, `SELECT id::text, name FROM org_units WHERE tenant_id = $1`, [tenantId]);
  class1 = units.find((u) => u.name === '七年级(1)班')!.id;
  class2 = units.find((u) => u.name === '七年级(2)班')!.id;
  gradeId = units.find((u) => u.name === '七年级')!.id;
  parentId = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'parent'`, [tenantId]))[0].id;
});

afterAll(async () => {
  await t?.close();
});

describe('the demo questionnaires (seed)', () => {
  it('lists the four demo questionnaires with their states, and the bank with six questions', async () => {
    const { body } = await post<TableAData<SurveyRow>>('/api/surveys/list', 'admin', { currPage: 0, limit: 100, search: JSON.stringify({}) });
    expect(body.code, body.msg).toBe(1);
    const byId = new Map(body.data.rows.map((row) => [row.id, row]));
    expect(byId.get(DEMO_SURVEY_IDS.satisfaction)).toMatchObject({ title: '家长满意度调查', published: true, timeState: 'started', answerCount: 40, audience: 'everyone', anonymous: true, oncePer: 'device' });
    expect(byId.get(DEMO_SURVEY_IDS.afterSchool)).toMatchObject({ title: '课后服务需求调查', published: true, answerCount: 5, audience: 'targeted', anonymous: false, targetCount: 6 });
    expect(byId.get(DEMO_SURVEY_IDS.sportsDay)).toMatchObject({ title: '秋季运动会报名意向', published: false, timeState: 'not_started', can: { edit: true, delete: true, publish: true } });
    expect(byId.get(DEMO_SURVEY_IDS.canteen)).toMatchObject({ title: '食堂服务评价', timeState: 'expired', answerCount: 15 });
    const bank = await post<TableAData<BankQuestionRow>>('/api/surveys/bank/list', 'admin', { currPage: 0, limit: 100, search: JSON.stringify({}) });
    expect(bank.body.data.total).toBe(6);
    expect(new Set(bank.body.data.rows.map((row) => row.category))).toEqual(new Set(['满意度', '基本信息']));
  });

  it('every seeded answer passes the answer rules and is stored cleaned; the demo questions have no problems', async () => {
    const rows = await ownerQuery<{ values: AnswerValues; questions: SurveyQuestion[] }>(
      t.db,
      'SELECT a.values, q.questions FROM survey_answers a JOIN questionnaires q ON q.tenant_id = a.tenant_id AND q.id = a.questionnaire_id WHERE a.tenant_id = $1 AND a.questionnaire_id = ANY($2::uuid[])',
      [tenantId, Object.values(DEMO_SURVEY_IDS)],
    );
    expect(rows.length).toBe(40 + 5 + 15);
    for (const row of rows) {
      expect(answerProblems(row.questions, row.values)).toEqual([]);
      expect(cleanAnswer(row.questions, row.values)).toEqual(row.values);
    }
    const questionnaires = await ownerQuery<{ questions: SurveyQuestion[] }>(t.db, 'SELECT questions FROM questionnaires WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [
      tenantId,
      Object.values(DEMO_SURVEY_IDS),
    ]);
    expect(questionnaires).toHaveLength(4);
    for (const row of questionnaires) expect(questionProblems(row.questions)).toEqual([]);
  });

  it('answers the results: counts per option, rating average, matrix, orgs of 七年级(1)班 and (2)班', async () => {
    const { body } = await post<SurveyResults>('/api/surveys/results', 'admin', { id: DEMO_SURVEY_IDS.satisfaction });
    expect(body.code, body.msg).toBe(1);
    expect(body.data).toMatchObject({ answerCount: 40, targetCount: null, rate: null });
    expect(body.data.orgs.map((o) => [o.name, o.count])).toEqual([
      ['七年级(1)班', 24],
      ['七年级(2)班', 16],
    ]);
    const [identity, rating, , , matrix, minutes] = body.data.results;
    expect(Object.values(identity.optionCounts!).reduce((a, b) => a + b, 0)).toBe(40);
    expect(rating.average).toBeGreaterThan(2);
    expect(rating.average).toBeLessThanOrEqual(5);
    expect(Object.values(rating.distribution!).reduce((a, b) => a + b, 0)).toBe(40);
    expect(Object.keys(matrix.matrixCounts!)).toHaveLength(4);
    expect(minutes.min).toBeGreaterThanOrEqual(30);
    const filtered = await post<SurveyResults>('/api/surveys/results', 'admin', { id: DEMO_SURVEY_IDS.satisfaction, orgUnitId: class2 });
    expect(filtered.body.data.answerCount).toBe(16);
  });

  it('the targeted demo: parents of 七年级(1)班, the rate against the target, `parent` has not answered', async () => {
    const { body } = await post<SurveyResults>('/api/surveys/results', 'admin', { id: DEMO_SURVEY_IDS.afterSchool });
    // this school has 6 students per class: 6 parents, all but `parent` answered (the seed takes up to 12)
    expect(body.data).toMatchObject({ answerCount: 5, targetCount: 6 });
    expect(body.data.rate).toBeCloseTo(5 / 6, 3);
    const mine = await post<TableAData<MineRow>>('/api/surveys/mine', 'parent', { currPage: 0, limit: 50, search: JSON.stringify({}) });
    expect(mine.body.data.rows.find((row) => row.id === DEMO_SURVEY_IDS.afterSchool)).toMatchObject({ answeredAt: null, timeState: 'started' });
  });
});

describe('managing', () => {
  it('a teacher creates and edits their own, may not publish (contact the administrator) and nothing changes', async () => {
    const s = await saved('teacher', draft({ title: '教师的问卷' }));
    expect(s).toMatchObject({ version: 1, published: false, can: { edit: true, delete: true, publish: false } });
    const refused = await publish('teacher', s);
    expect(refused.body).toMatchObject({ code: 40300, msg: '没有发布问卷的权限，请联系管理员' });
    const after = await post<SurveyDetail>('/api/surveys/get', 'teacher', { id: s.id });
    expect(after.body.data).toMatchObject({ published: false, version: 1, publishedAt: null });
    // and the demo: the teacher's sports-day questionnaire stays unpublished
    expect((await publish('teacher', { id: DEMO_SURVEY_IDS.sportsDay, version: 1 })).body.code).toBe(40300);
    const renamed = await saved('teacher', { ...draft(), ...s, version: 1, title: '教师的问卷（改）', target: s.target });
    expect(renamed).toMatchObject({ title: '教师的问卷（改）', version: 2 });
  });

  it("others' questionnaires: a teacher may not edit or delete them (admin may)", async () => {
    const mine = await saved('admin', draft());
    const edit = await save('teacher', { ...draft(), id: mine.id, version: mine.version, title: '改别人的' });
    expect(edit.body).toMatchObject({ code: 40300, msg: '不能修改或删除他人创建的问卷' });
    const del = await post('/api/surveys/delete', 'teacher', { ids: [mine.id] });
    expect(del.body).toMatchObject({ code: 40300, msg: '不能修改或删除他人创建的问卷' });
    const teachers = await saved('teacher', draft());
    const byAdmin = await saved('admin', { ...draft(), id: teachers.id, version: teachers.version, title: '管理员改的' });
    expect(byAdmin.title).toBe('管理员改的');
    expect((await post('/api/surveys/delete', 'admin', { ids: [teachers.id] })).body.code).toBe(1);
    expect((await post('/api/surveys/get', 'admin', { id: teachers.id })).body.code).toBe(40400);
  });

  it('a stale version answers 40900 with the current questionnaire', async () => {
    const s = await saved('admin', draft());
    await saved('admin', { ...draft(), id: s.id, version: 1, title: '第二版' });
    const stale = await save('admin', { ...draft(), id: s.id, version: 1, title: '第三版' });
    expect(stale.body).toMatchObject({ code: 40900, data: { title: '第二版', version: 2 } });
  });

  it('checks questions and times on save and what publishing needs', async () => {
    const noTitle = await save('admin', draft({ questions: [q('text', '  ')] }));
    expect(noTitle.body).toMatchObject({ code: 40000, msg: '第1题：请填写题目' });
    const oneOption = await save('admin', draft({ questions: [q('text', '姓名'), q('single', '选择', { options: [opt('唯一')] })] }));
    expect(oneOption.body).toMatchObject({ code: 40000, msg: '第2题：至少需要两个选项' });
    const backwards = await save('admin', draft({ startsAt: iso(2), endsAt: iso(1) }));
    expect(backwards.body).toMatchObject({ code: 40000, msg: '开始时间应早于结束时间' });

    const empty = await saved('admin', draft({ questions: [] }));
    expect((await publish('admin', empty)).body).toMatchObject({ code: 40000, msg: '该问卷还没有题目' });
    const ended = await saved('admin', draft({ startsAt: iso(-3), endsAt: iso(-1) }));
    expect((await publish('admin', ended)).body).toMatchObject({ code: 40000, msg: '结束时间已过，不能发布' });
    const nobody = await saved('admin', draft({ audience: 'targeted' }));
    expect((await publish('admin', nobody)).body).toMatchObject({ code: 40000, msg: '请选择问卷的填写对象' });
    expect((await post<SurveyDetail>('/api/surveys/get', 'admin', { id: nobody.id })).body.data.published).toBe(false);
  });

  it('locks the questions once published or answered; title and times still change; published ones are not deleted', async () => {
    const s = await live();
    const changed = await save('admin', { ...draft(), id: s.id, version: s.version, questions: [q('text', '新题')] });
    expect(changed.body).toMatchObject({ code: 40300, msg: expect.stringContaining('不能修改题目') });
    const renamed = await saved('admin', { ...draft(), id: s.id, version: s.version, title: '改名了', questions: s.questions, endsAt: iso(9) });
    expect(renamed.title).toBe('改名了');
    expect((await post('/api/surveys/delete', 'admin', { ids: [s.id] })).body).toMatchObject({ code: 40300, msg: '已发布的问卷不能删除，请先取消发布' });
    const answered = await pub<SurveyAnswerResult>('/api/surveys/public/answer', { questionnaireId: s.id, answerId: uuidv7(), values: { [s.questions[0].id]: s.questions[0].options[0].id } });
    expect(answered.body.code, answered.body.msg).toBe(1);
    const off = await publish('admin', renamed, false);
    expect(off.body).toMatchObject({ code: 1, msg: '问卷已取消发布', data: { published: false, answerCount: 1 } });
    const stillLocked = await save('admin', { ...draft(), id: s.id, version: off.body.data.version, questions: [q('text', '新题')] });
    expect(stillLocked.body.code).toBe(40300);
    // the copy is new, unpublished, the caller's, with the same questions
    const copy = await post<SurveyDetail>('/api/surveys/copy', 'teacher', { id: s.id, newId: uuidv7() });
    expect(copy.body.data).toMatchObject({ title: '改名了（副本）', published: false, answerCount: 0, questions: s.questions, can: { edit: true } });
    // deleting the unpublished one takes its answers along
    expect((await post('/api/surveys/delete', 'admin', { ids: [s.id] })).body.code).toBe(1);
    expect(await answerCount(s.id)).toBe(0);
  });

  it('in use / not used: a not-used questionnaire cannot be answered (问卷已停用)', async () => {
    const s = await live();
    const off = await post<SurveyDetail>('/api/surveys/in-use', 'admin', { id: s.id, version: s.version, inUse: false });
    expect(off.body.data.inUse).toBe(false);
    const open = await pub('/api/surveys/public/open', { id: s.id });
    expect(open.body).toMatchObject({ code: 40400, msg: '问卷已停用', data: { reason: 'not_found' } });
  });

  it('the QR code is a PNG of the public answer link (on a host the school lists, no public address set)', async () => {
    const s = await live();
    const response = await t.app.inject({ method: 'GET', url: `/api/surveys/qr?id=${s.id}`, headers: { 'x-access-token': await as('admin'), host: `${code}.localhost` } });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(decodeURI(String(response.headers['x-survey-link']))).toBe(`http://${code}.localhost/survey/wjdt/answerSurvey?id=${s.id}&tenant=${code}`);
  });
});

describe('answering: refusals (SPEC §8)', () => {
  it('does not exist, unpublished, not started, expired, no questions', async () => {
    expect((await pub('/api/surveys/public/open', { id: uuidv7() })).body).toMatchObject({ code: 40400, msg: '问卷不存在或已被删除', data: { reason: 'not_found' } });
    const unpublished = await saved('admin', draft());
    expect((await pub('/api/surveys/public/open', { id: unpublished.id })).body).toMatchObject({ code: 40400, data: { reason: 'not_found' } });
    const later = await live({ startsAt: iso(2), endsAt: iso(4) });
    const notStarted = await pub('/api/surveys/public/open', { id: later.id });
    expect(notStarted.body).toMatchObject({ code: 40300, msg: expect.stringMatching(/^问卷尚未开始，开始时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), data: { reason: 'not_started' } });
    const expired = await pub('/api/surveys/public/open', { id: DEMO_SURVEY_IDS.canteen });
    expect(expired.body).toMatchObject({ code: 40300, msg: expect.stringContaining('问卷已过期，截止时间：'), data: { reason: 'expired' } });
    const answerExpired = await pub('/api/surveys/public/answer', { questionnaireId: DEMO_SURVEY_IDS.canteen, answerId: uuidv7(), values: {} });
    expect(answerExpired.body).toMatchObject({ code: 40300, data: { reason: 'expired' } });
    const hollow = await live();
    await ownerQuery(t.db, `UPDATE questionnaires SET questions = '[]' WHERE tenant_id = $1 AND id = $2`, [tenantId, hollow.id]);
    expect((await pub('/api/surveys/public/open', { id: hollow.id })).body).toMatchObject({ code: 40300, msg: '该问卷还没有题目', data: { reason: 'no_questions' } });
    // English too
    const en = await pub('/api/surveys/public/open', { id: uuidv7() }, { headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toBe('The questionnaire does not exist or has been deleted');
  });

  it('login required (not 90001) and no permission', async () => {
    const perPerson = await live({ oncePer: 'person' });
    expect((await pub('/api/surveys/public/open', { id: perPerson.id })).body).toMatchObject({ code: 40300, msg: '没有权限，可能未登录，请登录后再填写', data: { reason: 'login_required' } });
    const targeted = await live({ audience: 'targeted', anonymous: false, oncePer: 'person', target: { userIds: [], orgIds: [class1], roleCodes: ['parent'] } });
    expect((await pub('/api/surveys/public/open', { id: targeted.id })).body).toMatchObject({ code: 40300, data: { reason: 'login_required' } });
    const student = await pub('/api/surveys/public/open', { id: targeted.id }, { token: await as('student') });
    expect(student.body).toMatchObject({ code: 40300, msg: '您没有填写该问卷的权限', data: { reason: 'no_permission' } });
    const inApp = await post('/api/surveys/open', 'student', { id: targeted.id });
    expect(inApp.body).toMatchObject({ code: 40300, data: { reason: 'no_permission' } });
    // the parent, logged in, opens it on the public page and in the app
    const parentOpen = await pub<SurveyForAnswer>('/api/surveys/public/open', { id: targeted.id }, { token: await as('parent') });
    expect(parentOpen.body).toMatchObject({ code: 1, data: { id: targeted.id, tenantCode: code, anonymous: false, answered: null } });
    expect((await post<SurveyForAnswer>('/api/surveys/open', 'parent', { id: targeted.id })).body.data.questions).toHaveLength(1);
  });

  it('per device: the device id is required and must be a uuid', async () => {
    const s = await live();
    const missing = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: uuidv7(), values: {} }, { device: null });
    expect(missing.body).toMatchObject({ code: 40000, msg: '缺少设备标识，请刷新页面后重试' });
    const malformed = await pub('/api/surveys/public/open', { id: s.id }, { headers: { 'x-device-id': 'not-a-device' } });
    expect(malformed.body.code).toBe(40000);
  });
});

describe('answering: validation', () => {
  const single = q('single', '是否需要', {});
  let s: SurveyDetail;
  let ids: Record<string, string>;
  beforeAll(async () => {
    const yes = opt('需要');
    const no = opt('不需要');
    const questions = [
      q('single', '是否需要', { id: single.id, options: [yes, no] }),
      q('text', '原因', { max: 10 }),
      q('multiple', '内容', { options: [opt('甲'), opt('乙'), opt('丙'), { ...opt('都不需要'), exclusive: true }], min: 1, max: 2 }),
      q('rating', '评分', { max: 5 }),
      q('matrix', '评价', { rows: [opt('教学'), opt('管理')], options: [opt('好'), opt('差')] }),
      q('number', '分钟', { min: 0, max: 600, integer: true }),
      q('date', '日期', { required: false }),
      q('picture', '照片', { required: false, max: 1 }),
    ];
    questions[0].skips = [{ optionId: no.id, goTo: questions[3].id }];
    s = await live({ questions });
    ids = Object.fromEntries(['need', 'reason', 'content', 'rating', 'matrix', 'minutes', 'date', 'picture'].map((name, i) => [name, questions[i].id]));
  });
  const full = () => ({
    [ids.need]: s.questions[0].options[0].id,
    [ids.reason]: '上班太忙',
    [ids.content]: [s.questions[2].options[0].id],
    [ids.rating]: 4,
    [ids.matrix]: { [s.questions[4].rows[0].id]: s.questions[4].options[0].id, [s.questions[4].rows[1].id]: s.questions[4].options[1].id },
    [ids.minutes]: 45,
  });
  const answer = (values: Record<string, unknown>, device = uuidv7(), answerId = uuidv7()) =>
    pub<SurveyAnswerResult>('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values }, { device });

  it('refuses wrong types, unknown options and questions, ranges, lengths and missing required answers, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...full(), [ids.need]: uuidv7() }, '第1题：答案无效'],
      [{ ...full(), [ids.reason]: '这是一段超过十个字的很长的原因' }, '第2题：不能超过10个字'],
      [{ ...full(), [ids.content]: [] }, '第3题：此题为必答题'],
      [{ ...full(), [ids.content]: s.questions[2].options.slice(0, 3).map((o) => o.id) }, '第3题：最多2项'],
      // an exclusive choice is an answer alone
      [{ ...full(), [ids.content]: [s.questions[2].options[0].id, s.questions[2].options[3].id] }, '第3题：“都不需要”不能与其他选项同时选择'],
      // skip logic hid questions 2 and 3: the rating is the second question shown
      [{ ...full(), [ids.need]: s.questions[0].options[1].id, [ids.rating]: 6 }, '第2题：应在1到5之间'],
      [{ ...full(), [ids.rating]: 6 }, '第4题：应在1到5之间'],
      [{ ...full(), [ids.rating]: '4' }, '第4题：应在1到5之间'],
      [{ ...full(), [ids.matrix]: { [s.questions[4].rows[0].id]: s.questions[4].options[0].id } }, '第5题：此题为必答题'],
      [{ ...full(), [ids.minutes]: 12.5 }, '第6题：请填写整数'],
      [{ ...full(), [ids.minutes]: 601 }, '第6题：应在0到600之间'],
      [{ ...full(), [ids.date]: '2026-13-45' }, '第7题：答案无效'],
      [{ ...full(), [uuidv7()]: '多余' }, '答案中包含问卷中不存在的题目，请刷新页面后重新填写'],
    ];
    for (const [values, msg] of cases) {
      const { body } = await answer(values);
      expect(body, msg).toMatchObject({ code: 40000, msg, data: { problems: expect.any(Array) } });
    }
    expect(await answerCount(s.id)).toBe(0);
    expect(s.questions[2].options[3]).toMatchObject({ label: '都不需要', exclusive: true });
    const alone = await answer({ ...full(), [ids.content]: [s.questions[2].options[3].id] });
    expect(alone.body.code, alone.body.msg).toBe(1);
  });

  it('skip logic: a skipped required question is not required and its value is dropped; values are stored cleaned', async () => {
    const values = { ...full(), [ids.need]: s.questions[0].options[1].id, [ids.content]: [], [ids.reason]: '  会被丢弃  ' };
    const { body } = await answer(values);
    expect(body.code, body.msg).toBe(1);
    const [row] = await ownerQuery<{ values: Record<string, unknown>; respondent_id: string | null }>(t.db, 'SELECT values, respondent_id FROM survey_answers WHERE tenant_id = $1 AND id = $2', [tenantId, body.data.answerId]);
    expect(Object.keys(row.values).sort()).toEqual([ids.need, ids.rating, ids.matrix, ids.minutes].sort());
    expect(row.respondent_id).toBeNull();
  });

  it('pictures: only files uploaded for this questionnaire and answer are accepted', async () => {
    const device = uuidv7();
    const answerId = uuidv7();
    const uploaded = await uploadPicture(s.id, answerId, device);
    expect(uploaded, uploaded.msg).toMatchObject({ code: 1 });
    const fileId = uploaded.data.resId;
    const [file] = await ownerQuery<{ owner_id: string; category: string; created_by: string | null }>(t.db, 'SELECT owner_id::text, category, created_by FROM files WHERE tenant_id = $1 AND id = $2', [tenantId, fileId]);
    const adminId = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [tenantId]))[0].id;
    expect(file).toEqual({ owner_id: adminId, category: 'surveyPicture', created_by: null });
    // the managers read it through the usual file path
    const read = await t.app.inject({ method: 'GET', url: `/file/download/${fileId}?preview=1`, headers: { 'x-access-token': await as('admin') } });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);

    // a picture of another answer id is refused
    const otherAnswer = uuidv7();
    const foreign = await answer({ ...full(), [ids.picture]: [fileId] }, device, otherAnswer);
    expect(foreign.body).toMatchObject({ code: 40000, msg: '第8题：图片未上传或不属于本问卷' });
    expect((await answer({ ...full(), [ids.picture]: [uuidv7()] }, device, otherAnswer)).body.code).toBe(40000);
    const ok = await answer({ ...full(), [ids.picture]: [fileId] }, device, answerId);
    expect(ok.body.code, ok.body.msg).toBe(1);
    // the answer owns the picture now (issue 18 B): readers of the questionnaire's results open it, a student not
    expect(await ownerQuery(t.db, 'SELECT owner_kind, owner_record_id FROM files WHERE tenant_id = $1 AND id = $2', [tenantId, fileId])).toEqual([
      { owner_kind: 'surveyAnswer', owner_record_id: answerId },
    ]);
    const byStudent = await t.app.inject({ method: 'GET', url: `/file/download/${fileId}`, headers: { 'x-access-token': await as('student') } });
    expect(byStudent.json()).toMatchObject({ code: 40300, msg: '无权查看此文件：它属于您无权查看的记录' });
    expect((await t.app.inject({ method: 'GET', url: `/file/download/${fileId}`, headers: { 'x-access-token': await as('admin') } })).statusCode).toBe(200);
    const results = await post<SurveyResults>('/api/surveys/results', 'admin', { id: s.id });
    expect(results.body.data.results[7].pictures).toEqual([fileId]);

    // uploads: not a picture, not for a questionnaire without picture questions
    expect((await uploadPicture(s.id, uuidv7(), uuidv7(), Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf')).code).toBe(40000);
    const plain = await live();
    expect(await uploadPicture(plain.id, uuidv7(), uuidv7())).toMatchObject({ code: 40000, msg: '该问卷没有图片题，不能上传图片' });
    expect((await uploadPicture(DEMO_SURVEY_IDS.canteen, uuidv7(), uuidv7())).code).toBe(40300);
  });

  it('a signed-in respondent reads back the picture they uploaded until their answer claims it; the creator does not yet', async () => {
    const answerId = uuidv7();
    const { payload, contentType } = multipartBody([{ name: 'file', filename: 'photo.png', content: PNG }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/surveys/public/upload?questionnaireId=${s.id}&answerId=${answerId}`,
      headers: { 'content-type': contentType, 'x-tenant': code, 'x-device-id': uuidv7(), 'x-access-token': await as('parent') },
      payload,
      remoteAddress: uniqueIp(),
    });
    const body = uploaded.json() as CallResult<{ resId: string }>['body'];
    expect(body.code, body.msg).toBe(1);
    const read = (username: string) => t.app.inject({ method: 'GET', url: `/file/download/${body.data.resId}?preview=1`, headers: { 'x-access-token': username } });
    const byRespondent = await read(await as('parent'));
    expect(byRespondent.rawPayload.equals(PNG), byRespondent.body.slice(0, 200)).toBe(true);
    expect((await read(await as('admin'))).json()).toMatchObject({ code: 40300 });
    // the questionnaire is anonymous: once the answer claims the picture, the file no longer names its uploader
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/surveys/public/answer',
      headers: { 'x-tenant': code, 'x-device-id': uuidv7(), 'x-access-token': await as('parent') },
      payload: { questionnaireId: s.id, answerId, values: { ...full(), [ids.picture]: [body.data.resId] } },
      remoteAddress: uniqueIp(),
    });
    expect(submitted.json(), submitted.body).toMatchObject({ code: 1 });
    expect(await ownerQuery(t.db, 'SELECT owner_kind, created_by, updated_by FROM files WHERE tenant_id = $1 AND id = $2', [tenantId, body.data.resId])).toEqual([
      { owner_kind: 'surveyAnswer', created_by: null, updated_by: null },
    ]);
    expect((await read(await as('admin'))).rawPayload.equals(PNG)).toBe(true);
  });
});

describe('answering: once per device or person, idempotent', () => {
  it('the same answer id twice is one answer; another answer of the same device is already submitted', async () => {
    const s = await live();
    const values = { [s.questions[0].id]: s.questions[0].options[0].id };
    const device = uuidv7();
    const answerId = uuidv7();
    const first = await pub<SurveyAnswerResult>('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values }, { device });
    expect(first.body).toMatchObject({ code: 1, msg: '提交成功，感谢参与', data: { answerId } });
    const again = await pub<SurveyAnswerResult>('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values }, { device });
    expect(again.body).toMatchObject({ code: 1, data: first.body.data });
    const second = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: uuidv7(), values }, { device });
    expect(second.body).toMatchObject({ code: 40900, msg: '您已提交过该问卷，感谢参与', data: { reason: 'already_submitted', answerId, submittedAt: first.body.data.submittedAt } });
    // another device answers too; opening on the first device says it was answered
    expect((await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: uuidv7(), values })).body.code).toBe(1);
    const open = await pub<SurveyForAnswer>('/api/surveys/public/open', { id: s.id }, { device });
    expect(open.body.data.answered).toEqual({ answerId, submittedAt: first.body.data.submittedAt });
    expect(await answerCount(s.id)).toBe(2);
  });

  it('anonymous per person: the parent answers once, no respondent is stored; named: the respondent and class are', async () => {
    const anonymous = await live({ oncePer: 'person' });
    const values = { [anonymous.questions[0].id]: anonymous.questions[0].options[1].id };
    const token = await as('parent');
    const first = await pub<SurveyAnswerResult>('/api/surveys/public/answer', { questionnaireId: anonymous.id, answerId: uuidv7(), values }, { token });
    expect(first.body.code, first.body.msg).toBe(1);
    const again = await post('/api/surveys/answer', 'parent', { questionnaireId: anonymous.id, answerId: uuidv7(), values });
    expect(again.body).toMatchObject({ code: 40900, data: { reason: 'already_submitted' } });
    const [row] = await ownerQuery<{ respondent_id: string | null; created_by: string | null; once_key: string; org_unit_id: string }>(
      t.db,
      'SELECT respondent_id, created_by, once_key, org_unit_id::text FROM survey_answers WHERE tenant_id = $1 AND questionnaire_id = $2',
      [tenantId, anonymous.id],
    );
    expect(row.respondent_id).toBeNull();
    expect(row.created_by).toBeNull();
    expect(row.once_key).toMatch(/^h:[0-9a-f]{64}$/);
    expect(row.org_unit_id).toBe(class1);

    const named = await live({ oncePer: 'person', anonymous: false });
    expect((await post('/api/surveys/answer', 'parent', { questionnaireId: named.id, answerId: uuidv7(), values: { [named.questions[0].id]: named.questions[0].options[0].id } })).body.code).toBe(1);
    const rows = await post<TableAData<SurveyAnswerRow>>('/api/surveys/answers', 'admin', { currPage: 0, limit: 10, search: JSON.stringify({ id: named.id }) });
    expect(rows.body.data.rows).toHaveLength(1);
    expect(rows.body.data.rows[0]).toMatchObject({ orgUnitName: '七年级(1)班' });
    expect(rows.body.data.rows[0].respondentName).not.toBe('');
  });

  it('the outbox batch replays an in-app answer exactly once', async () => {
    const s = await live({ oncePer: 'person', anonymous: false });
    const body = { questionnaireId: s.id, answerId: uuidv7(), values: { [s.questions[0].id]: s.questions[0].options[0].id } };
    const ops = [{ key: uuidv7(), url: '/api/surveys/answer', body }];
    const first = await post<OutboxBatchData>('/api/outbox/batch', 'student', { ops });
    expect(first.body.data.results[0]).toMatchObject({ code: 1, replayed: false, data: { answerId: body.answerId } });
    const again = await post<OutboxBatchData>('/api/outbox/batch', 'student', { ops });
    expect(again.body.data.results[0]).toMatchObject({ code: 1, replayed: true });
    expect(await answerCount(s.id)).toBe(1);
  });
});

describe('targets, messages, results', () => {
  it('parents of the grade reach through their children; the publish tells them once; results count against them with the org filter', async () => {
    // two more guardians of a 七年级(1)班 child: the one without a usable account is neither counted nor told
    const [child] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND org_unit_id = $2 AND user_type = '2' LIMIT 1`, [tenantId, class1]);
    const guardians = await guardiansWithAndWithoutAccount(t.db, tenantId, child.id);
    const s = await saved('admin', draft({ audience: 'targeted', anonymous: false, oncePer: 'person', target: { userIds: [], orgIds: [gradeId], roleCodes: ['parent'] } }));
    expect(s.targetNames.orgIds[gradeId]).toBe('七年级');
    const published = await publish('admin', s);
    const parents = Number(
      (await ownerQuery<{ n: string }>(t.db, `SELECT count(*) n FROM users u WHERE u.tenant_id = $1 AND u.user_type = '4' AND u.account_initialized_at IS NOT NULL AND u.enabled`, [tenantId]))[0].n,
    );
    expect(published.body).toMatchObject({ code: 1, msg: '问卷已发布', data: { notified: parents, targetCount: parents } });
    const messages = await ownerQuery<{ user_id: string; type: string; title: string }>(
      t.db,
      `SELECT r.user_id::text, m.type, m.title FROM messages m JOIN message_recipients r ON r.tenant_id = m.tenant_id AND r.message_id = m.id WHERE m.tenant_id = $1 AND m.link = $2`,
      [tenantId, `/survey/wjdt?id=${s.id}`],
    );
    expect(messages).toHaveLength(parents);
    expect(messages.map((m) => m.user_id)).toContain(parentId);
    expect(messages.map((m) => m.user_id)).toContain(guardians.withAccount);
    expect(messages.map((m) => m.user_id)).not.toContain(guardians.accountless);
    expect(messages[0]).toMatchObject({ type: '4', title: `请填写问卷“${s.title}”` });
    // publishing again (already published) sends nothing more
    expect((await publish('admin', published.body.data)).body.data.notified).toBe(0);

    const mineParent = await post<TableAData<MineRow>>('/api/surveys/mine', 'parent', { currPage: 0, limit: 100, search: JSON.stringify({ answered: 'no' }) });
    expect(mineParent.body.data.rows.map((row) => row.id)).toContain(s.id);
    const mineStudent = await post<TableAData<MineRow>>('/api/surveys/mine', 'student', { currPage: 0, limit: 100, search: JSON.stringify({}) });
    expect(mineStudent.body.data.rows.map((row) => row.id)).not.toContain(s.id);
    expect((await post('/api/surveys/open', 'teacher', { id: s.id })).body).toMatchObject({ code: 40300, data: { reason: 'no_permission' } });

    const values = { [s.questions[0].id]: s.questions[0].options[0].id };
    expect((await post('/api/surveys/answer', 'parent', { questionnaireId: s.id, answerId: uuidv7(), values })).body.code).toBe(1);
    const answeredMine = await post<TableAData<MineRow>>('/api/surveys/mine', 'parent', { currPage: 0, limit: 100, search: JSON.stringify({ answered: 'yes' }) });
    expect(answeredMine.body.data.rows.map((row) => row.id)).toContain(s.id);
    const results = await post<SurveyResults>('/api/surveys/results', 'admin', { id: s.id });
    expect(results.body.data).toMatchObject({ answerCount: 1, targetCount: parents });
    expect(results.body.data.rate).toBeCloseTo(1 / parents, 4);
    const class2Results = await post<SurveyResults>('/api/surveys/results', 'admin', { id: s.id, orgUnitId: class2 });
    expect(class2Results.body.data).toMatchObject({ answerCount: 0, targetCount: 6, rate: 0 });
    expect(results.body.data.results[0].optionCounts).toEqual({ [s.questions[0].options[0].id]: 1, [s.questions[0].options[1].id]: 0 });
  });

  it('word lists of Chinese text answers', async () => {
    const s = await live({ questions: [q('text', '建议', { max: 200 })] });
    for (const text of ['食堂饭菜很好吃', '希望食堂饭菜更丰富一些', '食堂饭菜太咸了', 'More sports please']) {
      const { body } = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: uuidv7(), values: { [s.questions[0].id]: text } });
      expect(body.code, body.msg).toBe(1);
    }
    const { body } = await post<SurveyResults>('/api/surveys/results', 'admin', { id: s.id });
    const words = body.data.results[0].words!;
    expect(words.find((w) => w.word === '食堂')?.count).toBe(3);
    expect(words.find((w) => w.word === '饭菜')?.count).toBe(3);
    expect(words.map((w) => w.word)).toContain('sports');
    expect(words.every((w) => /\p{Script=Han}/u.test(w.word) ? [...w.word].length >= 2 : w.word.length >= 3)).toBe(true);
    expect(words.map((w) => w.word)).not.toContain('希望');
    expect(body.data.results[0].texts![0].text).toBe('More sports please');
  });

  it('exports the raw answers as a workbook: a row per answer, readable values, numbers as numbers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/surveys/export?id=${DEMO_SURVEY_IDS.afterSchool}`, headers: { 'x-access-token': await as('admin') } });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('答卷')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '提交时间', '班级/部门', '填写人', '1. 您的孩子是否需要课后托管服务？', '2. 希望课后服务包含哪些内容？', '3. 您方便接孩子的时间', '4. 希望从哪一天开始？']);
    expect(sheet.rowCount).toBe(1 + 5);
    expect(['需要', '不需要']).toContain(sheet.getRow(2).getCell(4).value);
    expect(sheet.getRow(2).getCell(2).value).toBe('七年级(1)班');

    const numbers = await t.app.inject({ method: 'GET', url: `/api/surveys/export?id=${DEMO_SURVEY_IDS.satisfaction}&orgUnitId=${class2}`, headers: { 'x-access-token': await as('admin'), 'accept-language': 'en' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(numbers.rawPayload as unknown as ArrayBuffer);
    const answers = book.getWorksheet('Answers')!;
    expect(answers.getRow(1).getCell(1).value).toBe('Submitted at');
    expect(answers.rowCount).toBe(1 + 16);
    // anonymous: no respondent column; the rating (column 4) and the minutes (column 8) are numbers
    expect(typeof answers.getRow(2).getCell(4).value).toBe('number');
    expect(typeof answers.getRow(2).getCell(8).value).toBe('number');
    expect(String(answers.getRow(2).getCell(7).value)).toMatch(/^(教学质量|师生关系|校园环境|家校沟通): /);
  });
});

describe('the question bank', () => {
  it('admin adds, changes and deletes; a teacher reads it but may not change it', async () => {
    const question = q('single', '您最喜欢的科目', { options: [opt('语文'), opt('数学')] });
    const added = await post<BankQuestionRow>('/api/surveys/bank/save', 'admin', { version: 0, category: '学习', question });
    expect(added.body).toMatchObject({ code: 1, data: { id: question.id, category: '学习', version: 1 } });
    const changed = await post<BankQuestionRow>('/api/surveys/bank/save', 'admin', { version: 1, category: '学习', question: { ...question, title: '最喜欢的科目' } });
    expect(changed.body.data).toMatchObject({ version: 2, question: { title: '最喜欢的科目' } });
    const stale = await post('/api/surveys/bank/save', 'admin', { version: 1, category: '学习', question });
    expect(stale.body.code).toBe(40900);
    const bad = await post('/api/surveys/bank/save', 'admin', { version: 0, category: '', question: q('single', '只有一个选项', { options: [opt('一')] }) });
    expect(bad.body).toMatchObject({ code: 40000, msg: '第1题：至少需要两个选项' });
    const teacherSave = await post('/api/surveys/bank/save', 'teacher', { version: 0, category: '', question: q('text', '教师加的') });
    expect(teacherSave.body.code).toBe(40300);
    const listed = await post<TableAData<BankQuestionRow>>('/api/surveys/bank/list', 'teacher', { currPage: 0, limit: 50, search: JSON.stringify({ category: '学习' }) });
    expect(listed.body.data.rows.map((row) => row.id)).toEqual([question.id]);
    expect((await post('/api/surveys/bank/delete', 'teacher', { ids: [question.id] })).body.code).toBe(40300);
    expect((await post('/api/surveys/bank/delete', 'admin', { ids: [question.id] })).body).toMatchObject({ code: 1, data: { deleted: 1 } });
    expect((await post('/api/surveys/bank/list', 'student', { currPage: 0, limit: 10 })).body.code).toBe(40300);
  });
});

describe('public list and other schools', () => {
  it("lists the school's open public questionnaires only", async () => {
    const { body } = await pub<PublicSurveyList>('/api/surveys/public/list', {});
    expect(body.code, body.msg).toBe(1);
    expect(body.data.tenantCode).toBe(code);
    const ids = body.data.rows.map((row) => row.id);
    expect(ids).toContain(DEMO_SURVEY_IDS.satisfaction);
    for (const hidden of [DEMO_SURVEY_IDS.canteen, DEMO_SURVEY_IDS.afterSchool, DEMO_SURVEY_IDS.sportsDay]) expect(ids).not.toContain(hidden);
    expect((await call(t.app, 'POST', '/api/surveys/public/list', { json: {} })).body).toMatchObject({ code: 40000, msg: '请选择学校' });
  });

  it('another school cannot see them (row-level security)', async () => {
    const s = await live();
    const other = await call(t.app, 'POST', '/api/surveys/public/open', { json: { id: s.id }, headers: { 'x-tenant': 'demo', 'x-device-id': uuidv7() } });
    expect(other.body).toMatchObject({ code: 40400, data: { reason: 'not_found' } });
    const demoAdmin = await login(t.app, 'demo', 'admin');
    expect((await call(t.app, 'POST', '/api/surveys/get', { token: demoAdmin, json: { id: s.id } })).body.code).toBe(40400);
    expect((await call(t.app, 'POST', '/api/surveys/results', { token: demoAdmin, json: { id: s.id } })).body.code).toBe(40400);
    // a session of another school on this school's public page is not used
    const withForeignSession = await pub('/api/surveys/public/open', { id: s.id }, { token: demoAdmin });
    expect(withForeignSession.body.code).toBe(1);
    const perPerson = await live({ oncePer: 'person' });
    expect((await pub('/api/surveys/public/open', { id: perPerson.id }, { token: demoAdmin })).body).toMatchObject({ data: { reason: 'login_required' } });
  });
});

describe('results privacy (review H1)', () => {
  it("a teacher may not read the results, raw answers or export of the administrator's questionnaire; their own yes; the administrator reads the teacher's", async () => {
    const adminTeacherView = await post<SurveyDetail>('/api/surveys/get', 'teacher', { id: DEMO_SURVEY_IDS.afterSchool });
    expect(adminTeacherView.body.data.can.results).toBe(false);
    const results = await post('/api/surveys/results', 'teacher', { id: DEMO_SURVEY_IDS.afterSchool });
    expect(results.body).toMatchObject({ code: 40300, msg: '只能查看自己创建的问卷的统计结果' });
    const answers = await post('/api/surveys/answers', 'teacher', { currPage: 0, limit: 10, search: JSON.stringify({ id: DEMO_SURVEY_IDS.afterSchool }) });
    expect(answers.body).toMatchObject({ code: 40300, msg: '只能查看自己创建的问卷的统计结果', data: null });
    const exported = await t.app.inject({ method: 'GET', url: `/api/surveys/export?id=${DEMO_SURVEY_IDS.afterSchool}`, headers: { 'x-access-token': await as('teacher'), 'accept-language': 'en' } });
    expect(exported.json()).toMatchObject({ code: 40300, msg: 'You can only see the results of questionnaires you created' });

    const own = await saved('teacher', draft());
    expect(own.can.results).toBe(true);
    expect((await post('/api/surveys/results', 'teacher', { id: own.id })).body.code).toBe(1);
    expect((await post('/api/surveys/answers', 'teacher', { currPage: 0, limit: 10, search: JSON.stringify({ id: own.id }) })).body.code).toBe(1);
    const ownExport = await t.app.inject({ method: 'GET', url: `/api/surveys/export?id=${own.id}`, headers: { 'x-access-token': await as('teacher') } });
    expect(ownExport.statusCode).toBe(200);
    expect((await post('/api/surveys/results', 'admin', { id: own.id })).body.code).toBe(1);
  });
});

describe('anonymity (review H2)', () => {
  type LogRow = { user_id: string | null; ip: string; params: string; url: string };
  const logRows = async (since: Date) => {
    await t.app.appLog!.flush();
    return ownerQuery<LogRow>(t.db, `SELECT user_id::text, ip, params, url FROM app_logs WHERE tenant_id = $1 AND at >= $2 AND url LIKE '/api/%'`, [tenantId, since]);
  };

  it('an answer to an anonymous questionnaire leaves no user, address, answer id or values in app_logs or idempotency_keys; the once-key is keyed', async () => {
    const since = new Date();
    const inApp = await live({ oncePer: 'person' });
    const viaOutbox = await live({ oncePer: 'person' });
    const onPage = await live({ oncePer: 'person' });
    const valuesOf = (s: SurveyDetail) => ({ [s.questions[0].id]: s.questions[0].options[1].id });
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    const key = uuidv7();
    const first = await post<SurveyAnswerResult>('/api/surveys/answer', 'parent', { questionnaireId: inApp.id, answerId: ids[0], values: valuesOf(inApp) }, { 'idempotency-key': key });
    expect(first.body.code, first.body.msg).toBe(1);
    // the same key again: the same answer (the answer id makes it idempotent; no key record is kept)
    const again = await post<SurveyAnswerResult>('/api/surveys/answer', 'parent', { questionnaireId: inApp.id, answerId: ids[0], values: valuesOf(inApp) }, { 'idempotency-key': key });
    expect(again.body).toMatchObject({ code: 1, data: first.body.data });
    const opKey = uuidv7();
    const batch = await post<OutboxBatchData>('/api/outbox/batch', 'parent', { ops: [{ key: opKey, url: '/api/surveys/answer', body: { questionnaireId: viaOutbox.id, answerId: ids[1], values: valuesOf(viaOutbox) } }] });
    expect(batch.body.data.results[0]).toMatchObject({ code: 1 });
    const ip = uniqueIp();
    const page = await pub('/api/surveys/public/answer', { questionnaireId: onPage.id, answerId: ids[2], values: valuesOf(onPage) }, { token: await as('parent'), ip });
    expect(page.body.code, page.body.msg).toBe(1);

    const rows = (await logRows(since)).filter((row) => ['/api/surveys/answer', '/api/outbox/batch', '/api/surveys/public/answer'].includes(row.url));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.user_id).toBeNull();
      expect(row.ip).toBe('');
      for (const id of ids) expect(row.params).not.toContain(id);
    }
    const kept = await ownerQuery(t.db, 'SELECT key FROM idempotency_keys WHERE tenant_id = $1 AND key = ANY($2::uuid[])', [tenantId, [key, opKey]]);
    expect(kept).toHaveLength(0);

    const answers = await ownerQuery<{ once_key: string; address: string; questionnaire_id: string }>(
      t.db,
      'SELECT once_key, address, questionnaire_id::text FROM survey_answers WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
      [tenantId, ids],
    );
    expect(answers).toHaveLength(3);
    for (const row of answers) {
      expect(row.address).toBe('');
      expect(row.once_key).toMatch(/^h:[0-9a-f]{64}$/);
      expect(row.once_key).not.toBe(`h:${createHash('sha256').update(row.questionnaire_id + parentId).digest('hex')}`);
    }
    // still once per person, and 问卷填报 still knows it was answered
    expect((await post('/api/surveys/answer', 'parent', { questionnaireId: inApp.id, answerId: uuidv7(), values: valuesOf(inApp) })).body.code).toBe(40900);
    const mine = await post<TableAData<MineRow>>('/api/surveys/mine', 'parent', { currPage: 0, limit: 100, search: JSON.stringify({ answered: 'yes' }) });
    expect(mine.body.data.rows.map((row) => row.id)).toEqual(expect.arrayContaining([inApp.id, viaOutbox.id, onPage.id]));
  });

  it('named: the answer routes log no params, but the user and the Idempotency-Key record stay', async () => {
    const since = new Date();
    const named = await live({ oncePer: 'person', anonymous: false });
    const answerId = uuidv7();
    const key = uuidv7();
    const answered = await post('/api/surveys/answer', 'parent', { questionnaireId: named.id, answerId, values: { [named.questions[0].id]: named.questions[0].options[0].id } }, { 'idempotency-key': key });
    expect(answered.body.code, answered.body.msg).toBe(1);
    const rows = (await logRows(since)).filter((row) => row.url === '/api/surveys/answer' && row.user_id !== null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: parentId, params: '' });
    expect(await ownerQuery(t.db, 'SELECT key FROM idempotency_keys WHERE tenant_id = $1 AND key = $2', [tenantId, key])).toHaveLength(1);
  });
});

describe('public upload (review H3)', () => {
  const pictures = (answerId: string) =>
    ownerQuery<{ id: string; path: string }>(t.db, `SELECT id::text, path FROM files WHERE tenant_id = $1 AND name LIKE $2`, [tenantId, `survey-%-${answerId}.%`]);

  it('refuses before storing anything: content that is not a picture, over 2 MB whatever the category says, two files; at most Σmax pictures per answer; none for a filed answer', async () => {
    const s = await live({ questions: [q('picture', '照片', { required: false, max: 1 }), q('picture', '更多照片', { required: false, max: 1 })] });
    const device = uuidv7();
    const answerId = uuidv7();
    const pdf = await uploadPicture(s.id, answerId, device, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'a.png');
    expect(pdf).toMatchObject({ code: 40000, msg: '文件内容与扩展名不符' });
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooLarge = await uploadPicture(s.id, answerId, device, big, 'big.png', [{ name: 'category', value: 'video' }]);
    expect(tooLarge).toMatchObject({ code: 40000, msg: '上传文件大小不能超过2048KB' });
    const two = await uploadPicture(s.id, answerId, device, PNG, 'b.png', [{ name: 'file', filename: 'a.png', content: PNG }]);
    expect(two).toMatchObject({ code: 40000, msg: '每次只能上传一张图片' });
    expect(await pictures(answerId)).toHaveLength(0);

    expect((await uploadPicture(s.id, answerId, device)).code).toBe(1);
    const second = await uploadPicture(s.id, answerId, device);
    expect(second.code, second.msg).toBe(1);
    expect(await uploadPicture(s.id, answerId, device)).toMatchObject({ code: 40000, msg: '每份答卷最多上传2张图片' });
    expect(await pictures(answerId)).toHaveLength(2);

    const filed = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values: { [s.questions[0].id]: [second.data.resId] } }, { device });
    expect(filed.body.code, filed.body.msg).toBe(1);
    const other = uuidv7();
    await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: other, values: {} });
    expect(await uploadPicture(s.id, other, uuidv7())).toMatchObject({ code: 40900, msg: '该答卷已提交，不能再上传图片' });
    // the ids belong in the query: form fields are not read
    const { payload, contentType } = multipartBody([{ name: 'questionnaireId', value: s.id }, { name: 'answerId', value: uuidv7() }, { name: 'file', filename: 'p.png', content: PNG }]);
    const noQuery = await t.app.inject({ method: 'POST', url: '/api/surveys/public/upload', headers: { 'content-type': contentType, 'x-tenant': code, 'x-device-id': uuidv7() }, payload, remoteAddress: uniqueIp() });
    expect(noQuery.json()).toMatchObject({ code: 40000 });
  });

  it('unused pictures older than a day are swept; pictures go with their questionnaire', async () => {
    const s = await live({ questions: [q('picture', '照片', { required: false, max: 1 })] });
    const [kept, orphan] = [uuidv7(), uuidv7()];
    const keptFile = await uploadPicture(s.id, kept, uuidv7());
    const orphanFile = await uploadPicture(s.id, orphan, uuidv7());
    expect((await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: kept, values: { [s.questions[0].id]: [keptFile.data.resId] } })).body.code).toBe(1);
    await ownerQuery(t.db, `UPDATE files SET created_at = now() - interval '2 days' WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, [keptFile.data.resId, orphanFile.data.resId]]);
    const [orphanRow] = await pictures(orphan);
    const storage = t.app.services.files.storage as LocalFileStorage;
    expect(fs.existsSync(storage.absolute(orphanRow.path))).toBe(true);
    expect(await sweepSurveyPictures(t.db, storage)).toBeGreaterThanOrEqual(1);
    expect(await pictures(orphan)).toHaveLength(0);
    expect(fs.existsSync(storage.absolute(orphanRow.path))).toBe(false);
    const [keptRow] = await pictures(kept);
    expect(keptRow).toBeDefined();

    const off = await publish('admin', s, false);
    expect((await post('/api/surveys/delete', 'admin', { ids: [off.body.data.id] })).body.code).toBe(1);
    expect(await pictures(kept)).toHaveLength(0);
    await vi.waitFor(() => expect(fs.existsSync(storage.absolute(keptRow.path))).toBe(false));
  });
});

describe('publishing and creating (review M1, M2, M4, L6)', () => {
  const messagesTo = async (id: string) =>
    Number(
      (
        await ownerQuery<{ n: string }>(
          t.db,
          `SELECT count(*) n FROM messages m JOIN message_recipients r ON r.tenant_id = m.tenant_id AND r.message_id = m.id WHERE m.tenant_id = $1 AND m.link = $2 AND r.user_id = $3`,
          [tenantId, `/survey/wjdt?id=${id}`, parentId],
        )
      )[0].n,
    );

  it('publish, unpublish, publish: the parent is told once', async () => {
    const s = await saved('admin', draft({ audience: 'targeted', anonymous: false, oncePer: 'person', target: { userIds: [parentId], orgIds: [], roleCodes: [] } }));
    const first = await publish('admin', s);
    expect(first.body.data.notified).toBe(1);
    const off = await publish('admin', first.body.data, false);
    expect(off.body.data.publishedAt).toBe(first.body.data.publishedAt);
    const again = await publish('admin', off.body.data);
    expect(again.body).toMatchObject({ code: 1, data: { published: true, notified: 0 } });
    expect(await messagesTo(s.id)).toBe(1);
  });

  it("once published, a teacher's questionnaire keeps its audience and target (a publisher may change them)", async () => {
    const s = await saved('teacher', draft({ audience: 'targeted', anonymous: false, oncePer: 'person', target: { userIds: [], orgIds: [class1], roleCodes: ['parent'] } }));
    const on = await publish('admin', s);
    expect(on.body.code, on.body.msg).toBe(1);
    const base = { ...draft(), id: s.id, version: on.body.data.version, anonymous: false, oncePer: 'person' as const, questions: s.questions };
    const widened = await save('teacher', { ...base, audience: 'everyone', target: s.target });
    expect(widened.body).toMatchObject({ code: 40300, msg: '问卷已发布，不能修改填写对象，请先取消发布' });
    const retargeted = await save('teacher', { ...base, audience: 'targeted', target: { userIds: [], orgIds: [gradeId], roleCodes: ['parent'] } });
    expect(retargeted.body.code).toBe(40300);
    expect((await save('teacher', { ...base, audience: 'targeted', target: s.target, title: '只改标题' })).body.code).toBe(1);
    const byAdmin = await save('admin', { ...base, version: base.version + 1, audience: 'targeted', target: { userIds: [], orgIds: [gradeId], roleCodes: ['parent'] } });
    expect(byAdmin.body.code, byAdmin.body.msg).toBe(1);
  });

  it('a questionnaire not in use cannot be published, and nobody is told', async () => {
    const s = await saved('admin', draft({ audience: 'targeted', target: { userIds: [parentId], orgIds: [], roleCodes: [] } }));
    const off = await post<SurveyDetail>('/api/surveys/in-use', 'admin', { id: s.id, version: s.version, inUse: false });
    const refused = await publish('admin', off.body.data);
    expect(refused.body).toMatchObject({ code: 40000, msg: '问卷未启用，不能发布' });
    expect(await messagesTo(s.id)).toBe(0);
  });

  it('two creates (or copies) with one id at once: one wins, the other answers 40900, never 59000', async () => {
    const body = draft();
    const both = await Promise.all([save('admin', body), save('admin', body)]);
    expect(both.map((r) => r.body.code).sort()).toEqual([1, 40900]);
    const newId = uuidv7();
    const copies = await Promise.all([post('/api/surveys/copy', 'admin', { id: body.id, newId }), post('/api/surveys/copy', 'admin', { id: body.id, newId })]);
    expect(copies.map((r) => r.body.code).sort()).toEqual([1, 40900]);
  });
});

describe('answering at once and odd answers (review tests 2, L1, L2)', () => {
  it('the same answer id twice at once is one answer; two answers of one device at once: one, the other already submitted', async () => {
    const s = await live();
    const values = { [s.questions[0].id]: s.questions[0].options[0].id };
    // Several rounds (a device each): the retry may land before, during or after the first one's
    // commit (under load, between its replay check and its device check): always the same answer.
    for (let round = 0; round < 5; round += 1) {
      const device = uuidv7();
      const answerId = uuidv7();
      const same = await Promise.all([1, 2].map(() => pub<SurveyAnswerResult>('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values }, { device })));
      expect(same.map((r) => r.body.code), `round ${round}: ${same.map((r) => r.body.msg).join(' / ')}`).toEqual([1, 1]);
      expect(same[0].body.data).toEqual(same[1].body.data);
    }
    const other = uuidv7();
    const two = await Promise.all([uuidv7(), uuidv7()].map((id) => pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: id, values }, { device: other })));
    expect(two.map((r) => r.body.code).sort()).toEqual([1, 40900]);
    expect(two.find((r) => r.body.code === 40900)!.body).toMatchObject({ msg: '您已提交过该问卷，感谢参与', data: { reason: 'already_submitted' } });
    expect(await answerCount(s.id)).toBe(6);
  });

  it('an answer id of another questionnaire, too many keys, and one picture twice are refused', async () => {
    const s = await live({ questions: [q('picture', '照片', { required: false, max: 2 })] });
    const answerId = uuidv7();
    const device = uuidv7();
    const picture = await uploadPicture(s.id, answerId, device);
    const twice = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values: { [s.questions[0].id]: [picture.data.resId, picture.data.resId] } }, { device });
    expect(twice.body).toMatchObject({ code: 40000, msg: '第1题：图片未上传或不属于本问卷' });
    const flood = Object.fromEntries(Array.from({ length: 101 }, () => [uuidv7(), 'x']));
    const many = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId: uuidv7(), values: flood });
    expect(many.body.code).toBe(40000);
    const filed = await pub('/api/surveys/public/answer', { questionnaireId: s.id, answerId, values: { [s.questions[0].id]: [picture.data.resId] } }, { device });
    expect(filed.body.code, filed.body.msg).toBe(1);
    const plain = await live();
    const taken = await pub('/api/surveys/public/answer', { questionnaireId: plain.id, answerId, values: { [plain.questions[0].id]: plain.questions[0].options[0].id } });
    expect(taken.body).toMatchObject({ code: 40000, msg: '答卷编号已被其他问卷使用，请刷新页面后重试' });
    const unknown = Object.fromEntries(Array.from({ length: 60 }, () => [uuidv7(), 'x']));
    const echoed = await pub<unknown>('/api/surveys/public/answer', { questionnaireId: plain.id, answerId: uuidv7(), values: unknown });
    expect((echoed.body.data as { problems: unknown[] }).problems).toHaveLength(20);
  });
});

describe('results of anonymous questionnaires and word-list bounds (review M3, M5)', () => {
  it('an org filter with fewer than 5 answers shows no breakdown; texts carry their date only; words read only each text’s first 500 characters', async () => {
    const s = await live({ oncePer: 'person', questions: [q('text', '意见', { max: 2000 })] });
    const long = `${'好'.repeat(500)}食堂饭菜`;
    const answered = await post('/api/surveys/answer', 'parent', { questionnaireId: s.id, answerId: uuidv7(), values: { [s.questions[0].id]: long } });
    expect(answered.body.code, answered.body.msg).toBe(1);
    const all = await post<SurveyResults>('/api/surveys/results', 'admin', { id: s.id });
    expect(all.body.data).toMatchObject({ answerCount: 1, suppressed: false });
    expect(all.body.data.results[0].texts![0].at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+08:00$/);
    expect(all.body.data.results[0].words!.map((w) => w.word)).not.toContain('食堂');
    const small = await post<SurveyResults>('/api/surveys/results', 'admin', { id: s.id, orgUnitId: class1 });
    expect(small.body.data).toMatchObject({ answerCount: 1, suppressed: true, results: [] });
    // named: the breakdown stays, with exact times
    const named = await live({ oncePer: 'person', anonymous: false, questions: [q('text', '意见')] });
    await post('/api/surveys/answer', 'parent', { questionnaireId: named.id, answerId: uuidv7(), values: { [named.questions[0].id]: '食堂饭菜' } });
    const namedSmall = await post<SurveyResults>('/api/surveys/results', 'admin', { id: named.id, orgUnitId: class1 });
    expect(namedSmall.body.data).toMatchObject({ answerCount: 1, suppressed: false });
    expect(namedSmall.body.data.results[0].texts![0].at).not.toMatch(/T00:00:00\+08:00$/);
  });
});

describe('one reach rule (review L3, M7)', () => {
  it('the list (one statement for the page) and the detail count the same people for every kind of target', async () => {
    const targets = [
      { userIds: [parentId], orgIds: [], roleCodes: [] },
      { userIds: [], orgIds: [gradeId], roleCodes: ['parent'] },
      { userIds: [], orgIds: [class1], roleCodes: [] },
      { userIds: [], orgIds: [], roleCodes: ['teacher'] },
      { userIds: [parentId], orgIds: [class2], roleCodes: ['student'] },
    ];
    const title = `范围${randomBytes(3).toString('hex')}`;
    const details = [];
    for (const target of targets) details.push(await saved('admin', draft({ title, audience: 'targeted', target })));
    const list = await post<TableAData<SurveyRow>>('/api/surveys/list', 'admin', { currPage: 0, limit: 50, search: JSON.stringify({ keyword: title }) });
    expect(list.body.data.rows).toHaveLength(targets.length);
    for (const detail of details) {
      expect(detail.targetCount).toBeGreaterThan(0);
      expect(list.body.data.rows.find((row) => row.id === detail.id)!.targetCount).toBe(detail.targetCount);
    }
  });
});

describe('one clock (review L4)', () => {
  it('the public list and the list filters read the server clock, as opening does', async () => {
    const s = await live({ endsAt: iso(2) });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(Date.now() + 3 * 86_400_000));
      expect((await pub('/api/surveys/public/open', { id: s.id })).body).toMatchObject({ data: { reason: 'expired' } });
      const { body } = await pub<PublicSurveyList>('/api/surveys/public/list', {});
      expect(body.data.rows.map((row) => row.id)).not.toContain(s.id);
      const expired = await post<TableAData<SurveyRow>>('/api/surveys/list', 'admin', { currPage: 0, limit: 10, search: JSON.stringify({ keyword: s.title, timeState: 'expired' }) });
      expect(expired.body.data.rows.map((row) => row.id)).toEqual([s.id]);
    } finally {
      vi.useRealTimers();
    }
  });
});
