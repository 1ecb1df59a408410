import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAData } from '../../../contracts/envelope';
import { examBatchSaveRequest, type ExamBatchPublishData, type ExamBatchRow, type ExamOptions, type ScoreSystemRow } from '../../../contracts/exams';
import { SEED_EXAM_BATCHES } from '../../db/seed/exams';
import { translate } from '../../i18n/messages';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import { MessagesService } from '../messages/messages.service';
import { PermissionsService } from '../permissions/permissions.service';
import { ExamsService, findScoreSystem } from './exams.service';

/**
 * Exam batches, publishing, score systems and grade bands against the seeded demo school. Tests make
 * their own batches (unique names, grade 九年级 when publishing, so no demo student or parent gets a
 * message) and remove them at the end; the seeded 第一次月考 (published) and 期中考试 (unpublished)
 * are only read.
 */

let t: TestApp;
let demoId: string;
let admin: string;
let teacher: string;
let kgAdmin: string;
let options: ExamOptions;
let currentSemesterId: string;
const grade: Record<string, string> = {};
const created: string[] = [];

const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

const listBatches = async (token: string, search: Record<string, string> = {}) =>
  (await post<TableAData<ExamBatchRow>>('/api/exams/list', token, { currPage: 0, limit: 100, search: JSON.stringify(search) })).body;

const batchInput = (over: Record<string, unknown> = {}) => ({
  name: unique('测试批次'),
  semesterId: currentSemesterId,
  gradeIds: [grade['九年级']],
  subjects: ['01', '02'],
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  sort: 30,
  regular: true,
  ...over,
});

const addBatch = async (over: Record<string, unknown> = {}) => {
  const { body } = await post<{ id: string }>('/api/exams/save', admin, batchInput(over));
  expect(body.code, body.msg).toBe(1);
  created.push(body.data.id);
  return body.data.id;
};

const bands = [
  { name: '优秀', conversionScore: 95, minScore: 85, maxScore: 100 },
  { name: '合格', conversionScore: 70, minScore: 60, maxScore: 84 },
];
const systemInput = (batchId: string, over: Record<string, unknown> = {}) => ({
  batchId,
  name: unique('体系'),
  gradeIds: [],
  subjects: [],
  fullMark: 100,
  excellentLine: 85,
  passLine: 60,
  ratio: 1,
  bands,
  ...over,
});
const saveSystem = (json: unknown, headers: Record<string, string> = {}, token = admin) => post<{ id: string }>('/api/score-systems/save', token, json, headers);

/** zh and en messages of one refused save */
const messagesOf = async (url: string, json: unknown) => {
  const zh = (await post(url, admin, json)).body;
  const en = (await post(url, admin, json, EN)).body;
  expect(zh.result).toBe(false);
  expect(en.code).toBe(zh.code);
  return { code: zh.code, zh: zh.msg, en: en.msg };
};

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  admin = await login(t.app, 'demo', 'admin');
  teacher = await login(t.app, 'demo', 'teacher');
  kgAdmin = await login(t.app, 'kg', 'admin');
  const { body } = await post<ExamOptions>('/api/exams/options', admin, {});
  if (body.code !== 1) throw new Error(`options: ${body.code} ${body.msg}`);
  options = body.data;
  currentSemesterId = options.semesters.find((s) => s.isCurrent)!.id;
  for (const row of options.grades) grade[row.name] = row.id;
});

afterAll(async () => {
  if (created.length > 0) {
    const ids = created;
    await ownerQuery(
      t.db,
      `DELETE FROM score_bands WHERE tenant_id = $1 AND system_id IN (SELECT id FROM score_systems WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[]))`,
      [demoId, ids],
    );
    await ownerQuery(t.db, 'DELETE FROM score_systems WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[])', [demoId, ids]);
    await ownerQuery(
      t.db,
      'DELETE FROM scores WHERE tenant_id = $1 AND sheet_id IN (SELECT id FROM score_sheets WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[]))',
      [demoId, ids],
    );
    await ownerQuery(t.db, 'DELETE FROM score_sheets WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[])', [demoId, ids]);
    await ownerQuery(t.db, 'DELETE FROM exam_batches WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [demoId, ids]);
  }
  await t.close();
});

describe('seed and options', () => {
  it('offers the semesters (current one flagged), the grades not graduated and the STD_KM subjects', () => {
    expect(options.semesters.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(options.grades.map((g) => g.name)).toEqual(expect.arrayContaining(['七年级', '八年级', '九年级']));
    expect(options.subjects.slice(0, 3)).toEqual([
      { code: '01', name: '语文', nameEn: 'Chinese' },
      { code: '02', name: '数学', nameEn: 'Mathematics' },
      { code: '03', name: '英语', nameEn: 'English' },
    ]);
  });

  it('lists the current semester by default: 第一次月考 published (sort 10), 期中考试 unpublished (sort 20)', async () => {
    const body = await listBatches(admin);
    expect(body.code).toBe(1);
    const first = body.data.rows.find((row) => row.name === SEED_EXAM_BATCHES.firstMonthly)!;
    const mid = body.data.rows.find((row) => row.name === SEED_EXAM_BATCHES.midterm)!;
    expect(first).toMatchObject({ sort: 10, regular: true, published: true, gradeNames: ['七年级', '八年级'], subjects: ['01', '02', '03'], systemCount: 1 });
    expect(first.startDate.slice(5, 7)).toBe('10');
    expect(first.publishedByName).toBe('系统管理员');
    expect(mid).toMatchObject({ sort: 20, published: false, publishedAt: null, systemCount: 1 });
    expect(mid.startDate.slice(5, 7)).toBe('11');
    expect(body.data.rows.every((row) => row.semesterId === currentSemesterId)).toBe(true);
    // by sort
    expect(body.data.rows.indexOf(first)).toBeLessThan(body.data.rows.indexOf(mid));
  });

  it('searches by published flag and name; another semester has none of them', async () => {
    expect((await listBatches(admin, { published: '0', name: '期中' })).data.rows.map((r) => r.name)).toEqual([SEED_EXAM_BATCHES.midterm]);
    expect((await listBatches(admin, { published: '1', name: '月考' })).data.rows.map((r) => r.name)).toEqual([SEED_EXAM_BATCHES.firstMonthly]);
    const other = options.semesters.find((s) => !s.isCurrent)!;
    expect((await listBatches(admin, { semesterId: other.id })).data.rows.filter((r) => r.name === SEED_EXAM_BATCHES.firstMonthly)).toEqual([]);
  });

  it('seeds each batch a 120-point score system with four bands, highest first; findScoreSystem finds it per grade and subject', async () => {
    const first = (await listBatches(admin, { name: SEED_EXAM_BATCHES.firstMonthly })).data.rows[0];
    const { body } = await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: first.id });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ fullMark: 120, excellentLine: 102, passLine: 72, gradeIds: [], subjects: ['01', '02', '03'] });
    expect(body.data[0].bands.map((b) => [b.name, b.minScore, b.maxScore, b.conversionScore])).toEqual([
      ['优秀', 102, 120, 110],
      ['良好', 90, 101, 95],
      ['及格', 72, 89, 80],
      ['不及格', 0, 71, 60],
    ]);
    const found = await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, first.id, grade['七年级'], '02'));
    expect(found).toMatchObject({ id: body.data[0].id, fullMark: 120 });
    expect(found!.bands).toHaveLength(4);
    expect(await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, first.id, grade['七年级'], '04'))).toBeNull();
    expect(await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, first.id, grade['九年级'], '01'))).toBeNull();
    expect(await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, uuidv7(), grade['七年级'], '01'))).toBeNull();
  });

  it("has the 'grade has no scale' message for score entry, in zh and en", () => {
    expect(translate('zh', 'scoreGradeNoScale')).toBe('该年级未设置分制');
    expect(translate('en', 'scoreGradeNoScale')).toBe('This grade has no score scale');
  });
});

describe('exam batches', () => {
  it('adds a batch (end on the start day is fine) and edits it with the version it read', async () => {
    const id = await addBatch({ startDate: '2026-12-03', endDate: '2026-12-03' });
    const row = (await listBatches(admin)).data.rows.find((r) => r.id === id)!;
    expect(row).toMatchObject({ published: false, sort: 30, gradeNames: ['九年级'], subjects: ['01', '02'], systemCount: 0, version: 1 });
    const renamed = unique('改名');
    const { body } = await post('/api/exams/save', admin, { ...batchInput({ name: renamed }), id, version: row.version });
    expect(body.code, body.msg).toBe(1);
    expect((await listBatches(admin, { name: renamed })).data.rows[0]).toMatchObject({ id, version: 2 });
    // an edit from the old version is refused
    const stale = await messagesOf('/api/exams/save', { ...batchInput(), id, version: 1 });
    expect(stale).toEqual({ code: 40900, zh: '该考试批次已被他人修改，请刷新后重试', en: 'Someone else changed this exam batch; reload and try again' });
  });

  it('refuses an end before the start (SPEC §5 exam end not before start, the date helper text)', async () => {
    expect(await messagesOf('/api/exams/save', batchInput({ startDate: '2026-12-05', endDate: '2026-12-04' }))).toEqual({
      code: 40000,
      zh: '结束时间不能早于开始时间',
      en: 'The exam cannot end before it starts',
    });
  });

  it('refuses a regular sort that is not a multiple of 10; a non-regular one may use any sort 0-9999', async () => {
    expect(await messagesOf('/api/exams/save', batchInput({ sort: 15 }))).toEqual({
      code: 40000,
      zh: '常规考试的排序必须是10的倍数',
      en: 'The sort of a regular session must be a multiple of 10',
    });
    await addBatch({ sort: 15, regular: false });
    const tooBig = await messagesOf('/api/exams/save', batchInput({ sort: 10000, regular: false }));
    expect(tooBig).toEqual({ code: 40000, zh: '排序(sort)不能大于9999', en: 'Sort (sort) must be at most 9999' });
  });

  it('keeps names unique within a semester (another semester may reuse one)', async () => {
    const name = unique('重名');
    await addBatch({ name });
    expect(await messagesOf('/api/exams/save', batchInput({ name }))).toEqual({
      code: 40900,
      zh: `本学期已有名为“${name}”的考试批次`,
      en: `This semester already has an exam batch named "${name}"`,
    });
    const other = options.semesters.find((s) => !s.isCurrent)!;
    await addBatch({ name, semesterId: other.id });
  });

  it('two saves of one new name at once: one is added, the other refused with the name message (never a fault)', async () => {
    const input = batchInput({ name: unique('并发') });
    const answers = await Promise.all([post<{ id: string }>('/api/exams/save', admin, input), post<{ id: string }>('/api/exams/save', admin, input)]);
    for (const { body } of answers) if (body.code === 1) created.push(body.data.id);
    expect(answers.map(({ body }) => body.code).sort()).toEqual([1, 40900]);
    expect(answers.find(({ body }) => body.code === 40900)!.body.msg).toBe(`本学期已有名为“${input.name}”的考试批次`);
  });

  it('refuses unknown semesters, grades and subjects, and empty grade or subject lists', async () => {
    expect(await messagesOf('/api/exams/save', batchInput({ semesterId: uuidv7() }))).toMatchObject({ zh: '所选学期不存在', en: 'The selected semester does not exist' });
    expect(await messagesOf('/api/exams/save', batchInput({ gradeIds: [uuidv7()] }))).toMatchObject({ zh: '所选年级不存在或已毕业' });
    // a class is not a grade
    const [klass] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM org_units WHERE tenant_id = $1 AND kind = 'class' LIMIT 1`, [demoId]);
    expect(await messagesOf('/api/exams/save', batchInput({ gradeIds: [klass.id] }))).toMatchObject({ en: 'A selected grade does not exist or has graduated' });
    expect(await messagesOf('/api/exams/save', batchInput({ subjects: ['01', '99'] }))).toMatchObject({ zh: '所选科目不在科目字典中：99', en: 'Not subjects of this school: 99' });
    expect(await messagesOf('/api/exams/save', batchInput({ gradeIds: [] }))).toMatchObject({ zh: '年级(gradeIds)至少需要1项' });
    expect(await messagesOf('/api/exams/save', batchInput({ name: '  ' }))).toMatchObject({ zh: '名称(name)不能为空', en: 'Name (name) is required' });
  });

  it('refuses to delete a batch with scores, or with score systems; deletes an empty one', async () => {
    const id = await addBatch();
    // scores entered (as the score module would store them)
    const [klass] = await ownerQuery<{ id: string }>(
      t.db,
      `SELECT id::text FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND parent_id = $2 LIMIT 1`,
      [demoId, grade['九年级']],
    );
    const [student] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND org_unit_id = $2 LIMIT 1`, [demoId, klass.id]);
    const [adminRow] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]);
    const sheetId = uuidv7();
    await ownerQuery(t.db, `INSERT INTO score_sheets (tenant_id, id, batch_id, class_id, subject) VALUES ($1, $2, $3, $4, '01')`, [demoId, sheetId, id, klass.id]);
    await ownerQuery(t.db, `INSERT INTO scores (tenant_id, sheet_id, student_id, score, entered_by) VALUES ($1, $2, $3, 88.5, $4)`, [demoId, sheetId, student.id, adminRow.id]);
    expect(await messagesOf('/api/exams/delete', { id })).toEqual({
      code: 40900,
      zh: '该考试批次已录入成绩，不能删除',
      en: 'Scores have been entered for this exam batch; it cannot be deleted',
    });
    expect((await listBatches(admin)).data.rows.some((r) => r.id === id)).toBe(true);

    const withSystem = await addBatch();
    expect((await saveSystem(systemInput(withSystem, { bands: [] }))).body.code).toBe(1);
    expect(await messagesOf('/api/exams/delete', { id: withSystem })).toEqual({
      code: 40900,
      zh: '该考试批次下有成绩体系，请先删除成绩体系',
      en: 'This exam batch has score systems; delete them first',
    });

    const empty = await addBatch();
    const { body } = await post('/api/exams/delete', admin, { id: empty });
    expect(body.code, body.msg).toBe(1);
    expect((await listBatches(admin)).data.rows.some((r) => r.id === empty)).toBe(false);
    expect((await post('/api/exams/delete', admin, { id: empty })).body).toMatchObject({ code: 40400, msg: '考试批次不存在' });
  });

  it('refuses to drop from a batch a grade or subject that one of its score systems names', async () => {
    const id = await addBatch();
    const name = unique('数学体系');
    expect((await saveSystem(systemInput(id, { name, subjects: ['02'] }))).body.code).toBe(1);
    const row = (await listBatches(admin)).data.rows.find((r) => r.id === id)!;
    expect(await messagesOf('/api/exams/save', { ...batchInput({ name: row.name }), id, version: row.version, subjects: ['01'] })).toEqual({
      code: 40900,
      zh: `成绩体系“${name}”用到了要移除的年级或科目，请先修改该成绩体系`,
      en: `Score system "${name}" uses a grade or subject being removed; change it first`,
    });
  });
});

describe('permissions and tenants', () => {
  it('lets a teacher (kspc) read batches but not add, edit, delete or publish them', async () => {
    expect((await listBatches(teacher)).code).toBe(1);
    expect((await post('/api/exams/save', teacher, batchInput())).body.code).toBe(40300);
    expect((await post('/api/exams/delete', teacher, { id: uuidv7() })).body.code).toBe(40300);
    expect((await post('/api/score-systems/save', teacher, systemInput(uuidv7()))).body.code).toBe(40300);
    const id = await addBatch();
    const zh = (await post('/api/exams/publish', teacher, { id, published: true })).body;
    const en = (await post('/api/exams/publish', teacher, { id, published: true }, EN)).body;
    expect(zh).toMatchObject({ code: 40300, msg: '没有发布权限，请联系管理员' });
    expect(en).toMatchObject({ code: 40300, msg: 'You may not publish this, please contact the administrator' });
    expect((await listBatches(admin)).data.rows.find((r) => r.id === id)!.published).toBe(false);
  });

  it('checks the add and edit codes apart in the service: holding only kspc_add adds but cannot edit', async () => {
    // the service's own check, with a caller granted kspc and kspc_add only (no role is added to the shared seed)
    const granted = new Set(['kspc', 'kspc_add']);
    const permissions = { grantedCodes: () => Promise.resolve(granted), assertHas: PermissionsService.prototype.assertHas } as unknown as PermissionsService;
    const service = new ExamsService(permissions, new MessagesService());
    const [adminRow] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]);
    const session = { tenantId: demoId, userId: adminRow.id } as Session;
    const { id } = await t.db.withTenant(demoId, (tx) => service.save(tx, session, examBatchSaveRequest.parse(batchInput())));
    created.push(id);
    const refused = await t.db.withTenant(demoId, (tx) => service.save(tx, session, examBatchSaveRequest.parse({ ...batchInput(), id, version: 1 }))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(40300);
    expect((refused as AppError).messageIn('zh')).toBe('没有权限，请联系管理员');
    const deleteRefused = await t.db.withTenant(demoId, (tx) => service.delete(tx, session, { id })).catch((e: unknown) => e);
    expect((deleteRefused as AppError).code).toBe(40300);
  });

  it("never reaches another school's batch or score system", async () => {
    const first = (await listBatches(admin, { name: SEED_EXAM_BATCHES.firstMonthly })).data.rows[0];
    expect((await listBatches(kgAdmin)).data.rows.some((r) => r.id === first.id)).toBe(false);
    expect((await post('/api/score-systems/list', kgAdmin, { batchId: first.id })).body).toMatchObject({ code: 40400, msg: '考试批次不存在' });
    expect((await post('/api/exams/publish', kgAdmin, { id: first.id, published: false })).body.code).toBe(40400);
    expect((await post('/api/exams/delete', kgAdmin, { id: first.id })).body.code).toBe(40400);
    expect((await post('/api/exams/save', kgAdmin, { ...batchInput(), id: first.id, version: 1 })).body.code).toBe(40400);
    expect((await saveSystem(systemInput(first.id), {}, kgAdmin)).body.code).toBe(40400);
    const system = (await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: first.id })).body.data[0];
    expect((await post('/api/score-systems/delete', kgAdmin, { id: system.id })).body.code).toBe(40400);
    // still published, still there
    expect((await listBatches(admin, { name: SEED_EXAM_BATCHES.firstMonthly })).data.rows[0]).toMatchObject({ published: true, systemCount: 1 });
  });
});

describe('publishing', () => {
  it("publishes (time and publisher), tells the grade's students and their parents once, unpublishes", async () => {
    const id = await addBatch();
    const { body } = await post<ExamBatchPublishData>('/api/exams/publish', admin, { id, published: true });
    expect(body).toMatchObject({ code: 1, msg: '发布成功，已通知学生和家长' });
    // parents with a usable account; the seed's guardians without one (家庭信息) are not told
    const parentsOfGrade = (usable: boolean) => `(SELECT count(DISTINCT ps.parent_id) FROM parent_students ps JOIN users u ON u.tenant_id = ps.tenant_id AND u.id = ps.student_id
                 JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id
                WHERE ps.tenant_id = $1 AND c.parent_id = $2 AND u.user_type = '2' AND u.enabled AND (p.account_initialized_at IS NOT NULL AND p.enabled) = ${usable})`;
    const [counts] = await ownerQuery<{ students: string; parents: string; accountless: string }>(
      t.db,
      `SELECT (SELECT count(*) FROM users u JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
                WHERE u.tenant_id = $1 AND u.user_type = '2' AND u.enabled AND c.parent_id = $2) students,
              ${parentsOfGrade(true)} parents, ${parentsOfGrade(false)} accountless`,
      [demoId, grade['九年级']],
    );
    expect(Number(counts.students)).toBeGreaterThan(0);
    expect(Number(counts.accountless)).toBeGreaterThan(0);
    expect(body.data.notified).toBe(Number(counts.students) + Number(counts.parents));
    const row = (await listBatches(admin)).data.rows.find((r) => r.id === id)!;
    expect(row).toMatchObject({ published: true, publishedByName: '系统管理员' });
    expect(row.publishedAt).not.toBeNull();
    const name = row.name;
    // one message for every recipient, stored as a key and parameters (each reads it in their language)
    const messages = await ownerQuery<{ type: string; link: string; content: string; message_key: string; message_params: unknown; n: string }>(
      t.db,
      `SELECT m.type, m.link, m.content, m.message_key, m.message_params, count(r.user_id) n FROM messages m JOIN message_recipients r ON r.tenant_id = m.tenant_id AND r.message_id = m.id
        WHERE m.tenant_id = $1 AND m.title = $2 GROUP BY m.type, m.link, m.content, m.message_key, m.message_params, m.id`,
      [demoId, `成绩发布：${name}`],
    );
    expect(messages).toEqual([
      {
        type: '3',
        link: '/jxgl/wdcj',
        content: `<p>${name}（2026-12-01 ~ 2026-12-02）的成绩已发布，请到“我的成绩”查看。</p>`,
        message_key: 'scoresReleased',
        message_params: { name, dates: '2026-12-01 ~ 2026-12-02' },
        n: String(body.data.notified),
      },
    ]);
    // publishing again changes nothing and tells nobody
    expect((await post<ExamBatchPublishData>('/api/exams/publish', admin, { id, published: true })).body.data).toEqual({ published: true, notified: 0 });

    const off = (await post<ExamBatchPublishData>('/api/exams/publish', admin, { id, published: false }, EN)).body;
    expect(off).toMatchObject({ code: 1, msg: 'Unpublished', data: { published: false, notified: 0 } });
    expect((await listBatches(admin)).data.rows.find((r) => r.id === id)).toMatchObject({ published: false, publishedAt: null, publishedByName: null });
  });
});

describe('score systems and grade bands', () => {
  let batchId: string;
  beforeAll(async () => {
    batchId = await addBatch({ gradeIds: [grade['九年级'], grade['八年级']], subjects: ['01', '02', '03'] });
  });

  it('adds a system with bands (stored highest first), edits it, lists it', async () => {
    const name = unique('体系');
    const { body } = await saveSystem(systemInput(batchId, { name, subjects: ['01'], bands: [...bands].reverse() }));
    expect(body.code, body.msg).toBe(1);
    const list = (await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId })).body.data;
    const system = list.find((s) => s.id === body.data.id)!;
    expect(system).toMatchObject({ name, fullMark: 100, excellentLine: 85, passLine: 60, ratio: 1, subjects: ['01'], gradeIds: [] });
    expect(system.bands.map((b) => b.name)).toEqual(['优秀', '合格']);
    const edited = await saveSystem({ ...systemInput(batchId, { name, subjects: ['01'], ratio: 0.3, bands: [bands[0]] }), id: system.id, version: system.version });
    expect(edited.body.code, edited.body.msg).toBe(1);
    const again = (await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId })).body.data.find((s) => s.id === system.id)!;
    expect(again).toMatchObject({ ratio: 0.3, version: system.version + 1 });
    expect(again.bands).toHaveLength(1);
    expect(await messagesOf('/api/score-systems/save', { ...systemInput(batchId, { subjects: ['01'] }), name, id: system.id, version: system.version })).toMatchObject({
      code: 40900,
      zh: '该成绩体系已被他人修改，请刷新后重试',
    });
  });

  const rule = (over: Record<string, unknown>) => messagesOf('/api/score-systems/save', systemInput(batchId, { subjects: ['03'], ...over }));
  const band = (over: Record<string, unknown>) => [{ ...bands[0], ...over }];

  it('refuses a band whose minimum is above its maximum', async () => {
    expect(await rule({ bands: band({ minScore: 90, maxScore: 80, conversionScore: 85 }) })).toEqual({
      code: 40000,
      zh: '第1个等级：最低分不能高于最高分',
      en: 'Band 1: the minimum must not be above the maximum',
    });
  });

  it('refuses a conversion score outside the band', async () => {
    expect(await rule({ bands: band({ conversionScore: 80 }) })).toEqual({
      code: 40000,
      zh: '第1个等级：换算分必须在最低分85和最高分100之间',
      en: 'Band 1: the conversion score must be between the minimum (85) and the maximum (100)',
    });
  });

  it('refuses boundaries that are not integers 0-200, or above the full mark', async () => {
    const boundary = { code: 40000, zh: '第1个等级：分数必须是0-200之间的整数', en: 'Band 1: scores must be whole numbers from 0 to 200' };
    expect(await rule({ bands: band({ minScore: 85.5 }) })).toEqual(boundary);
    expect(await rule({ bands: band({ minScore: -1 }) })).toEqual(boundary);
    expect(await rule({ fullMark: 200, bands: band({ maxScore: 201 }) })).toEqual(boundary);
    expect(await rule({ bands: band({ maxScore: 110 }) })).toEqual({
      code: 40000,
      zh: '第1个等级：分数不能高于满分100',
      en: 'Band 1: scores cannot be above the full mark (100)',
    });
  });

  it('refuses a full mark outside 0-200 or not whole', async () => {
    const expected = { code: 40000, zh: '满分必须是0-200之间的整数', en: 'The full mark must be a whole number from 0 to 200' };
    expect(await rule({ fullMark: 201, bands: [] })).toEqual(expected);
    expect(await rule({ fullMark: 99.5, bands: [] })).toEqual(expected);
  });

  it('refuses an excellent line below the pass line, and lines outside 0..full mark', async () => {
    expect(await rule({ excellentLine: 50, passLine: 60 })).toEqual({
      code: 40000,
      zh: '优秀线不能低于及格线',
      en: 'The excellent line must not be below the pass line',
    });
    expect(await rule({ excellentLine: 101 })).toEqual({
      code: 40000,
      zh: '优秀线和及格线必须在0到满分100之间',
      en: 'The excellent and pass lines must be between 0 and the full mark (100)',
    });
  });

  it('refuses a band name used twice and bands that overlap', async () => {
    expect(await rule({ bands: [bands[0], { ...bands[1], name: '优秀' }] })).toEqual({
      code: 40000,
      zh: '第2个等级：等级名称“优秀”重复',
      en: 'Band 2: the band name "优秀" is used twice',
    });
    expect(await rule({ bands: [bands[0], { ...bands[1], maxScore: 85 }] })).toEqual({
      code: 40000,
      zh: '第2个等级：分数段与等级“优秀”重叠',
      en: 'Band 2: its range overlaps band "优秀"',
    });
  });

  it('allows one system per grade and subject of a batch', async () => {
    const name = unique('英语');
    expect((await saveSystem(systemInput(batchId, { name, gradeIds: [grade['八年级']], subjects: ['03'] }))).body.code).toBe(1);
    // 九年级 英语 is still free
    expect((await saveSystem(systemInput(batchId, { gradeIds: [grade['九年级']], subjects: ['03'] }))).body.code).toBe(1);
    expect(await rule({ gradeIds: [], subjects: ['02', '03'] })).toEqual({
      code: 40900,
      zh: `八年级英语已由成绩体系“${name}”覆盖，每个年级的每个科目只能有一个成绩体系`,
      en: `Grade 8 English is already covered by score system "${name}"; a grade's subject can have only one score system`,
    });
    const found = await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, batchId, grade['八年级'], '03'));
    expect(found?.name).toBe(name);
  });

  it('refuses grades and subjects outside the batch, and a name used twice in the batch', async () => {
    expect(await rule({ gradeIds: [grade['七年级']] })).toMatchObject({ code: 40000, zh: '所选年级不在该考试批次中', en: 'A selected grade is not in this exam batch' });
    expect(await rule({ subjects: ['04'] })).toMatchObject({ code: 40000, zh: '所选科目不在该考试批次中' });
    const name = unique('同名');
    const other = await addBatch();
    expect((await saveSystem(systemInput(other, { name, subjects: ['01'] }))).body.code).toBe(1);
    expect(await messagesOf('/api/score-systems/save', systemInput(other, { name, subjects: ['02'] }))).toEqual({
      code: 40900,
      zh: `该考试批次已有名为“${name}”的成绩体系`,
      en: `This exam batch already has a score system named "${name}"`,
    });
  });

  it('refuses to delete a system that has grade bands; deletes it once its bands are removed', async () => {
    const other = await addBatch();
    const { body } = await saveSystem(systemInput(other));
    const id = body.data.id;
    expect(await messagesOf('/api/score-systems/delete', { id })).toEqual({
      code: 40900,
      zh: '该成绩体系下有等级，不能删除，请先删除其等级',
      en: 'This score system has grade bands and cannot be deleted; delete its bands first',
    });
    const system = (await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: other })).body.data[0];
    expect((await saveSystem({ ...systemInput(other, { name: system.name }), id, version: system.version, bands: [] })).body.code).toBe(1);
    expect((await post('/api/score-systems/delete', admin, { id })).body.code).toBe(1);
    expect((await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: other })).body.data).toEqual([]);
    expect((await post('/api/score-systems/delete', admin, { id }, EN)).body).toMatchObject({ code: 40400, msg: 'No such score system' });
  });
});

/* ------------------------------------------------------------------ review of issue 7: 1.2, 1.3, 1.4, 1.8 */

type Queryable = { query: (text: string, values?: unknown[]) => Promise<unknown> };
const ownerPool = (): Queryable => t.db.pool;

/** A class of the grade and one of its students, and the admin's id (who enters the score). */
const classOf = async (gradeName: string) => {
  const [klass] = await ownerQuery<{ id: string }>(
    t.db,
    `SELECT id::text FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND parent_id = $2 ORDER BY name LIMIT 1`,
    [demoId, grade[gradeName]],
  );
  const [student] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND org_unit_id = $2 AND user_type = '2' LIMIT 1`, [
    demoId,
    klass.id,
  ]);
  const [adminRow] = await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]);
  return { classId: klass.id, studentId: student.id, adminId: adminRow.id };
};

/** Stores one score as the score module would (a sheet of the grade's first class and the subject). */
const storeScore = async (batchId: string, subject: string, score: number, gradeName = '九年级', db: Queryable = ownerPool()) => {
  const { classId, studentId, adminId } = await classOf(gradeName);
  const sheetId = uuidv7();
  await db.query(`INSERT INTO score_sheets (tenant_id, id, batch_id, class_id, subject) VALUES ($1, $2, $3, $4, $5)`, [demoId, sheetId, batchId, classId, subject]);
  await db.query(`INSERT INTO scores (tenant_id, sheet_id, student_id, score, entered_by) VALUES ($1, $2, $3, $4, $5)`, [demoId, sheetId, studentId, score, adminId]);
};

/** An open transaction of its own (as a score save in flight); the caller commits or rolls back. */
const openTx = async () => {
  const client = await t.db.pool.connect();
  await client.query('BEGIN');
  return {
    client,
    end: async (how: 'COMMIT' | 'ROLLBACK') => {
      try {
        await client.query(how);
      } finally {
        client.release();
      }
    },
  };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const batchRow = async (id: string) => (await listBatches(admin, {})).data.rows.find((r) => r.id === id);
const systemsOf = async (batchId: string) => (await post<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId })).body.data;

describe('locks: publish and delete wait for a score save in flight (review 1.2)', () => {
  it('two publishes at once while a save holds the batch: the batch is published once and its students and parents are told once', async () => {
    const id = await addBatch();
    const name = (await batchRow(id))!.name;
    const save = await openTx();
    await save.client.query('SELECT 1 FROM exam_batches WHERE tenant_id = $1 AND id = $2 FOR SHARE', [demoId, id]);
    const answers = Promise.all([
      post<ExamBatchPublishData>('/api/exams/publish', admin, { id, published: true }),
      post<ExamBatchPublishData>('/api/exams/publish', admin, { id, published: true }),
    ]);
    await pause(400);
    await save.end('COMMIT');
    const bodies = (await answers).map(({ body }) => body);
    expect(bodies.map((body) => body.code)).toEqual([1, 1]);
    const notified = bodies.map((body) => body.data.notified).sort((a, b) => a - b);
    expect(notified[0]).toBe(0);
    expect(notified[1]).toBeGreaterThan(0);
    const [{ n }] = await ownerQuery<{ n: string }>(t.db, `SELECT count(*) n FROM messages WHERE tenant_id = $1 AND title = $2`, [
      demoId,
      `成绩发布：${name}`,
    ]);
    expect(Number(n)).toBe(1);
    expect((await post('/api/exams/publish', admin, { id, published: false })).body.code).toBe(1);
  });

  it("deleting a batch while a first score save is in flight waits for it and then refuses (scores entered), never a fault", async () => {
    const id = await addBatch();
    const save = await openTx();
    await save.client.query('SELECT 1 FROM exam_batches WHERE tenant_id = $1 AND id = $2 FOR SHARE', [demoId, id]);
    await storeScore(id, '01', 75, '九年级', save.client);
    const answer = post('/api/exams/delete', admin, { id });
    await pause(400);
    await save.end('COMMIT');
    expect((await answer).body).toMatchObject({ code: 40900, msg: '该考试批次已录入成绩，不能删除' });
    expect(await batchRow(id)).toBeDefined();
  });
});

describe('a published batch and its score systems cannot change (review 1.3)', () => {
  const locked = { code: 40300, zh: '考试批次已发布，不能修改；请先取消发布', en: 'The exam batch is published and cannot be changed; unpublish it first' };

  it('refuses editing the batch, adding, editing or deleting its score systems until it is unpublished', async () => {
    const id = await addBatch();
    const empty = await saveSystem(systemInput(id, { subjects: ['01'], bands: [] }));
    expect(empty.body.code, empty.body.msg).toBe(1);
    const withBands = await saveSystem(systemInput(id, { subjects: ['02'] }));
    expect(withBands.body.code, withBands.body.msg).toBe(1);
    expect((await post('/api/exams/publish', admin, { id, published: true })).body.code).toBe(1);
    const row = (await batchRow(id))!;
    const [emptySystem, system] = await systemsOf(id);

    expect(await messagesOf('/api/exams/save', { ...batchInput({ name: row.name, endDate: '2026-12-05' }), id, version: row.version })).toEqual(locked);
    expect(await messagesOf('/api/score-systems/save', { ...systemInput(id, { name: system.name, subjects: ['02'], fullMark: 150 }), id: system.id, version: system.version })).toEqual(
      locked,
    );
    expect(await messagesOf('/api/score-systems/save', systemInput(id, { subjects: [] , bands: [] }))).toEqual(locked);
    expect(await messagesOf('/api/score-systems/delete', { id: emptySystem.id })).toEqual(locked);
    // nothing changed
    expect(await batchRow(id)).toMatchObject({ endDate: '2026-12-02', version: row.version, systemCount: 2 });
    expect((await systemsOf(id)).find((s) => s.id === system.id)).toMatchObject({ fullMark: 100, version: system.version });

    expect((await post('/api/exams/publish', admin, { id, published: false })).body.code).toBe(1);
    const unpublished = (await batchRow(id))!;
    expect((await post('/api/exams/save', admin, { ...batchInput({ name: row.name, endDate: '2026-12-05' }), id, version: unpublished.version })).body.code).toBe(1);
    expect((await post('/api/score-systems/delete', admin, { id: emptySystem.id })).body.code).toBe(1);
  });

  it('refuses a full mark below the highest score entered on the sheets the system covers', async () => {
    const id = await addBatch({ subjects: ['01', '02'] });
    const wide = [{ name: '优秀', conversionScore: 100, minScore: 90, maxScore: 120 }];
    const { body } = await saveSystem(systemInput(id, { subjects: ['01'], fullMark: 120, excellentLine: 100, passLine: 72, bands: wide }));
    expect(body.code, body.msg).toBe(1);
    await storeScore(id, '01', 110);
    const system = (await systemsOf(id))[0];
    const edit = (fullMark: number) => ({ ...systemInput(id, { name: system.name, subjects: ['01'], fullMark, excellentLine: 85, passLine: 60, bands: [] }), id: system.id, version: system.version });
    expect(await messagesOf('/api/score-systems/save', edit(100))).toEqual({
      code: 40900,
      zh: '已录入的成绩最高为110分，满分不能低于110',
      en: 'A score of 110 has already been entered; the full mark cannot be below 110',
    });
    expect((await systemsOf(id))[0]).toMatchObject({ fullMark: 120, version: system.version });
    // a system of another subject is not held by that score; the full mark may come down to the score itself
    expect((await saveSystem(systemInput(id, { subjects: ['02'], fullMark: 100 }))).body.code).toBe(1);
    expect((await saveSystem(edit(110))).body.code).toBe(1);
  });
});

describe('entered scores stay reachable when a batch is edited (review 1.4)', () => {
  it('refuses removing a grade or subject that has scores and changing the semester once there are scores; other edits go through', async () => {
    const id = await addBatch({ gradeIds: [grade['九年级'], grade['八年级']], subjects: ['01', '02', '03'] });
    await storeScore(id, '03', 66);
    const row = (await batchRow(id))!;
    const edit = (over: Record<string, unknown>) => ({ ...batchInput({ name: row.name, gradeIds: row.gradeIds, subjects: row.subjects, ...over }), id, version: row.version });
    expect(await messagesOf('/api/exams/save', edit({ subjects: ['01', '02'] }))).toEqual({
      code: 40900,
      zh: '英语已有本考试批次的成绩，不能从批次中移除该科目',
      en: 'Scores of 英语 have been entered for this exam batch; the subject cannot be removed from it',
    });
    expect(await messagesOf('/api/exams/save', edit({ gradeIds: [grade['八年级']] }))).toEqual({
      code: 40900,
      zh: '九年级已有本考试批次的成绩，不能从批次中移除该年级',
      en: 'Scores of Grade 9 have been entered for this exam batch; the grade cannot be removed from it',
    });
    const other = options.semesters.find((s) => !s.isCurrent)!;
    expect(await messagesOf('/api/exams/save', edit({ semesterId: other.id }))).toEqual({
      code: 40900,
      zh: '该考试批次已录入成绩，不能更改学期',
      en: 'Scores have been entered for this exam batch; its semester cannot be changed',
    });
    expect(await batchRow(id)).toMatchObject({ subjects: ['01', '02', '03'], version: row.version });
    // 八年级 and 语文 have no scores: they may go
    const { body } = await post('/api/exams/save', admin, edit({ gradeIds: [grade['九年级']], subjects: ['02', '03'] }));
    expect(body.code, body.msg).toBe(1);
    expect(await batchRow(id)).toMatchObject({ gradeNames: ['九年级'], subjects: ['02', '03'] });
  });
});

describe('versions on edit (review 1.8)', () => {
  it('refuses an edit of a batch or a score system without the version it was read at, and changes nothing', async () => {
    const id = await addBatch();
    const row = (await batchRow(id))!;
    expect(await messagesOf('/api/exams/save', { ...batchInput({ name: row.name, sort: 40 }), id })).toEqual({
      code: 40000,
      zh: '版本(version)不能为空',
      en: 'Version (version) is required',
    });
    expect(await batchRow(id)).toMatchObject({ sort: 30, version: row.version });
    expect((await saveSystem(systemInput(id, { subjects: ['01'] }))).body.code).toBe(1);
    const system = (await systemsOf(id))[0];
    expect(await messagesOf('/api/score-systems/save', { ...systemInput(id, { name: system.name, subjects: ['01'], ratio: 0.5 }), id: system.id })).toMatchObject({
      code: 40000,
      zh: '版本(version)不能为空',
    });
    expect((await systemsOf(id))[0]).toMatchObject({ ratio: 1, version: system.version });
  });

  it('a band written by someone else while the bands are replaced: a clear refusal (reload and try again), not a fault', async () => {
    const id = await addBatch();
    expect((await saveSystem(systemInput(id, { subjects: ['01'], bands: [] }))).body.code).toBe(1);
    const system = (await systemsOf(id))[0];
    const other = await openTx();
    await other.client.query(
      `INSERT INTO score_bands (tenant_id, id, system_id, name, conversion_score, min_score, max_score, sort) VALUES ($1, $2, $3, '优秀', 95, 85, 100, 10)`,
      [demoId, uuidv7(), system.id],
    );
    const answer = saveSystem({ ...systemInput(id, { name: system.name, subjects: ['01'] }), id: system.id, version: system.version });
    await pause(400);
    await other.end('COMMIT');
    expect((await answer).body).toMatchObject({ code: 40900, msg: '该成绩体系已被他人修改，请刷新后重试' });
    expect((await systemsOf(id))[0].bands.map((b) => b.name)).toEqual(['优秀']);
  });
});
