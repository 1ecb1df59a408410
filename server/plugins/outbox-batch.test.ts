import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceRoll } from '../../contracts/attendance';
import { OUTBOX_BATCH_MAX, OUTBOX_BATCH_URL, type OutboxBatchData } from '../../contracts/idempotency';
import { addDays, schoolDate, weekday } from '../modules/attendance/school-day';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../test/helpers';

/**
 * The outbox batch call (contracts/idempotency.ts) carrying attendance submissions of the demo
 * school. Classes are taken by code (G8C1…, G9C1: no other test file writes their rolls) so a
 * concurrent test renaming classes cannot disturb them; each test has its own class.
 */

let t: TestApp;
let demoId: string;
let teacher: string;
let admin: string;
const classId: Record<string, string> = {};
const today = schoolDate(new Date());
/** school days among the last nine (the seed leaves them without rolls) */
const days = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => addDays(today, -n)).filter((d) => weekday(d) !== 0 && weekday(d) !== 6);

const batch = (token: string, ops: { key: string; url: string; body: unknown }[]) => call<OutboxBatchData>(t.app, 'POST', OUTBOX_BATCH_URL, { token, json: { ops } });
const single = (token: string, body: unknown, key: string) =>
  call<AttendanceRoll>(t.app, 'POST', '/api/attendance/submit', { token, json: body, headers: { 'idempotency-key': key } });

const rosterOf = async (code: string, date: string) => {
  const { body } = await call<AttendanceRoll>(t.app, 'POST', '/api/attendance/roll', { token: admin, json: { classId: classId[code], date } });
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
const submission = (code: string, date: string, studentId: string, status: string, baseVersion = 0) => ({
  classId: classId[code],
  date,
  baseVersion,
  entries: [{ studentId, status }],
});
const op = (body: unknown, key = uuidv7()) => ({ key, url: '/api/attendance/submit', body });
const rollVersion = async (code: string, date: string) =>
  (await ownerQuery<{ version: number }>(t.db, 'SELECT version FROM attendance_rolls WHERE tenant_id = $1 AND class_id = $2 AND date = $3', [demoId, classId[code], date]))[0]?.version ??
  0;
const keysStored = async (keys: string[]) =>
  Number((await ownerQuery<{ n: string }>(t.db, 'SELECT count(*) n FROM idempotency_keys WHERE tenant_id = $1 AND key = ANY($2::uuid[])', [demoId, keys]))[0].n);

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  for (const row of await ownerQuery<{ id: string; code: string }>(t.db, `SELECT id::text, code FROM org_units WHERE tenant_id = $1 AND kind = 'class'`, [demoId])) {
    classId[row.code] = row.id;
  }
  teacher = await login(t.app, 'demo', 'teacher');
  admin = await login(t.app, 'demo', 'admin');
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/outbox/batch', () => {
  it('applies every operation once, answers each in order, and a repeat of the batch replays the stored answers', async () => {
    const [d1, d2] = days;
    const a = await rosterOf('G8C3', d1);
    const b = await rosterOf('G8C3', d2);
    const ops = [op(submission('G8C3', d1, a.entries[0].studentId, '2')), op(submission('G8C3', d2, b.entries[1].studentId, '3'))];
    const first = await batch(admin, ops);
    expect(first.body.code, first.body.msg).toBe(1);
    expect(first.body.data.results.map((r) => [r.key, r.code, r.replayed])).toEqual(ops.map((o) => [o.key, 1, false]));
    const roll = first.body.data.results[0].data as AttendanceRoll;
    expect(roll.version).toBe(1);
    expect(roll.entries[0].status).toBe('2');
    expect(await rollVersion('G8C3', d1)).toBe(1);
    expect(await rollVersion('G8C3', d2)).toBe(1);

    // the answer was lost, the drain sends the same batch again: nothing applied twice
    const again = await batch(admin, ops);
    expect(again.body.data.results.map((r) => [r.code, r.replayed])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(again.body.data.results[0].data).toEqual(first.body.data.results[0].data);
    expect(await rollVersion('G8C3', d1)).toBe(1);
  });

  it('is the same key space as the single call: sent alone first, then in a batch → the stored answer', async () => {
    const date = days[0];
    const roster = await rosterOf('G8C2', date);
    const body = submission('G8C2', date, roster.entries[2].studentId, '2');
    const key = uuidv7();
    const alone = await single(admin, body, key);
    expect(alone.body.code, alone.body.msg).toBe(1);
    const batched = await batch(admin, [op(body, key)]);
    expect(batched.body.data.results[0]).toMatchObject({ code: 1, replayed: true });
    expect(batched.body.data.results[0].data).toEqual(alone.body.data);
    expect(await rollVersion('G8C2', date)).toBe(1);
    // and the same key with another body is refused there too, changing nothing
    const other = await batch(admin, [op(submission('G8C2', date, roster.entries[2].studentId, '3'), key)]);
    expect(other.body.data.results[0].code).toBe(42200);
    expect(await rollVersion('G8C2', date)).toBe(1);
  });

  it('one failing operation rolls back alone: a conflict answers the server roll, invalid input its message, the others commit', async () => {
    const [d1, d2, d3] = days;
    const r1 = await rosterOf('G8C1', d1);
    expect((await single(admin, submission('G8C1', d1, r1.entries[0].studentId, '2'), uuidv7())).body.code).toBe(1);
    const r2 = await rosterOf('G8C1', d2);
    const r3 = await rosterOf('G8C1', d3);
    const ops = [
      op(submission('G8C1', d1, r1.entries[1].studentId, '3', 0)), // stale: the roll is at version 1
      op(submission('G8C1', d2, r2.entries[0].studentId, '7')), // not a status of the dictionary
      op(submission('G8C1', d3, r3.entries[0].studentId, '2')),
    ];
    const { body } = await batch(admin, ops);
    expect(body.code, body.msg).toBe(1);
    const [stale, invalid, fine] = body.data.results;
    expect(stale.code).toBe(40900);
    expect((stale.data as AttendanceRoll).version).toBe(1);
    expect(invalid.code).toBe(40000);
    expect(invalid.msg).not.toBe('');
    expect(fine.code).toBe(1);
    expect(await rollVersion('G8C1', d1)).toBe(1);
    expect(await rollVersion('G8C1', d2)).toBe(0);
    expect(await rollVersion('G8C1', d3)).toBe(1);
    // failures store no key: the corrected retry runs
    expect(await keysStored(ops.map((o) => o.key))).toBe(1);
  });

  it("checks each operation's access: a teacher's write to a class they do not teach is refused, their own goes through", async () => {
    const date = days[0];
    const foreign = await rosterOf('G9C1', date);
    const own = await call<AttendanceRoll>(t.app, 'POST', '/api/attendance/roll', { token: teacher, json: { classId: classId['G7C2'], date: days[days.length - 1] } });
    expect(own.body.code, own.body.msg).toBe(1);
    const { body } = await batch(teacher, [
      op(submission('G9C1', date, foreign.entries[0].studentId, '2')),
      op({ classId: classId['G7C2'], date: days[days.length - 1], baseVersion: own.body.data.version, entries: [{ studentId: own.body.data.entries[0].studentId, status: own.body.data.entries[0].status }] }),
    ]);
    expect(body.data.results.map((r) => r.code)).toEqual([40300, 1]);
    expect(await rollVersion('G9C1', date)).toBe(0);
  });

  it('refuses calls that are not replayable writes, malformed batches, and callers without a session', async () => {
    const unknown = await batch(admin, [{ key: uuidv7(), url: '/api/attendance/roll', body: {} }]);
    expect(unknown.body.data.results[0].code).toBe(40400);
    const lang = await call<OutboxBatchData>(t.app, 'POST', OUTBOX_BATCH_URL, {
      token: admin,
      json: { ops: [{ key: uuidv7(), url: '/logout', body: {} }] },
      headers: { 'accept-language': 'en' },
    });
    expect(lang.body.data.results[0].msg).toContain('/logout');

    const key = uuidv7();
    expect((await batch(admin, [])).body.code).toBe(40000);
    expect((await batch(admin, [op({}, key), op({}, key)])).body.code).toBe(40000);
    expect((await batch(admin, Array.from({ length: OUTBOX_BATCH_MAX + 1 }, () => op({})))).body.code).toBe(40000);
    expect((await batch(admin, [{ key: 'not-a-uuid', url: '/api/attendance/submit', body: {} }])).body.code).toBe(40000);
    expect((await call(t.app, 'POST', OUTBOX_BATCH_URL, { json: { ops: [op({})] } })).body.code).toBe(90001);
  });
});
