import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import type { AttendanceChange, AttendanceClass, AttendanceRoll } from '../../contracts/attendance';
import type { Envelope } from '../../contracts/envelope';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER, OUTBOX_BATCH_URL, type OutboxBatchData } from '../../contracts/idempotency';
import { DemoApi, fillLoginForm, goOffline, goOnline, logInWithServiceWorker, sessionToken, waitForPersistedQuery, writeDeployedFile } from './support';

// OFFLINE.md's eight acceptance cases, with student attendance as the queued write: real Chromium,
// the production build and its service worker, the real server. Every test takes its own roll
// (七年级(2)班, which 'teacher' teaches maths in, on one of the eight days before today that the
// seed leaves free; the long-outage part of a and the second part of g use 七年级(1)班), so the tests never share a roll.
// The server side is checked through the API as the administrator, from a request context that
// is neither routed nor offline.

/** The service worker the e2e server serves (its XIAOWU_STATIC_DIR, as in scripts/e2e-server.mjs). */
const SW_FILE = join(process.env.XIAOWU_STATIC_DIR ?? 'dist', 'sw.js');

const TEACHER = { tenant: 'demo', username: 'teacher' } as const;
const STATUS = { present: '1', absent: '2', late: '3' } as const;
const LABEL = { absent: '缺勤', late: '迟到' } as const;

/** YYYY-MM-DD `back` days before today in the school's zone (Asia/Shanghai), as the server counts. */
function schoolDay(back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- the server, through the API

class Api extends DemoApi {
  async roll(classId: string, date: string): Promise<AttendanceRoll> {
    const body = await this.post<AttendanceRoll>('/api/attendance/roll', {
      classId,
      date,
    });
    expect(body.code, body.msg).toBe(1);
    return body.data;
  }

  async changes(classId: string, date: string): Promise<AttendanceChange[]> {
    const body = await this.post<AttendanceChange[]>('/api/attendance/changes', { classId, date });
    expect(body.code, body.msg).toBe(1);
    return body.data;
  }

  async classId(name: string): Promise<string> {
    const body = await this.post<AttendanceClass[]>('/api/attendance/classes', {});
    expect(body.code, body.msg).toBe(1);
    const found = body.data.filter((item) => item.className === name);
    expect(found, `one class named ${name}`).toHaveLength(1);
    return found[0].classId;
  }
}

/** The status of one student in the server's roll. */
const statusOn = (roll: AttendanceRoll, studentId: string) => roll.entries.find((entry) => entry.studentId === studentId)?.status;

/** Every student of a first roll changed exactly once, all in version `version`. */
function expectEachChangeOnce(changes: AttendanceChange[], version: number) {
  const students = changes.map((change) => change.studentId);
  expect(new Set(students).size).toBe(students.length);
  expect(changes.every((change) => change.version === version)).toBe(true);
}

// ---------------------------------------------------------------- network

/** The drain sends queued rolls in batches (POST /api/outbox/batch); other callers send the submit alone. */
const isBatch = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === OUTBOX_BATCH_URL;
const batchOps = (request: Request) =>
  ((request.postDataJSON() as { ops?: { key: string; url: string }[] } | null)?.ops ?? []).filter((op) => op.url === '/api/attendance/submit');
const isSubmit = (request: Request) =>
  request.method() === 'POST' && (new URL(request.url()).pathname === '/api/attendance/submit' || (isBatch(request) && batchOps(request).length > 0));
/** The operation ids (Idempotency-Keys) of the roll submissions a request carries. */
const keysOf = (request: Request): string[] =>
  isBatch(request) ? batchOps(request).map((op) => op.key) : [request.headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? ''];

/** Roll submissions the server answered, in order, with their operation id and whether it was a replay ('1'). */
function recordSubmitAnswers(context: BrowserContext) {
  const answers: { key: string; replay: string | null }[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (!isSubmit(request)) return;
    if (!isBatch(request)) {
      answers.push({ key: keysOf(request)[0]!, replay: response.headers()[IDEMPOTENT_REPLAY_HEADER.toLowerCase()] ?? null });
      return;
    }
    const keys = new Set(keysOf(request));
    void response
      .json()
      .then((body: Envelope<OutboxBatchData>) => {
        for (const result of body.data?.results ?? []) if (keys.has(result.key)) answers.push({ key: result.key, replay: result.replayed ? '1' : null });
      })
      .catch(() => undefined);
  });
  return answers;
}

const countBy = (keys: string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());

// ---------------------------------------------------------------- the app

/** Logs the teacher in and waits until the service worker is active (it registers from the authenticated layout). */
const teacherApp = (page: Page) => logInWithServiceWorker(page, TEACHER);

async function openRoll(page: Page, classId: string, date: string) {
  await page.goto(`/xssw/xskq/roll?classId=${classId}&date=${date}`);
  await expect(page.getByTestId('roll-list')).toBeVisible();
}

const syncState = (page: Page) => page.getByTestId('sync-state');
const pendingCount = (page: Page) => page.getByTestId('pending-count');
const rowOf = (page: Page, studentId: string) => page.locator(`[data-testid="roll-row"][data-student="${studentId}"]`);

/** Taps a status on the n-th student's row; returns the student. */
async function mark(page: Page, index: number, label: string, status: string): Promise<{ id: string; name: string; row: Locator }> {
  const row = page.getByTestId('roll-row').nth(index);
  const id = (await row.getAttribute('data-student')) ?? '';
  const name = (await row.locator('p').first().textContent()) ?? '';
  await row.getByRole('radio', { name: label, exact: true }).click();
  await expect(rowOf(page, id)).toHaveAttribute('data-status', status);
  return { id, name, row: rowOf(page, id) };
}

async function submit(page: Page) {
  await page.getByRole('button', { name: '提交', exact: true }).click();
}

/** Waits until the app's persisted query cache (the user's Dexie database) holds this roll, so an offline reload shows it. */
function rollPersisted(page: Page, classId: string, date: string) {
  return waitForPersistedQuery(page, ['attendance', 'roll', classId, date], 'the roll is in the persisted query cache');
}

/** The outbox rows of this user's offline store (read straight from IndexedDB). */
async function outboxRows(
  page: Page,
): Promise<{ opId: string; state: string; createdAt: number; entityKey: string; attempts: number; nextAttemptAt: number }[]> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('xiaowu-offline:'))?.name;
    if (!name) return [];
    return new Promise((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
        all.onsuccess = () => {
          db.close();
          resolve(all.result as never);
        };
        all.onerror = () => {
          db.close();
          resolve([]);
        };
      };
    });
  });
}

// ---------------------------------------------------------------- tests

let class72 = '';
let class71 = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await Api.login(request, 'admin');
  class72 = await admin.classId('七年级(2)班');
  class71 = await admin.classId('七年级(1)班');
  await request.dispose();
});

test.describe('offline attendance (OFFLINE.md acceptance cases)', () => {
  test('a. a roll written offline survives an offline reload and reaches the server exactly once', async ({ page, context, request }) => {
    const date = schoolDay(1);
    const admin = await Api.login(request, 'admin');
    const answers = recordSubmitAnswers(context);
    await teacherApp(page);
    await openRoll(page, class72, date);
    await expect(syncState(page)).toHaveAttribute('data-state', 'none');
    await rollPersisted(page, class72, date);

    await goOffline(context);
    await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', 'offline');
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    await expect(syncState(page)).toHaveText('待同步');
    await expect(pendingCount(page)).toHaveText('1');

    // reload with the network still off: the service worker serves the app, the store the roll and the queue
    await page.reload();
    await expect(page.getByTestId('roll-list')).toBeVisible();
    await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', 'offline');
    await expect(rowOf(page, student.id)).toHaveAttribute('data-status', STATUS.absent);
    await expect(syncState(page)).toHaveText('待同步');
    await expect(pendingCount(page)).toHaveText('1');
    expect((await admin.roll(class72, date)).version).toBe(0);

    await goOnline(context);
    await expect(syncState(page)).toHaveText('已同步', { timeout: 30_000 });
    await expect(pendingCount(page)).toHaveCount(0);
    await expect(rowOf(page, student.id)).toHaveAttribute('data-status', STATUS.absent);

    const roll = await admin.roll(class72, date);
    expect(roll.version).toBe(1);
    expect(statusOn(roll, student.id)).toBe(STATUS.absent);
    expectEachChangeOnce(await admin.changes(class72, date), 1);
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0].replay).toBeNull();
  });

  test('a. (a long outage) back online, the queued roll goes at once, not after the backoff that grew offline', async ({ page, context, request }) => {
    const date = schoolDay(1);
    const admin = await Api.login(request, 'admin');
    await context.clock.install();
    await teacherApp(page);
    await openRoll(page, class71, date);
    await goOffline(context);
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    await expect(pendingCount(page)).toHaveText('1');

    // twenty minutes offline on the device clock: every retry fails and the backoff grows
    /** attempts so far, once the last failure is filed and the next attempt waits on its timer (else 0) */
    const filed = async () => {
      const [row] = await outboxRows(page);
      return row?.state === 'pending' && row.nextAttemptAt > (await page.evaluate(() => Date.now())) ? row.attempts : 0;
    };
    for (let minute = 0; minute < 20; minute += 1) {
      await page.clock.runFor(60_000);
      await expect.poll(filed).toBeGreaterThan(0);
    }
    // on until one more attempt has just failed: the whole grown backoff (minutes) lies ahead
    const before = await filed();
    expect(before).toBeGreaterThanOrEqual(8);
    await expect(async () => {
      await page.clock.runFor(30_000);
      expect(await filed()).toBeGreaterThan(before);
    }).toPass();
    const [waiting] = await outboxRows(page);
    expect(waiting.nextAttemptAt - (await page.evaluate(() => Date.now()))).toBeGreaterThan(60_000);

    await goOnline(context);
    await expect(syncState(page)).toHaveText('已同步');
    await expect(pendingCount(page)).toHaveCount(0);
    const roll = await admin.roll(class71, date);
    expect(roll.version).toBe(1);
    expect(statusOn(roll, student.id)).toBe(STATUS.absent);
  });

  test('b. the page closes while the send is in flight; reopened, the same operation is answered from the stored result', async ({
    page,
    context,
    request,
  }) => {
    const date = schoolDay(2);
    const admin = await Api.login(request, 'admin');
    const sentKeys: string[] = [];
    context.on('request', (req) => {
      if (isSubmit(req)) sentKeys.push(...keysOf(req));
    });
    const answers = recordSubmitAnswers(context);
    await teacherApp(page);
    await openRoll(page, class72, date);

    // the submit reaches the server, but its answer never reaches the page
    let reachedServer: (body: Envelope<AttendanceRoll>) => void = () => undefined;
    const serverAnswer = new Promise<Envelope<AttendanceRoll>>((resolve) => (reachedServer = resolve));
    await page.route(`**${OUTBOX_BATCH_URL}`, async (route) => {
      const response = await route.fetch();
      // the batch's one operation: its own envelope
      const [result] = ((await response.json()) as Envelope<OutboxBatchData>).data.results;
      reachedServer({ code: result!.code, msg: result!.msg, result: result!.code === 1, data: result!.data as AttendanceRoll });
      // neither fulfilled nor continued: the page is closed while it waits
    });
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    const first = await serverAnswer;
    expect(first.code).toBe(1);
    expect(first.data.version).toBe(1);
    await expect(pendingCount(page)).toHaveText('1');
    await page.close();

    const reopened = await context.newPage();
    await openRoll(reopened, class72, date);
    await expect(syncState(reopened)).toHaveText('已同步');
    await expect(pendingCount(reopened)).toHaveCount(0);
    await expect(rowOf(reopened, student.id)).toHaveAttribute('data-status', STATUS.absent);

    const roll = await admin.roll(class72, date);
    expect(roll.version).toBe(1);
    expect(statusOn(roll, student.id)).toBe(STATUS.absent);
    expectEachChangeOnce(await admin.changes(class72, date), 1);
    // the same operation id went out twice; the second time the server answered its stored result
    await expect.poll(() => sentKeys.length).toBe(2);
    expect(sentKeys[1]).toBe(sentKeys[0]);
    await expect.poll(() => answers.length).toBe(1);
    expect(answers).toEqual([{ key: sentKeys[0], replay: '1' }]);
  });

  test('c. two tabs queue different rolls offline; online, each write reaches the server once', async ({ page, context, request }) => {
    const dates = [schoolDay(3), schoolDay(4)];
    const admin = await Api.login(request, 'admin');
    const answers = recordSubmitAnswers(context);
    await teacherApp(page);
    const tabs = [page, await context.newPage()];
    await openRoll(tabs[0], class72, dates[0]);
    await openRoll(tabs[1], class72, dates[1]);

    await goOffline(context);
    const first = await mark(tabs[0], 1, LABEL.absent, STATUS.absent);
    await submit(tabs[0]);
    await expect(syncState(tabs[0])).toHaveText('待同步');
    const second = await mark(tabs[1], 2, LABEL.late, STATUS.late);
    await submit(tabs[1]);
    await expect(syncState(tabs[1])).toHaveText('待同步');
    // one queue per user: both tabs count both writes
    for (const tab of tabs) await expect(pendingCount(tab)).toHaveText('2');

    await goOnline(context);
    for (const tab of tabs) {
      await expect(pendingCount(tab)).toHaveCount(0, { timeout: 30_000 });
      await expect(syncState(tab)).toHaveText('已同步');
    }
    await expect(rowOf(tabs[0], first.id)).toHaveAttribute('data-status', STATUS.absent);
    await expect(rowOf(tabs[1], second.id)).toHaveAttribute('data-status', STATUS.late);

    const rolls = [await admin.roll(class72, dates[0]), await admin.roll(class72, dates[1])];
    expect(rolls.map((roll) => roll.version)).toEqual([1, 1]);
    expect(statusOn(rolls[0], first.id)).toBe(STATUS.absent);
    expect(statusOn(rolls[1], second.id)).toBe(STATUS.late);
    for (const date of dates) expectEachChangeOnce(await admin.changes(class72, date), 1);
    // each operation id answered by the server once, none a replay
    await expect.poll(() => answers.length).toBe(2);
    expect([...countBy(answers.map((answer) => answer.key)).values()]).toEqual([1, 1]);
    expect(answers.every((answer) => answer.replay === null)).toBe(true);
  });

  test('d. a write queued more than a week ago is still delivered', async ({ page, context, request }) => {
    const date = schoolDay(5);
    const admin = await Api.login(request, 'admin');
    const answers = recordSubmitAnswers(context);
    await context.clock.install();
    await teacherApp(page);
    await openRoll(page, class72, date);

    await goOffline(context);
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    await expect(pendingCount(page)).toHaveText('1');

    // eight days and an hour later on the device
    await page.clock.fastForward(8 * 24 * 3600_000 + 3600_000);
    const [entry] = await outboxRows(page);
    const now = await page.evaluate(() => Date.now());
    expect(now - entry.createdAt).toBeGreaterThan(8 * 24 * 3600_000);
    await expect(syncState(page)).toHaveText('待同步');
    await expect(pendingCount(page)).toHaveText('1');

    await goOnline(context);
    await expect(syncState(page)).toHaveText('已同步', { timeout: 30_000 });
    await expect(pendingCount(page)).toHaveCount(0);
    const roll = await admin.roll(class72, date);
    expect(roll.version).toBe(1);
    expect(statusOn(roll, student.id)).toBe(STATUS.absent);
    await expect.poll(() => answers.length).toBe(1);
  });

  test('e. the session ends while offline: the write waits for the same user to log in again, then goes once', async ({ page, context, request }) => {
    const date = schoolDay(6);
    const admin = await Api.login(request, 'admin');
    const answers = recordSubmitAnswers(context);
    await teacherApp(page);
    await openRoll(page, class72, date);

    await goOffline(context);
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    await expect(pendingCount(page)).toHaveText('1');

    // the session ends on the server (another device logged out, an administrator, the idle expiry)
    const logout = await request.get('/logout', {
      headers: { 'X-Access-Token': await sessionToken(page) },
    });
    expect((await logout.json()).result).toBe(true);

    await goOnline(context);
    const dialog = page.getByTestId('login-expired-dialog');
    await expect(dialog).toBeVisible();
    await expect(pendingCount(page)).toHaveText('1');
    await expect.poll(async () => (await outboxRows(page)).map((row) => row.state)).toEqual(['pending']);
    expect((await admin.roll(class72, date)).version).toBe(0);

    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    await fillLoginForm(page, TEACHER);
    // back where the teacher was (the login page's redirect), with the queue no longer held
    await expect(page).toHaveURL(/\/xssw\/xskq\/roll\?/);
    await expect
      .poll(async () => (await admin.roll(class72, date)).version, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect(pendingCount(page)).toHaveCount(0);
    await expect(page.getByTestId('roll-list')).toBeVisible();
    await expect(syncState(page)).toHaveText('已同步');
    await expect(rowOf(page, student.id)).toHaveAttribute('data-status', STATUS.absent);
    expect(statusOn(await admin.roll(class72, date), student.id)).toBe(STATUS.absent);
    expectEachChangeOnce(await admin.changes(class72, date), 1);
    // one operation id throughout (refused while the session was gone, if it went out then, nothing
    // stored), applied after the new login, not as a replay
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(new Set(answers.map((answer) => answer.key)).size).toBe(1);
    expect(answers.at(-1)?.replay).toBeNull();
  });

  test('f. a new build arrives while a write is queued: the update waits for the user, nothing is lost', async ({ page, context, request }) => {
    const date = schoolDay(7);
    const admin = await Api.login(request, 'admin');
    const answers = recordSubmitAnswers(context);
    await teacherApp(page);
    await openRoll(page, class72, date);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await goOffline(context);
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    await expect(pendingCount(page)).toHaveText('1');

    // the next build is deployed: the server's sw.js gets different bytes (Chromium fetches a service
    // worker's update outside the context's routes, so the file itself changes; put back afterwards)
    const deployed = await readFile(SW_FILE, 'utf8');
    await writeDeployedFile(SW_FILE, `${deployed}\n// next build ${randomUUID()}\n`);
    try {
      await context.setOffline(false); // the update check reaches the server; API calls still fail
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });

      const prompt = page.getByRole('status').filter({ hasText: '有新版本可用' });
      await expect(prompt).toBeVisible();
      // no reload by itself: the same document, the queued write still there
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
      await expect(pendingCount(page)).toHaveText('1');
      await expect(syncState(page)).toHaveText('待同步');
      expect(await outboxRows(page)).toHaveLength(1);

      // the user accepts: the new worker takes over and the app reloads
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: '刷新' }).click()]);
      await expect(page.getByTestId('roll-list')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      await expect(pendingCount(page)).toHaveText('1');
      expect((await admin.roll(class72, date)).version).toBe(0);

      await goOnline(context);
      await expect(syncState(page)).toHaveText('已同步', { timeout: 30_000 });
      await expect(pendingCount(page)).toHaveCount(0);
      const roll = await admin.roll(class72, date);
      expect(roll.version).toBe(1);
      expect(statusOn(roll, student.id)).toBe(STATUS.absent);
      await expect.poll(() => answers.length).toBe(1);
    } finally {
      await writeDeployedFile(SW_FILE, deployed);
    }
  });

  /** Teacher queues "absent" offline; meanwhile the administrator submits the same roll with "late". */
  async function conflictingRoll(page: Page, context: BrowserContext, admin: Api, classId: string, date: string) {
    await teacherApp(page);
    await openRoll(page, classId, date);
    await goOffline(context);
    const student = await mark(page, 1, LABEL.absent, STATUS.absent);
    await submit(page);
    await expect(pendingCount(page)).toHaveText('1');

    const theirs = await admin.post<AttendanceRoll>(
      '/api/attendance/submit',
      {
        classId,
        date,
        baseVersion: 0,
        entries: [{ studentId: student.id, status: STATUS.late, remark: '' }],
      },
      { [IDEMPOTENCY_HEADER]: randomUUID() },
    );
    expect(theirs.code, theirs.msg).toBe(1);
    expect(theirs.data.version).toBe(1);

    await goOnline(context);
    await expect(syncState(page)).toHaveText('冲突', { timeout: 30_000 });
    await expect(pendingCount(page)).toHaveText('1');

    // the conflict inbox: the student, the teacher's value beside the server's
    await page.getByTestId('offline-indicator').click();
    const panel = page.getByTestId('outbox-panel');
    const entry = panel.locator('[data-testid="outbox-entry"][data-state="conflict"]');
    await expect(entry).toHaveCount(1);
    const row = entry.getByTestId('attendance-conflict-row');
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(0)).toContainText(student.name);
    await expect(cells.nth(1)).toHaveText(LABEL.absent);
    await expect(cells.nth(2)).toHaveText(LABEL.late);
    return { student, panel, entry };
  }

  test("g. a roll changed on the server meanwhile: the conflict shows both values; keep mine delivers the teacher's", async ({ page, context, request }) => {
    const date = schoolDay(8);
    const admin = await Api.login(request, 'admin');
    const { student, panel, entry } = await conflictingRoll(page, context, admin, class72, date);

    await entry.getByRole('button', { name: '保留我的' }).click();
    await expect(panel.getByTestId('outbox-empty')).toBeVisible({
      timeout: 30_000,
    });
    await expect(pendingCount(page)).toHaveCount(0);
    const roll = await admin.roll(class72, date);
    expect(roll.version).toBe(2);
    expect(statusOn(roll, student.id)).toBe(STATUS.absent);
    await page.keyboard.press('Escape');
    await expect(syncState(page)).toHaveText('已同步');
    await expect(rowOf(page, student.id)).toHaveAttribute('data-status', STATUS.absent);
  });

  test("g. (take the server's) the teacher's queued roll is dropped and the screen shows the server's", async ({ page, context, request }) => {
    const date = schoolDay(8);
    const admin = await Api.login(request, 'admin');
    const answers = recordSubmitAnswers(context);
    const { student, panel, entry } = await conflictingRoll(page, context, admin, class71, date);

    await entry.getByRole('button', { name: '采用服务器的' }).click();
    await expect(panel.getByTestId('outbox-empty')).toBeVisible();
    await expect(pendingCount(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(syncState(page)).toHaveText('已同步');
    await expect(rowOf(page, student.id)).toHaveAttribute('data-status', STATUS.late);
    const roll = await admin.roll(class71, date);
    expect(roll.version).toBe(1);
    expect(statusOn(roll, student.id)).toBe(STATUS.late);
    // only the conflicting attempt reached the server
    await expect.poll(() => answers.length).toBe(1);
  });

  test('h. another tab upgrades the offline store: the upgrade is not blocked and this tab asks for a reload', async ({ page, context }) => {
    await teacherApp(page);
    await page.goto('/xssw/xskq');
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    let name = '';
    await expect
      .poll(
        async () => (name = await page.evaluate(async () => (await indexedDB.databases()).find((db) => db.name?.startsWith('xiaowu-offline:'))?.name ?? '')),
      )
      .not.toBe('');

    // a newer build in another tab opens the same database at a higher version
    // (an API page: a document of the same origin that the service worker does not answer with the app)
    const newer = await context.newPage();
    await newer.goto('/api/login/options');
    const upgrade = await newer.evaluate(async (dbName) => {
      const version = (await indexedDB.databases()).find((db) => db.name === dbName)?.version ?? 0;
      const started = performance.now();
      return new Promise<{
        outcome: string;
        blocked: boolean;
        ms: number;
        from: number;
        to: number;
      }>((resolve) => {
        let blocked = false;
        const open = indexedDB.open(dbName, version + 10);
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains('newerBuild')) open.result.createObjectStore('newerBuild');
        };
        open.onblocked = () => {
          blocked = true;
        };
        open.onsuccess = () => {
          const to = open.result.version;
          open.result.close();
          resolve({
            outcome: 'opened',
            blocked,
            ms: performance.now() - started,
            from: version,
            to,
          });
        };
        open.onerror = () =>
          resolve({
            outcome: String(open.error),
            blocked,
            ms: performance.now() - started,
            from: version,
            to: 0,
          });
        setTimeout(
          () =>
            resolve({
              outcome: 'timed out',
              blocked,
              ms: performance.now() - started,
              from: version,
              to: 0,
            }),
          5000,
        );
      });
    }, name);
    expect(upgrade.outcome).toBe('opened');
    expect(upgrade.blocked).toBe(false);
    expect(upgrade.to).toBeGreaterThan(upgrade.from);
    expect(upgrade.ms).toBeLessThan(2000);

    // the old tab closed its connection and tells the user to reload
    await expect(page.getByText('应用已在其他标签页更新，请刷新本页')).toBeVisible();
  });
});
