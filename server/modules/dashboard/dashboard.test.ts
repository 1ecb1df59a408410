import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KINDS } from '../../../contracts/application-constants';
import {
  applicationsPendingFigures,
  attendanceTodayFigures,
  DASHBOARD_URLS,
  scoreProgressFigures,
  surveyResponsesFigures,
  type ApplicationsPendingFigures,
  type AttendanceTodayFigures,
  type ScoreProgressFigures,
  type SurveyResponsesFigures,
} from '../../../contracts/dashboard';
import type { TableAData } from '../../../contracts/envelope';
import { seedExams } from '../../db/seed/exams';
import { seedScores } from '../../db/seed/scores';
import { seedSurveys } from '../../db/seed/surveys';
import { addDays, schoolDate, weekday } from '../attendance/school-day';
import { buildTestApp, call, createUser, login, ownerQuery, seedOwnSchool, type TestApp } from '../../test/helpers';

/**
 * The dashboard's figure cards on a school of this file's own (the demo school's 七年级, seeded now),
 * so that rolls and scores written here change no other file's figures. "Today" is moved by the
 * attendance service's clock to a school day without seeded rolls.
 */

let t: TestApp;
let school: { code: string; tenantId: string };
let admin: string;
let plainTeacher: string;
let today: string;

const post = <T>(url: string, token: string, json: unknown = {}, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });

async function figures<T>(url: string, token: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const { body } = await post<T>(url, token);
  expect(body.code, body.msg).toBe(1);
  return schema.parse(body.data);
}

/** Sets the attendance service's clock to 10:00 school time of `date`. */
function setToday(date: string) {
  Object.assign(t.app.services.attendance, { now: () => new Date(`${date}T10:00:00+08:00`) });
}

beforeAll(async () => {
  t = await buildTestApp();
  school = await seedOwnSchool(t.db, { prefix: 'dash' });
  // what only the demo school gets: an open exam batch with some scores, open questionnaires with answers
  await t.db.withTenant(school.tenantId, async (tx) => {
    await seedExams(tx, school.tenantId);
    await seedScores(tx, school.tenantId);
    await seedSurveys(tx, school.tenantId, new Date());
  });
  admin = await login(t.app, school.code, 'admin');
  const teacher = await createUser(t.db, school.code, { roles: ['teacher'] });
  plainTeacher = await login(t.app, school.code, teacher.username);
  // a weekday of the current semester, after the seeded rolls (the seed leaves the last days free)
  const [{ start, end }] = await ownerQuery<{ start: string; end: string }>(
    t.db,
    'SELECT start_date::text AS start, end_date::text AS "end" FROM semesters WHERE tenant_id = $1 AND is_current',
    [school.tenantId],
  );
  const candidates = [...Array.from({ length: 9 }, (_, i) => addDays(schoolDate(new Date()), -1 - i)), ...Array.from({ length: 60 }, (_, i) => addDays(schoolDate(new Date()), i))];
  today = candidates.find((date) => weekday(date) !== 0 && weekday(date) !== 6 && start <= date && date <= end)!;
  setToday(today);
});

afterAll(() => t.close());

const classesOfSchool = () =>
  ownerQuery<{ id: string; name: string }>(
    t.db,
    "SELECT id::text, name FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND NOT graduated ORDER BY grade_level, sort, code",
    [school.tenantId],
  );

describe("今日考勤: today's rolls in the school's time zone", () => {
  it('counts every class as without a roll until one is taken, then the roll and its absences', async () => {
    const classes = await classesOfSchool();
    const before = await figures<AttendanceTodayFigures>(DASHBOARD_URLS.attendanceToday, admin, attendanceTodayFigures);
    expect(before).toMatchObject({ date: today, schoolDay: true, totalClasses: classes.length, takenClasses: 0, missingCount: classes.length, absent: 0 });
    expect(before.missing.map((item) => item.name)).toEqual(classes.slice(0, 5).map((item) => item.name));

    const first = classes[0]!;
    const roll = await post<{ entries: { studentId: string }[] }>('/api/attendance/roll', admin, { classId: first.id, date: today });
    expect(roll.body.code, roll.body.msg).toBe(1);
    const [a, b, c] = roll.body.data.entries;
    const entries = roll.body.data.entries.map((entry) => ({ studentId: entry.studentId, status: entry === a || entry === b ? '2' : entry === c ? '3' : '1' }));
    const submitted = await post('/api/attendance/submit', admin, { classId: first.id, date: today, baseVersion: 0, entries }, { 'idempotency-key': uuidv7() });
    expect(submitted.body.code, submitted.body.msg).toBe(1);

    const after = await figures<AttendanceTodayFigures>(DASHBOARD_URLS.attendanceToday, admin, attendanceTodayFigures);
    expect(after).toMatchObject({ takenClasses: 1, missingCount: classes.length - 1, absent: 2 });
    expect(after.missing.map((item) => item.classId)).not.toContain(first.id);
    // the same figure the attendance screen's overview shows
    const missing = await post<{ missing: unknown[] }>('/api/attendance/missing', admin, { date: today });
    expect(missing.body.data.missing).toHaveLength(after.missingCount);
  });

  it('expects no roll on a weekend', async () => {
    let saturday = today;
    while (weekday(saturday) !== 6) saturday = addDays(saturday, 1);
    setToday(saturday);
    try {
      expect(await figures<AttendanceTodayFigures>(DASHBOARD_URLS.attendanceToday, admin, attendanceTodayFigures)).toMatchObject({
        date: saturday,
        schoolDay: false,
        missingCount: 0,
        missing: [],
      });
    } finally {
      setToday(today);
    }
  });
});

describe('待审批的申请: undecided applications by kind', () => {
  it("gives the administrator, per kind, what the kind's list shows under 全部 with the state 审核中", async () => {
    const pending = await figures<ApplicationsPendingFigures>(DASHBOARD_URLS.applicationsPending, admin, applicationsPendingFigures);
    const [{ n }] = await ownerQuery<{ n: number }>(t.db, "SELECT count(*)::int AS n FROM applications WHERE tenant_id = $1 AND state = 'pending'", [school.tenantId]);
    expect(pending.total).toBe(n);
    for (const kind of APPLICATION_KINDS) {
      const { body } = await post<TableAData<unknown>>('/api/applications/list', admin, {
        currPage: 0,
        limit: 1,
        search: JSON.stringify({ scope: 'all', kinds: [kind], state: 'pending' }),
      });
      expect(body.code, body.msg).toBe(1);
      expect(pending.byKind[kind] ?? 0, kind).toBe(body.data.total);
    }
  });
});

describe('成绩录入进度: entered of expected per open exam batch', () => {
  it('counts the open batch of the current semester against its roster, and moves with a saved score', async () => {
    const progress = await figures<ScoreProgressFigures>(DASHBOARD_URLS.scoreProgress, admin, scoreProgressFigures);
    const [batch] = await ownerQuery<{ id: string; subjects: number; students: number; entered: number }>(
      t.db,
      `SELECT b.id::text, cardinality(b.subjects) AS subjects,
              (SELECT count(*)::int FROM users s JOIN org_units c ON c.tenant_id = s.tenant_id AND c.id = s.org_unit_id
                WHERE s.tenant_id = b.tenant_id AND s.user_type = '2' AND s.enabled AND c.kind = 'class' AND NOT c.graduated AND c.parent_id = ANY(b.grade_ids)) AS students,
              (SELECT count(*)::int FROM scores sc JOIN score_sheets sh ON sh.tenant_id = sc.tenant_id AND sh.id = sc.sheet_id WHERE sh.tenant_id = b.tenant_id AND sh.batch_id = b.id) AS entered
         FROM exam_batches b JOIN semesters se ON se.tenant_id = b.tenant_id AND se.id = b.semester_id AND se.is_current
        WHERE b.tenant_id = $1 AND NOT b.published`,
      [school.tenantId],
    );
    expect(progress.batches.map((row) => row.batchId)).toEqual([batch!.id]);
    const row = progress.batches[0]!;
    expect(row).toMatchObject({ expected: batch!.subjects * batch!.students, entered: batch!.entered });
    expect(row.entered).toBeGreaterThan(0);
    // the least advanced classes first, none complete
    expect(row.worst.length).toBeGreaterThan(0);
    expect(row.worst.every((item) => item.entered < item.expected)).toBe(true);
    const rates = row.worst.map((item) => item.entered / item.expected);
    expect(rates).toEqual([...rates].sort((x, y) => x - y));

    const klass = row.worst[0]!;
    const sheet = await post<{ students: { studentId: string }[] }>('/api/scores/sheet', admin, { batchId: row.batchId, classId: klass.classId, subject: '02' });
    expect(sheet.body.code, sheet.body.msg).toBe(1);
    const saved = await post('/api/scores/save', admin, { batchId: row.batchId, classId: klass.classId, subject: '02', studentId: sheet.body.data.students[0]!.studentId, score: 88, mark: '', baseVersion: 0 });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const after = await figures<ScoreProgressFigures>(DASHBOARD_URLS.scoreProgress, admin, scoreProgressFigures);
    expect(after.batches[0]).toMatchObject({ entered: row.entered + 1, expected: row.expected });
  });
});

describe('问卷回收: open questionnaires, answered of targeted', () => {
  it("gives the administrator every open questionnaire with the managers' list's own counts", async () => {
    const responses = await figures<SurveyResponsesFigures>(DASHBOARD_URLS.surveyResponses, admin, surveyResponsesFigures);
    const { body } = await post<TableAData<{ id: string; published: boolean; inUse: boolean; timeState: string; answerCount: number; targetCount: number | null }>>(
      '/api/surveys/list',
      admin,
      { currPage: 0, limit: 100, search: JSON.stringify({}) },
    );
    const open = body.data.rows.filter((row) => row.published && row.inUse && row.timeState === 'started');
    expect(open.length).toBeGreaterThan(0);
    expect(responses.open).toBe(open.length);
    for (const survey of responses.surveys) {
      const row = open.find((item) => item.id === survey.id)!;
      expect(survey).toMatchObject({ answered: row.answerCount, targeted: row.targetCount });
    }
    const ends = responses.surveys.map((survey) => survey.endsAt);
    expect(ends).toEqual([...ends].sort());
  });
});

describe('who sees the cards', () => {
  it('refuses the school-wide cards to a teacher without the rights, in their language', async () => {
    for (const url of [DASHBOARD_URLS.attendanceToday, DASHBOARD_URLS.scoreProgress, DASHBOARD_URLS.applicationsPending]) {
      const { body } = await post(url, plainTeacher);
      expect(body.code, url).toBe(40300);
      expect(body.data, url).toBeNull();
    }
    const en = await post(DASHBOARD_URLS.attendanceToday, plainTeacher, {}, { 'x-lang': 'en' });
    expect(en.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("gives a questionnaire manager without the publish right only their own open questionnaires (the teacher's: none)", async () => {
    const own = await figures<SurveyResponsesFigures>(DASHBOARD_URLS.surveyResponses, plainTeacher, surveyResponsesFigures);
    expect(own).toEqual({ open: 0, surveys: [] });
  });
});
