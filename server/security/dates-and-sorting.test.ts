import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '../../contracts/applications';
import { type Envelope, ResponseCode } from '../../contracts/envelope';
import type { SurveyDetail } from '../../contracts/surveys';
import { datedRowsOf } from '../db/rows';
import { questionnaires } from '../modules/surveys/surveys.table';
import { buildTestApp, call, login, ownerQuery, seedOwnSchool, type TestApp } from '../test/helpers';

/**
 * What the black-box probe of issue 18 found about input (section 5): impossible dates and years 0 /
 * 9999 were unexpected faults or silently changed, inherited property names passed the sort-field
 * check. Every date of every route is one validated type (contracts/dates.ts), stored and read back
 * exactly; a list's sort field is one of its own names. Against a school of this file's own.
 */

let t: TestApp;
let code: string;
let tenantId: string;
const tokens = new Map<string, string>();
const as = async (username: string) => {
  if (!tokens.has(username)) tokens.set(username, await login(t.app, code, username));
  return tokens.get(username)!;
};
const post = async <T>(url: string, username: string, json: unknown, lang = 'zh') =>
  (await call<T>(t.app, 'POST', url, { token: await as(username), json, headers: { 'accept-language': lang } })).body;
const getRaw = async (url: string, username: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': await as(username) } })).json() as Envelope<unknown>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ code, tenantId } = await seedOwnSchool(t.db, { prefix: 'dates', studentsPerClass: 2, otherStaff: 4 }));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const survey = (startsAt: string, endsAt: string) => ({
  id: uuidv7(),
  version: 0,
  title: `日期${randomBytes(2).toString('hex')}`,
  description: '',
  startsAt,
  endsAt,
  audience: 'everyone',
  target: { userIds: [], orgIds: [], roleCodes: [] },
  anonymous: true,
  oncePer: 'device',
  questions: [],
});
const countOf = async (table: string, id: string) =>
  Number((await ownerQuery<{ n: string }>(t.db, `SELECT count(*) n FROM ${table} WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]!.n);

describe('dates are stored exactly', () => {
  it('the driver text of any year reaches a timestamptz column and a raw row as the same instant', async () => {
    const read = await t.db.withGlobal(async (tx) => {
      // the school's zone: before 1901 PostgreSQL writes Shanghai's local mean time offset (+08:05:43)
      await tx.execute(sql`SET LOCAL TimeZone = 'Asia/Shanghai'`);
      const [typed] = await tx
        .select({
          year1: sql`'0001-01-01T00:00:00Z'::timestamptz`.mapWith(questionnaires.startsAt),
          year1900: sql`'1900-01-01T00:00:00Z'::timestamptz`.mapWith(questionnaires.startsAt),
        })
        .from(sql`(SELECT 1) AS one`);
      const raw = datedRowsOf(['year50']).datedFirst<{ year50: Date }>(await tx.execute(sql`SELECT '0050-06-15T12:00:00Z'::timestamptz AS year50`));
      return { ...typed!, year50: raw!.year50 };
    });
    expect(read).toEqual({ year1: new Date('0001-01-01T00:00:00Z'), year1900: new Date('1900-01-01T00:00:00Z'), year50: new Date('0050-06-15T12:00:00Z') });
  });

  it('a questionnaire keeps its times at the ends of the accepted range; year 1 is refused, not turned into 2001', async () => {
    const body = survey('1900-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z');
    const saved = await post<SurveyDetail>('/api/surveys/save', 'admin', body);
    expect(saved.code, saved.msg).toBe(1);
    const read = await post<SurveyDetail>('/api/surveys/get', 'admin', { id: body.id });
    expect([read.data.startsAt, read.data.endsAt]).toEqual(['1900-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z']);

    const yearOne = survey('0001-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    const refused = await post('/api/surveys/save', 'admin', yearOne);
    expect([refused.code, refused.msg]).toEqual([ResponseCode.invalidInput, '开始时间(startsAt)不是有效的时间（ISO 8601，含时区，1900–2100年）']);
    expect((await post('/api/surveys/save', 'admin', yearOne, 'en')).msg).toBe('Start time (startsAt) is not a valid time (ISO 8601 with an offset, years 1900–2100)');
    expect(await countOf('questionnaires', yearOne.id)).toBe(0);
    for (const [startsAt, endsAt] of [
      ['0000-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
      ['2026-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
      ['2026-02-30T00:00:00Z', '2026-03-01T00:00:00Z'],
      ['2026-01-01T00:00:00.1234Z', '2026-03-01T00:00:00Z'],
    ]) {
      const answer = await post('/api/surveys/save', 'admin', survey(startsAt!, endsAt!));
      expect(answer.code, `${startsAt} ${endsAt}`).toBe(ResponseCode.invalidInput);
    }
  });

  it('an application draft keeps its times; a make-up with an impossible missed date is refused and nothing is stored', async () => {
    const id = uuidv7();
    const draft = { id, kind: 'staff_leave', leaveType: '', startsAt: '1900-01-01T00:00:00.000Z', endsAt: '2100-12-31T23:59:59.999Z', reason: '日期', submit: false };
    const saved = await post<ApplicationDetail>('/api/applications/save', 'teacher', draft);
    expect(saved.code, saved.msg).toBe(1);
    const read = await post<ApplicationDetail>('/api/applications/get', 'teacher', { id });
    expect([read.data.startsAt, read.data.endsAt]).toEqual(['1900-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z']);
    expect((await post('/api/applications/save', 'teacher', { ...draft, id: uuidv7(), startsAt: '0001-01-01T00:00:00.000Z' })).code).toBe(ResponseCode.invalidInput);

    for (const missedDate of ['2026-13-45', '2026-02-30', '0000-01-01', '9999-12-31']) {
      const makeup = { id: uuidv7(), kind: 'staff_makeup', startsAt: '2026-03-02T08:00:00.000Z', endsAt: '2026-03-02T08:45:00.000Z', reason: '补课', details: { classId: uuidv7(), subject: '02', missedDate } };
      const refused = await post('/api/applications/save', 'teacher', makeup);
      expect([refused.code, refused.msg], missedDate).toEqual([ResponseCode.invalidInput, '缺课日期(missedDate)不是有效的日期（YYYY-MM-DD，1900–2100年）']);
      expect(await countOf('applications', makeup.id)).toBe(0);
    }
  });
});

describe('impossible dates and months are a clear 40000, as any role', () => {
  it('applications/list from and to', async () => {
    for (const username of ['teacher', 'admin']) {
      for (const from of ['2026-02-30', '2026-13-45', '0000-01-01', '9999-12-31']) {
        const answer = await post('/api/applications/list', username, { currPage: 0, limit: 10, search: JSON.stringify({ scope: 'mine', from }) });
        expect([answer.code, answer.msg], `${username} ${from}`).toEqual([ResponseCode.invalidInput, '开始日期(search.from)不是有效的日期（YYYY-MM-DD，1900–2100年）']);
      }
    }
    expect((await post('/api/applications/list', 'teacher', { currPage: 0, limit: 10, search: JSON.stringify({ scope: 'mine', from: '2026-02-28', to: '' }) })).code).toBe(1);
  });

  it('the staff summary and its export: months of year 0 or 9999', async () => {
    for (const month of ['0000-01', '9999-12', '2026-13', '2026-00']) {
      const answer = await post('/api/applications/staff-summary', 'admin', { month });
      expect([answer.code, answer.msg], month).toEqual([ResponseCode.invalidInput, '月份(month)不是有效的月份（YYYY-MM，1900–2100年）']);
      expect((await getRaw(`/api/applications/staff-summary/export?month=${month}`, 'admin')).code, month).toBe(ResponseCode.invalidInput);
    }
    expect((await post('/api/applications/staff-summary', 'admin', { month: '2026-02' })).code).toBe(1);
  });
});

describe('a list sorts only by its own columns', () => {
  const lists = [
    { url: '/api/exams/list', field: 'name' },
    { url: '/api/roles/list', field: 'code' },
    { url: '/api/ai-prompts/list', field: 'name' },
    { url: '/api/apk/list', field: 'versionCode' },
    { url: '/api/users/list', field: 'username' },
    { url: '/api/dict/getDictDataList', field: 'code' },
  ];

  it('inherited property names and unknown names are 40000 naming sortField; its own names sort', async () => {
    for (const { url, field } of lists) {
      for (const sortField of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'nope']) {
        const answer = await post(url, 'admin', { currPage: 0, limit: 5, order: 'desc', sortField });
        expect(answer.code, `${url} ${sortField}`).toBe(ResponseCode.invalidInput);
        expect(answer.msg, `${url} ${sortField}`).toMatch(/^排序字段\(sortField\)取值无效，可选值：/);
      }
      for (const sortField of [field, '', undefined]) {
        const answer = await post(url, 'admin', { currPage: 0, limit: 5, order: 'desc', sortField, search: url.includes('dict') ? JSON.stringify({ typeCode: 'STD_GB_XB' }) : '{}' });
        expect(answer.code, `${url} ${sortField} ${answer.msg}`).toBe(1);
      }
    }
  });
});
