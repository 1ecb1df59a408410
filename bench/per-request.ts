// The platform's per-request cost (issue 18 §4): in one run, on one machine,
//   - a bare Fastify route (bench/bare-server.ts), the baseline;
//   - GET /ms/getPermission (the demo teacher) against one server process;
//   - the same against two server processes on the same database (the load spread over both);
//   - the message list (POST /api/message/info/getInfoByRecipient, page 0 of 10) against one process;
// each 50 connections, requests per second and p99, and getPermission's ratio to the bare route
// (target ≥ 0.25, p99 ≤ 50 ms). The four are measured in turns (3 rounds of 5 s each, after a 3 s
// warm-up of each), so a burst of other work on the machine falls on all of them
// alike: a figure's rate is the mean of its rounds, its p99 the median of theirs.
//   npx tsx bench/per-request.ts     (also `BENCH_ONLY=per-request npx tsx bench/run.ts`, and a row of `npm run bench`)
// Self-contained: a scratch database (embedded PostgreSQL in a temp directory, or with DATABASE_URL a
// throwaway database on that server), migrated and seeded once; the server processes are real
// `server/main.ts` processes on it (server/test/instances.ts, as the multi-instance tests start them),
// as a deployment behind a load balancer runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { connectDatabase } from '../server/db/client';
import { findFreePort } from '../server/db/embedded';
import { openScratchDatabase } from '../server/db/scratch';
import { DEMO_PASSWORD } from '../server/db/seed';
import { type Instances, startInstances } from '../server/test/instances';

export interface LoadFigure {
  rps: number;
  p99: number;
  /** non-2xx answers, socket errors, and 2xx answers whose envelope was not a success */
  failures: number;
}

export interface PerRequestBenchResult {
  bare: LoadFigure;
  permissionOne: LoadFigure;
  permissionTwo: LoadFigure;
  messages: LoadFigure;
  /** getPermission (one process) / bare route, requests per second */
  ratio: number;
  load: string;
}

export const PERMISSION_RATIO_TARGET = 0.25;
export const PERMISSION_P99_TARGET_MS = 50;

const CONNECTIONS = 50;
/** per figure, in all (BENCH_SECONDS) */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
const ROUNDS = 3;
const root = path.resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor200(url: string, timeoutMs = 120_000): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

function spawnTs(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Target {
  url: string | string[];
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

async function measure(target: Target, seconds = SECONDS): Promise<LoadFigure> {
  let refused = 0;
  const run = await autocannon({
    // autocannon spreads the connections over several URLs (its types say one)
    url: target.url as string,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
    // a 200 carrying a failure envelope (an expired session, 40300) would measure the wrong thing
    setupClient: (client) => {
      // (the event hands over the socket's chunk; a refusal is one small chunk)
      client.on('body', (body: Buffer) => {
        if (body.includes('"result":false')) refused += 1;
      });
    },
  });
  return { rps: run.requests.average, p99: run.latency.p99, failures: run.non2xx + run.errors + run.timeouts + refused };
}

/** Each target warmed up, then measured in ROUNDS turns (see the head of this file). */
async function measureInTurns(targets: Target[]): Promise<LoadFigure[]> {
  for (const target of targets) await measure(target, WARM_UP_SECONDS);
  const rounds: LoadFigure[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) rounds[index]!.push(await measure(target, Math.max(1, Math.round(SECONDS / ROUNDS))));
  }
  return rounds.map((figures) => {
    const p99s = figures.map((figure) => figure.p99).sort((a, b) => a - b);
    return {
      rps: figures.reduce((sum, figure) => sum + figure.rps, 0) / figures.length,
      p99: p99s[Math.floor(p99s.length / 2)]!,
      failures: figures.reduce((sum, figure) => sum + figure.failures, 0),
    };
  });
}

async function login(base: string, username: string): Promise<Record<string, string>> {
  const body = new URLSearchParams({ username, password: DEMO_PASSWORD, tenant: 'demo' });
  const json = (await (await fetch(`${base}/api/login/v3`, { method: 'POST', body })).json()) as { result: boolean; msg: string; data: { headerName: string; token: string } };
  if (!json.result) throw new Error(`login failed: ${json.msg}`);
  return { [json.data.headerName]: json.data.token };
}

export async function runPerRequestBench(): Promise<PerRequestBenchResult> {
  const scratch = await openScratchDatabase('xiaowu_bench_request');
  let bare: ChildProcess | undefined;
  let servers: Instances | undefined;
  try {
    const db = connectDatabase(scratch.url);
    try {
      await bootstrapDatabase(db, { seedDemo: true });
    } finally {
      await db.close();
    }
    const barePort = await findFreePort();
    bare = spawnTs('bench/bare-server.ts', { PORT: String(barePort) });
    await waitFor200(`http://127.0.0.1:${barePort}/bare`);
    servers = await startInstances(2, { databaseUrl: scratch.url });
    const [first, second] = servers.urls as [string, string];
    const teacher = await login(first, 'teacher');
    const loadBefore = loadavg()[0]!;

    const [bareFigure, permissionOne, permissionTwo, messages] = (await measureInTurns([
      { url: `http://127.0.0.1:${barePort}/bare`, headers: {} },
      { url: `${first}/ms/getPermission`, headers: teacher },
      { url: [`${first}/ms/getPermission`, `${second}/ms/getPermission`], headers: teacher },
      {
        url: `${first}/api/message/info/getInfoByRecipient`,
        method: 'POST',
        headers: { ...teacher, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'page=0&size=10&status=&type=',
      },
    ])) as [LoadFigure, LoadFigure, LoadFigure, LoadFigure];
    return {
      bare: bareFigure,
      permissionOne,
      permissionTwo,
      messages,
      ratio: permissionOne.rps / bareFigure.rps,
      load: `load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`,
    };
  } finally {
    if (bare) await stop(bare);
    await servers?.stopAll();
    await scratch.dispose();
  }
}

export const describeFigure = (figure: LoadFigure) => `${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms${figure.failures ? `, ${figure.failures} failed` : ''}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPerRequestBench();
  console.log(`bare route:                         ${describeFigure(result.bare)}`);
  console.log(`getPermission, one process:         ${describeFigure(result.permissionOne)} (${result.ratio.toFixed(3)} of bare)`);
  console.log(`getPermission, two processes:       ${describeFigure(result.permissionTwo)}`);
  console.log(`message list, one process:          ${describeFigure(result.messages)}`);
  console.log(result.load);
}
