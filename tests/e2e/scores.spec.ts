import { expect, test, type Page } from '@playwright/test';
import type { TableAData } from '../../contracts/envelope';
import type { MyScoreRow, ScoreCell, ScoreChange, ScoreOptions, ScoreSheet } from '../../contracts/scores';
import { DemoApi, goOffline, goOnline, logIn, logInWithServiceWorker, waitForPersistedQuery } from './support';

// Score entry (issue 7): real Chromium, the production build and its service worker, the real
// server with the demo seed (期中考试 unpublished, 第一次月考 published). The server side is read
// through the API from request contexts that are neither routed nor offline.

class Api extends DemoApi {
  /** batch and class ids by name, from the options the caller sees */
  async ids(batchName: string, className: string): Promise<{ batchId: string; classId: string }> {
    const options = await this.ok<ScoreOptions>('/api/scores/options', {});
    const batch = options.batches.find((item) => item.name === batchName);
    expect(batch, `batch ${batchName}`).toBeTruthy();
    const klass = batch!.classes.find((item) => item.className === className);
    expect(klass, `class ${className}`).toBeTruthy();
    return { batchId: batch!.batchId, classId: klass!.classId };
  }

  sheet(batchId: string, classId: string, subject: string): Promise<ScoreSheet> {
    return this.ok<ScoreSheet>('/api/scores/sheet', { batchId, classId, subject });
  }

  changes(batchId: string, classId: string, subject: string): Promise<ScoreChange[]> {
    return this.ok<ScoreChange[]>('/api/scores/changes', { batchId, classId, subject });
  }

  mine(): Promise<TableAData<MyScoreRow>> {
    return this.ok<TableAData<MyScoreRow>>('/api/scores/mine', { currPage: 0, limit: 500, search: '{}' });
  }
}

// ---------------------------------------------------------------- the app

const MATHS = '02';

const teacherApp = (page: Page, username: 'teacher' | 'teacher2' = 'teacher') => logInWithServiceWorker(page, { tenant: 'demo', username });

/** Picks batch, class and subject with the screen's selects (the choice goes into the URL); a submitted subject reads 数学（已提交）. */
async function openSheet(page: Page, batch: string, className: string, subject: string) {
  await page.goto('/jxgl/cjlr');
  await page.getByTestId('pick-batch').selectOption({ label: batch });
  await page.getByTestId('pick-class').selectOption({ label: className });
  const pick = page.getByTestId('pick-subject');
  const option = pick.locator('option').filter({ hasText: new RegExp(`^${subject}(（已提交）)?$`) });
  await pick.selectOption((await option.getAttribute('value')) ?? '');
  await expect(page.getByTestId('score-grid')).toBeVisible();
  await expect(page).toHaveURL(/batchId=.+classId=.+subject=02/);
}

const cells = (page: Page) => page.getByTestId('score-grid').locator('input[data-r]');

/** Waits until the persisted query cache (the user's Dexie database) holds the sheet, so an offline reload shows it. */
function sheetPersisted(page: Page, batchId: string, classId: string, subject: string) {
  return waitForPersistedQuery(page, ['scores', 'sheet', batchId, classId, subject], 'the sheet is in the persisted query cache');
}

/** The score typed for the n-th student (two decimals now and then, all under any scale). */
const scoreFor = (index: number) => (index % 5 === 3 ? 60 + ((index * 7) % 40) + 0.5 : 55 + ((index * 11) % 45));

// ---------------------------------------------------------------- tests

test.describe('score entry', () => {
  test('a class entered offline with the keyboard alone survives an offline reload and lands once per student', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const admin = await Api.login(request, 'admin');
    const { batchId, classId } = await admin.ids('期中考试', '七年级(1)班');
    const before = await admin.sheet(batchId, classId, MATHS);
    expect(before.students.length).toBeGreaterThan(10);
    expect(before.cells.every((cell) => cell.score === null && cell.mark === '')).toBe(true);

    await teacherApp(page);
    // 成绩录入 opens on a sheet of the teacher's own (数学, which they teach in (1) and (2)): the pickers
    // filled, the picks in the URL (another spec may have opened a newer batch, so the batch is not named)
    await page.goto('/jxgl/cjlr');
    await expect(page).toHaveURL(/batchId=.+classId=.+subject=02/);
    await expect(page.getByTestId('pick-subject')).toHaveValue(MATHS);
    await expect(page.getByTestId('pick-class').locator('option:checked')).toHaveText(/^七年级\([12]\)班$/);
    await expect(page.getByTestId('pick-batch')).not.toHaveValue('');
    await expect(page.getByTestId('score-grid')).toBeVisible();
    await openSheet(page, '期中考试', '七年级(1)班', '数学');
    const sheetUrl = page.url();
    const count = before.students.length;
    await expect(cells(page)).toHaveCount(count);
    await sheetPersisted(page, batchId, classId, MATHS);

    await goOffline(context);
    await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', 'offline');
    // the focus is in the first cell: type, Enter, type, Enter … (no mouse)
    await expect(cells(page).first()).toBeFocused();
    for (let index = 0; index < count; index += 1) {
      await page.keyboard.type(String(scoreFor(index)));
      await page.keyboard.press('Enter');
    }
    await expect(page.getByTestId('pending-count')).toHaveText(String(count));
    await expect(page.getByTestId('score-stat-entered').getByTestId('score-stat')).toHaveText(`${count}/${count}`);
    // at the last row the pinned bar still shows the figures and the marks
    await expect(cells(page).last()).toBeInViewport();
    const summary = page.getByTestId('score-summary');
    await expect(summary).toBeInViewport();
    await expect(summary.getByTestId('score-summary-entered')).toContainText(`${count}/${count}`);
    await expect(summary.getByRole('button', { name: '缺考 (q)' })).toBeInViewport();

    // reload with the network still off: the service worker serves the app, the device the sheet and the queue
    await page.reload();
    await expect(page.getByTestId('score-grid')).toBeVisible();
    expect(page.url()).toBe(sheetUrl);
    await expect(page.getByTestId('pick-class').locator('option:checked')).toHaveText('七年级(1)班');
    await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', 'offline');
    for (let index = 0; index < count; index += 1) await expect(cells(page).nth(index)).toHaveValue(String(scoreFor(index)));
    await expect(page.getByTestId('score-cell').first()).toHaveAttribute('data-state', 'queued');
    expect((await admin.sheet(batchId, classId, MATHS)).cells.filter((cell) => cell.version > 0)).toHaveLength(0);

    await goOnline(context);
    await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('score-cell').first()).toHaveAttribute('data-state', 'saved');

    const after = await admin.sheet(batchId, classId, MATHS);
    const byStudent = new Map(after.cells.map((cell) => [cell.studentId, cell]));
    after.students.forEach((student, index) => {
      const cell = byStudent.get(student.studentId);
      expect(cell?.score, student.studentName).toBe(scoreFor(index));
      expect(cell?.version, student.studentName).toBe(1);
    });
    // exactly one save per student
    const changes = await admin.changes(batchId, classId, MATHS);
    const students = changes.map((change) => change.studentId);
    expect(students).toHaveLength(count);
    expect(new Set(students).size).toBe(count);

    // complete: the teacher submits; further edits are corrections
    await page.getByTestId('score-submit').click();
    await expect(page.getByTestId('score-submitted')).toBeVisible();
    await expect(page.getByTestId('score-corrections')).toContainText('更正');
    expect((await admin.sheet(batchId, classId, MATHS)).submitted).toBe(true);
  });

  test("two teachers in two browsers: teacher2 saves while teacher is offline; teacher's edit conflicts, shows both values and who changed it; keep mine, then take the server's", async ({ page, context, browser, request }) => {
    test.setTimeout(120_000);
    // 七年级(1)班 数学 is taught by teacher (李明华) and teacher2 (周雅琴) together (the demo seed's team teaching)
    const admin = await Api.login(request, 'admin');
    const { batchId, classId } = await admin.ids('期中考试', '七年级(1)班');
    const sheet = await admin.sheet(batchId, classId, MATHS);
    const row = 5;
    const student = sheet.students[row];
    // the class may hold the first test's scores (submitted: these edits are then corrections)
    const version = sheet.cells.find((cell) => cell.studentId === student.studentId)?.version ?? 0;
    const serverCell = async () => (await admin.sheet(batchId, classId, MATHS)).cells.find((cell) => cell.studentId === student.studentId)!;

    // both log in through the login form, each in a browser context of their own, and load the sheet
    const otherContext = await browser.newContext();
    try {
      const other = await otherContext.newPage();
      await teacherApp(page, 'teacher');
      await teacherApp(other, 'teacher2');
      await openSheet(page, '期中考试', '七年级(1)班', '数学');
      await openSheet(other, '期中考试', '七年级(1)班', '数学');
      await expect(cells(page)).toHaveCount(sheet.students.length);
      await expect(cells(other)).toHaveCount(sheet.students.length);
      const mine = cells(page).nth(row);
      const theirs = cells(other).nth(row);
      const myCell = page.getByTestId('score-cell').nth(row);
      const theirCell = other.getByTestId('score-cell').nth(row);

      // teacher goes offline and types 88: queued on this device
      await goOffline(context);
      await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', 'offline');
      await mine.focus();
      await page.keyboard.type('88');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('pending-count')).toHaveText('1');
      await expect(myCell).toHaveAttribute('data-state', 'queued');

      // teacher2, online, types 93 in the same cell: saved
      await theirs.focus();
      await other.keyboard.type('93');
      await other.keyboard.press('Enter');
      await expect(theirCell).toHaveAttribute('data-state', 'saved', { timeout: 30_000 });
      expect(await serverCell()).toMatchObject({ score: 93, mark: '', version: version + 1, enteredByName: '周雅琴' });

      // teacher comes back online: the queued 88 was typed on the old version, so it conflicts
      await goOnline(context);
      await expect(myCell).toHaveAttribute('data-state', 'conflict', { timeout: 60_000 });
      await expect(mine).toHaveValue('88');
      await expect(page.getByTestId('score-conflicts')).toBeVisible();
      await page.getByTestId('open-pending-panel').click();
      const panel = page.getByTestId('outbox-panel');
      const entry = panel.locator('[data-testid="outbox-entry"][data-state="conflict"]');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByTestId('score-conflict')).toContainText(student.studentName);
      await expect(entry.getByTestId('score-conflict-mine')).toHaveText('88');
      await expect(entry.getByTestId('score-conflict-server')).toHaveText('93');
      await expect(entry.getByTestId('score-conflict-who')).toContainText('服务器上由 周雅琴 于');
      // deciding nothing writes nothing
      expect(await serverCell()).toMatchObject({ score: 93, version: version + 1 });

      // keep mine: re-sent on the server's version and saved
      await entry.getByRole('button', { name: '保留我的' }).click();
      await expect(panel.getByTestId('outbox-empty')).toBeVisible({ timeout: 30_000 });
      await expect(myCell).toHaveAttribute('data-state', 'saved');
      await expect(mine).toHaveValue('88');
      expect(await serverCell()).toMatchObject({ score: 88, mark: '', version: version + 2, enteredByName: '李明华' });
      // teacher2 sees it after a reload
      await other.reload();
      await expect(cells(other).nth(row)).toHaveValue('88');

      // again, and this time teacher takes the server's value: offline 72.5, teacher2 meanwhile 64
      await panel.getByRole('button', { name: '关闭' }).first().click();
      await expect(panel).toHaveCount(0);
      await goOffline(context);
      await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', 'offline');
      await mine.focus();
      await page.keyboard.type('72.5');
      await page.keyboard.press('Enter');
      await expect(myCell).toHaveAttribute('data-state', 'queued');
      await cells(other).nth(row).focus();
      await other.keyboard.type('64');
      await other.keyboard.press('Enter');
      await expect(other.getByTestId('score-cell').nth(row)).toHaveAttribute('data-state', 'saved', { timeout: 30_000 });
      expect(await serverCell()).toMatchObject({ score: 64, version: version + 3, enteredByName: '周雅琴' });

      await goOnline(context);
      await expect(myCell).toHaveAttribute('data-state', 'conflict', { timeout: 60_000 });
      await page.getByTestId('open-pending-panel').click();
      await expect(entry.getByTestId('score-conflict-mine')).toHaveText('72.5');
      await expect(entry.getByTestId('score-conflict-server')).toHaveText('64');
      await expect(entry.getByTestId('score-conflict-who')).toContainText('服务器上由 周雅琴 于');
      await entry.getByRole('button', { name: '采用服务器的' }).click();
      await expect(panel.getByTestId('outbox-empty')).toBeVisible({ timeout: 30_000 });
      await expect(mine).toHaveValue('64');
      await expect(myCell).not.toHaveAttribute('data-state', 'conflict');
      // the server kept teacher2's value: nothing more was written
      expect(await serverCell()).toMatchObject({ score: 64, mark: '', version: version + 3, enteredByName: '周雅琴' });
      const trail = (await admin.changes(batchId, classId, MATHS)).filter((change) => change.studentId === student.studentId && change.version > version);
      expect(trail.map((change) => [change.version, change.newScore, change.changedByName]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
        [version + 1, 93, '周雅琴'],
        [version + 2, 88, '李明华'],
        [version + 3, 64, '周雅琴'],
      ]);
    } finally {
      await otherContext.close();
    }
  });

  test("the administrator changes a score meanwhile (through the API); the teacher's edit conflicts, shows both values and the teacher chooses", async ({ page, request }) => {
    const admin = await Api.login(request, 'admin');
    const { batchId, classId } = await admin.ids('期中考试', '七年级(2)班');
    await teacherApp(page);
    await openSheet(page, '期中考试', '七年级(2)班', '数学');
    const sheet = await admin.sheet(batchId, classId, MATHS);
    const student = sheet.students[0];
    const version = sheet.cells.find((cell) => cell.studentId === student.studentId)?.version ?? 0;

    // the administrator (cjlr_manage) saves the same cell through the API
    const saved = await admin.ok<ScoreCell>(
      '/api/scores/save',
      { batchId, classId, subject: MATHS, studentId: student.studentId, score: 77, mark: '', baseVersion: version },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(saved.version).toBe(version + 1);

    // the teacher, still on the sheet as loaded, types another value in the same cell
    const first = cells(page).first();
    await first.focus();
    await page.keyboard.type('91');
    await page.keyboard.press('Enter');
    const cell = page.getByTestId('score-cell').first();
    await expect(cell).toHaveAttribute('data-state', 'conflict', { timeout: 30_000 });
    await expect(first).toHaveValue('91');

    await page.getByTestId('open-pending-panel').click();
    const panel = page.getByTestId('outbox-panel');
    const entry = panel.locator('[data-testid="outbox-entry"][data-state="conflict"]');
    await expect(entry.getByTestId('score-conflict-mine')).toHaveText('91');
    await expect(entry.getByTestId('score-conflict-server')).toHaveText('77');
    await expect(entry.getByTestId('score-conflict-who')).toContainText('服务器上由');
    await expect(entry.getByTestId('score-conflict')).toContainText(student.studentName);

    // keep mine: re-sent on the server's version, delivered
    await entry.getByRole('button', { name: '保留我的' }).click();
    await expect(panel.getByTestId('outbox-empty')).toBeVisible({ timeout: 30_000 });
    await expect(cell).toHaveAttribute('data-state', 'saved');
    const after = await admin.sheet(batchId, classId, MATHS);
    const server = after.cells.find((item) => item.studentId === student.studentId)!;
    expect(server.score).toBe(91);
    expect(server.version).toBe(version + 2);

    // again the other way: the administrator changes it, the teacher's edit conflicts, the teacher takes the server's
    await admin.ok<ScoreCell>(
      '/api/scores/save',
      { batchId, classId, subject: MATHS, studentId: student.studentId, score: 66, mark: '', baseVersion: version + 2 },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    await panel.getByRole('button', { name: '关闭' }).first().click();
    await expect(panel).toHaveCount(0);
    await first.focus();
    await page.keyboard.type('q');
    await page.keyboard.press('Enter');
    await expect(cell).toHaveAttribute('data-state', 'conflict', { timeout: 30_000 });
    await page.getByTestId('open-pending-panel').click();
    await expect(entry.getByTestId('score-conflict-mine')).toHaveText('缺考');
    await expect(entry.getByTestId('score-conflict-server')).toHaveText('66');
    await entry.getByRole('button', { name: '采用服务器的' }).click();
    await expect(panel.getByTestId('outbox-empty')).toBeVisible();
    await expect(first).toHaveValue('66');
    const last = (await admin.sheet(batchId, classId, MATHS)).cells.find((item) => item.studentId === student.studentId)!;
    expect([last.score, last.mark]).toEqual([66, '']);

    // the class's other students have no score yet: the server refuses the submission, its message shows
    await panel.getByRole('button', { name: '关闭' }).first().click();
    await page.getByTestId('score-submit').click();
    await expect(page.getByTestId('score-submit-refused')).toHaveText('班级学生未登记或成绩不完整，不能提交成绩');
    expect((await admin.sheet(batchId, classId, MATHS)).submitted).toBe(false);
  });

  test('several edits of one cell offline go out in order, each on the version the previous one made', async ({ page, context, request }) => {
    const admin = await Api.login(request, 'admin');
    const { batchId, classId } = await admin.ids('期中考试', '七年级(2)班');
    await teacherApp(page);
    await openSheet(page, '期中考试', '七年级(2)班', '数学');
    await sheetPersisted(page, batchId, classId, MATHS);
    const before = await admin.sheet(batchId, classId, MATHS);
    const student = before.students[1];
    const version = before.cells.find((cell) => cell.studentId === student.studentId)?.version ?? 0;

    await goOffline(context);
    const input = cells(page).nth(1);
    for (const value of ['70', '75.5', 'm']) {
      await input.focus();
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
    }
    await expect(page.getByTestId('pending-count')).toHaveText('3');
    await page.reload();
    await expect(cells(page).nth(1)).toHaveValue('免考');

    await goOnline(context);
    await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('score-cell').nth(1)).toHaveAttribute('data-state', 'saved');
    const after = (await admin.sheet(batchId, classId, MATHS)).cells.find((cell) => cell.studentId === student.studentId)!;
    expect([after.score, after.mark, after.version]).toEqual([null, 'exempt', version + 3]);
    const trail = (await admin.changes(batchId, classId, MATHS)).filter((change) => change.studentId === student.studentId && change.version > version);
    expect(trail.map((change) => [change.newScore, change.newMark]).reverse()).toEqual([
      [70, ''],
      [75.5, ''],
      [null, 'exempt'],
    ]);
  });

  for (const username of ['student', 'parent'] as const) {
    test(`the ${username} sees only the published scores of the student (第一次月考), none of 期中考试`, async ({ page, playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      const api = await Api.login(request, username);
      const mine = await api.mine();
      await request.dispose();
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(new Set(mine.rows.map((row) => row.batchName))).toEqual(new Set(['第一次月考']));

      await logIn(page, { tenant: 'demo', username });
      await page.goto('/jxgl/wdcj');
      const rows = page.getByTestId('my-score-row');
      await expect(rows).toHaveCount(mine.rows.length);
      await expect(page.getByTestId('my-scores')).toContainText('第一次月考');
      await expect(page.getByTestId('my-scores')).not.toContainText('期中考试');
      for (let index = 0; index < mine.rows.length; index += 1) {
        const row = mine.rows[index];
        const shown = row.mark === 'absent' ? '缺考' : row.mark === 'exempt' ? '免考' : String(row.score);
        await expect(rows.nth(index).getByTestId('my-score-value')).toHaveText(shown);
      }
    });
  }
});
