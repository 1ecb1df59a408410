import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AttendanceClass, AttendanceRoll } from '../../contracts/attendance';
import { CONNECTIVITY_PROBE_URL } from '../../contracts/connectivity';
import { DemoApi, expectPhoneFit, fillLoginForm, waitForPersistedQuery } from './support';

// Issue 18 §2: the school's server stops while the network stays up (its process ends; the Wi-Fi
// and the browser's online flag are untouched). Real Chromium, the production build and its
// service worker, and a real server process of this spec's own (its own free port and data
// directory), stopped and started again on the same data and port. The app must say 无法连接服务器
// within 10 s of starting, keep a write in its outbox meanwhile, and within 10 s of the server's
// return say 在线 and send the write by itself, without a reload and without a toast storm.
// The two transition times are printed (figures, never asserted beyond the 10 s the issue asks).

const root = new URL('../..', import.meta.url).pathname;
const TEACHER = { tenant: 'demo', username: 'teacher' } as const;
const STATUS_ABSENT = '2';

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The real server (as scripts/e2e-server.mjs starts it) on a port and data directory of this spec's own. */
class OwnServer {
  private child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it (first time: a new database, migrated and seeded) and resolves once it answers the probe route. */
  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        XIAOWU_DATA_DIR: this.dataDir,
        XIAOWU_CAPTCHA: 'off',
        XIAOWU_PLATFORM_TENANT: 'demo',
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
    });
    this.child = child;
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting`))));
    await Promise.race([exited, this.answered()]);
  }

  /** Resolves at the first answer of the probe route (polled every 50 ms). */
  async answered(): Promise<void> {
    for (;;) {
      try {
        if ((await fetch(`${this.base}${CONNECTIVITY_PROBE_URL}`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops it and removes its data directory. */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Stops it (its database too) and resolves once the process has exited and the port refuses. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

class Api extends DemoApi {
  async classId(name: string): Promise<string> {
    const classes = await this.ok<AttendanceClass[]>('/api/attendance/classes', {});
    const found = classes.filter((item) => item.className === name);
    expect(found, `one class named ${name}`).toHaveLength(1);
    return found[0].classId;
  }

  roll(classId: string, date: string): Promise<AttendanceRoll> {
    return this.ok<AttendanceRoll>('/api/attendance/roll', { classId, date });
  }
}

/** YYYY-MM-DD `back` days before today in the school's zone (Asia/Shanghai), as the server counts. */
function schoolDay(back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

/** The indicator's state as soon as it is `state`: ms since the page's navigation started (polled every 50 ms). */
async function whenIndicator(page: Page, state: string, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => (document.querySelector<HTMLElement>('[data-testid="offline-indicator"]')?.dataset.state === wanted ? performance.now() : false),
    state,
    { polling: 50, timeout },
  );
  return (await handle.jsonValue()) as number;
}

let server: OwnServer;
let request: APIRequestContext;
let classId = '';
const figures: { unreachableAfterStartMs: number; onlineAfterServerBackMs: number; drainedAfterServerBackMs: number }[] = [];

test.beforeAll(async ({ playwright }) => {
  // a first start creates, migrates and seeds the database
  test.setTimeout(300_000);
  const port = await freePort();
  const dataDir = join(root, `data/e2e-server-down-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  server = new OwnServer(port, dataDir);
  await server.start();
  request = await playwright.request.newContext({ baseURL: server.base });
  classId = await (await Api.login(request, 'admin')).classId('七年级(2)班');
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.remove();
  if (figures.length) console.log(`[offline-server-down] figures: ${JSON.stringify(figures)}`);
});

test('the server stops while the network stays up: 无法连接服务器 within 10 s, a queued write, 在线 within 10 s of its return and the write sent by itself', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await server.start(); // an earlier repetition that failed half-way may have left it stopped
  const base = server.base;
  // a free day of the seed's roll for each repetition
  const date = schoolDay(1 + testInfo.repeatEachIndex);
  const admin = await Api.login(request, 'admin');
  const versionBefore = (await admin.roll(classId, date)).version;

  // every network-error toast that appears, counted in the page (they last 5 s: a storm shows as several)
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    (window as unknown as { __networkToasts: number }).__networkToasts = 0;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('[data-testid="toast"]'))) {
        if (!seen.has(toast) && toast.textContent?.includes('网络错误')) {
          seen.add(toast);
          (window as unknown as { __networkToasts: number }).__networkToasts += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const networkToasts = () => page.evaluate(() => (window as unknown as { __networkToasts: number }).__networkToasts);

  // online: log in, let the service worker take control, the roll persisted on the device
  await page.goto(`${base}/login`);
  await fillLoginForm(page, TEACHER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${base}/xssw/xskq/roll?classId=${classId}&date=${date}`);
  await expect(page.getByTestId('roll-list')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await waitForPersistedQuery(page, ['attendance', 'roll', classId, date], 'the roll is in the persisted query cache');
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toHaveAttribute('data-state', 'online');

  // the server stops; the network stays up (the browser still says online)
  await server.stop();
  await page.goto(`${base}/dashboard`);
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
  const unreachableAt = await whenIndicator(page, 'unreachable', 10_000);
  expect(unreachableAt).toBeLessThan(10_000);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  // in words, not only an icon, with an accessible name; on a 360 px phone too
  await expect(page.getByRole('button', { name: /^无法连接服务器/ })).toBeVisible();
  await expect(indicator).toContainText('无法连接服务器');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(indicator.getByText('无法连接服务器')).toBeInViewport({ ratio: 1 });
  await expectPhoneFit(page);
  // English too (the language cookie, read at start): a longer text, still written out and fitting
  await page.context().addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.reload();
  await expect(indicator).toHaveAttribute('data-state', 'unreachable');
  await expect(page.getByRole('button', { name: /^Server unreachable/ })).toBeVisible();
  await expect(indicator.getByText('Server unreachable')).toBeInViewport({ ratio: 1 });
  await expectPhoneFit(page);
  await page.context().addCookies([{ name: 'language', value: 'zh', url: base }]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // a roll submitted meanwhile waits in the outbox
  await page.goto(`${base}/xssw/xskq/roll?classId=${classId}&date=${date}`);
  await expect(page.getByTestId('roll-list')).toBeVisible();
  await expect(indicator).toHaveAttribute('data-state', 'unreachable');
  const row = page.getByTestId('roll-row').nth(1);
  const studentId = (await row.getAttribute('data-student')) ?? '';
  await row.getByRole('radio', { name: '缺勤', exact: true }).click();
  await expect(page.locator(`[data-testid="roll-row"][data-student="${studentId}"]`)).toHaveAttribute('data-status', STATUS_ABSENT);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByTestId('sync-state')).toHaveText('待同步');
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: '无法连接服务器，1 条修改待发送' })).toBeVisible();
  // the outbox has tried (and failed) to send it: its backoff runs while the server is away
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('xiaowu-offline:'))?.name;
        if (!name) return 0;
        return new Promise<number>((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const all = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
            all.onsuccess = () => {
              open.result.close();
              resolve(Math.max(0, ...(all.result as { attempts: number }[]).map((entry) => entry.attempts)));
            };
          };
        });
      }),
    )
    .toBeGreaterThan(0);

  // the server comes back on the same data and port: 在线 and the write delivered, no reload
  // a mark on this document: still there at the end means nothing reloaded the page
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await server.start();
  const backAt = Date.now();
  await whenIndicator(page, 'online', 10_000);
  const onlineAfter = Date.now() - backAt;
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  await expect(page.getByTestId('sync-state')).toHaveText('已同步');
  const drainedAfter = Date.now() - backAt;
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(indicator).toHaveAccessibleName('在线');

  const roll = await admin.roll(classId, date);
  expect(roll.version).toBe(versionBefore + 1);
  expect(roll.entries.find((entry) => entry.studentId === studentId)?.status).toBe(STATUS_ABSENT);
  // no toast storm: one network-error toast at most for the whole outage
  expect(await networkToasts()).toBeLessThanOrEqual(1);

  figures.push({ unreachableAfterStartMs: Math.round(unreachableAt), onlineAfterServerBackMs: onlineAfter, drainedAfterServerBackMs: drainedAfter });
  testInfo.annotations.push({ type: 'figures', description: JSON.stringify(figures.at(-1)) });
  console.log(`[offline-server-down] unreachable ${Math.round(unreachableAt)} ms after the start; online ${onlineAfter} ms and drained ${drainedAfter} ms after the server's return`);
});
