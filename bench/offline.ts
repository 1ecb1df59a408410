// Offline figures of issue 6, in real Chromium against the production build (dist/):
//   warm offline start: after one online visit as the demo teacher (service worker installed, reads
//     persisted), the server is stopped and /dashboard is opened again with the CPU throttled 4×
//     (CDP Emulation.setCPUThrottlingRate); the time from navigation start to an interactive
//     dashboard (its date line `dashboard-today` and a menu of the user's in the sidebar, both
//     visible), measured in the page; median of 5.
//   outbox drain: 1,000 attendance writes (kind 'attendance.submit', POST /api/attendance/submit)
//     queued in the teacher's own outbox (Dexie database `xiaowu-offline:<tenant>:<userId>`) while
//     the browser is offline, then the network comes back and the app's own drain (its `online`
//     trigger) delivers them; the time until the outbox is empty, then the server is asked whether
//     every write was applied exactly once (rolls' versions and change trails).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';

export interface OfflineBenchServer {
  base: string;
  /** starts the server (resolves once it answers) */
  start(): Promise<void>;
  /** stops it (resolves once the process has exited) */
  stop(): Promise<void>;
  login(tenant: string, username: string): Promise<{ header: string; token: string; userId: string }>;
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });

/** A context logged in as `username` through the session cookies the login page would set. */
export async function loggedInContext(
  browser: Browser,
  server: OfflineBenchServer,
  username: string,
): Promise<{
  context: BrowserContext;
  session: { header: string; token: string; userId: string };
}> {
  const session = await server.login('demo', username);
  // wide enough for the docked sidebar (below 992 px it is a drawer)
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
  });
  await context.addCookies(
    [
      ['xiaowu-token', session.token],
      ['xiaowu-token-header', session.header],
      ['xiaowu-token-failed', '0'],
      ['xiaowu-user', session.userId],
    ].map(([name, value]) => ({
      name: name!,
      value: encodeURIComponent(value!),
      url: server.base,
    })),
  );
  return { context, session };
}

/**
 * Marks, in the page, the first moment the dashboard is interactive: `dashboard-today` visible and
 * the sidebar showing at least one of the user's menus besides its fixed home link (visible: a
 * non-empty box and not visibility:hidden, as Playwright counts it). `window.__benchReady` is then
 * performance.now(), i.e. milliseconds since this document's navigation started; `__benchRoot` the
 * first moment React rendered anything into #root. (A string: tsx
 * wraps named functions in a `__name` helper that does not exist in the page.)
 */
const markDashboardReady = `(() => {
  const visible = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const ready = () => {
    const items = document.querySelectorAll('[data-testid="sidebar"] a, [data-testid="sidebar"] button');
    return visible(document.querySelector('[data-testid="dashboard-today"]')) && items.length >= 2 && visible(items[1]);
  };
  const check = () => {
    if (window.__benchRoot === undefined && document.getElementById('root')?.firstElementChild) window.__benchRoot = performance.now();
    if (window.__benchReady !== undefined) return;
    if (ready()) window.__benchReady = performance.now();
    else requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  requestAnimationFrame(check);
})();`;

/** The same condition, checked by Playwright once the page says it is ready. */
export async function dashboardReady(page: Page, timeout = 30_000): Promise<void> {
  await page.getByTestId('dashboard-today').waitFor({ state: 'visible', timeout });
  // the fixed home link is always there; a menu of the user's (a group button or a link) follows it
  await page.getByTestId('sidebar').locator('a, button').nth(1).waitFor({ state: 'visible', timeout });
}

/** Waits until the persisted query cache row in the user's store holds the permission payload (menus). */
async function waitForPersistedReads(page: Page, dbName: string): Promise<void> {
  await page.waitForFunction(
    async (name) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains('queries')) return false;
        const row = await new Promise<{ value?: unknown } | undefined>((resolve, reject) => {
          const get = db.transaction('queries').objectStore('queries').get('client');
          get.onsuccess = () => resolve(get.result as { value?: unknown } | undefined);
          get.onerror = () => reject(get.error);
        });
        return typeof row?.value === 'string' && row.value.includes('"menus"');
      } finally {
        db.close();
      }
    },
    dbName,
    { timeout: 30_000, polling: 200 },
  );
}

/** The user's offline store, as the app names it (db.ts offlineDbName): tenant as the app remembered it. */
async function offlineDbNameIn(page: Page, userId: string): Promise<string> {
  const handle = await page.waitForFunction((id) => localStorage.getItem(`xiaowu-offline-tenant:${id}`), userId, { timeout: 30_000 });
  const tenant = (await handle.jsonValue()) as string;
  return `xiaowu-offline:${tenant}:${userId}`;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface WarmOfflineStart {
  median: number;
  /** in-page: navigation start → ready (ms) */
  all: number[];
  /** Node's clock around page.goto … ready (ms), for comparison */
  wall: number[];
  /** where the time goes, per run (in-page ms since navigation start) */
  phases: { document: number; domContentLoaded: number; firstRender: number; ready: number }[];
}

/**
 * One online visit, then warm offline starts (server stopped, CPU 4× slower): median of `runs` (ms).
 * Leaves the server stopped.
 */
export async function warmOfflineStart(server: OfflineBenchServer, runs = 5): Promise<WarmOfflineStart> {
  const browser = await launchChromium();
  try {
    const { context, session } = await loggedInContext(browser, server, 'teacher');
    await context.addInitScript({ content: markDashboardReady });
    const page = await context.newPage();
    await page.goto(`${server.base}/dashboard`);
    await dashboardReady(page);
    const dbName = await offlineDbNameIn(page, session.userId);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A second online load runs under the service worker; then the persisted reads must be on disk.
    await page.reload();
    await dashboardReady(page);
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
    if (!controlled) throw new Error('warm offline start: the service worker does not control the page after a reload');
    await waitForPersistedReads(page, dbName);
    await page.waitForTimeout(1500); // the persister writes at most once a second: let the last write land

    await server.stop();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const all: number[] = [];
    const wall: number[] = [];
    const phases: WarmOfflineStart['phases'] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      try {
        await page.goto(`${server.base}/dashboard`);
        await page.waitForFunction(() => (window as unknown as { __benchReady?: number }).__benchReady !== undefined, undefined, { timeout: 30_000 });
        await dashboardReady(page, 5_000);
      } catch (error) {
        const shot = new URL(`./out/offline-start-failed-${i + 1}.png`, import.meta.url).pathname;
        await page.screenshot({ path: shot }).catch(() => undefined);
        throw new Error(`warm offline start ${i + 1}: not interactive at ${page.url()} (${shot}): ${String(error).split('\n')[0]}`, { cause: error });
      }
      wall.push(performance.now() - started);
      const phase = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const marks = window as unknown as { __benchReady: number; __benchRoot?: number };
        return {
          document: Math.round(nav?.responseEnd ?? -1),
          domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? -1),
          firstRender: Math.round(marks.__benchRoot ?? -1),
          ready: marks.__benchReady,
        };
      });
      phases.push(phase);
      all.push(phase.ready);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { median: median(all), all, wall, phases };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Outbox drain

async function api<T>(server: OfflineBenchServer, auth: { header: string; token: string }, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { [auth.header]: auth.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1) throw new Error(`${path} ${JSON.stringify(body)}: ${json.code} ${json.msg}`);
  return json.data;
}

interface Roll {
  classId: string;
  date: string;
  semester: { id: string };
  version: number;
  entries: { studentId: string }[];
}

/** A roll (class, day) the writes go to: its version before the drain and its roster. */
interface Target {
  classId: string;
  date: string;
  version: number;
  students: string[];
  writes: number;
}

/** 'YYYY-MM-DD' of `at` in the school's zone (Asia/Shanghai) */
const schoolDay = (at: Date): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(at);
const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();
const dayBefore = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Rolls the teacher may write: their classes (POST /api/attendance/classes), school days (Mon-Fri)
 * from today back, inside today's semester (the server's roll answer names it), never in the future.
 * Up to `days` days per class; `total` writes spread over them (a chain of edits per roll).
 */
async function pickTargets(server: OfflineBenchServer, auth: { header: string; token: string }, total: number, days: number): Promise<Target[]> {
  const classes = await api<{ classId: string }[]>(server, auth, '/api/attendance/classes', {});
  if (classes.length === 0) throw new Error('drain: the teacher has no classes');
  const targets: Target[] = [];
  let semesterId: string | null = null;
  let day = schoolDay(new Date());
  let seen = 0;
  for (let back = 0; back < 400 && seen < days; back += 1, day = dayBefore(day)) {
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
    let rolls: Roll[];
    try {
      rolls = await Promise.all(
        classes.map((klass) =>
          api<Roll>(server, auth, '/api/attendance/roll', {
            classId: klass.classId,
            date: day,
          }),
        ),
      );
    } catch {
      break; // before the semester began (or in the break before it)
    }
    semesterId ??= rolls[0]!.semester.id;
    if (rolls.some((roll) => roll.semester.id !== semesterId)) break;
    for (const roll of rolls)
      targets.push({
        classId: roll.classId,
        date: roll.date,
        version: roll.version,
        students: roll.entries.map((e) => e.studentId),
        writes: 0,
      });
    seen += 1;
  }
  if (targets.length === 0) throw new Error('drain: no school day of the current semester to write');
  for (let i = 0; i < total; i++) targets[i % targets.length]!.writes += 1;
  return targets;
}

/**
 * Outbox entries exactly as the app's enqueue() (src/lib/offline/outbox.ts) writes them for the roll
 * screen (RollScreen: submitRollKind, entity `attendance:<classId>:<date>`, payload = the roll's
 * students and marks, baseVersion = the version the teacher edited from). A chain of edits of one roll all start from the
 * version the teacher saw, as offline edits do; the drain moves each to the version delivered before
 * it. Edit k marks student k late and everyone else present, so every edit changes the roll: the
 * first sends the whole roll, the later ones (corrections) only the two students that change.
 */
function outboxEntries(targets: Target[]): unknown[] {
  const entries: unknown[] = [];
  const start = Date.now() - 60_000;
  let order = 0;
  const longest = Math.max(...targets.map((t) => t.writes));
  for (let k = 0; k < longest; k++) {
    for (const target of targets) {
      if (k >= target.writes) continue;
      const createdAt = start + order++;
      const n = target.students.length;
      const late = target.students[k % n]!;
      const students = k === 0 || n < 2 ? target.students : [target.students[(k - 1) % n]!, late];
      entries.push({
        opId: uuidv7({ msecs: createdAt }),
        kind: 'attendance.submit',
        entityKey: `attendance:${target.classId}:${target.date}`,
        payload: {
          classId: target.classId,
          date: target.date,
          baseVersion: target.version,
          entries: students.map((studentId) => ({
            studentId,
            status: studentId === late ? '3' : '1',
            remark: '',
          })),
        },
        baseVersion: target.version,
        createdAt,
        attempts: 0,
        state: 'pending',
        lastError: null,
        serverData: null,
        nextAttemptAt: 0,
        url: '/api/attendance/submit',
      });
    }
  }
  return entries;
}

/**
 * In the page: how many rows the outbox holds, and how many of them are conflict / failed (raw
 * IndexedDB on the app's Dexie store; counts through the `state` index, so polling stays cheap and
 * does not slow the drain down by reading the payloads).
 */
function outboxCounts(name: string): Promise<{ total: number; pending: number; stuck: number }> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const store = db.transaction('outbox').objectStore('outbox');
      const total = store.count();
      const pending = store.index('state').count('pending');
      const conflict = store.index('state').count('conflict');
      const failed = store.index('state').count('failed');
      store.transaction.onerror = () => reject(store.transaction.error);
      store.transaction.oncomplete = () => {
        db.close();
        resolve({
          total: total.result,
          pending: pending.result,
          stuck: conflict.result + failed.result,
        });
      };
    };
  });
}

/** In the page: the first conflict or failed row's error (for the report when the drain is stuck). */
function firstStuck(name: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const all = db.transaction('outbox').objectStore('outbox').getAll();
      all.onerror = () => reject(all.error);
      all.onsuccess = () => {
        db.close();
        const row = (
          all.result as {
            state: string;
            entityKey: string;
            lastError: unknown;
          }[]
        ).find((r) => r.state === 'conflict' || r.state === 'failed');
        resolve(
          row
            ? {
                state: row.state,
                entityKey: row.entityKey,
                lastError: row.lastError,
              }
            : null,
        );
      };
    };
  });
}

export interface DrainResult {
  writes: number;
  rolls: number;
  /** network back → outbox empty (ms) */
  ms: number;
  /** server: sum over the rolls of (version now − version before) */
  versionsAdded: number;
  /** server: distinct new roll versions found in the change trails */
  versionsWithChanges: number;
  /** POST /api/outbox/batch (and single submit) requests the page made during the drain */
  posts: number;
  /** their summed duration as the browser timed them (request start → response end) */
  postsMs: number;
  postP50: number;
  /** the most POSTs in flight at once (the drain sends several batches side by side) */
  inFlightMax: number;
  /** [ms since the network came back, rows left in the outbox], about once a second */
  progress: [number, number][];
}

/**
 * 1,000 attendance writes queued in the teacher's outbox while the browser is offline, then the
 * network is restored and the app's drain delivers them. Needs the server running.
 *
 * How they are queued: the app's enqueue() is inside the production bundle and cannot be called from
 * the page, so the entries are added to the app's own store (IndexedDB `xiaowu-offline:<tenant>:<userId>`,
 * table `outbox`) from page.evaluate, with exactly the shape enqueue() writes. The page is offline
 * then (context.setOffline), so nothing is sent; context.setOffline(false) fires `online`, one of the
 * drain's triggers (drain.ts startDrain), and the app sends them (Idempotency-Key, order per roll,
 * chains rebased by the drain itself).
 */
export async function drainOutbox(server: OfflineBenchServer, writes = 1000, days = 50): Promise<DrainResult> {
  const browser = await launchChromium();
  try {
    const { context, session } = await loggedInContext(browser, server, 'teacher');
    const targets = await pickTargets(server, session, writes, days);
    const page = await context.newPage();
    await page.goto(`${server.base}/dashboard`);
    await dashboardReady(page);
    const dbName = await offlineDbNameIn(page, session.userId);
    // the engine has opened the store (the persisted reads are written into it)
    await waitForPersistedReads(page, dbName);
    const before = await page.evaluate(outboxCounts, dbName);
    if (before.total !== 0) throw new Error(`drain: the outbox is not empty at the start (${before.total})`);

    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const entries = outboxEntries(targets);
    await page.evaluate(
      ({ name, rows }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('outbox', 'readwrite');
            for (const row of rows) tx.objectStore('outbox').add(row);
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { name: dbName, rows: entries },
    );
    const queued = await page.evaluate(outboxCounts, dbName);
    if (queued.total !== writes || queued.pending !== writes) throw new Error(`drain: ${JSON.stringify(queued)} queued, expected ${writes} pending`);

    // every send of the drain, timed by the browser (the buffer holds 250 entries unless raised)
    await page.evaluate(() => {
      performance.setResourceTimingBufferSize(100_000);
      performance.clearResourceTimings();
    });
    const started = performance.now();
    await context.setOffline(false);
    let last = queued;
    const progress: [number, number][] = [];
    for (;;) {
      await page.waitForTimeout(50);
      last = await page.evaluate(outboxCounts, dbName);
      const at = performance.now() - started;
      if (progress.length === 0 || at - progress[progress.length - 1]![0] >= 1000) progress.push([Math.round(at), last.total]);
      if (last.total === 0) break;
      if (last.stuck > 0) {
        throw new Error(`drain: ${JSON.stringify(last)} left in the outbox; first stuck: ${JSON.stringify(await page.evaluate(firstStuck, dbName))}`);
      }
      if (performance.now() - started > 180_000) throw new Error(`drain: not empty after 180 s: ${JSON.stringify(last)}`);
    }
    const ms = performance.now() - started;
    // the top bar's pending count agrees
    await page.getByTestId('pending-count').waitFor({ state: 'hidden', timeout: 10_000 });
    const sends = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        // the drain sends batches (POST /api/outbox/batch, several writes each); single submits count too
        .filter((entry) => ['/api/outbox/batch', '/api/attendance/submit'].includes(new URL(entry.name).pathname))
        .map((entry) => ({ start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
    );
    const durations = sends.map((send) => send.end - send.start);
    // how many were in flight at once: a sweep over starts and ends
    const edges = sends.flatMap((send) => [{ at: send.start, step: 1 }, { at: send.end, step: -1 }]).sort((a, b) => a.at - b.at || a.step - b.step);
    let inFlight = 0;
    let inFlightMax = 0;
    for (const edge of edges) inFlightMax = Math.max(inFlightMax, (inFlight += edge.step));

    // The server: every write applied once (a roll's version grows by one per submission, and each
    // edit changed a student, so each new version has its rows in the change trail).
    let versionsAdded = 0;
    let versionsWithChanges = 0;
    for (const target of targets) {
      const roll = await api<Roll>(server, session, '/api/attendance/roll', {
        classId: target.classId,
        date: target.date,
      });
      versionsAdded += roll.version - target.version;
      const changes = await api<{ version: number }[]>(server, session, '/api/attendance/changes', { classId: target.classId, date: target.date });
      versionsWithChanges += new Set(changes.map((c) => c.version).filter((v) => v > target.version)).size;
      if (roll.version - target.version !== target.writes) {
        throw new Error(`drain: roll ${target.classId} ${target.date} went from version ${target.version} to ${roll.version}, ${target.writes} writes queued`);
      }
    }
    return {
      writes,
      rolls: targets.length,
      ms,
      versionsAdded,
      versionsWithChanges,
      posts: sends.length,
      postsMs: durations.reduce((sum, d) => sum + d, 0),
      postP50: median(durations),
      inFlightMax,
      progress,
    };
  } finally {
    await browser.close();
  }
}
