// Saving a class of 50 scores (issue 7): 50 idempotent POST /api/scores/save calls, one per student,
// each with its own Idempotency-Key and baseVersion 0, sent as the app's outbox drain sends them
// (up to 6 in flight), through HTTP on loopback against the real app (buildApp + listen on
// 127.0.0.1), the demo teacher on a fresh sheet each round, opened first as the app does.
//   server time: per request, Fastify's reply.elapsedTime (request received → answer sent), p50/p95;
//   HTTP: per request as the client sees it, and the whole class (first send → last answer);
//   in-process: the same saves through app.inject (no socket), p50/p95;
//   batched: the same class as the drain now sends it (POST /api/outbox/batch, the 50 cells spread over
//   6 batch calls sent side by side): the whole class and each batch call's server time.
//   npx tsx bench/scores.ts        (also run by `npm run bench` as one row; BENCH_ONLY=scores)
// Self-contained: its own embedded PostgreSQL in a temp directory (or, with DATABASE_URL, a
// throwaway database on that server, dropped afterwards), migrated and seeded with the demo schools;
// 七年级(1)班 gets 10 more students (50), and the bench makes its own exam batches (full mark 100).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app';
import { defaultConfig } from '../server/config';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase } from '../server/db/client';
import { openScratchDatabase } from '../server/db/scratch';
import { DEMO_PASSWORD } from '../server/db/seed';
import { OUTBOX_BATCH_URL } from '../contracts/idempotency';

export interface ScoresBenchResult {
  classSize: number;
  rounds: number;
  inFlight: number;
  /** server time per save (ms) */
  serverP50: number;
  serverP95: number;
  /** HTTP round trip per save on loopback (ms) */
  httpP50: number;
  httpP95: number;
  /** a whole class (50 saves), median and worst (ms) */
  classMedian: number;
  classMax: number;
  /** app.inject per save (ms) */
  injectP50: number;
  injectP95: number;
  /** the class through /api/outbox/batch: whole class median (ms) and per batch call server p95 (ms) */
  batchClassMedian: number;
  batchServerP95: number;
}

const CLASS_SIZE = 50;
const IN_FLIGHT = 6;
const ROUNDS = 20;
const WARM_UP_ROUNDS = 2;
// the demo teacher's own subject: only a class's subject teachers write its scores (a head teacher reads the others)
const SUBJECTS = ['02'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function runScoresBench(log: (line: string) => void = console.log): Promise<ScoresBenchResult> {
  const database = await openScratchDatabase('xiaowu_bench_scores');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-bench-scores-data-'));
  const db = connectDatabase(database.url, { maxConnections: 10 });
  try {
    await bootstrapDatabase(db, { seedDemo: true });
    const q = async <R>(text: string, values: unknown[] = []) => (await db.pool.query(text, values)).rows as R[];
    const [{ id: tenantId }] = await q<{ id: string }>(`SELECT id FROM tenants WHERE code = 'demo'`);
    const [klass] = await q<{ id: string; grade_id: string; campus_id: string }>(
      `SELECT id, parent_id AS grade_id, campus_id FROM org_units WHERE tenant_id = $1 AND kind = 'class' AND name = '七年级(1)班'`,
      [tenantId],
    );
    const [{ id: semesterId }] = await q<{ id: string }>('SELECT id FROM semesters WHERE tenant_id = $1 AND is_current', [tenantId]);
    // 40 seeded students + 10 = a class of 50
    await q(
      `INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, user_no, org_unit_id, campus_id)
       SELECT $1, gen_random_uuid(), 'bench' || n, 'x', '压测学生' || n, '2', '2026199' || lpad(n::text, 2, '0'), $2, $3 FROM generate_series(1, 10) n`,
      [tenantId, klass.id, klass.campus_id],
    );
    const students = (await q<{ id: string }>(`SELECT id FROM users WHERE tenant_id = $1 AND org_unit_id = $2 AND user_type = '2' AND enabled ORDER BY user_no`, [tenantId, klass.id])).map(
      (row) => row.id,
    );
    if (students.length !== CLASS_SIZE) throw new Error(`expected a class of ${CLASS_SIZE}, got ${students.length}`);

    // One sheet per round (batch × subject), all fresh.
    const sheets: { batchId: string; subject: string }[] = [];
    const batches = Math.ceil((3 * (ROUNDS + WARM_UP_ROUNDS)) / SUBJECTS.length);
    for (let i = 0; i < batches; i++) {
      const batchId = uuidv7();
      await q(
        `INSERT INTO exam_batches (tenant_id, id, semester_id, name, grade_ids, subjects, start_date, end_date, sort)
         VALUES ($1, $2, $3, $4, ARRAY[$5]::uuid[], $6, '2026-11-02', '2026-11-03', $7)`,
        [tenantId, batchId, semesterId, `压测考试${i + 1}`, klass.grade_id, SUBJECTS, 1000 + i * 10],
      );
      await q(
        `INSERT INTO score_systems (tenant_id, id, batch_id, name, grade_ids, subjects, full_mark, excellent_line, pass_line)
         VALUES ($1, $2, $3, '百分制', '{}', '{}', 100, 85, 60)`,
        [tenantId, uuidv7(), batchId],
      );
      for (const subject of SUBJECTS) sheets.push({ batchId, subject });
    }
    await q('ANALYZE');

    const app = await buildApp({ db, config: defaultConfig({ captchaEnabled: false, logLevel: 'silent', dataDir, staticDir: '/nonexistent' }), logger: false });
    const serverTimes: number[] = [];
    const batchServerTimes: number[] = [];
    let recording = false;
    app.addHook('onResponse', async (request, reply) => {
      if (recording && request.url === '/api/scores/save') serverTimes.push(reply.elapsedTime);
      if (recording && request.url === OUTBOX_BATCH_URL) batchServerTimes.push(reply.elapsedTime);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const loginResponse = await fetch(`${base}/api/login/v3`, { method: 'POST', body: new URLSearchParams({ username: 'teacher', password: DEMO_PASSWORD, tenant: 'demo' }) });
      const login = (await loginResponse.json()) as { data?: { headerName: string; token: string }; msg: string };
      if (!login.data) throw new Error(`bench login failed: ${login.msg}`);
      const auth = { [login.data.headerName]: login.data.token };

      const bodyOf = (sheet: { batchId: string; subject: string }, studentId: string, i: number) =>
        JSON.stringify({ batchId: sheet.batchId, classId: klass.id, subject: sheet.subject, studentId, score: 40 + ((i * 37) % 61) + (i % 2 ? 0.5 : 0), mark: '', baseVersion: 0 });
      // the teacher opens the sheet first (the app loads it before entering; it makes the sheet row)
      const openSheet = async (sheet: { batchId: string; subject: string }) => {
        const response = await fetch(`${base}/api/scores/sheet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ batchId: sheet.batchId, classId: klass.id, subject: sheet.subject }),
        });
        check(await response.text());
      };
      const check = (text: string) => {
        const envelope = JSON.parse(text) as { code: number; msg: string };
        if (envelope.code !== 1) throw new Error(`save failed: ${envelope.code} ${envelope.msg}`);
      };

      // Over HTTP, as the outbox sends them: up to IN_FLIGHT at a time.
      const http: number[] = [];
      const classTimes: number[] = [];
      let sheetIndex = 0;
      for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        const sheet = sheets[sheetIndex++]!;
        await openSheet(sheet);
        const measured = round >= WARM_UP_ROUNDS;
        recording = measured;
        const started = performance.now();
        await pool(
          students.map((studentId, i) => ({ studentId, i })),
          IN_FLIGHT,
          async ({ studentId, i }) => {
            const t0 = performance.now();
            const response = await fetch(`${base}/api/scores/save`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': uuidv7(), ...auth },
              body: bodyOf(sheet, studentId, i),
            });
            const text = await response.text();
            if (measured) http.push(performance.now() - t0);
            check(text);
          },
        );
        if (measured) classTimes.push(performance.now() - started);
      }
      recording = false;

      // In-process: the same through app.inject (one at a time: the handler's own time).
      const inject: number[] = [];
      for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        const sheet = sheets[sheetIndex++]!;
        await openSheet(sheet);
        for (const [i, studentId] of students.entries()) {
          const t0 = performance.now();
          const response = await app.inject({
            method: 'POST',
            url: '/api/scores/save',
            headers: { 'content-type': 'application/json', 'idempotency-key': uuidv7(), ...auth },
            payload: bodyOf(sheet, studentId, i),
          });
          if (round >= WARM_UP_ROUNDS) inject.push(performance.now() - t0);
          check(response.body);
        }
      }

      // Batched, as the drain sends now: the class's 50 heads over IN_FLIGHT batch calls side by side.
      const batchClass: number[] = [];
      for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        const sheet = sheets[sheetIndex++]!;
        await openSheet(sheet);
        const measured = round >= WARM_UP_ROUNDS;
        recording = measured;
        const ops = students.map((studentId, i) => ({ key: uuidv7(), url: '/api/scores/save', body: JSON.parse(bodyOf(sheet, studentId, i)) as unknown }));
        const per = Math.ceil(ops.length / IN_FLIGHT);
        const started = performance.now();
        await Promise.all(
          Array.from({ length: IN_FLIGHT }, async (_, b) => {
            const response = await fetch(`${base}${OUTBOX_BATCH_URL}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...auth },
              body: JSON.stringify({ ops: ops.slice(b * per, (b + 1) * per) }),
            });
            const envelope = (await response.json()) as { code: number; msg: string; data: { results: { code: number; msg: string }[] } };
            if (envelope.code !== 1) throw new Error(`batch failed: ${envelope.msg}`);
            const failed = envelope.data.results.find((r) => r.code !== 1);
            if (failed) throw new Error(`batched save failed: ${failed.code} ${failed.msg}`);
          }),
        );
        if (measured) batchClass.push(performance.now() - started);
      }
      recording = false;

      const [{ n: stored }] = await q<{ n: string }>(`SELECT count(*) n FROM scores WHERE tenant_id = $1`, [tenantId]);
      log(`[scores] ${stored} score rows on the server after the bench (seeded + ${(WARM_UP_ROUNDS + ROUNDS) * 3 * CLASS_SIZE} saved)`);
      const result: ScoresBenchResult = {
        classSize: CLASS_SIZE,
        rounds: ROUNDS,
        inFlight: IN_FLIGHT,
        serverP50: percentile(serverTimes, 50),
        serverP95: percentile(serverTimes, 95),
        httpP50: percentile(http, 50),
        httpP95: percentile(http, 95),
        classMedian: percentile(classTimes, 50),
        classMax: Math.max(...classTimes),
        injectP50: percentile(inject, 50),
        injectP95: percentile(inject, 95),
        batchClassMedian: percentile(batchClass, 50),
        batchServerP95: percentile(batchServerTimes, 95),
      };
      log(
        `[scores] a class of ${CLASS_SIZE}, ${ROUNDS} rounds, ${IN_FLIGHT} in flight: server p50 ${result.serverP50.toFixed(1)} ms / p95 ${result.serverP95.toFixed(1)} ms; ` +
          `HTTP p50 ${result.httpP50.toFixed(1)} ms / p95 ${result.httpP95.toFixed(1)} ms; class median ${result.classMedian.toFixed(0)} ms (max ${result.classMax.toFixed(0)} ms); ` +
          `in-process (inject, one at a time) p50 ${result.injectP50.toFixed(1)} ms / p95 ${result.injectP95.toFixed(1)} ms; ` +
          `batched (${IN_FLIGHT} × /api/outbox/batch): class median ${result.batchClassMedian.toFixed(0)} ms, batch call server p95 ${result.batchServerP95.toFixed(1)} ms`,
      );
      return result;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runScoresBench();
  console.log(JSON.stringify(result));
  process.exit(0);
}
