// Student applications (issue 8): a parent applies for a leave with a certificate picture; the head
// teacher loads 待我审核 online (the page's details and pictures are prefetched), goes offline on a
// phone-sized screen, reloads, opens the application for the first time, audits it, goes online and
// the outbox delivers it once (one pass event, one approval message); batch audit of two applications
// in the same state, a selection audited meanwhile refused as a whole, the server's refusal of a mixed
// selection, batch audit disabled offline; a record past its deadline is view-only.
// Every application this spec files is its own (a day picked per run, parents of seats 12–14 of
// 七年级(1)班, not the seeded ones); what is left pending is withdrawn at the end.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { ApplicationDetail, ApplicationOptions, ApplicationRow } from '../../contracts/applications';
import { APPLICATION_URLS } from '../../contracts/applications';
import type { AttendanceClass, AttendanceRoll } from '../../contracts/attendance';
import type { TableAData } from '../../contracts/envelope';
import type { MessageDetailData, MessageListData } from '../../contracts/messages';
import { baseURL } from '../../playwright.config';
import { DemoApi, goOffline, goOnline, logIn, logInWithServiceWorker, sessionToken, setPublicOrigin, waitForPersistedQuery } from './support';

class ApplicationsApi extends DemoApi {
  options() {
    return this.ok<ApplicationOptions>(APPLICATION_URLS.options, { family: 'student' });
  }
  get(id: string) {
    return this.ok<ApplicationDetail>(APPLICATION_URLS.get, { id });
  }
  async list(scope: string, search: Record<string, unknown> = {}) {
    return (await this.ok<TableAData<ApplicationRow>>(APPLICATION_URLS.list, { currPage: 0, limit: 100, search: JSON.stringify({ scope, kinds: ['student_leave'], ...search }) })).rows;
  }
  /** files a one-day leave (08:00–17:00) and submits it */
  async applyLeave(applicantId: string, day: string, reason: string) {
    const id = crypto.randomUUID();
    return this.ok<ApplicationDetail>(
      APPLICATION_URLS.save,
      { id, kind: 'student_leave', applicantId, leaveType: '2', startsAt: iso(day, '08:00'), endsAt: iso(day, '17:00'), reason, submit: true },
      { 'Idempotency-Key': id },
    );
  }
  async classId(name: string) {
    const classes = await this.ok<AttendanceClass[]>('/api/attendance/classes', {});
    return classes.find((item) => item.className === name)!.classId;
  }
  roll(classId: string, date: string) {
    return this.ok<AttendanceRoll>('/api/attendance/roll', { classId, date });
  }
}

const DAY_MS = 86_400_000;
const RUN = Date.now().toString(36).slice(-6);
const schoolDay = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * DAY_MS).toISOString().slice(0, 10);
const iso = (day: string, time: string) => `${day}T${time}:00+08:00`;
/** a day of this run: a few days ahead for the parent's leave, further out for the batch (no clash between runs) */
const runDay = (from: number, span: number) => schoolDay(from + (Number.parseInt(RUN, 36) % span));
/** A 1×1 PNG: the certificate picture. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function contextFor(browser: Browser, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'zh-CN', ...(viewport ? { viewport } : {}) });
}

/** The messages of the page's user that link to this application, with their contents. */
async function messagesAbout(page: Page, id: string): Promise<string[]> {
  const headers = { 'X-Access-Token': await sessionToken(page) };
  const list = (await (await page.request.post('/api/message/info/getInfoByRecipient', { headers, form: { page: '0', size: '200' } })).json()) as { data: MessageListData };
  const mine = list.data.result.filter((row) => row.MESSAGE_LINK.endsWith(`?id=${id}`));
  const contents: string[] = [];
  for (const row of mine) {
    const detail = (await (await page.request.post('/api/message/info/getInfoById', { headers, form: { id: row.MESSAGE_ID } })).json()) as { data: MessageDetailData };
    contents.push(detail.data.obj.MESSAGE_CONTENT);
  }
  return contents;
}

test('a parent applies with a picture; the head teacher passes it offline on a phone; online it is delivered once and the parent sees it once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const day = runDay(5, 20);
  const reason = `孩子发烧需就医 ${RUN}`;

  // the parent applies for `student` through the drawer
  const parentContext = await contextFor(browser);
  const parentPage = await parentContext.newPage();
  await logIn(parentPage, { tenant: 'demo', username: 'parent' });
  await parentPage.goto('/xssw/qjgl');
  await parentPage.getByTestId('application-apply').click();
  const form = parentPage.getByTestId('apply-form');
  await expect(form.getByTestId('apply-student')).toContainText('七年级(1)班');
  await expect(parentPage.getByRole('dialog').getByText('请假申请', { exact: true })).toBeVisible();
  await form.getByLabel('请假类型').selectOption('1');
  await form.getByTestId('apply-start').fill(`${day}T08:00`);
  await form.getByTestId('apply-end').fill(`${day}T17:00`);
  await form.getByTestId('apply-reason').fill(reason);
  await form.getByTestId('image-input').setInputFiles({ name: '病历.png', mimeType: 'image/png', buffer: PICTURE });
  await expect(form.getByTestId('thumbnail')).toHaveCount(1);
  await parentPage.getByRole('button', { name: '提交' }).click();
  const parentDetail = parentPage.getByTestId('application-detail');
  await expect(parentDetail.getByTestId('application-state')).toHaveText('待班主任审核');
  await expect(parentDetail.getByTestId('application-picture')).toHaveCount(1);
  // the success toast keeps clear of the drawer's close button
  const toast = parentPage.getByTestId('toast').filter({ hasText: '提交成功' });
  await expect(toast).toBeVisible();
  const [toastBox, closeBox] = [await toast.boundingBox(), await parentDetail.locator('[data-part="close-trigger"]').boundingBox()];
  const overlaps = (a: NonNullable<typeof toastBox>, b: NonNullable<typeof toastBox>) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(toastBox!, closeBox!), 'the toast covers the close button').toBe(false);
  const id = new URL(parentPage.url()).searchParams.get('id')!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // the head teacher on a phone: 请假管理 opens on 待我审核 (no empty 我的申请: no add code); the list
  // loads online and the application is NOT opened
  const teacherContext = await contextFor(browser, { width: 360, height: 740 });
  const teacherPage = await teacherContext.newPage();
  await logInWithServiceWorker(teacherPage, { tenant: 'demo', username: 'teacher' });
  await teacherPage.goto('/xssw/qjgl');
  await expect(teacherPage.getByTestId('scope-todo')).toHaveAttribute('aria-selected', 'true');
  await expect(teacherPage.getByTestId('scope-mine')).toHaveCount(0);
  const row = teacherPage.locator(`[data-testid=application-row][data-id="${id}"]`);
  await expect(row).toBeVisible();
  // the todo page's details are prefetched into the persisted cache, their pictures into the preview cache
  await waitForPersistedQuery(teacherPage, ['applications', 'detail', id], 'the todo page prefetched the application');
  await expect
    .poll(() => teacherPage.evaluate(async () => (await (await caches.open('xiaowu-file-previews')).keys()).length), { message: 'the certificate picture is kept for offline use' })
    .toBeGreaterThan(0);

  // offline, after a reload: the application opens for the first time, with its picture, and is audited
  await goOffline(teacherContext);
  await teacherPage.reload();
  await row.getByTestId('application-open').click();
  const detail = teacherPage.getByTestId('application-detail');
  await expect(detail.getByTestId('detail-reason')).toContainText(reason);
  await expect(detail.getByTestId('application-picture').locator('img')).toBeVisible();
  // the drawer is the whole phone screen
  expect((await detail.boundingBox())!.width).toBeGreaterThanOrEqual(355);
  await detail.getByTestId('audit-opinion').fill('同意，注意休息');
  await detail.getByTestId('audit-pass').click();
  await expect(detail.getByTestId('application-queued')).toHaveText('待同步');
  await expect(detail.getByTestId('audit-pass')).toHaveCount(0);
  await expect(teacherPage.getByTestId('pending-count')).toHaveText('1');
  // the todo list dropped it at once
  await expect(row).toHaveCount(0);

  // reload offline: the detail and the queued audit are still there
  await teacherPage.reload();
  await expect(teacherPage.getByTestId('application-detail').getByTestId('detail-reason')).toContainText(reason);
  await expect(teacherPage.getByTestId('application-detail').getByTestId('application-queued')).toHaveText('待同步');
  await expect(teacherPage.getByTestId('pending-count')).toHaveText('1');
  const parentApi = await ApplicationsApi.login(request, 'parent');
  expect((await parentApi.get(id)).state).toBe('pending');

  // online: the outbox drains and the detail shows the result
  await goOnline(teacherContext);
  await expect(teacherPage.getByTestId('pending-count')).toHaveCount(0, { timeout: 20_000 });
  await expect(teacherPage.getByTestId('application-detail').getByTestId('application-state')).toHaveText('审核通过');

  // exactly one pass event on the server, and one approval message for the parent
  const decided = await parentApi.get(id);
  expect(decided.state).toBe('approved');
  const passes = decided.events.filter((event) => event.action === 'pass');
  expect(passes).toHaveLength(1);
  expect(passes[0]).toMatchObject({ actorName: '李明华', opinion: '同意，注意休息' });
  await parentPage.reload();
  await expect(parentPage.getByTestId('application-detail').getByTestId('application-state')).toHaveText('审核通过');
  await expect(parentPage.getByTestId('application-detail').getByTestId('application-event').filter({ hasText: '同意，注意休息' })).toHaveCount(1);
  const messages = await messagesAbout(parentPage, id);
  expect(messages.filter((content) => content.includes('已审核通过'))).toHaveLength(1);

  // the leave lies ahead: no 销假 offered, and the API refuses one (it is possible once the leave has started)
  await expect(parentPage.getByTestId('application-detail').getByTestId('cancel-open')).toHaveCount(0);
  const cancelled = await parentApi.post<ApplicationDetail>(APPLICATION_URLS.cancel, { id, version: decided.version, cancelledAt: iso(day, '09:00') });
  expect([cancelled.code, cancelled.msg]).toEqual([42200, `请假尚未开始（${day} 08:00 开始），不能销假`]);
  await parentContext.close();
  await teacherContext.close();
});

test('batch audit (待我审核): two applications in the same state pass at once; a selection audited meanwhile is refused as a whole; mixed states are refused; offline it is disabled', async ({ page, request }) => {
  test.setTimeout(120_000);
  const day = runDay(60, 120);
  const teacherApi = await ApplicationsApi.login(request, 'teacher');
  const roll = await teacherApi.roll(await teacherApi.classId('七年级(1)班'), schoolDay(0));
  const families = [12, 13, 14].map((seat) => roll.entries.find((entry) => entry.studentNo.endsWith(String(seat).padStart(2, '0')))!);
  const filed: { api: ApplicationsApi; detail: ApplicationDetail }[] = [];
  for (const [index, student] of families.entries()) {
    const api = await ApplicationsApi.login(request, `P${student.studentNo}`);
    const options = await api.options();
    expect(options.students.map((item) => item.id)).toContain(student.studentId);
    filed.push({ api, detail: await api.applyLeave(student.studentId, day, `批量审核 ${RUN} ${index + 1}`) });
  }
  const [first, second, third] = filed.map((item) => item.detail.id);

  await logIn(page, { tenant: 'demo', username: 'teacher' });
  await page.goto(`/xssw/qjgl?scope=todo&from=${day}&to=${day}`);
  const rowOf = (id: string) => page.locator(`[data-testid=application-row][data-id="${id}"]`);
  await expect(rowOf(third!)).toBeVisible();
  await rowOf(first!).getByTestId('application-select').check();
  await rowOf(second!).getByTestId('application-select').check();
  await expect(page.getByTestId('batch-count')).toHaveText('已选 2 项');
  await page.getByTestId('batch-pass').click();
  await page.getByTestId('batch-opinion').fill('同意');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(rowOf(first!)).toHaveCount(0);
  await expect(rowOf(second!)).toHaveCount(0);
  await expect(rowOf(third!)).toBeVisible();
  for (const id of [first!, second!]) expect((await teacherApi.get(id)).state).toBe('approved');

  // a mixed selection (one approved, one pending): the server refuses it with the SPEC's words
  const refused = await teacherApi.post(APPLICATION_URLS.batchAudit, { ids: [first, third], decision: 'pass', opinion: '' });
  expect(refused.msg).toBe('所选申请不是同一审核状态，不能批量审核');
  expect((await teacherApi.get(third!)).state).toBe('pending');

  // selected in 待我审核, passed by the administrator meanwhile: the batch (sent with the selection's
  // audit state) is refused as a whole, the list is refreshed, nothing is rejected
  await rowOf(third!).getByTestId('application-select').check();
  const adminApi = await ApplicationsApi.login(request, 'admin');
  await adminApi.ok(APPLICATION_URLS.audit, { id: third, version: filed[2]!.detail.version, decision: 'pass', opinion: '' }, { 'Idempotency-Key': crypto.randomUUID() });
  await page.getByTestId('batch-reject').click();
  await page.getByTestId('batch-opinion').fill('材料不全');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('batch-error')).toHaveText('所选申请的审核状态已变化，列表已刷新，请重新选择');
  await expect(rowOf(third!)).toHaveCount(0);
  const thirdNow = await teacherApi.get(third!);
  expect(thirdNow.state).toBe('approved');
  expect(thirdNow.events.filter((event) => event.action === 'reject')).toHaveLength(0);

  // 全部 lists them, with no selection (batch audit is for 待我审核)
  await page.getByTestId('scope-all').click();
  await expect(rowOf(first!)).toBeVisible();
  await expect(page.getByTestId('application-select')).toHaveCount(0);
  await expect(page.getByTestId('batch-pass')).toHaveCount(0);

  // offline: batch audit is disabled with the hint
  await page.getByTestId('scope-todo').click();
  await expect(page.getByTestId('batch-pass')).toBeVisible();
  await goOffline(page.context());
  await expect(page.getByTestId('batch-offline')).toHaveText('批量审核需要联网');
  await expect(page.getByTestId('batch-pass')).toBeDisabled();
  await expect(page.getByTestId('batch-reject')).toBeDisabled();
  await goOnline(page.context());

  // the three approved leaves lie ahead: 销假 is refused until they start
  for (const item of filed) {
    const now = await item.api.get(item.detail.id);
    expect(now.can.cancel).toBe(false);
    const cancelled = await item.api.post(APPLICATION_URLS.cancel, { id: now.id, version: now.version, cancelledAt: iso(day, '09:00') });
    expect(cancelled.code, cancelled.msg).toBe(42200);
  }
});

test('a record past its deadline is view-only: 已过期, the note, no actions; the API refuses a cancel', async ({ page, request }) => {
  const parentApi = await ApplicationsApi.login(request, 'parent');
  const expired = (await parentApi.list('mine')).filter((row) => row.expired);
  expect(expired.length).toBeGreaterThan(0);
  const record = expired[0]!;

  await logIn(page, { tenant: 'demo', username: 'parent' });
  // filtered on expired records: page 1 holds it however many runs added leaves for `parent`
  await page.goto('/xssw/qjgl?state=expired');
  const row = page.locator(`[data-testid=application-row][data-id="${record.id}"]`);
  await expect(row.getByTestId('application-expired')).toHaveText('已过期');
  await row.getByTestId('application-open').click();
  const detail = page.getByTestId('application-detail');
  await expect(detail.getByTestId('application-note')).toHaveText('该记录已过期，仅可查看');
  await expect(detail.getByTestId('application-expired')).toHaveText('已过期');
  for (const action of ['audit-pass', 'audit-reject', 'application-withdraw', 'cancel-open', 'application-proof', 'application-edit']) {
    await expect(detail.getByTestId(action)).toHaveCount(0);
  }
  const refused = await parentApi.post(APPLICATION_URLS.cancel, { id: record.id, version: record.version, cancelledAt: record.startsAt });
  expect(refused.code).not.toBe(1);
  expect(refused.msg).toBe('该记录已过期，仅可查看');

  // in English (the screen's strings come from the feature's own catalog)
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto(`/xssw/qjgl?id=${record.id}`);
  const english = page.getByTestId('application-detail');
  await expect(english.getByTestId('application-note')).toHaveText('This record has expired and is view-only');
  await expect(english.getByTestId('application-expired')).toHaveText('Expired');
  await expect(english.getByTestId('application-state')).toHaveText(record.state === 'rejected' ? 'Audit failed' : 'Audit passed');
});

test('another auditor got there first: the offline pass lands in the conflict inbox beside their rejection; only accepting is offered', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const day = runDay(200, 60);
  const teacherApi = await ApplicationsApi.login(request, 'teacher');
  const roll = await teacherApi.roll(await teacherApi.classId('七年级(1)班'), schoolDay(0));
  const student = roll.entries.find((entry) => entry.studentNo.endsWith('15'))!;
  const parentApi = await ApplicationsApi.login(request, `P${student.studentNo}`);
  const filed = await parentApi.applyLeave(student.studentId, day, `冲突 ${RUN}`);

  const context = await contextFor(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  // the installed app (service worker): offline, its lazy chunks (the toaster's…) come from the precache
  await logInWithServiceWorker(page, { tenant: 'demo', username: 'teacher' });
  await page.goto(`/xssw/qjgl?scope=todo&id=${filed.id}`);
  const detail = page.getByTestId('application-detail');
  await expect(detail.getByTestId('audit-pass')).toBeVisible();
  await goOffline(context);
  await detail.getByTestId('audit-opinion').fill('同意');
  await detail.getByTestId('audit-pass').click();
  await expect(detail.getByTestId('application-queued')).toHaveText('待同步');

  // meanwhile the administrator rejects it
  const adminApi = await ApplicationsApi.login(request, 'admin');
  const rejected = await adminApi.ok<ApplicationDetail>(APPLICATION_URLS.audit, { id: filed.id, version: filed.version, decision: 'reject', opinion: '证明材料不全' }, { 'Idempotency-Key': crypto.randomUUID() });
  const adminName = rejected.events.find((event) => event.action === 'reject')!.actorName;

  await goOnline(context);
  await expect(detail.getByTestId('application-stuck')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await page.getByTestId('offline-indicator').click();
  const conflict = page.getByTestId('outbox-entry').filter({ has: page.getByTestId('audit-conflict') });
  await expect(conflict.getByTestId('audit-conflict-mine')).toContainText('通过');
  await expect(conflict.getByTestId('audit-conflict-mine')).toContainText('同意');
  await expect(conflict.getByTestId('audit-conflict-server')).toContainText(`已驳回 · ${adminName}`);
  await expect(conflict.getByTestId('audit-conflict-server')).toContainText('证明材料不全');
  await expect(conflict.getByRole('button', { name: '保留我的' })).toHaveCount(0);
  await conflict.getByRole('button', { name: '采用服务器的' }).click();
  await expect(page.getByTestId('outbox-entry')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/xssw/qjgl?scope=all&id=${filed.id}`);
  await expect(page.getByTestId('application-detail').getByTestId('application-state')).toHaveText('审核不通过');
  await expect(page.getByTestId('application-detail').getByTestId('application-stuck')).toHaveCount(0);
  // the server kept the rejection alone
  const now = await teacherApi.get(filed.id);
  expect(now.state).toBe('rejected');
  expect(now.events.filter((event) => event.action === 'pass')).toHaveLength(0);
  await context.close();
});

test('an approved enrolment proof prints as a PDF from 在读证明 (head teacher, then 教务处)', async ({ page, request }) => {
  const parentApi = await ApplicationsApi.login(request, 'parent');
  const [child] = (await parentApi.options()).students;
  const id = crypto.randomUUID();
  const filed = await parentApi.ok<ApplicationDetail>(
    APPLICATION_URLS.save,
    { id, kind: 'enrolment_proof', applicantId: child!.id, reason: `办理签证 ${RUN}`, details: { purpose: '办理签证', copies: 1 }, submit: true },
    { 'Idempotency-Key': id },
  );
  expect(filed.auditState).toBe('pending:head_teacher');
  const teacherApi = await ApplicationsApi.login(request, 'teacher');
  const passed = await teacherApi.ok<ApplicationDetail>(APPLICATION_URLS.audit, { id, version: filed.version, decision: 'pass', opinion: '' }, { 'Idempotency-Key': crypto.randomUUID() });
  expect(passed.auditState).toBe('pending:role:teaching_office');
  const adminApi = await ApplicationsApi.login(request, 'admin');
  await adminApi.ok(APPLICATION_URLS.audit, { id, version: passed.version, decision: 'pass', opinion: '' }, { 'Idempotency-Key': crypto.randomUUID() });
  // the proof's verification QR is made from the school's public address
  await setPublicOrigin(adminApi, baseURL);

  await logIn(page, { tenant: 'demo', username: 'parent' });
  await page.goto(`/xssw/zdzm?id=${id}`);
  const detail = page.getByTestId('application-detail');
  await expect(detail.getByTestId('application-state')).toHaveText('审核通过');
  await expect(detail.getByTestId('application-event').filter({ hasText: '审核通过' })).toHaveCount(2);
  const download = page.waitForEvent('download');
  await detail.getByTestId('application-proof').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
