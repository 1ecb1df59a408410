import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, TableAData } from '../../../contracts/envelope';
import type { MyScoreRow, MyScoresData, ScoreCell, ScoreChange, ScoreImportResult, ScoreOptions, ScoreSheet } from '../../../contracts/scores';
import { buildTestApp, call, createUser, login, ownerQuery, type TestApp, tenantIdOf, uniqueIp } from '../../test/helpers';
import { type MultipartPart, multipartBody } from '../../test/multipart';
import { findScoreSystem } from '../exams/exams.service';

/**
 * Score entry against the seeded demo school. Every test makes its own exam batch (七年级, subjects
 * 01 02 03, a score system with a full mark of 100 unless told otherwise), so tests never see each
 * other's writes and do not depend on the demo batches' seed.
 */

let t: TestApp;
let demoId: string;
let teacher: string;
let admin: string;
let student: string;
let parent: string;
let kgAdmin: string;
let semesterId: string;
let grade7: string;
const classIds: Record<string, string> = {};
/** batches made by makeBatch, removed after the file (other test files list the demo school's batches) */
const madeBatches: string[] = [];

const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const en = { 'x-lang': 'en' };

interface BatchOptions {
  published?: boolean;
  /** false: no score system at all */
  system?: boolean;
  fullMark?: number;
}

/** A fresh exam batch of 七年级 (subjects 01 02 03) in the current semester, with a score system and bands. */
async function makeBatch(options: BatchOptions = {}): Promise<string> {
  const id = uuidv7();
  madeBatches.push(id);
  await ownerQuery(
    t.db,
    `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date, sort, published, published_at)
     VALUES ($1, $2, $3, $4, ARRAY[$5]::uuid[], ARRAY['01','02','03'], '2026-11-02', '2026-11-03', 10, $6, CASE WHEN $6 THEN now() END)`,
    [demoId, id, semesterId, `测试考试${randomBytes(4).toString('hex')}`, grade7, options.published ?? false],
  );
  if (options.system !== false) {
    const systemId = uuidv7();
    await ownerQuery(
      t.db,
      `INSERT INTO score_systems (tenant_id, id, batch_id, name, grade_ids, subjects, full_mark, excellent_line, pass_line, ratio)
       VALUES ($1, $2, $3, '百分制', '{}', '{}', $4, 85, 60, 1)`,
      [demoId, systemId, id, options.fullMark ?? 100],
    );
    await ownerQuery(
      t.db,
      `INSERT INTO score_bands (tenant_id, id, system_id, name, conversion_score, min_score, max_score, sort)
       VALUES ($1, $2, $5, '优秀', 95, 85, 100, 10), ($1, $3, $5, '良好', 80, 70, 84, 20), ($1, $4, $5, '不及格', 30, 0, 59, 40)`,
      [demoId, uuidv7(), uuidv7(), uuidv7(), systemId],
    );
  }
  return id;
}

const publish = (batchId: string) => ownerQuery(t.db, 'UPDATE exam_batches SET published = true, published_at = now() WHERE tenant_id = $1 AND id = $2', [demoId, batchId]);

const sheetOf = async (batchId: string, className: string, subject: string, token = teacher) => {
  const { body } = await post<ScoreSheet>('/api/scores/sheet', token, { batchId, classId: classIds[className], subject });
  expect(body.code, body.msg).toBe(1);
  return body.data;
};

const save = (token: string, cell: Record<string, unknown>, key?: string, headers: Record<string, string> = {}) =>
  post<ScoreCell>('/api/scores/save', token, { mark: '', ...cell }, { ...(key ? { 'idempotency-key': key } : {}), ...headers });

const scoreRows = async (batchId: string, studentId?: string) =>
  ownerQuery<{ student_id: string; score: string | null; mark: string; version: number }>(
    t.db,
    `SELECT sc.student_id, sc.score, sc.mark, sc.version FROM scores sc JOIN score_sheets sh ON sh.tenant_id = sc.tenant_id AND sh.id = sc.sheet_id
     WHERE sh.tenant_id = $1 AND sh.batch_id = $2 ${studentId ? 'AND sc.student_id = $3' : ''}`,
    studentId ? [demoId, batchId, studentId] : [demoId, batchId],
  );

const changeRows = async (batchId: string) =>
  Number(
    (
      await ownerQuery<{ n: string }>(
        t.db,
        `SELECT count(*) n FROM score_changes ch JOIN score_sheets sh ON sh.tenant_id = ch.tenant_id AND sh.id = ch.sheet_id WHERE sh.tenant_id = $1 AND sh.batch_id = $2`,
        [demoId, batchId],
      )
    )[0].n,
  );

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  for (const row of await ownerQuery<{ id: string; name: string }>(t.db, `SELECT id::text, name FROM org_units WHERE tenant_id = $1 AND kind = 'class'`, [demoId])) {
    classIds[row.name] = row.id;
  }
  grade7 = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM org_units WHERE tenant_id = $1 AND kind = 'grade' AND name = '七年级'`, [demoId]))[0].id;
  semesterId = (await ownerQuery<{ id: string }>(t.db, 'SELECT id::text FROM semesters WHERE tenant_id = $1 AND is_current', [demoId]))[0].id;
  [teacher, admin, student, parent, kgAdmin] = await Promise.all([
    login(t.app, 'demo', 'teacher'),
    login(t.app, 'demo', 'admin'),
    login(t.app, 'demo', 'student'),
    login(t.app, 'demo', 'parent'),
    login(t.app, 'kg', 'admin'),
  ]);
});
afterAll(async () => {
  const ids = [demoId, madeBatches];
  // sheets take their scores and audit rows with them (ON DELETE CASCADE)
  await ownerQuery(t.db, 'DELETE FROM score_sheets WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[])', ids);
  await ownerQuery(
    t.db,
    'DELETE FROM score_bands WHERE tenant_id = $1 AND system_id IN (SELECT id FROM score_systems WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[]))',
    ids,
  );
  await ownerQuery(t.db, 'DELETE FROM score_systems WHERE tenant_id = $1 AND batch_id = ANY($2::uuid[])', ids);
  await ownerQuery(t.db, 'DELETE FROM exam_batches WHERE tenant_id = $1 AND id = ANY($2::uuid[])', ids);
  await t.close();
});

describe('options and sheets', () => {
  it("offers the teacher's classes and subjects only (head of 七年级(1)班: every subject; maths in (2)); managers see every class", async () => {
    const batchId = await makeBatch();
    const { body } = await post<ScoreOptions>('/api/scores/options', teacher, {});
    expect(body.code, body.msg).toBe(1);
    expect(body.data.semesterId).toBe(semesterId);
    expect(body.data.semesters.find((s) => s.id === semesterId)?.isCurrent).toBe(true);
    const batch = body.data.batches.find((b) => b.batchId === batchId)!;
    expect(batch.classes.map((c) => c.className)).toEqual(['七年级(1)班', '七年级(2)班']);
    expect(batch.classes[0].subjects.map((s) => s.subject)).toEqual(['01', '02', '03']);
    expect(batch.classes[1].subjects).toEqual([{ subject: '02', submitted: false, taught: true }]);
    // what the teacher teaches (maths in both) apart from what heading (1) lets them read
    expect(batch.classes[0].subjects.filter((s) => s.taught).map((s) => s.subject)).toEqual(['02']);
    expect(batch.classes[0].gradeName).toBe('七年级');

    const all = await post<ScoreOptions>('/api/scores/options', admin, { semesterId });
    const adminBatch = all.body.data.batches.find((b) => b.batchId === batchId)!;
    expect(adminBatch.classes.length).toBeGreaterThan(2);
    expect(adminBatch.classes.every((c) => c.subjects.length === 3)).toBe(true);
    // the administrator teaches nothing: no sheet of theirs
    expect(adminBatch.classes.some((c) => c.subjects.some((s) => s.taught))).toBe(false);
  });

  it('opens a sheet: the roster by student number, empty cells at version 0, the score system with its bands', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    expect(sheet).toMatchObject({ className: '七年级(1)班', subject: '02', submitted: false, editable: true, batch: { id: batchId, published: false } });
    expect(sheet.students).toHaveLength(40);
    expect(sheet.students.map((s) => s.studentNo)).toEqual([...sheet.students.map((s) => s.studentNo)].sort());
    expect(sheet.cells.every((c) => c.version === 0 && c.score === null && c.mark === '')).toBe(true);
    expect(sheet.system).toMatchObject({ name: '百分制', fullMark: 100, excellentLine: 85, passLine: 60 });
    expect(sheet.noScale).toBeUndefined();
    expect(sheet.system!.bands.map((b) => b.name)).toEqual(['优秀', '良好', '不及格']);
  });

  it("without a scale the sheet still shows, read-only (noScale); writes say 'grade has no scale' (42200)", async () => {
    const batchId = await makeBatch({ system: false });
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    expect(sheet).toMatchObject({ system: null, noScale: true, editable: false, submitted: false });
    expect(sheet.students).toHaveLength(40);
    expect((await post<ScoreChange[]>('/api/scores/changes', teacher, target)).body).toMatchObject({ code: 1, data: [] });
    const zhSave = await save(teacher, { ...target, studentId: sheet.students[0].studentId, score: 1, baseVersion: 0 });
    expect(zhSave.body).toMatchObject({ code: 42200, result: false, msg: '该年级未设置分制' });
    const enSave = await save(teacher, { ...target, studentId: sheet.students[0].studentId, score: 1, baseVersion: 0 }, undefined, en);
    expect(enSave.body).toMatchObject({ code: 42200, msg: 'This grade has no score scale' });
    expect((await post('/api/scores/submit', teacher, target)).body).toMatchObject({ code: 42200, msg: '该年级未设置分制' });
    // opening it made no sheet row (nothing can be written there)
    const sheets = await ownerQuery(t.db, 'SELECT 1 FROM score_sheets WHERE tenant_id = $1 AND batch_id = $2', [demoId, batchId]);
    expect(sheets).toHaveLength(0);
  });

  it('a sheet whose score system went away after scores were entered still shows them, read-only', async () => {
    const batchId = await makeBatch();
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    expect((await save(teacher, { ...target, studentId: sheet.students[0].studentId, score: 77, baseVersion: 0 })).body.code).toBe(1);
    await ownerQuery(t.db, 'DELETE FROM score_bands WHERE tenant_id = $1 AND system_id IN (SELECT id FROM score_systems WHERE batch_id = $2)', [demoId, batchId]);
    await ownerQuery(t.db, 'DELETE FROM score_systems WHERE tenant_id = $1 AND batch_id = $2', [demoId, batchId]);
    const after = await sheetOf(batchId, '七年级(1)班', '02');
    expect(after).toMatchObject({ system: null, noScale: true, editable: false });
    expect(after.cells[0]).toMatchObject({ score: 77, version: 1 });
    const changes = await post<ScoreChange[]>('/api/scores/changes', teacher, target);
    expect(changes.body.data.map((c) => c.newScore)).toEqual([77]);
    expect((await save(teacher, { ...target, studentId: sheet.students[0].studentId, score: 78, baseVersion: 1 })).body.code).toBe(42200);
  });

  it('takes the most specific score system: a grade-and-subject system before the catch-all one, here and in exams findScoreSystem', async () => {
    const batchId = await makeBatch({ fullMark: 100 });
    // a second system naming 七年级 数学 (the exams screen refuses the overlap; older data may hold it)
    await ownerQuery(
      t.db,
      `INSERT INTO score_systems (tenant_id, id, batch_id, name, grade_ids, subjects, full_mark, excellent_line, pass_line, ratio)
       VALUES ($1, $2, $3, '数学150', ARRAY[$4]::uuid[], ARRAY['02'], 150, 130, 90, 1)`,
      [demoId, uuidv7(), batchId, grade7],
    );
    expect((await sheetOf(batchId, '七年级(1)班', '02')).system).toMatchObject({ name: '数学150', fullMark: 150 });
    expect((await sheetOf(batchId, '七年级(1)班', '01')).system).toMatchObject({ name: '百分制', fullMark: 100 });
    const found = await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, batchId, grade7, '02'));
    expect(found).toMatchObject({ name: '数学150', fullMark: 150 });
    expect((await t.db.withTenant(demoId, (tx) => findScoreSystem(tx, batchId, grade7, '03')))?.name).toBe('百分制');
  });

  it('refuses a class or subject the teacher does not teach, an unknown batch, and a class outside the batch', async () => {
    const batchId = await makeBatch();
    const other = await post('/api/scores/sheet', teacher, { batchId, classId: classIds['七年级(3)班'], subject: '02' });
    expect(other.body).toMatchObject({ code: 40300, msg: '您不是该班级此科目的任课教师或班主任' });
    const notHisSubject = await post('/api/scores/sheet', teacher, { batchId, classId: classIds['七年级(2)班'], subject: '01' }, en);
    expect(notHisSubject.body).toMatchObject({ code: 40300, msg: 'You do not teach this subject in this class' });
    const unknown = await post('/api/scores/sheet', teacher, { batchId: uuidv7(), classId: classIds['七年级(1)班'], subject: '02' });
    expect(unknown.body).toMatchObject({ code: 40400, msg: '考试批次不存在' });
    const eighth = Object.keys(classIds).find((name) => name.startsWith('八年级'))!;
    const outside = await post('/api/scores/sheet', admin, { batchId, classId: classIds[eighth], subject: '02' });
    expect(outside.body).toMatchObject({ code: 40000, msg: '该班级所在年级不参加此考试批次' });
    const subject = await post('/api/scores/sheet', admin, { batchId, classId: classIds['七年级(1)班'], subject: '04' });
    expect(subject.body).toMatchObject({ code: 40000, msg: '该考试批次不包含此科目' });
    // a student has no score entry at all
    const asStudent = await post('/api/scores/sheet', student, { batchId, classId: classIds['七年级(1)班'], subject: '02' });
    expect(asStudent.body.code).toBe(40300);
  });
});

describe('saving a cell', () => {
  it('saves a score (version 1, who and when), keeps an audit row, and answers a repeated key with the same answer', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const studentId = sheet.students[0].studentId;
    const key = uuidv7();
    const cell = { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId, score: 88.5, baseVersion: 0 };
    const first = await save(teacher, cell, key);
    expect(first.body).toMatchObject({ code: 1, data: { studentId, score: 88.5, mark: '', version: 1, enteredByName: '李明华' } });
    expect(first.body.data.enteredAt).not.toBeNull();
    const again = await save(teacher, cell, key);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replay']).toBe('1');
    expect(await scoreRows(batchId)).toHaveLength(1);
    expect(await changeRows(batchId)).toBe(1);

    const otherBody = await save(teacher, { ...cell, score: 70 }, key);
    expect(otherBody.body.code).toBe(42200);
    expect((await scoreRows(batchId))[0]).toMatchObject({ score: '88.50', version: 1 });

    const reread = await sheetOf(batchId, '七年级(1)班', '02');
    expect(reread.cells[0]).toMatchObject({ score: 88.5, version: 1, enteredByName: '李明华' });
    const changes = await post<ScoreChange[]>('/api/scores/changes', teacher, { batchId, classId: classIds['七年级(1)班'], subject: '02' });
    expect(changes.body.data).toEqual([
      expect.objectContaining({ studentId, oldScore: null, oldMark: null, newScore: 88.5, newMark: '', correction: false, changedByName: '李明华', version: 1 }),
    ]);
  });

  it('checks the score against the scale (0 to the full mark, two decimals) and the marks, in zh and en, writing nothing', async () => {
    const batchId = await makeBatch({ fullMark: 120 });
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const base = { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[1].studentId, baseVersion: 0 };
    expect((await save(teacher, { ...base, score: 120.01 })).body).toMatchObject({ code: 42200, msg: '成绩应在0到120之间' });
    expect((await save(teacher, { ...base, score: 121 }, undefined, en)).body).toMatchObject({ code: 42200, msg: 'The score must be between 0 and 120' });
    expect((await save(teacher, { ...base, score: -1 })).body).toMatchObject({ code: 42200, msg: '成绩应在0到120之间' });
    expect((await save(teacher, { ...base, score: 85.555 })).body).toMatchObject({ code: 42200, msg: '成绩最多保留两位小数' });
    expect((await save(teacher, { ...base, score: 85.555 }, undefined, en)).body).toMatchObject({ code: 42200, msg: 'A score has at most two decimals' });
    expect((await save(teacher, { ...base, score: 80, mark: 'absent' })).body).toMatchObject({ code: 40000, msg: '缺考或免考的学生不能填写成绩' });
    expect((await save(teacher, { ...base, score: 80, mark: 'exempt' }, undefined, en)).body).toMatchObject({ code: 40000, msg: 'An absent or exempt student has no score' });
    expect((await save(teacher, { ...base, score: null, mark: 'late' })).body.code).toBe(40000);
    expect((await save(teacher, { ...base, score: '80' })).body.code).toBe(40000);
    const foreign = (await sheetOf(batchId, '七年级(2)班', '02')).students[0].studentId;
    expect((await save(teacher, { ...base, studentId: foreign, score: 80 })).body).toMatchObject({ code: 40000, msg: '该学生不在此班级' });
    expect(await scoreRows(batchId)).toHaveLength(0);
    // the edges are fine: 0, the full mark, two decimals, a mark without a score
    expect((await save(teacher, { ...base, score: 120 })).body.code).toBe(1);
    expect((await save(teacher, { ...base, studentId: sheet.students[2].studentId, score: 0 })).body.data).toMatchObject({ score: 0, version: 1 });
    expect((await save(teacher, { ...base, studentId: sheet.students[3].studentId, score: 59.99 })).body.data.score).toBe(59.99);
    expect((await save(teacher, { ...base, studentId: sheet.students[4].studentId, score: null, mark: 'absent' })).body.data).toMatchObject({ score: null, mark: 'absent' });
  });

  it("refuses a teacher who does not teach the class or subject; a manager may save anywhere", async () => {
    const batchId = await makeBatch();
    const third = await sheetOf(batchId, '七年级(3)班', '01', admin);
    const refused = await save(teacher, { batchId, classId: classIds['七年级(3)班'], subject: '01', studentId: third.students[0].studentId, score: 90, baseVersion: 0 });
    expect(refused.body).toMatchObject({ code: 40300, msg: '您不是该班级此科目的任课教师或班主任' });
    const second = await sheetOf(batchId, '七年级(2)班', '02');
    const notHis = await save(teacher, { batchId, classId: classIds['七年级(2)班'], subject: '01', studentId: second.students[0].studentId, score: 90, baseVersion: 0 }, undefined, en);
    expect(notHis.body).toMatchObject({ code: 40300, msg: 'You do not teach this subject in this class' });
    const byAdmin = await save(admin, { batchId, classId: classIds['七年级(3)班'], subject: '01', studentId: third.students[0].studentId, score: 90, baseVersion: 0 });
    expect(byAdmin.body.data).toMatchObject({ version: 1, enteredByName: '系统管理员' });
  });

  it('answers a stale base version with 40900 and the server cell', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const cell = { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[5].studentId };
    expect((await save(teacher, { ...cell, score: 70, baseVersion: 0 })).body.code).toBe(1);
    const stale = await save(admin, { ...cell, score: 75, baseVersion: 0 });
    expect(stale.body).toMatchObject({ code: 40900, result: false, msg: '该成绩已被他人修改，请核对后重新保存', data: { studentId: cell.studentId, score: 70, version: 1, enteredByName: '李明华' } });
    const staleEn = await save(admin, { ...cell, score: 75, baseVersion: 3 }, undefined, en);
    expect(staleEn.body).toMatchObject({ code: 40900, msg: 'This score was changed by someone else meanwhile; please review it and save again' });
    expect((await save(admin, { ...cell, score: 75, baseVersion: 1 })).body.data).toMatchObject({ score: 75, version: 2 });
    expect((await scoreRows(batchId))[0]).toMatchObject({ score: '75.00', version: 2 });
  });

  it('two saves of one cell from the same version at once: one wins, the other gets 40900 with the winner', async () => {
    for (const baseVersion of [0, 1]) {
      const batchId = await makeBatch();
      const sheet = await sheetOf(batchId, '七年级(1)班', '02');
      const cell = { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[6].studentId };
      if (baseVersion === 1) expect((await save(teacher, { ...cell, score: 1, baseVersion: 0 })).body.code).toBe(1);
      const [a, b] = await Promise.all([save(teacher, { ...cell, score: 61, baseVersion }, uuidv7()), save(admin, { ...cell, score: 62, baseVersion }, uuidv7())]);
      const codes = [a.body.code, b.body.code].sort();
      expect(codes).toEqual([1, 40900]);
      const winner = a.body.code === 1 ? a.body.data : b.body.data;
      const loser = a.body.code === 1 ? b.body : a.body;
      expect(loser.data).toMatchObject({ score: winner.score, version: baseVersion + 1 });
      const rows = await scoreRows(batchId);
      expect(rows).toHaveLength(1);
      expect(rows[0].version).toBe(baseVersion + 1);
      expect(await changeRows(batchId)).toBe(baseVersion + 1);
    }
  });

  it('saves sent together through /api/outbox/batch: each cell on its own, a stale one answers its own 40900', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const cell = (i: number, score: number, baseVersion = 0) => ({
      key: uuidv7(),
      url: '/api/scores/save',
      body: { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[i].studentId, score, mark: '', baseVersion },
    });
    const ops = [cell(0, 81), cell(1, 82), cell(2, 83, 4), cell(3, 84)];
    const { body } = await post<{ results: { key: string; code: number; data: ScoreCell | null; replayed: boolean }[] }>('/api/outbox/batch', teacher, { ops });
    expect(body.code, body.msg).toBe(1);
    expect(body.data.results.map((r) => r.code)).toEqual([1, 1, 40900, 1]);
    expect(body.data.results[2].data).toMatchObject({ studentId: sheet.students[2].studentId, version: 0, score: null });
    expect((await scoreRows(batchId)).length).toBe(3);
    const again = await post<{ results: { code: number; replayed: boolean }[] }>('/api/outbox/batch', teacher, { ops: [ops[0]] });
    expect(again.body.data.results[0]).toMatchObject({ code: 1, replayed: true });
    expect(await changeRows(batchId)).toBe(3);
  });

  it('a save that changes nothing answers the stored cell without a new version', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const cell = { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[7].studentId };
    await save(teacher, { ...cell, score: 66, baseVersion: 0 });
    expect((await save(teacher, { ...cell, score: 66, baseVersion: 1 })).body.data.version).toBe(1);
    expect(await changeRows(batchId)).toBe(1);
  });
});

describe('submitting, corrections, publishing', () => {
  /** Fills every cell of the teacher's 七年级(1)班 maths sheet except the last `leave` students. */
  async function fill(batchId: string, leave = 0) {
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const students = sheet.students.slice(0, sheet.students.length - leave);
    for (const [index, s] of students.entries()) {
      const value = index === 0 ? { score: null, mark: 'absent' } : index === 1 ? { score: null, mark: 'exempt' } : { score: index === 2 ? 0 : 50 + (index % 50) };
      const { body } = await save(teacher, { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: s.studentId, baseVersion: 0, ...value });
      expect(body.code, body.msg).toBe(1);
    }
    return sheet;
  }

  it('refuses to submit while a student has neither score nor mark (SPEC §8), then submits; later saves are corrections', async () => {
    const batchId = await makeBatch();
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const sheet = await fill(batchId, 1);
    const refused = await post('/api/scores/submit', teacher, target);
    expect(refused.body).toMatchObject({ code: 40000, result: false, msg: '班级学生未登记或成绩不完整，不能提交成绩' });
    const refusedEn = await post('/api/scores/submit', teacher, target, en);
    expect(refusedEn.body.msg).toBe('Class students are unregistered or scores are incomplete, so the scores cannot be submitted');

    const last = sheet.students[sheet.students.length - 1].studentId;
    expect((await save(teacher, { ...target, studentId: last, score: 91, baseVersion: 0 })).body.code).toBe(1);
    const submitted = await post<ScoreSheet>('/api/scores/submit', teacher, target);
    expect(submitted.body).toMatchObject({ code: 1, msg: '成绩已提交', data: { submitted: true, submittedByName: '李明华' } });
    expect(submitted.body.data.submittedAt).not.toBeNull();
    const options = await post<ScoreOptions>('/api/scores/options', teacher, {});
    const klass = options.body.data.batches.find((b) => b.batchId === batchId)!.classes[0];
    expect(klass.subjects.find((s) => s.subject === '02')).toEqual({ subject: '02', submitted: true, taught: true });

    // a correction while unpublished: allowed and marked
    const corrected = await save(teacher, { ...target, studentId: last, score: 93, baseVersion: 1 });
    expect(corrected.body.data).toMatchObject({ score: 93, version: 2 });
    const changes = await post<ScoreChange[]>('/api/scores/changes', teacher, { ...target, studentId: last });
    expect(changes.body.data.map((c) => [c.oldScore, c.newScore, c.correction, c.version])).toEqual([
      [91, 93, true, 2],
      [null, 91, false, 1],
    ]);

    // published: nothing changes any more
    await publish(batchId);
    const afterPublish = await save(teacher, { ...target, studentId: last, score: 95, baseVersion: 2 });
    expect(afterPublish.body).toMatchObject({ code: 40300, msg: '该考试批次的成绩已发布，不能再修改' });
    const afterPublishEn = await save(admin, { ...target, studentId: last, score: 95, baseVersion: 2 }, undefined, en);
    expect(afterPublishEn.body).toMatchObject({ code: 40300, msg: 'The scores of this exam batch are published and can no longer be changed' });
    expect((await post('/api/scores/submit', teacher, target)).body.code).toBe(40300);
    expect((await sheetOf(batchId, '七年级(1)班', '02')).editable).toBe(false);
    expect((await scoreRows(batchId, last))[0]).toMatchObject({ score: '93.00', version: 2 });
  });

  it('a published batch refuses saves from the start', async () => {
    const batchId = await makeBatch({ published: true });
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    expect(sheet.editable).toBe(false);
    const refused = await save(teacher, { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[0].studentId, score: 1, baseVersion: 0 });
    expect(refused.body.code).toBe(40300);
    expect(await scoreRows(batchId)).toHaveLength(0);
  });
});

// ---------- export and import ----------

async function download(url: string, token: string, json: unknown, method: 'POST' | 'GET' = 'POST') {
  const response = await t.app.inject({
    method,
    url,
    headers: { 'x-access-token': token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    payload: method === 'POST' ? JSON.stringify(json) : undefined,
    remoteAddress: uniqueIp(),
  });
  return response;
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

async function upload(token: string, parts: MultipartPart[], headers: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody(parts);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/scores/import',
    headers: { 'content-type': contentType, 'x-access-token': token, ...headers },
    payload,
    remoteAddress: uniqueIp(),
  });
  return response.json() as Envelope<ScoreImportResult | null>;
}

const targetParts = (batchId: string, className: string, subject: string): MultipartPart[] => [
  { name: 'batchId', value: batchId },
  { name: 'classId', value: classIds[className] },
  { name: 'subject', value: subject },
];

describe('export', () => {
  it('exports a class sheet with numbers as numbers (0 is 0) and marks as words; the batch as a worksheet per class', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const values = [{ score: 0 }, { score: 95.5 }, { score: null, mark: 'absent' }, { score: null, mark: 'exempt' }];
    for (const [i, value] of values.entries()) await save(teacher, { ...target, studentId: sheet.students[i].studentId, baseVersion: 0, ...value });

    const response = await download('/api/scores/export', teacher, target);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain('.xlsx');
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets).toHaveLength(1);
    const ws = workbook.worksheets[0];
    expect(ws.name).toBe('七年级(1)班');
    expect(ws.getRow(1).values).toEqual([undefined, '学号', '姓名', '数学']);
    expect(ws.getCell(2, 1).value).toBe(sheet.students[0].studentNo);
    expect(ws.getCell(2, 3).value).toBe(0);
    expect(typeof ws.getCell(2, 3).value).toBe('number');
    expect(ws.getCell(3, 3).value).toBe(95.5);
    expect(ws.getCell(4, 3).value).toBe('缺考');
    expect(ws.getCell(5, 3).value).toBe('免考');
    expect(ws.getCell(6, 3).value).toBeNull();
    expect(ws.rowCount).toBe(41);

    // the whole batch, as the teacher may see it: (1) every subject, (2) maths only
    const whole = await workbookOf((await download('/api/scores/export', teacher, { batchId })).rawPayload);
    expect(whole.worksheets.map((w) => w.name)).toEqual(['七年级(1)班', '七年级(2)班']);
    expect(whole.worksheets[0].getRow(1).values).toEqual([undefined, '学号', '姓名', '语文', '数学', '英语']);
    expect(whole.worksheets[0].getCell(2, 4).value).toBe(0);
    expect(whole.worksheets[1].getRow(1).values).toEqual([undefined, '学号', '姓名', '数学']);
    const everything = await workbookOf((await download('/api/scores/export', admin, { batchId })).rawPayload);
    expect(everything.worksheets.length).toBeGreaterThan(2);

    const refused = (await download('/api/scores/export', teacher, { ...target, classId: classIds['七年级(3)班'] })).json() as Envelope;
    expect(refused.code).toBe(40300);
    const noPermission = (await download('/api/scores/export', student, target)).json() as Envelope;
    expect(noPermission.code).toBe(40300);
  });
});

describe('import', () => {
  async function templateOf(batchId: string) {
    const response = await download(`/api/scores/template?batchId=${batchId}&classId=${classIds['七年级(1)班']}&subject=02`, teacher, null, 'GET');
    expect(response.statusCode).toBe(200);
    return workbookOf(response.rawPayload);
  }
  const bytesOf = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

  it('imports the template: any invalid row → nothing written and every bad row listed; valid → all cells in one go', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    await save(teacher, { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[0].studentId, score: 10, baseVersion: 0 });

    const template = await templateOf(batchId);
    const ws = template.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '学号', '姓名', '数学(成绩)']);
    expect(ws.getCell(2, 1).value).toBe(sheet.students[0].studentNo);
    expect(ws.getCell(2, 3).value).toBe(10);
    ws.getCell(2, 3).value = 0; // 10 → 0
    ws.getCell(3, 3).value = 88.5;
    ws.getCell(4, 3).value = '缺考';
    ws.getCell(5, 3).value = '免考';
    ws.getCell(6, 3).value = '77';
    ws.getCell(7, 3).value = 101; // above the scale
    ws.getCell(8, 3).value = 'abc';
    ws.getCell(9, 3).value = 66.666;
    ws.getCell(10, 1).value = '999999999'; // not in the class
    ws.getCell(10, 3).value = 60;
    const bad = await upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: '成绩.xlsx', content: await bytesOf(template) }]);
    expect(bad).toMatchObject({ code: 40000, result: false, msg: '导入失败：4行数据有误，未导入任何成绩' });
    expect(bad.data!.imported).toBe(0);
    expect(bad.data!.errors).toEqual([
      { row: 7, studentNo: sheet.students[5].studentNo, message: '成绩须为0到100之间最多两位小数的数字，或填写缺考、免考' },
      { row: 8, studentNo: sheet.students[6].studentNo, message: '成绩须为0到100之间最多两位小数的数字，或填写缺考、免考' },
      { row: 9, studentNo: sheet.students[7].studentNo, message: '成绩须为0到100之间最多两位小数的数字，或填写缺考、免考' },
      { row: 10, studentNo: '999999999', message: '学号不在本班' },
    ]);
    expect((await scoreRows(batchId)).map((r) => [r.score, r.version])).toEqual([['10.00', 1]]);
    expect(await changeRows(batchId)).toBe(1);

    const badEn = await upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: 'scores.xlsx', content: await bytesOf(template) }], en);
    expect(badEn.msg).toBe('Import failed: 4 row(s) are invalid; nothing was imported');
    expect(badEn.data!.errors[3].message).toBe('The student number is not in this class');

    for (const row of [7, 8, 9]) ws.getCell(row, 3).value = null;
    ws.getCell(10, 1).value = sheet.students[8].studentNo;
    const good = await upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: '成绩.xlsx', content: await bytesOf(template) }]);
    expect(good).toMatchObject({ code: 1, msg: '导入成功', data: { imported: 6, errors: [] } });
    const after = await sheetOf(batchId, '七年级(1)班', '02');
    expect(after.cells.slice(0, 5).map((c) => [c.score, c.mark, c.version])).toEqual([
      [0, '', 2],
      [88.5, '', 1],
      [null, 'absent', 1],
      [null, 'exempt', 1],
      [77, '', 1],
    ]);
    expect(after.cells[8]).toMatchObject({ score: 60, version: 1 });
    expect(after.cells[5]).toMatchObject({ score: null, version: 0 });
    expect(await changeRows(batchId)).toBe(7);
  });

  it('refuses what is not the template of this sheet, an empty file and other file types', async () => {
    const batchId = await makeBatch();
    const target = targetParts(batchId, '七年级(1)班', '02');
    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Sheet1').addRow(['学号', '姓名', '成绩']);
    const notTemplate = await upload(teacher, [...target, { name: 'file', filename: 'a.xlsx', content: await bytesOf(plain) }]);
    expect(notTemplate).toMatchObject({ code: 40000, msg: '请使用成绩导入模板导入' });
    const garbage = await upload(teacher, [...target, { name: 'file', filename: 'new.xlsx', content: Buffer.from('not a workbook') }]);
    expect(garbage).toMatchObject({ code: 40000, msg: '请使用成绩导入模板导入' });
    // the old binary .xls cannot be read: refused by its type, naming the format
    const xls = await upload(teacher, [...target, { name: 'file', filename: 'old.xls', content: Buffer.from('not a workbook') }]);
    expect(xls).toMatchObject({ code: 40000, msg: '只能上传.xlsx类型的文件' });
    const template = await templateOf(batchId);
    // (uploaded by the manager: the head teacher may not import 语文 at all)
    const otherSubject = await upload(admin, [...targetParts(batchId, '七年级(1)班', '01'), { name: 'file', filename: 'a.xlsx', content: await bytesOf(template) }]);
    expect(otherSubject).toMatchObject({ code: 40000, msg: '导入模板与所选的考试批次、班级或科目不符，请重新下载模板' });
    const empty = await upload(teacher, [...target, { name: 'file', filename: 'a.xlsx', content: Buffer.alloc(0) }]);
    expect(empty).toMatchObject({ code: 40000, msg: '文件大小不能为0' });
    const wrongType = await upload(teacher, [...target, { name: 'file', filename: 'a.csv', content: Buffer.from('1,2') }]);
    expect(wrongType).toMatchObject({ code: 40000, msg: '只能上传.xlsx类型的文件' });
    const noFile = await upload(teacher, target);
    expect(noFile.code).toBe(40000);
    const noTarget = await upload(teacher, [{ name: 'file', filename: 'a.xlsx', content: await bytesOf(template) }]);
    expect(noTarget.code).toBe(40000);
    expect(await scoreRows(batchId)).toHaveLength(0);
  });
});

describe('messages in English', () => {
  it('names every refusal and success in en as well', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const foreign = (await sheetOf(batchId, '七年级(2)班', '02')).students[0].studentId;
    const eighth = Object.keys(classIds).find((name) => name.startsWith('八年级'))!;
    const cases: [Promise<{ body: Envelope }>, number, string][] = [
      [save(teacher, { ...target, studentId: foreign, score: 1, baseVersion: 0 }, undefined, en), 40000, 'This student is not in this class'],
      [post('/api/scores/sheet', teacher, { ...target, batchId: uuidv7() }, en), 40400, 'No such exam batch'],
      [post('/api/scores/sheet', admin, { ...target, classId: classIds[eighth] }, en), 40000, "This class's grade does not sit this exam batch"],
      [post('/api/scores/sheet', admin, { ...target, subject: '04' }, en), 40000, 'This subject is not part of the exam batch'],
      [post('/api/scores/sheet', admin, { ...target, classId: uuidv7() }, en), 40400, 'No such class'],
    ];
    for (const [answer, code, msg] of cases) expect((await answer).body).toMatchObject({ code, msg });

    const parts = targetParts(batchId, '七年级(1)班', '02');
    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Sheet1').addRow(['x']);
    const bytes = Buffer.from(await plain.xlsx.writeBuffer());
    expect(await upload(teacher, [...parts, { name: 'file', filename: 'a.xlsx', content: bytes }], en)).toMatchObject({ code: 40000, msg: 'Please use the score import template' });
    expect(await upload(teacher, [...parts, { name: 'file', filename: 'a.xlsx', content: Buffer.alloc(0) }], en)).toMatchObject({ msg: 'The file size cannot be 0' });
    expect(await upload(teacher, [...parts, { name: 'file', filename: 'a.txt', content: Buffer.from('x') }], en)).toMatchObject({ msg: 'Only files of type .xlsx can be uploaded' });
    const template = (await download(`/api/scores/template?batchId=${batchId}&classId=${classIds['七年级(1)班']}&subject=02`, teacher, null, 'GET')).rawPayload;
    const mismatch = await upload(admin, [...targetParts(batchId, '七年级(1)班', '03'), { name: 'file', filename: 'a.xlsx', content: template }], en);
    expect(mismatch.msg).toBe('The template belongs to another exam batch, class or subject; please download the template again');
    const imported = await upload(teacher, [...parts, { name: 'file', filename: 'a.xlsx', content: template }], en);
    expect(imported).toMatchObject({ code: 1, msg: 'Imported', data: { imported: 0, errors: [] } });

    for (const s of sheet.students) await save(teacher, { ...target, studentId: s.studentId, score: 60, baseVersion: 0 });
    expect((await post('/api/scores/submit', teacher, target, en)).body).toMatchObject({ code: 1, msg: 'Scores submitted' });
    const exportEn = await workbookOf((await t.app.inject({ method: 'POST', url: '/api/scores/export', headers: { 'x-access-token': teacher, 'content-type': 'application/json', ...en }, payload: JSON.stringify(target) })).rawPayload);
    expect(exportEn.worksheets[0].getRow(1).values).toEqual([undefined, 'Student number', 'Name', 'Mathematics']);
    expect(exportEn.worksheets[0].getCell(2, 3).value).toBe(60);
  });
});

describe('own scores', () => {
  it('a student sees their own scores of published batches only, with the band and the class average', async () => {
    const published = await makeBatch();
    const unpublished = await makeBatch();
    const me = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'student'`, [demoId]))[0].id;
    const sheet = await sheetOf(published, '七年级(1)班', '02');
    const others = sheet.students.filter((s) => s.studentId !== me).slice(0, 2);
    const target = { classId: classIds['七年级(1)班'], subject: '02', baseVersion: 0 };
    await save(teacher, { ...target, batchId: published, studentId: me, score: 90 });
    await save(teacher, { ...target, batchId: published, studentId: others[0].studentId, score: 70 });
    await save(teacher, { ...target, batchId: published, studentId: others[1].studentId, score: null, mark: 'absent' });
    await save(teacher, { ...target, batchId: unpublished, studentId: me, score: 50 });
    // a cell entered and then cleared is no score
    await save(admin, { ...target, batchId: published, subject: '01', studentId: me, score: 33 });
    await save(admin, { ...target, batchId: published, subject: '01', studentId: me, score: null, baseVersion: 1 });
    await publish(published);

    const mine = await post<TableAData<MyScoreRow>>('/api/scores/mine', student, { currPage: 0, limit: 100, search: JSON.stringify({ batchId: published }) });
    expect(mine.body.code, mine.body.msg).toBe(1);
    expect(mine.body.data).toMatchObject({ total: 1, rows: [{ batchId: published, subject: '02', score: 90, mark: '', fullMark: 100, band: '优秀', classAverage: 80 }] });
    expect(mine.body.data.rows[0].semesterName).toContain('学期');
    const hidden = await post<TableAData<MyScoreRow>>('/api/scores/mine', student, { search: JSON.stringify({ batchId: unpublished }) });
    expect(hidden.body.data).toMatchObject({ total: 0, rows: [] });
    const all = await post<TableAData<MyScoreRow>>('/api/scores/mine', student, { limit: 500 });
    expect(all.body.data.rows.some((row) => row.batchId === unpublished)).toBe(false);

    const someoneElse = await post('/api/scores/mine', student, { search: JSON.stringify({ studentId: others[0].studentId }) });
    expect(someoneElse.body).toMatchObject({ code: 40300, msg: '只能查看本人或自己孩子的成绩' });

    // the parent sees the linked child's, and no one else's
    const child = await post<TableAData<MyScoreRow>>('/api/scores/mine', parent, { search: JSON.stringify({ batchId: published }) });
    expect(child.body.data.rows).toEqual([expect.objectContaining({ score: 90, band: '优秀' })]);
    const explicit = await post<TableAData<MyScoreRow>>('/api/scores/mine', parent, { search: JSON.stringify({ batchId: published, studentId: me }) });
    expect(explicit.body.data.total).toBe(1);
    const notMine = await post('/api/scores/mine', parent, { search: JSON.stringify({ studentId: others[0].studentId }) }, en);
    expect(notMine.body).toMatchObject({ code: 40300, msg: "You can only see your own or your child's scores" });
    expect(child.body.data).toMatchObject({ studentId: me, children: [{ studentId: me }] });
    expect((await post<MyScoresData>('/api/scores/mine', student, {})).body.data.children).toEqual([]);

    // a parent of two children chooses: both are listed (by student number), each one's own scores
    const twoChildren = await createUser(t.db, 'demo', { roles: ['parent'], userType: '4' });
    await ownerQuery(t.db, 'INSERT INTO parent_students (tenant_id, parent_id, student_id) VALUES ($1, $2, $3), ($1, $2, $4)', [
      twoChildren.tenantId,
      twoChildren.id,
      me,
      others[0].studentId,
    ]);
    const secondParent = await login(t.app, 'demo', twoChildren.username);
    const first = await post<MyScoresData>('/api/scores/mine', secondParent, { search: JSON.stringify({ batchId: published }) });
    const listed = [me, others[0].studentId].map((id) => sheet.students.find((s) => s.studentId === id)!).sort((a, b) => a.studentNo.localeCompare(b.studentNo));
    expect(first.body.data.children).toEqual(listed.map((s) => ({ studentId: s.studentId, studentName: s.studentName })));
    expect(first.body.data.studentId).toBe(listed[0].studentId);
    const second = await post<MyScoresData>('/api/scores/mine', secondParent, { search: JSON.stringify({ batchId: published, studentId: others[0].studentId }) });
    expect(second.body.data).toMatchObject({ studentId: others[0].studentId, rows: [expect.objectContaining({ score: 70 })] });

    // teachers have no 我的成绩
    expect((await post('/api/scores/mine', teacher, {})).body.code).toBe(40300);
  });
});

describe('tenants', () => {
  it("another school's administrator cannot see or write the demo school's sheets", async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const read = await post('/api/scores/sheet', kgAdmin, { batchId, classId: classIds['七年级(1)班'], subject: '02' });
    expect(read.body.code).toBe(40400);
    const write = await save(kgAdmin, { batchId, classId: classIds['七年级(1)班'], subject: '02', studentId: sheet.students[0].studentId, score: 1, baseVersion: 0 });
    expect(write.body.code).toBe(40400);
    const options = await post<ScoreOptions>('/api/scores/options', kgAdmin, {});
    expect(options.body.data.batches.some((b) => b.batchId === batchId)).toBe(false);
    expect(await scoreRows(batchId)).toHaveLength(0);
  });
});

describe('the demo seed', () => {
  it('has 第一次月考 (published) filled for 七年级(1)班 and (2)班, 期中考试 only 语文 of (1)班: the student sees 月考, not 期中', async () => {
    const batches = await ownerQuery<{ id: string; name: string; published: boolean }>(
      t.db,
      `SELECT b.id::text, b.name, b.published FROM exam_batches b JOIN semesters s ON s.tenant_id = b.tenant_id AND s.id = b.semester_id
       WHERE b.tenant_id = $1 AND s.is_current AND b.name IN ('第一次月考', '期中考试')`,
      [demoId],
    );
    const monthly = batches.find((b) => b.name === '第一次月考')!;
    const midterm = batches.find((b) => b.name === '期中考试')!;
    expect(monthly.published).toBe(true);
    expect(midterm.published).toBe(false);

    const options = await post<ScoreOptions>('/api/scores/options', teacher, {});
    const monthlyClasses = options.body.data.batches.find((b) => b.batchId === monthly.id)!.classes;
    expect(monthlyClasses[0].subjects.every((s) => s.submitted)).toBe(true);
    const maths = await sheetOf(monthly.id, '七年级(1)班', '02');
    expect(maths.submitted).toBe(true);
    expect(maths.cells.every((c) => c.version === 1 && (c.score !== null || c.mark !== ''))).toBe(true);
    expect(maths.cells.every((c) => c.score === null || (c.score >= 0 && c.score <= maths.system!.fullMark))).toBe(true);
    expect((await sheetOf(monthly.id, '七年级(2)班', '02')).cells.every((c) => c.version === 1)).toBe(true);
    // 期中考试: 数学 of 七年级(1)班 is left for the demo teacher; 语文 is there
    expect((await sheetOf(midterm.id, '七年级(1)班', '02')).cells.every((c) => c.version === 0)).toBe(true);
    expect((await sheetOf(midterm.id, '七年级(1)班', '01')).cells.every((c) => c.version === 1)).toBe(true);

    const mine = await post<TableAData<MyScoreRow>>('/api/scores/mine', student, { limit: 500 });
    const rows = mine.body.data.rows;
    expect(rows.filter((row) => row.batchId === monthly.id).map((row) => row.subject)).toEqual(['01', '02', '03']);
    expect(rows.some((row) => row.batchId === midterm.id)).toBe(false);
    const monthlyMaths = rows.find((row) => row.batchId === monthly.id && row.subject === '02')!;
    expect(monthlyMaths.classAverage).toBeGreaterThan(0);
    if (monthlyMaths.score !== null) expect(monthlyMaths.band).not.toBe('');
  });
});

// ---------- review fixes: who writes, locks, clearing, import versions, formats ----------

/** A transaction of its own on the database (as the owner), held open until commit: another session's write in flight. */
async function openTx() {
  const client = await t.db.pool.connect();
  await client.query('BEGIN');
  return {
    query: <R extends Record<string, unknown>>(text: string, values: unknown[] = []) => client.query<R>(text, values).then((r) => r.rows),
    /** this transaction's id, which a session blocked by its row locks waits on */
    txid: async () => (await client.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id')).rows[0].id,
    end: async (how: 'COMMIT' | 'ROLLBACK') => {
      try {
        await client.query(how);
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Resolves once some session waits for `txid` (a row lock it holds), or `call` settled without
 * waiting; `call` is the request under test.
 */
async function waitsOn<T>(txid: string, call: Promise<T>): Promise<'waiting' | 'settled'> {
  let settled = false;
  void call.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 200; i += 1) {
    if (settled) return 'settled';
    const rows = await ownerQuery<{ n: string }>(t.db, `SELECT count(*) n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid' AND transactionid::text = $1`, [txid]);
    if (Number(rows[0].n) > 0) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return settled ? 'settled' : 'waiting';
}

const sheetIdOf = async (batchId: string, className: string, subject: string) =>
  (
    await ownerQuery<{ id: string }>(t.db, 'SELECT id::text FROM score_sheets WHERE tenant_id = $1 AND batch_id = $2 AND class_id = $3 AND subject = $4', [
      demoId,
      batchId,
      classIds[className],
      subject,
    ])
  )[0]?.id;

describe('a head teacher reads every subject of the class but writes only what they teach', () => {
  it('语文 of 七年级(1)班 is read-only for its head teacher (who teaches 数学): no save, submit, import or template; read, changes and export stay', async () => {
    const batchId = await makeBatch();
    const chinese = { batchId, classId: classIds['七年级(1)班'], subject: '01' };
    // options still list the class's subjects; the sheet answers, not editable
    const options = await post<ScoreOptions>('/api/scores/options', teacher, {});
    expect(options.body.data.batches.find((b) => b.batchId === batchId)!.classes[0].subjects.map((s) => s.subject)).toEqual(['01', '02', '03']);
    const sheet = await sheetOf(batchId, '七年级(1)班', '01');
    expect(sheet).toMatchObject({ editable: false, batch: { published: false }, system: { fullMark: 100 } });
    expect((await sheetOf(batchId, '七年级(1)班', '02')).editable).toBe(true);

    const studentId = sheet.students[0].studentId;
    const refused = await save(teacher, { ...chinese, studentId, score: 90, baseVersion: 0 });
    expect(refused.body).toMatchObject({ code: 40300, result: false, msg: '您不是该班级此科目的任课教师，只能查看成绩' });
    const refusedEn = await save(teacher, { ...chinese, studentId, score: 90, baseVersion: 0 }, undefined, en);
    expect(refusedEn.body).toMatchObject({ code: 40300, msg: 'You do not teach this subject in this class; you can only view its scores' });
    expect((await post('/api/scores/submit', teacher, chinese)).body).toMatchObject({ code: 40300, msg: '您不是该班级此科目的任课教师，只能查看成绩' });
    const template = await download(`/api/scores/template?batchId=${batchId}&classId=${chinese.classId}&subject=01`, teacher, null, 'GET');
    expect((template.json() as Envelope).code).toBe(40300);
    // the 语文 teacher's (here the manager's) template, uploaded by the head teacher: refused
    const adminTemplate = (await download(`/api/scores/template?batchId=${batchId}&classId=${chinese.classId}&subject=01`, admin, null, 'GET')).rawPayload;
    const workbook = await workbookOf(adminTemplate);
    workbook.worksheets[0].getCell(2, 3).value = 80;
    const imported = await upload(teacher, [...targetParts(batchId, '七年级(1)班', '01'), { name: 'file', filename: 'a.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
    expect(imported).toMatchObject({ code: 40300, msg: '您不是该班级此科目的任课教师，只能查看成绩' });
    expect(await scoreRows(batchId)).toHaveLength(0);

    // what the 语文 teacher enters, the head teacher reads, with its trail, and exports
    expect((await save(admin, { ...chinese, studentId, score: 88, baseVersion: 0 })).body.code).toBe(1);
    expect((await sheetOf(batchId, '七年级(1)班', '01')).cells[0]).toMatchObject({ score: 88, version: 1 });
    expect((await post<ScoreChange[]>('/api/scores/changes', teacher, chinese)).body.data.map((c) => c.newScore)).toEqual([88]);
    const exported = await download('/api/scores/export', teacher, chinese);
    expect((await workbookOf(exported.rawPayload)).worksheets[0].getCell(2, 3).value).toBe(88);
  });
});

describe('locks against a publish, a submit and other writers in flight', () => {
  it('a save, a submit and an import wait for a publish under way and are then refused as published', async () => {
    for (const operation of ['save', 'submit', 'import'] as const) {
      const batchId = await makeBatch();
      const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
      const sheet = await sheetOf(batchId, '七年级(1)班', '02');
      let bytes = Buffer.alloc(0);
      if (operation === 'submit') for (const s of sheet.students) await save(teacher, { ...target, studentId: s.studentId, score: 60, baseVersion: 0 });
      if (operation === 'import') {
        const workbook = await workbookOf((await download(`/api/scores/template?batchId=${batchId}&classId=${target.classId}&subject=02`, teacher, null, 'GET')).rawPayload);
        workbook.worksheets[0].getCell(2, 3).value = 70;
        bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      }
      const before = await changeRows(batchId);
      // the publish (exams) locks the batch row FOR UPDATE and sets published
      const publisher = await openTx();
      await publisher.query('SELECT id FROM exam_batches WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [demoId, batchId]);
      await publisher.query('UPDATE exam_batches SET published = true, published_at = now() WHERE tenant_id = $1 AND id = $2', [demoId, batchId]);
      const txid = await publisher.txid();
      const call: Promise<{ code: number; msg: string }> =
        operation === 'save'
          ? save(teacher, { ...target, studentId: sheet.students[0].studentId, score: 99, baseVersion: 0 }).then((r) => r.body)
          : operation === 'submit'
            ? post('/api/scores/submit', teacher, target).then((r) => r.body)
            : upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: 'a.xlsx', content: bytes }]);
      const state = await waitsOn(txid, call);
      await publisher.end('COMMIT');
      expect(state, operation).toBe('waiting');
      expect(await call, operation).toMatchObject({ code: 40300, msg: '该考试批次的成绩已发布，不能再修改' });
      expect(await changeRows(batchId), operation).toBe(before);
      expect((await sheetOf(batchId, '七年级(1)班', '02')).submitted, operation).toBe(false);
    }
  });

  it('refuses clearing a cell of a submitted sheet (mark absent or exempt instead), in zh and en', async () => {
    const batchId = await makeBatch();
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    for (const s of sheet.students) await save(teacher, { ...target, studentId: s.studentId, score: 60, baseVersion: 0 });
    expect((await post('/api/scores/submit', teacher, target)).body.code).toBe(1);
    const studentId = sheet.students[3].studentId;
    const cleared = await save(teacher, { ...target, studentId, score: null, mark: '', baseVersion: 1 });
    expect(cleared.body).toMatchObject({ code: 40000, result: false, msg: '已提交的成绩不能清空，可标记缺考或免考' });
    const clearedEn = await save(admin, { ...target, studentId, score: null, mark: '', baseVersion: 1 }, undefined, en);
    expect(clearedEn.body).toMatchObject({ code: 40000, msg: 'A submitted score cannot be cleared; mark the student absent or exempt instead' });
    expect((await scoreRows(batchId, studentId))[0]).toMatchObject({ score: '60.00', version: 1 });
    // marking is a correction, allowed
    expect((await save(teacher, { ...target, studentId, score: null, mark: 'absent', baseVersion: 1 })).body.data).toMatchObject({ mark: 'absent', version: 2 });
  });

  it('a clearing save waits for a submit under way (the sheet row) and is then refused', async () => {
    const batchId = await makeBatch();
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    for (const s of sheet.students) await save(teacher, { ...target, studentId: s.studentId, score: 60, baseVersion: 0 });
    const sheetId = await sheetIdOf(batchId, '七年级(1)班', '02');
    // a submit in flight: the sheet row locked FOR UPDATE and marked submitted
    const submitter = await openTx();
    await submitter.query('SELECT id FROM score_sheets WHERE id = $1 FOR UPDATE', [sheetId]);
    await submitter.query('UPDATE score_sheets SET submitted = true, submitted_at = now() WHERE id = $1', [sheetId]);
    const txid = await submitter.txid();
    const call = save(teacher, { ...target, studentId: sheet.students[0].studentId, score: null, mark: '', baseVersion: 1 });
    const state = await waitsOn(txid, call);
    await submitter.end('COMMIT');
    expect(state).toBe('waiting');
    expect((await call).body).toMatchObject({ code: 40000, msg: '已提交的成绩不能清空，可标记缺考或免考' });
    expect((await scoreRows(batchId, sheet.students[0].studentId))[0]).toMatchObject({ score: '60.00', version: 1 });
  });

  it('a submit waits for a save under way (the sheet row) and counts what it wrote: a cleared cell refuses the submit', async () => {
    const batchId = await makeBatch();
    const target = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    for (const s of sheet.students) await save(teacher, { ...target, studentId: s.studentId, score: 60, baseVersion: 0 });
    const sheetId = await sheetIdOf(batchId, '七年级(1)班', '02');
    // a clearing save in flight: the sheet row held FOR SHARE, the cell cleared
    const saver = await openTx();
    await saver.query('SELECT id FROM score_sheets WHERE id = $1 FOR SHARE', [sheetId]);
    await saver.query(`UPDATE scores SET score = NULL, mark = '', version = version + 1 WHERE sheet_id = $1 AND student_id = $2`, [sheetId, sheet.students[0].studentId]);
    const txid = await saver.txid();
    const call = post('/api/scores/submit', teacher, target);
    const state = await waitsOn(txid, call);
    await saver.end('COMMIT');
    expect(state).toBe('waiting');
    expect((await call).body).toMatchObject({ code: 40000, msg: '班级学生未登记或成绩不完整，不能提交成绩' });
    expect((await sheetOf(batchId, '七年级(1)班', '02')).submitted).toBe(false);
  });
});

describe('imports check versions', () => {
  it('a cell first saved by someone else during the import: the whole import is refused (40900), nothing imported or overwritten', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const sheetId = await sheetIdOf(batchId, '七年级(1)班', '02');
    const workbook = await workbookOf((await download(`/api/scores/template?batchId=${batchId}&classId=${classIds['七年级(1)班']}&subject=02`, teacher, null, 'GET')).rawPayload);
    workbook.worksheets[0].getCell(2, 3).value = 70; // student 0
    workbook.worksheets[0].getCell(3, 3).value = 71; // student 1: someone else saves it meanwhile
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const adminId = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]))[0].id;
    const other = await openTx();
    await other.query(
      `INSERT INTO scores (tenant_id, sheet_id, student_id, score, mark, entered_by, entered_at, created_by, updated_by, version)
       VALUES ($1, $2, $3, 55, '', $4, now(), $4, $4, 1)`,
      [demoId, sheetId, sheet.students[1].studentId, adminId],
    );
    const txid = await other.txid();
    const call = upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: 'a.xlsx', content: bytes }]);
    const state = await waitsOn(txid, call);
    await other.end('COMMIT');
    expect(state).toBe('waiting');
    expect(await call).toMatchObject({ code: 40900, result: false, msg: '导入期间有成绩被他人修改，未导入任何成绩，请重新下载模板后导入' });
    const rows = await scoreRows(batchId);
    expect(rows.map((r) => [r.student_id, r.score, r.version])).toEqual([[sheet.students[1].studentId, '55.00', 1]]);
    expect(await changeRows(batchId)).toBe(0);

    // again with the fresh template: imported, from the version it read
    const fresh = await workbookOf((await download(`/api/scores/template?batchId=${batchId}&classId=${classIds['七年级(1)班']}&subject=02`, teacher, null, 'GET')).rawPayload);
    expect(fresh.worksheets[0].getCell(3, 3).value).toBe(55);
    fresh.worksheets[0].getCell(2, 3).value = 70;
    fresh.worksheets[0].getCell(3, 3).value = 71;
    const again = await upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: 'a.xlsx', content: Buffer.from(await fresh.xlsx.writeBuffer()) }], en);
    expect(again).toMatchObject({ code: 1, data: { imported: 2 } });
    expect((await sheetOf(batchId, '七年级(1)班', '02')).cells.slice(0, 2).map((c) => [c.score, c.version])).toEqual([
      [70, 1],
      [71, 2],
    ]);
  });

  it('names the conflict in English too', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const sheetId = await sheetIdOf(batchId, '七年级(1)班', '02');
    const workbook = await workbookOf((await download(`/api/scores/template?batchId=${batchId}&classId=${classIds['七年级(1)班']}&subject=02`, teacher, null, 'GET')).rawPayload);
    workbook.worksheets[0].getCell(2, 3).value = 70;
    const adminId = (await ownerQuery<{ id: string }>(t.db, `SELECT id::text FROM users WHERE tenant_id = $1 AND username = 'admin'`, [demoId]))[0].id;
    const other = await openTx();
    await other.query(`INSERT INTO scores (tenant_id, sheet_id, student_id, score, mark, entered_by, entered_at, created_by, updated_by, version) VALUES ($1, $2, $3, 55, '', $4, now(), $4, $4, 1)`, [
      demoId,
      sheetId,
      sheet.students[0].studentId,
      adminId,
    ]);
    const txid = await other.txid();
    const call = upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: 'a.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }], en);
    expect(await waitsOn(txid, call)).toBe('waiting');
    await other.end('COMMIT');
    expect(await call).toMatchObject({ code: 40900, msg: 'Someone else changed scores during the import; nothing was imported. Please download the template again and import it' });
  });
});

describe('the template and the score rule', () => {
  it('downloading the template (a GET) writes nothing: no sheet row is made', async () => {
    const batchId = await makeBatch();
    const response = await download(`/api/scores/template?batchId=${batchId}&classId=${classIds['七年级(1)班']}&subject=02`, teacher, null, 'GET');
    expect(response.statusCode).toBe(200);
    expect((await workbookOf(response.rawPayload)).worksheets[0].rowCount).toBe(41);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM score_sheets WHERE tenant_id = $1 AND batch_id = $2', [demoId, batchId])).toHaveLength(0);
  });

  it('counts decimals exactly: 99.999999999 is refused (the database would round it to 100), 0.29 and 59.99 are fine, also in imports', async () => {
    const batchId = await makeBatch();
    const sheet = await sheetOf(batchId, '七年级(1)班', '02');
    const base = { batchId, classId: classIds['七年级(1)班'], subject: '02' };
    expect((await save(teacher, { ...base, studentId: sheet.students[0].studentId, score: 99.999999999, baseVersion: 0 })).body).toMatchObject({
      code: 42200,
      msg: '成绩最多保留两位小数',
    });
    expect((await save(teacher, { ...base, studentId: sheet.students[0].studentId, score: 0.29, baseVersion: 0 })).body.data).toMatchObject({ score: 0.29 });
    const workbook = await workbookOf((await download(`/api/scores/template?batchId=${batchId}&classId=${base.classId}&subject=02`, teacher, null, 'GET')).rawPayload);
    workbook.worksheets[0].getCell(3, 3).value = 99.999999999;
    workbook.worksheets[0].getCell(4, 3).value = '99.999999999';
    workbook.worksheets[0].getCell(5, 3).value = 59.99;
    const result = await upload(teacher, [...targetParts(batchId, '七年级(1)班', '02'), { name: 'file', filename: 'a.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
    expect(result).toMatchObject({ code: 40000 });
    expect(result.data!.errors.map((e) => e.row)).toEqual([3, 4]);
  });
});
