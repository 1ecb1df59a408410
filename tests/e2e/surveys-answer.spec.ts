// Questionnaires answered inside the app and their results (issue 9): the administrator publishes a
// named questionnaire of this run targeting the demo `parent` and `student` (nothing seeded is
// touched); the parent, on a phone, loads 问卷填报 online (the open view of the unanswered row is
// prefetched), goes offline, reloads, opens the questionnaire for the first time and answers it: 待同步
// at once, still there after an offline reload, nothing on the server; online it is delivered once
// (已提交). The administrator's 问卷统计 shows exactly 1 answer against a target of 2 (50 %), the chart,
// the org filter (the child's class, in the URL) and the export (.xlsx with the answer's row).
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import type { Envelope } from '../../contracts/envelope';
import type { LoginData } from '../../contracts/session';
import { blankQuestion, type SurveyQuestion } from '../../contracts/survey-rules';
import type { SurveyDetail, SurveyResults } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { baseURL } from '../../playwright.config';
import { DEMO_PASSWORD, DemoApi, goOffline, goOnline, logIn, logInWithServiceWorker, waitForPersistedQuery } from './support';

const RUN = Date.now().toString(36).slice(-6);
const TITLE = `家校沟通反馈 ${RUN}`;
const FEEDBACK = `希望增加课后阅读时间 ${RUN}`;

class SurveysApi extends DemoApi {
  results(id: string, orgUnitId = '') {
    return this.ok<SurveyResults>(SURVEY_URLS.results, { id, orgUnitId });
  }
}

async function userIdOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/login/v3', { data: { username, password: DEMO_PASSWORD, tenant: 'demo' } });
  const body = (await response.json()) as Envelope<LoginData>;
  expect(body.code, body.msg).toBe(1);
  return body.data.userId;
}

async function contextFor(browser: Browser, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'zh-CN', acceptDownloads: true, ...(viewport ? { viewport } : {}) });
}

const id = crypto.randomUUID();
const q = { single: crypto.randomUUID(), rating: crypto.randomUUID(), text: crypto.randomUUID(), picture: crypto.randomUUID() };
/** A 1×1 PNG: a picture answer. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const options = { good: crypto.randomUUID(), fair: crypto.randomUUID(), poor: crypto.randomUUID() };

test.afterAll(async ({ request }) => {
  // leave nothing of this run published: unpublish, then delete (its answers go with it)
  const admin = await SurveysApi.login(request, 'admin');
  const found = await admin.post<SurveyDetail>(SURVEY_URLS.get, { id });
  if (found.code !== 1) return;
  if (found.data.published) await admin.ok(SURVEY_URLS.publish, { id, version: found.data.version, published: false });
  await admin.ok(SURVEY_URLS.delete, { ids: [id] });
});

test('a parent answers a questionnaire offline on a phone; online it is delivered once; 问卷统计 shows 1 answer against the target, the chart, the org filter and the export', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await SurveysApi.login(request, 'admin');
  const [parentId, studentId] = [await userIdOf(request, 'parent'), await userIdOf(request, 'student')];
  const now = Date.now();
  const question = ({ id, kind, ...over }: Pick<SurveyQuestion, 'id' | 'kind'> & Partial<SurveyQuestion>): SurveyQuestion => ({ ...blankQuestion(id, kind, () => crypto.randomUUID()), ...over });
  const saved = await admin.ok<SurveyDetail>(SURVEY_URLS.save, {
    id,
    version: 0,
    title: TITLE,
    description: '请家长和同学如实填写。',
    startsAt: new Date(now - 3600_000).toISOString(),
    endsAt: new Date(now + 7 * 86_400_000).toISOString(),
    audience: 'targeted',
    target: { userIds: [parentId, studentId], orgIds: [], roleCodes: [] },
    anonymous: false,
    oncePer: 'person',
    questions: [
      question({ id: q.single, kind: 'single', title: '您对家校沟通是否满意？', options: [{ id: options.good, label: '满意' }, { id: options.fair, label: '一般' }, { id: options.poor, label: '不满意' }] }),
      question({ id: q.rating, kind: 'rating', title: '请为学校的通知及时性打分', max: 5 }),
      question({ id: q.text, kind: 'text', title: '您的建议', required: false, max: 500, multiline: true }),
      question({ id: q.picture, kind: 'picture', title: '上传一张相关照片（可选）', required: false, max: 2 }),
    ],
  });
  await admin.ok(SURVEY_URLS.publish, { id, version: saved.version, published: true });

  // the parent on a phone loads 问卷填报 online: the row is there, not answered; its open view is kept for offline
  const parentContext = await contextFor(browser, { width: 360, height: 740 });
  const page = await parentContext.newPage();
  await logInWithServiceWorker(page, { tenant: 'demo', username: 'parent' });
  await page.goto('/survey/wjdt');
  const row = page.locator(`[data-survey-id="${id}"]`);
  await expect(row).toContainText(TITLE);
  await expect(row.getByTestId('survey-mine-unanswered')).toHaveText('未填写');
  await expect(row).toContainText('进行中');
  await waitForPersistedQuery(page, ['surveys', 'answer', 'open', id], 'the unanswered questionnaire is kept for offline answering');

  // offline, after a reload: opened for the first time, answered, 待同步 at once
  await goOffline(parentContext);
  await page.reload();
  await row.getByTestId('survey-mine-open').click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${id}`));
  const form = page.getByTestId('survey-answer-form');
  await expect(form).toContainText('您对家校沟通是否满意？');
  await form.getByTestId('survey-submit').click();
  await expect(form.getByTestId('survey-problem-1')).toHaveText('此题为必答题');
  await form.getByTestId('survey-q-1').getByText('满意', { exact: true }).click();
  await form.getByTestId('survey-q-2').getByRole('radio', { name: '4 分' }).click();
  await form.getByTestId('survey-q-3').getByRole('textbox').fill(FEEDBACK);
  await form.getByTestId('survey-submit').click();
  await expect(page.getByTestId('survey-answer-pending')).toContainText('待同步');
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  await expect(form.getByTestId('survey-submit')).toHaveCount(0);

  // reload offline: still queued, with what was answered; nothing on the server yet
  await page.reload();
  await expect(page.getByTestId('survey-answer-pending')).toContainText('待同步');
  await expect(page.getByTestId('survey-answer-form').getByTestId('survey-q-3').getByRole('textbox')).toHaveValue(FEEDBACK);
  expect((await admin.results(id)).answerCount).toBe(0);

  // online: delivered once, the view says 已提交
  await goOnline(parentContext);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('survey-answered')).toContainText('已提交');
  const results = await admin.results(id);
  expect(results.answerCount).toBe(1);
  expect(results.targetCount).toBe(2);
  // the list says 已填写
  await page.getByTestId('survey-answer-back').click();
  await expect(row.getByTestId('survey-mine-answered')).toContainText('已填写');
  await parentContext.close();

  // the administrator's 问卷统计: 1 answer of a target of 2 (50 %), the chart, the org filter, the export
  const adminContext = await contextFor(browser);
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, { tenant: 'demo', username: 'admin' });
  await adminPage.goto(`/survey/cjwj/tjfx?id=${id}`);
  await expect(adminPage.getByTestId('results-title')).toHaveText(TITLE);
  await expect(adminPage.getByTestId('results-answer-count')).toHaveText('1');
  await expect(adminPage.getByTestId('results-target-count')).toHaveText('2');
  await expect(adminPage.getByTestId('results-rate')).toHaveText('50%');
  await expect(adminPage.getByTestId('results-rate-bar')).toHaveAttribute('aria-valuenow', '50');
  const single = adminPage.getByTestId('results-q-1');
  await expect(single.locator('canvas')).toBeVisible();
  await expect(single.getByTestId('results-count-table')).toContainText('满意');
  await expect(single.getByTestId('results-count').first()).toHaveText('1');
  await single.getByTestId('results-chart-pie').click();
  await expect(single.locator('canvas')).toBeVisible();
  await expect(adminPage.getByTestId('results-q-2').getByTestId('results-average')).toContainText('4.0 / 5');
  await expect(adminPage.getByTestId('results-q-3').getByTestId('results-texts')).toContainText(FEEDBACK);

  // the org filter: the child's class, kept in the URL
  const org = adminPage.getByTestId('results-org');
  const classOption = org.locator('option', { hasText: '七年级(1)班' });
  await expect(classOption).toHaveCount(1);
  const orgId = await classOption.getAttribute('value');
  await org.selectOption(orgId!);
  await expect(adminPage).toHaveURL(new RegExp(`[?&]org=${orgId}`));
  await expect(adminPage.getByTestId('results-answer-count')).toHaveText('1');

  // the export: an .xlsx with the answer's row
  const [download] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByTestId('results-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((line) => line.eachCell((cell) => cells.push(String(cell.text ?? ''))));
  expect(cells.some((text) => text.includes(FEEDBACK))).toBe(true);

  // 打印: the browser's print with the shell, buttons and filters left out of the page
  await adminPage.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', '1');
  });
  await adminPage.getByTestId('results-print').click();
  await expect(adminPage.locator('body')).toHaveAttribute('data-printed', '1');
  await adminPage.emulateMedia({ media: 'print' });
  await expect(adminPage.getByTestId('sidebar')).toBeHidden();
  await expect(adminPage.getByTestId('tab-strip')).toBeHidden();
  await expect(adminPage.getByTestId('results-export')).toBeHidden();
  await expect(adminPage.getByTestId('results-org')).toBeHidden();
  await expect(adminPage.getByTestId('results-summary')).toBeVisible();
  await expect(single.locator('canvas')).toBeVisible();
  await adminPage.emulateMedia({ media: 'screen' });

  // the raw answers: a named questionnaire shows who answered
  await adminPage.getByTestId('results-tab-answers').click();
  await expect(adminPage).toHaveURL(/[?&]tab=answers/);
  await expect(adminPage.getByTestId('results-answers')).toContainText(FEEDBACK);
  await expect(adminPage.getByTestId('results-answers')).toContainText('黄逸华');
  await adminContext.close();
});

test('the student picks a picture offline and submits: 待同步, kept through an offline reload; online the picture is uploaded and the answer delivered once; 问卷统计 shows 2 of 2 and the thumbnail', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await SurveysApi.login(request, 'admin');
  expect((await admin.results(id)).answerCount).toBe(1);
  const context = await contextFor(browser);
  const page = await context.newPage();
  await logInWithServiceWorker(page, { tenant: 'demo', username: 'student' });
  await page.goto(`/survey/wjdt?id=${id}`);
  const form = page.getByTestId('survey-answer-form');
  await expect(form).toContainText('上传一张相关照片（可选）');
  await waitForPersistedQuery(page, ['surveys', 'answer', 'open', id], 'the questionnaire is kept for an offline reload');

  // offline: the picture is kept on the device and shown; the submit queues the answer (待同步)
  await goOffline(context);
  await form.getByTestId('survey-q-1').getByText('一般', { exact: true }).click();
  await form.getByTestId('survey-q-2').getByRole('radio', { name: '3 分' }).click();
  await form.getByTestId('survey-q-4').locator('input[type=file]').setInputFiles({ name: '照片.png', mimeType: 'image/png', buffer: PICTURE });
  const thumbnail = form.getByTestId('survey-q-4').locator('img');
  await expect(thumbnail).toHaveCount(1);
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await form.getByTestId('survey-submit').click();
  await expect(page.getByTestId('survey-answer-pending')).toContainText('待同步');
  await expect(page.getByTestId('pending-count')).toHaveText('1');

  // reload offline: still queued, the picture still shown from the device; nothing on the server
  await page.reload();
  await expect(page.getByTestId('survey-answer-pending')).toContainText('待同步');
  await expect(page.getByTestId('survey-answer-form').getByTestId('survey-q-4').locator('img')).toHaveAttribute('src', /^blob:/);
  expect((await admin.results(id)).answerCount).toBe(1);

  // online: the kept picture is uploaded and the answer goes out once, without pressing anything
  await goOnline(context);
  await expect(page.getByTestId('survey-answered')).toContainText('已提交', { timeout: 20_000 });
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  const results = await admin.results(id);
  expect(results.answerCount).toBe(2);
  expect(results.rate).toBe(1);
  const pictures = results.results.find((result) => result.questionId === q.picture)!.pictures ?? [];
  expect(pictures).toHaveLength(1);
  expect(pictures[0]).not.toMatch(/^local:/);
  await context.close();

  const adminContext = await contextFor(browser, { width: 360, height: 740 });
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, { tenant: 'demo', username: 'admin' });
  await adminPage.goto(`/survey/cjwj/tjfx?id=${id}`);
  await expect(adminPage.getByTestId('results-answer-count')).toHaveText('2');
  await expect(adminPage.getByTestId('results-rate')).toHaveText('100%');
  await expect(adminPage.getByTestId('results-q-4').getByTestId('results-picture')).toHaveCount(1);
  await adminContext.close();
});
