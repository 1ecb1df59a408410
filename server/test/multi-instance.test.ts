import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AttendanceRoll } from '../../contracts/attendance';
import type { Envelope } from '../../contracts/envelope';
import { OUTBOX_BATCH_URL, type OutboxBatchData, type OutboxBatchOperation } from '../../contracts/idempotency';
import { connectDatabase, type Database } from '../db/client';
import { addDays, schoolDate, weekday } from '../modules/attendance/school-day';
import { DEMO_SURVEY_IDS } from '../db/seed/surveys';
import { createUser, DEMO_PASSWORD, ownerQuery, tenantIdOf } from './helpers';
import { type Instances, startInstances } from './instances';

/**
 * Issue 18 §4: two real server processes (A and B) on the one test database behave as one server:
 * login throttling and lockout, the public rate limits, the outbox's exactly-once and the
 * background sweeps are shared through PostgreSQL. The processes are started once for the file.
 *
 * Both trust one proxy hop, so each test gives its calls a client address of its own through
 * X-Forwarded-For (counters per address are shared by the whole test database).
 */

const LOCKOUT_ATTEMPTS = 4;
/** the rate-limit sweep's interval here; the other sweeps never run on these instances */
const SWEEP_SECONDS = 1;

let instances: Instances;
let db: Database;
let A: string;
let B: string;

beforeAll(async () => {
  db = connectDatabase(inject('databaseUrl'), { maxConnections: 3 });
  instances = await startInstances(2, {
    databaseUrl: inject('databaseUrl'),
    env: {
      XIAOWU_TRUST_PROXY: '1',
      // below the per-account throttle (5 in 15 minutes), so the lockout is what 12 wrong passwords reach
      XIAOWU_LOCKOUT_ATTEMPTS: String(LOCKOUT_ATTEMPTS),
      XIAOWU_LOCKOUT_MINUTES: '30',
      XIAOWU_SWEEP_TICK_SECONDS: '0.2',
      XIAOWU_SWEEP_INTERVALS: `rate-limit-counters=${SWEEP_SECONDS},app-log-retention=off,dynamic-roles=off,survey-pictures=off`,
    },
  });
  [A, B] = instances.urls as [string, string];
});

afterAll(async () => {
  await instances?.stopAll();
  await db?.close();
});

const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 254)}`;

async function post<T = unknown>(base: string, path: string, options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; ip: string }) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip, ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json ?? {});
  }
  const response = await fetch(base + path, { method: 'POST', headers, body });
  return (await response.json()) as Envelope<T>;
}

const loginAt = (base: string, username: string, password: string, ip: string) =>
  post<{ token: string }>(base, '/api/login/v3', { form: { tenant: 'demo', username, password }, ip });

describe('login throttling and lockout', () => {
  it('12 wrong passwords alternating between A and B lock the account on both', async () => {
    const user = await createUser(db, 'demo');
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) codes.push((await loginAt(i % 2 === 0 ? A : B, user.username, `wrong-${i}`, address())).code);
    expect(codes).toEqual([...Array(LOCKOUT_ATTEMPTS - 1).fill(40100), ...Array(12 - LOCKOUT_ATTEMPTS + 1).fill(42300)]);
    // the right password is refused on both
    for (const base of [A, B]) expect((await loginAt(base, user.username, DEMO_PASSWORD, address())).code).toBe(42300);
  });

  it('12 wrong passwords sent to A and B at the same moment never pass the lockout count: one attempt at a time, the others told to retry', async () => {
    const user = await createUser(db, 'demo');
    const codes: number[] = [];
    // rounds of simultaneous guesses until the account is locked
    while (!codes.includes(42300)) {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => loginAt(i % 2 === 0 ? A : B, user.username, `wrong-${codes.length + i}`, address())));
      codes.push(...answers.map((answer) => answer.code));
      expect(codes.length).toBeLessThan(12 * 20);
    }
    // wrong-password answers (40100) stop short of the lockout; the rest were locked (42300) or busy (42900)
    expect(codes.filter((code) => code === 40100)).toHaveLength(LOCKOUT_ATTEMPTS - 1);
    expect(codes.every((code) => [40100, 42300, 42900].includes(code))).toBe(true);
    const [failures] = await ownerQuery<{ n: number }>(db, 'SELECT count(*)::int AS n FROM login_failures WHERE account_key = $1', [`demo/${user.username}`]);
    expect(failures.n).toBe(LOCKOUT_ATTEMPTS);
  });

  it('the per-address throttle (20 failures in 15 minutes) counts the failures of both', async () => {
    const ip = address();
    for (let i = 0; i < 20; i += 1) {
      // accounts that do not exist: never locked, each below its own per-account throttle
      expect((await loginAt(i % 2 === 0 ? A : B, `nobody_${randomBytes(4).toString('hex')}`, 'wrong', ip)).code).toBe(40100);
    }
    for (const base of [A, B]) expect((await loginAt(base, 'admin', DEMO_PASSWORD, ip)).code).toBe(42900);
    // another client behind the same proxy is not throttled
    expect((await loginAt(B, 'admin', DEMO_PASSWORD, address())).code).toBe(1);
  });
});

describe('public rate limits', () => {
  /** an answer the server refuses (required questions left out): counted, never stored */
  const answer = (base: string, device: string) =>
    post(base, '/api/surveys/public/answer', {
      json: { questionnaireId: DEMO_SURVEY_IDS.satisfaction, answerId: uuidv7(), values: {} },
      headers: { 'x-tenant': 'demo', 'x-device-id': device },
      ip: address(),
    });

  it('per device: 10 answers a minute spread over A and B, the 11th is refused by either', async () => {
    const device = uuidv7();
    for (let i = 0; i < 10; i += 1) expect((await answer(i % 2 === 0 ? A : B, device)).code).toBe(40000);
    const refusedByA = await answer(A, device);
    expect(refusedByA).toMatchObject({ code: 42900, result: false, data: { retryAfterSeconds: expect.any(Number) } });
    expect((refusedByA.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await answer(B, device)).code).toBe(42900);
    expect((await answer(B, uuidv7())).code).toBe(40000);
  });

  it('per address: 60 proof verifications in 10 minutes spread over A and B, the 61st is refused by either', async () => {
    const ip = address();
    // the entries before the one the proxy wrote are the client's own (forged): they change nothing
    const verify = (base: string, from = ip) =>
      fetch(`${base}/api/proofs/verify/demo/NOSUCHCODE`, { headers: { 'x-forwarded-for': `${address()}, ${from}` } });
    for (let i = 0; i < 60; i += 1) expect((await verify(i % 2 === 0 ? A : B)).status).toBe(404);
    for (const base of [A, B]) {
      const refused = await verify(base);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // counted per client address, not per proxy (XIAOWU_TRUST_PROXY=1 over a real socket)
    expect((await verify(A, address())).status).toBe(404);
  });
});

describe('outbox batch', () => {
  it('the same batch sent to A and B at once is applied exactly once; the second answer is a replay or "still being applied"', async () => {
    const demoId = await tenantIdOf(db, 'demo');
    // 五年级(2)班: no other test file writes its rolls
    const [klass] = await ownerQuery<{ id: string }>(db, `SELECT id::text AS id FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND code = 'G5C2'`, [demoId]);
    const admin = await loginAt(A, 'admin', DEMO_PASSWORD, address());
    expect(admin.code, admin.msg).toBe(1);
    const token = admin.data.token;
    const today = schoolDate(new Date());
    const days = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => addDays(today, -n)).filter((d) => weekday(d) !== 0 && weekday(d) !== 6);
    const ops: OutboxBatchOperation[] = [];
    for (const date of days) {
      const roll = await post<AttendanceRoll>(B, '/api/attendance/roll', { json: { classId: klass.id, date }, headers: { 'x-access-token': token }, ip: address() });
      expect(roll.code, roll.msg).toBe(1);
      ops.push({ key: uuidv7(), url: '/api/attendance/submit', body: { classId: klass.id, date, baseVersion: 0, entries: [{ studentId: roll.data.entries[0]!.studentId, status: '2' }] } });
    }
    const send = (base: string) => post<OutboxBatchData>(base, OUTBOX_BATCH_URL, { json: { ops }, headers: { 'x-access-token': token }, ip: address() });
    const [fromA, fromB] = await Promise.all([send(A), send(B)]);
    expect(fromA.code, fromA.msg).toBe(1);
    expect(fromB.code, fromB.msg).toBe(1);
    for (let i = 0; i < ops.length; i += 1) {
      const pair = [fromA.data.results[i]!, fromB.data.results[i]!];
      // one of them applied it
      expect(pair.filter((result) => result.code === 1 && !result.replayed)).toHaveLength(1);
      // the other got the stored answer, or 40901 (the first still being applied: the drain retries)
      const other = pair.find((result) => !(result.code === 1 && !result.replayed))!;
      expect(other.code === 40901 || (other.code === 1 && other.replayed), JSON.stringify(other)).toBe(true);
    }
    const rolls = await ownerQuery<{ version: number }>(db, 'SELECT version FROM attendance_rolls WHERE tenant_id = $1 AND class_id = $2 AND date = ANY($3::date[])', [
      demoId,
      klass.id,
      days,
    ]);
    expect(rolls.map((roll) => roll.version)).toEqual(days.map(() => 1));
  });
});

describe('background sweeps', () => {
  const state = async () =>
    (
      await ownerQuery<{ runs: number; last_instance: string }>(db, `SELECT runs::int AS runs, last_instance FROM sweeps WHERE name = 'rate-limit-counters'`)
    )[0];
  const until = async <T>(what: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await what();
      if (ok(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('a sweep runs on one instance per interval, and when that instance stops the other runs it', async () => {
    const first = await until(state, (s) => (s?.runs ?? 0) >= 1);
    expect(first?.runs).toBeGreaterThanOrEqual(1);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4 * SWEEP_SECONDS * 1000));
    const later = (await state())!;
    const elapsedIntervals = (Date.now() - started) / (SWEEP_SECONDS * 1000);
    // both instances tick five times a second: on their own each would run it every interval
    expect(later.runs - first!.runs).toBeLessThanOrEqual(Math.floor(elapsedIntervals) + 1);
    expect(later.runs - first!.runs).toBeGreaterThanOrEqual(1);

    const pids = [instances.pid(0), instances.pid(1)];
    const holder = pids.findIndex((pid) => later.last_instance.endsWith(`:${pid}`));
    expect(holder, later.last_instance).toBeGreaterThanOrEqual(0);
    const other = 1 - holder;

    // its last app-log rows are written on the way out (the buffer is flushed on SIGTERM)
    const marker = `/api/h4a-${randomBytes(6).toString('hex')}`;
    await fetch(instances.urls[holder] + marker, { headers: { 'x-forwarded-for': address() } });
    await instances.stop(holder);
    const [logged] = await ownerQuery<{ n: number }>(db, 'SELECT count(*)::int AS n FROM app_logs_public WHERE url = $1', [marker]);
    expect(logged.n).toBe(1);

    const before = (await state())!.runs;
    const after = await until(state, (s) => s!.runs > before && s!.last_instance.endsWith(`:${pids[other]}`));
    expect(after!.last_instance).toBe(`${after!.last_instance.split(':')[0]}:${pids[other]}`);
    expect(after!.runs).toBeGreaterThan(before);
  });
});
