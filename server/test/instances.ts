import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes (`server/main.ts` through tsx) on one database, for tests of what several
 * instances share. Each instance gets its own port and data folder; all of them the same
 * DATABASE_URL (already migrated and seeded by the global setup, so their start only checks the
 * migrations under the bootstrap lock and seeds nothing).
 *
 * No orphans: every child is killed when the test process exits, and each child also ends itself
 * when its stdin pipe closes (`instance-child.ts`), which happens even when the test process is
 * killed outright.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD_GUARD = fileURLToPath(new URL('./instance-child.ts', import.meta.url));

export interface InstancesOptions {
  databaseUrl: string;
  /** extra environment for every instance (XIAOWU_* settings) */
  env?: Record<string, string>;
  /** per-instance environment, by index, laid over `env` */
  envOf?: (index: number) => Record<string, string>;
  /** how long one start may take before the test fails (default 90 s: tsx compiles on a busy machine) */
  startTimeoutMs?: number;
}

export interface Instances {
  /** base URLs (`http://127.0.0.1:<port>`), by index; an instance keeps its URL across restarts */
  readonly urls: string[];
  /** stops one instance (SIGTERM: the graceful shutdown; SIGKILL after 10 s) */
  stop(index: number): Promise<void>;
  /** starts a stopped instance again on the same port and data folder (stops it first if running) */
  restart(index: number): Promise<void>;
  stopAll(): Promise<void>;
  /** what an instance wrote to stdout and stderr so far (for failure messages) */
  output(index: number): string;
  /** the process id of a running instance (sweeps.last_instance names host:pid) */
  pid(index: number): number | undefined;
}

interface Instance {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess | undefined;
  exited: Promise<void> | undefined;
  output: string[];
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startInstances(count: number, options: InstancesOptions): Promise<Instances> {
  installExitHook();
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  const instances: Instance[] = [];
  for (let index = 0; index < count; index++) {
    instances.push({
      port: await freePort(),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `xiaowu-instance-${index}-`)),
      env: { ...(options.env ?? {}), ...(options.envOf?.(index) ?? {}) },
      child: undefined,
      exited: undefined,
      output: [],
    });
  }

  const launch = async (index: number) => {
    const instance = instances[index]!;
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', CHILD_GUARD, 'server/main.ts'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        XIAOWU_CAPTCHA: 'off',
        XIAOWU_LOG_LEVEL: 'warn',
        XIAOWU_STATIC_DIR: '/nonexistent-static-dir',
        // nothing of their own to back up: no nightly backup between a test's calls
        XIAOWU_BACKUP: 'off',
        ...instance.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        XIAOWU_DATA_DIR: instance.dataDir,
      },
    });
    running.add(child);
    instance.child = child;
    const keep = (chunk: Buffer) => {
      instance.output.push(chunk.toString());
      if (instance.output.length > 500) instance.output.splice(0, instance.output.length - 500);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    let exitCode: number | string | null | undefined;
    instance.exited = new Promise<void>((resolve) => {
      child.on('exit', (code, signal) => {
        exitCode = code ?? signal;
        running.delete(child);
        resolve();
      });
    });
    // Ready when it answers HTTP: main.ts listens only after the database is ready.
    const url = `http://127.0.0.1:${instance.port}`;
    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (exitCode !== undefined) break;
      try {
        const response = await fetch(`${url}/config.json`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await delay(100);
    }
    const why = exitCode !== undefined ? `exited (${exitCode})` : `not ready after ${startTimeoutMs} ms`;
    child.kill('SIGKILL');
    throw new Error(`instance ${index} ${why}:\n${instance.output.join('')}`);
  };

  const stop = async (index: number) => {
    const instance = instances[index]!;
    const child = instance.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await instance.exited;
    clearTimeout(killer);
  };

  const stopAll = async () => {
    await Promise.all(instances.map((_, index) => stop(index)));
    for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
  };

  try {
    await Promise.all(instances.map((_, index) => launch(index)));
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    urls: instances.map((instance) => `http://127.0.0.1:${instance.port}`),
    stop,
    restart: async (index) => {
      await stop(index);
      await launch(index);
    },
    stopAll,
    output: (index) => instances[index]!.output.join(''),
    pid: (index) => instances[index]!.child?.pid,
  };
}
