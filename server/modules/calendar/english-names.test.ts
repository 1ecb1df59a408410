import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceClass } from '../../../contracts/attendance';
import type { SchoolYear, Semester } from '../../../contracts/calendar';
import type { TableAData } from '../../../contracts/envelope';
import { ResponseCode } from '../../../contracts/envelope';
import type { ExamBatchRow, ExamOptions, ScoreSystemRow } from '../../../contracts/exams';
import type { MyScoreRow, ScoreOptions } from '../../../contracts/scores';
import { seedExams } from '../../db/seed/exams';
import { buildTestApp, call, login, ownerQuery, rerunMigrationTail, seedOwnSchool, type TestApp, tenantIdOf, uniqueIp } from '../../test/helpers';

/**
 * English names of data (issue 20 item 4): school years, semesters and score bands gained one
 * (migration 0028), grades and classes had one. The demo seed sets them for both schools, the
 * migration derives them for rows made before it, the APIs send both names (the client picks, so a
 * cached answer follows a language switch), the forms' English names are checked like the Chinese
 * ones, and what the server writes itself (export sheets, file names) is in the caller's language.
 */

let t: TestApp;
let admin: string;
let kgAdmin: string;
let student: string;
const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const ok = async <T>(url: string, token: string, json: unknown) => {
  const { body } = await post<T>(url, token, json);
  expect(body.code, body.msg).toBe(1);
  return body.data;
};

beforeAll(async () => {
  t = await buildTestApp();
  [admin, kgAdmin, student] = await Promise.all([login(t.app, 'demo', 'admin'), login(t.app, 'kg', 'admin'), login(t.app, 'demo', 'student')]);
});
afterAll(async () => {
  await t.close();
});

describe('the demo seed', () => {
  it('names school years, semesters, grades and classes in English in both schools', async () => {
    for (const code of ['demo', 'kg']) {
      const tenantId = await tenantIdOf(t.db, code);
      const years = await ownerQuery<{ name: string; name_en: string }>(t.db, 'SELECT name, name_en FROM school_years WHERE tenant_id = $1', [tenantId]);
      expect(years.length).toBeGreaterThan(0);
      for (const year of years) expect(year.name_en).toBe(year.name.replace('学年', ' School Year'));
      const semesters = await ownerQuery<{ name: string; name_en: string }>(t.db, 'SELECT name, name_en FROM semesters WHERE tenant_id = $1 ORDER BY start_date', [tenantId]);
      expect(semesters.map((s) => s.name_en)).toEqual(semesters.map((s) => s.name.replace('学年第一学期', ' Semester 1').replace('学年第二学期', ' Semester 2')));
      const empty = await ownerQuery<{ n: number }>(t.db, "SELECT count(*)::int n FROM org_units WHERE tenant_id = $1 AND kind IN ('grade', 'class') AND name_en = ''", [tenantId]);
      expect(empty[0].n).toBe(0);
    }
  });

  it('names the built-in score bands Excellent, Good, Pass, Fail', async () => {
    const bands = await ownerQuery<{ name: string; name_en: string }>(t.db, 'SELECT DISTINCT name, name_en FROM score_bands WHERE tenant_id = $1 ORDER BY name_en', [await tenantIdOf(t.db, 'demo')]);
    expect(bands).toEqual([
      { name: '优秀', name_en: 'Excellent' },
      { name: '不及格', name_en: 'Fail' },
      { name: '良好', name_en: 'Good' },
      { name: '及格', name_en: 'Pass' },
    ]);
  });
});

describe('migration 0028 for rows made before it', () => {
  it('derives the English names the Chinese ones imply, keeps hand-made names without one and leaves typed ones alone', async () => {
    const { tenantId } = await seedOwnSchool(t.db, { prefix: 'en' });
    await t.db.withTenant(tenantId, (tx) => seedExams(tx, tenantId));
    // as before the migration: no English names at all (a grade typed by hand, and one English name typed already)
    await ownerQuery(
      t.db,
      `UPDATE school_years SET name_en = '' WHERE tenant_id = $1;
       UPDATE semesters SET name_en = '' WHERE tenant_id = $1;
       UPDATE score_bands SET name_en = '' WHERE tenant_id = $1;
       UPDATE score_bands SET name = '卓越' WHERE tenant_id = $1 AND name = '优秀';
       UPDATE org_units SET name_en = '' WHERE tenant_id = $1 AND kind IN ('grade', 'class');
       UPDATE org_units SET name = '七年级(1)班', name_en = 'Class Seven-One' WHERE tenant_id = $1 AND kind = 'class' AND name = '七年级(1)班';
       UPDATE org_units SET name = '七年级实验班' WHERE tenant_id = $1 AND kind = 'class' AND name = '七年级(2)班'`.replaceAll('$1', `'${tenantId}'`),
    );
    await rerunMigrationTail(t.db, '0028_english_names.sql');
    const names = (table: string, where = '') => ownerQuery<{ name: string; name_en: string }>(t.db, `SELECT DISTINCT name, name_en FROM ${table} WHERE tenant_id = $1 ${where} ORDER BY name`, [tenantId]);
    const [year] = await names('school_years');
    expect(year.name_en).toBe(year.name.replace('学年', ' School Year'));
    for (const semester of await names('semesters')) expect(semester.name_en).toMatch(/^\d{4}-\d{4} Semester [12]$/);
    expect(Object.fromEntries((await names('score_bands')).map((band) => [band.name, band.name_en]))).toEqual({ 卓越: '', 良好: 'Good', 及格: 'Pass', 不及格: 'Fail' });
    expect(Object.fromEntries((await names('org_units', "AND kind IN ('grade', 'class')")).map((unit) => [unit.name, unit.name_en]))).toEqual({
      七年级: 'Grade 7',
      '七年级(1)班': 'Class Seven-One',
      七年级实验班: '',
      '七年级(3)班': 'Grade 7 Class 3',
    });
  });
});

describe('the APIs send both names', () => {
  it('school years and semesters', async () => {
    const [year] = (await ok<SchoolYear[]>('/api/calendar/years', admin, {})).filter((row) => row.isCurrent);
    expect(year.nameEn).toMatch(/^\d{4}-\d{4} School Year$/);
    expect(year.currentSemesterNameEn).toMatch(/^\d{4}-\d{4} Semester [12]$/);
    const { rows } = await ok<TableAData<Semester>>('/api/calendar/semesters', admin, { currPage: 0, limit: 10, search: JSON.stringify({ schoolYearId: year.id }) });
    expect(rows.map((row) => row.schoolYearNameEn)).toEqual(rows.map(() => year.nameEn));
    expect(rows.every((row) => row.nameEn.includes(' Semester '))).toBe(true);
  });

  it('exam batches, score systems and their bands', async () => {
    const options = await ok<ExamOptions>('/api/exams/options', admin, {});
    expect(options.semesters.every((s) => s.nameEn !== '')).toBe(true);
    expect(options.grades.map((g) => g.nameEn)).toContain('Grade 7');
    expect(options.subjects.find((s) => s.code === '02')?.nameEn).toBe('Mathematics');
    const { rows } = await ok<TableAData<ExamBatchRow>>('/api/exams/list', admin, { currPage: 0, limit: 10, search: '{}' });
    expect(rows[0].semesterNameEn).toMatch(/Semester/);
    expect(rows[0].gradeNamesEn).toEqual(['Grade 7', 'Grade 8']);
    const [system] = await ok<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: rows[0].id });
    expect(system.bands.map((band) => [band.name, band.nameEn])).toEqual([
      ['优秀', 'Excellent'],
      ['良好', 'Good'],
      ['及格', 'Pass'],
      ['不及格', 'Fail'],
    ]);
  });

  it('attendance, score entry and my scores', async () => {
    const classes = await ok<AttendanceClass[]>('/api/attendance/classes', kgAdmin, {});
    expect(classes[0]).toMatchObject({ className: '小一班', classNameEn: 'Junior 1', gradeName: '小班', gradeNameEn: 'Junior' });
    const options = await ok<ScoreOptions>('/api/scores/options', admin, {});
    expect(options.semesters.find((s) => s.id === options.semesterId)?.nameEn).toMatch(/Semester/);
    expect(options.batches[0].classes[0]).toMatchObject({ className: '七年级(1)班', classNameEn: 'Grade 7 Class 1', gradeNameEn: 'Grade 7' });
    const mine = await ok<TableAData<MyScoreRow>>('/api/scores/mine', student, { currPage: 0, limit: 100, search: '{}' });
    const scored = mine.rows.find((row) => row.band !== '')!;
    expect(['Excellent', 'Good', 'Pass', 'Fail']).toContain(scored.bandEn);
    expect(scored.semesterNameEn).toMatch(/Semester/);
  });
});

describe('saving an English name', () => {
  it('a school year’s is optional, at most 50 characters (the message in the caller’s language), and comes back', async () => {
    const body = { code: `EN${Date.now() % 100000}`, name: '2090-2091学年', nameEn: 'Y'.repeat(51), startDate: '2090-09-01', endDate: '2091-08-31' };
    const zh = await post('/api/calendar/years/add', admin, body);
    expect(zh.body.code).toBe(ResponseCode.invalidInput);
    expect(zh.body.msg).toBe('英文名称长度不能超过50个字符');
    const en = await post('/api/calendar/years/add', admin, body, EN);
    expect(en.body.msg).toBe('The English name must be at most 50 characters');
    expect((await ok<SchoolYear[]>('/api/calendar/years', admin, {})).some((year) => year.code === body.code)).toBe(false);
    const saved = await ok<SchoolYear>('/api/calendar/years/add', admin, { ...body, nameEn: ' 2090-2091 School Year ' });
    expect(saved.nameEn).toBe('2090-2091 School Year');
    const plain = await ok<SchoolYear>('/api/calendar/years/edit', admin, { ...body, id: saved.id, version: saved.version, nameEn: undefined });
    expect(plain.nameEn).toBe('');
    await ok('/api/calendar/years/delete', admin, { ids: [saved.id] });
  });

  it('a score band’s is at most 20 characters; the database refuses a longer one from any writer', async () => {
    const { rows } = await ok<TableAData<ExamBatchRow>>('/api/exams/list', admin, { currPage: 0, limit: 10, search: '{}' });
    const batch = rows.find((row) => !row.published)!;
    const [system] = await ok<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: batch.id });
    const save = (nameEn: string) =>
      post('/api/score-systems/save', admin, {
        ...system,
        bands: system.bands.map(({ id: _id, ...band }, index) => (index === 0 ? { ...band, nameEn } : band)),
      });
    expect((await save('E'.repeat(21))).body.code).toBe(ResponseCode.invalidInput);
    const answer = await save('Top');
    expect(answer.body.code, answer.body.msg).toBe(1);
    const [saved] = await ok<ScoreSystemRow[]>('/api/score-systems/list', admin, { batchId: batch.id });
    expect(saved.bands[0]).toMatchObject({ name: '优秀', nameEn: 'Top' });
    await expect(ownerQuery(t.db, "UPDATE score_bands SET name_en = repeat('E', 21) WHERE id = $1", [saved.bands[0].id])).rejects.toThrow(/score_bands_name_en_check/);
    // put the seeded name back for the other files
    expect((await post('/api/score-systems/save', admin, { ...saved, bands: saved.bands.map(({ id: _id, ...band }, index) => (index === 0 ? { ...band, nameEn: 'Excellent' } : band)) })).body.code).toBe(1);
  });
});

describe('what the server writes itself', () => {
  it('a refusal naming a semester names it in the caller’s language', async () => {
    const [year] = (await ok<SchoolYear[]>('/api/calendar/years', admin, {})).filter((row) => row.isCurrent);
    const { rows } = await ok<TableAData<Semester>>('/api/calendar/semesters', admin, { currPage: 0, limit: 10, search: JSON.stringify({ schoolYearId: year.id }) });
    const first = rows.at(-1)!;
    const overlapping = {
      schoolYearId: year.id,
      code: `EN-${Date.now() % 100000}`,
      name: '重叠学期',
      year: first.year,
      startDate: first.startDate,
      endDate: first.teachEndDate,
      teachStartDate: first.teachStartDate,
      teachEndDate: first.teachEndDate,
      weeks: 1,
    };
    const en = await post('/api/calendar/semesters/add', admin, overlapping, EN);
    expect(en.body.msg).toBe(`The dates overlap the semester "${first.nameEn}" of the same school year`);
    const zh = await post('/api/calendar/semesters/add', admin, overlapping);
    expect(zh.body.msg).toBe(`与同一学年的学期“${first.name}”日期重叠`);
  });

  it('a score export names its class sheet in the caller’s language', async () => {
    const { rows } = await ok<TableAData<ExamBatchRow>>('/api/exams/list', admin, { currPage: 0, limit: 10, search: '{}' });
    const options = await ok<ScoreOptions>('/api/scores/options', admin, {});
    const klass = options.batches[0].classes[0];
    const sheetNames = async (headers: Record<string, string>) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/scores/export',
        headers: { 'x-access-token': admin, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ batchId: rows[0].id, classId: klass.classId }),
        remoteAddress: uniqueIp(),
      });
      expect(answer.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      return { sheets: workbook.worksheets.map((sheet) => sheet.name), disposition: decodeURIComponent(String(answer.headers['content-disposition'])) };
    };
    const en = await sheetNames(EN);
    expect(en.sheets[0]).toContain('Grade 7 Class 1');
    expect(en.disposition).toContain('Grade 7 Class 1');
    expect((await sheetNames({})).sheets[0]).toContain('七年级(1)班');
  });
});
