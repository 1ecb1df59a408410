import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { encryptionBaseURL } from '../../playwright.config';
import { blankQuestion } from '../../contracts/survey-rules';
import type { SurveyDetail, SurveyQuestion, SurveyResults } from '../../contracts/surveys';
import { DemoApi, fillLoginForm, goOffline, goOnline, logInWithServiceWorker, writeDeployedFile } from './support';

// The public survey page (issue 9): its own light entry (survey.html), manifest and service worker.
// Real Chromium on a phone-sized viewport against the production build and the real server; the
// questionnaires are this spec's own (created and published through the API as admin).

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE, hasTouch: true });

const uuid = () => crypto.randomUUID();
const stamp = Date.now().toString(36);

class SurveysApi extends DemoApi {
  /** Creates and publishes; returns the questionnaire. */
  async publish(title: string, patch: Partial<{ startsAt: string; endsAt: string; audience: 'everyone' | 'targeted'; target: SurveyDetail['target']; oncePer: 'person' | 'device'; anonymous: boolean; questions: SurveyQuestion[] }> = {}) {
    const id = uuid();
    const saved = await this.ok<SurveyDetail>(SURVEY_URLS.save, {
      id,
      version: 0,
      title,
      description: 'e2e 公开问卷',
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
      audience: 'everyone',
      target: { userIds: [], orgIds: [], roleCodes: [] },
      anonymous: true,
      oncePer: 'device',
      questions: questions(),
      ...patch,
    });
    return this.ok<SurveyDetail>(SURVEY_URLS.publish, { id, version: saved.version, published: true });
  }

  async setTimes(survey: SurveyDetail, startsAt: string, endsAt: string) {
    return this.ok<SurveyDetail>(SURVEY_URLS.save, {
      id: survey.id,
      version: survey.version,
      title: survey.title,
      description: survey.description,
      startsAt,
      endsAt,
      audience: survey.audience,
      target: survey.target,
      anonymous: survey.anonymous,
      oncePer: survey.oncePer,
      questions: survey.questions,
    });
  }

  results(id: string) {
    return this.ok<SurveyResults>(SURVEY_URLS.results, { id });
  }
}

/** 1 住校吗 (single: 否 skips to 3) · 2 宿舍意见 (text, required) · 3 总体评价 (rating 1..5) · 4 孩子几岁 (number 3..20, integer) */
function questions(): SurveyQuestion[] {
  const yes = uuid();
  const no = uuid();
  const q = (kind: SurveyQuestion['kind'], title: string, patch: Partial<SurveyQuestion> = {}): SurveyQuestion => ({ ...blankQuestion(uuid(), kind, uuid), title, ...patch });
  const q3 = q('rating', '总体评价', { max: 5 });
  return [
    q('single', '孩子住校吗', { options: [{ id: yes, label: '住校' }, { id: no, label: '走读' }], skips: [{ optionId: no, goTo: q3.id }] }),
    q('text', '宿舍意见'),
    q3,
    q('number', '孩子几岁', { min: 3, max: 20, integer: true }),
  ];
}

const answerUrl = (id: string) => `/survey/wjdt/answerSurvey?id=${id}&tenant=demo`;

/** The page's own service worker controls it (installed, activated, claimed). */
async function controlledBySurveyWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { message: 'the survey page is controlled by its own worker', timeout: 20_000 })
    .toMatch(/\/survey\/wjdt\/sw\.js$/);
}

/**
 * The page's own files under /survey/wjdt/assets/ never come from the network (the page AND its
 * worker: a context route): an offline reload proves the worker's precache holds every one of them.
 */
const pageAssets = '**/survey/wjdt/assets/**';
const abortAsset = (route: Route) => route.abort('internetdisconnected');
async function blockPageAssets(context: BrowserContext) {
  await context.route(pageAssets, abortAsset);
}
async function unblockPageAssets(context: BrowserContext) {
  await context.unroute(pageAssets, abortAsset);
}

/** The page worker's caches (xiaowu-survey-…). */
const surveyCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('xiaowu-survey-')));

/** A key of the page's device store (idb-keyval: database xiaowu-surveys, store kv). */
async function deviceKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('xiaowu-surveys');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const request = db.transaction('kv').objectStore('kv').getAllKeys();
            request.onsuccess = () => resolve(request.result.map(String));
            request.onerror = () => resolve([]);
          } catch {
            resolve([]);
          } finally {
            db.close();
          }
        };
      }),
  );
}

test.describe('public survey page', () => {
  test('answered offline on a phone: saved on the device, sent once when the connection returns', async ({ page, context, request }) => {
    const admin = await SurveysApi.login(request, 'admin');
    const survey = await admin.publish(`e2e 公开问卷 ${stamp}`);

    await page.goto('/survey/wjdt/wjdtListNotLogin?tenant=demo');
    await expect(page.getByTestId('public-school-name')).not.toBeEmpty();
    const row = page.getByTestId('public-survey-row').filter({ hasText: survey.title });
    await expect(row).toContainText('进行中');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/survey/wjdt/answerSurvey\\?id=${survey.id}`));
    await expect(page.getByRole('heading', { name: survey.title })).toBeVisible();
    await expect(page.getByTestId('survey-q-4')).toBeVisible();
    // the page's own worker (not the app's) and the survey kept on the device
    await controlledBySurveyWorker(page);
    await expect.poll(() => deviceKeys(page)).toContain(`survey:demo:${survey.id}`);

    await goOffline(context);
    await blockPageAssets(context);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker(), 'the offline reload is answered by the survey worker').toBe(true);
    await expect(page.getByTestId('public-offline')).toBeVisible();
    await expect(page.getByRole('heading', { name: survey.title })).toBeVisible();

    // skip logic: 走读 skips question 2
    await page.getByRole('radio', { name: '走读', exact: true }).check();
    await expect(page.getByTestId('survey-q-2')).toHaveCount(0);
    // the visible questions are numbered without a gap: the third one now reads 2.
    await expect(page.getByTestId('survey-q-3').locator('.xw-sf-q-number')).toHaveText('2.');
    await expect(page.getByTestId('survey-progress')).toContainText('已答 1 / 3 题');
    await page.getByRole('radio', { name: '住校', exact: true }).check();
    await expect(page.getByTestId('survey-q-2')).toBeVisible();
    await page.getByRole('radio', { name: '走读', exact: true }).check();
    // a submit with problems sends nothing and says what is missing
    await page.getByTestId('survey-submit').click();
    await expect(page.getByTestId('survey-problem-3')).toHaveText('此题为必答题');
    await expect(page.getByTestId('survey-problem-4')).toHaveText('此题为必答题');
    await page.getByRole('radio', { name: '4 分' }).click();
    const age = page.getByTestId('survey-q-4').getByRole('textbox');
    await age.fill('30');
    await expect(page.getByTestId('survey-problem-4')).toHaveText('请填写3到20之间的数');
    await age.fill('9');
    await expect(page.getByTestId('survey-problem-4')).toHaveCount(0);

    // a reload keeps what was typed and the same answer id
    const draftKey = (await deviceKeys(page)).find((key) => key.startsWith('draft:demo:'));
    expect(draftKey).toBeTruthy();
    await page.waitForTimeout(600); // the draft is saved 400 ms after the last keystroke
    await page.reload();
    await expect(page.getByTestId('survey-q-4').getByRole('textbox')).toHaveValue('9');
    await expect(page.getByRole('radio', { name: '4 分' })).toHaveAttribute('aria-checked', 'true');

    await page.getByTestId('survey-submit').click();
    await expect(page.getByTestId('public-saved-on-device')).toContainText('已保存在本设备');
    await expect(page.getByTestId('public-saved-on-device')).toContainText('网络恢复后会自动提交');
    expect((await deviceKeys(page)).filter((key) => key.startsWith('queue:'))).toHaveLength(1);
    expect((await admin.results(survey.id)).answerCount).toBe(0);

    await goOnline(context);
    await unblockPageAssets(context);
    await expect(page.getByTestId('public-thanks')).toContainText('提交成功，感谢参与', { timeout: 20_000 });
    expect((await deviceKeys(page)).filter((key) => key.startsWith('queue:') || key.startsWith('draft:'))).toEqual([]);

    // exactly one answer, with the skipped question left out
    const results = await admin.results(survey.id);
    expect(results.answerCount).toBe(1);
    const [q1, q2, q3, q4] = results.questions;
    const answered = Object.fromEntries(results.results.map((r) => [r.questionId, r.answered]));
    expect([answered[q1!.id], answered[q2!.id], answered[q3!.id], answered[q4!.id]]).toEqual([1, 0, 1, 1]);

    // the next visit says it is answered; the list marks it
    await page.reload();
    await expect(page.getByTestId('public-already')).toContainText('您已提交过该问卷，感谢参与');
    await page.getByTestId('public-back-to-list').click();
    await expect(page.getByTestId('public-survey-row').filter({ hasText: survey.title })).toContainText('已填写');
    expect((await admin.results(survey.id)).answerCount).toBe(1);
  });

  test('an answer whose response is lost is sent again with the same answer id and filed once', async ({ page, request }) => {
    const admin = await SurveysApi.login(request, 'admin');
    const rating: SurveyQuestion = { ...questions()[2]!, id: uuid() };
    const survey = await admin.publish(`e2e 重发 ${stamp}`, { questions: [rating] });
    await page.goto(answerUrl(survey.id));
    await page.getByRole('radio', { name: '5 分' }).click();
    // the server files the answer, but its response never reaches the page
    const sent: string[] = [];
    await page.route('**' + SURVEY_URLS.publicAnswer, async (route) => {
      sent.push((route.request().postDataJSON() as { answerId: string }).answerId);
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByTestId('survey-submit').click();
    await expect(page.getByTestId('public-saved-on-device')).toBeVisible();
    expect((await admin.results(survey.id)).answerCount).toBe(1);

    await page.unroute('**' + SURVEY_URLS.publicAnswer);
    const again = page.waitForRequest((req) => req.url().endsWith(SURVEY_URLS.publicAnswer));
    await page.getByRole('button', { name: '立即重试' }).click();
    expect(((await again).postDataJSON() as { answerId: string }).answerId).toBe(sent[0]);
    await expect(page.getByTestId('public-thanks')).toBeVisible();
    expect((await admin.results(survey.id)).answerCount).toBe(1);
  });

  test('a picture picked offline stays on the device and is uploaded before the answer is sent', async ({ page, context, request }) => {
    const admin = await SurveysApi.login(request, 'admin');
    const picture: SurveyQuestion = { ...questions()[0]!, id: uuid(), kind: 'picture', title: '孩子的作品', options: [], skips: [], max: 1 };
    const survey = await admin.publish(`e2e 图片问卷 ${stamp}`, { questions: [picture] });
    await page.goto(answerUrl(survey.id));
    await expect(page.getByTestId('survey-q-1')).toBeVisible();
    await controlledBySurveyWorker(page);
    await expect.poll(() => deviceKeys(page)).toContain(`survey:demo:${survey.id}`);

    await goOffline(context);
    await blockPageAssets(context);
    await page.reload();
    await page.getByTestId('survey-q-1').locator('input[type=file]').setInputFiles(join('public', 'icons', 'icon-192.png'));
    await expect(page.getByRole('img', { name: '图片 1' })).toBeVisible();
    await expect.poll(async () => (await deviceKeys(page)).filter((key) => key.startsWith('picture:local:')).length).toBe(1);
    await page.getByTestId('survey-submit').click();
    await expect(page.getByTestId('public-saved-on-device')).toBeVisible();

    await goOnline(context);
    await unblockPageAssets(context);
    await expect(page.getByTestId('public-thanks')).toBeVisible({ timeout: 20_000 });
    const results = await admin.results(survey.id);
    expect(results.answerCount).toBe(1);
    expect(results.results[0]!.pictures).toHaveLength(1);
    expect(await deviceKeys(page)).not.toContainEqual(expect.stringMatching(/^picture:/));
  });

  test('a new build deployed while an answer is queued: the open old page keeps its chunks, the draft and the queue survive, sent once', async ({ page, context, request }) => {
    const admin = await SurveysApi.login(request, 'admin');
    const rating: SurveyQuestion = { ...questions()[2]!, id: uuid() };
    const survey = await admin.publish(`e2e 新版本 ${stamp}`, { questions: [rating] });
    await page.goto(answerUrl(survey.id));
    await controlledBySurveyWorker(page);
    await expect.poll(() => deviceKeys(page)).toContain(`survey:demo:${survey.id}`);
    const [v1] = await surveyCaches(page);

    await goOffline(context);
    await page.getByRole('radio', { name: '5 分' }).click();
    await page.getByTestId('survey-submit').click();
    await expect(page.getByTestId('public-saved-on-device')).toBeVisible();

    // v2 is deployed (the API still unreachable): its page no longer has v1's lazy en catalog chunk
    await context.setOffline(false);
    const oldChunk = '**/survey/wjdt/assets/en-*.js';
    await context.route(oldChunk, abortAsset);
    const worker = join(process.env.XIAOWU_STATIC_DIR ?? 'dist', 'survey', 'wjdt', 'sw.js');
    const original = await readFile(worker, 'utf8');
    const v2 = original.replace(/\{url:`\/survey\/wjdt\/assets\/en-[^`]+`,revision:`[^`]+`\},/, '');
    expect(v2, 'the en chunk is in the worker’s list').not.toBe(original);
    try {
      await writeDeployedFile(worker, v2);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect.poll(async () => (await surveyCaches(page)).length, { message: 'v2 installed beside v1', timeout: 20_000 }).toBe(2);
      await expect
        .poll(() => page.evaluate(async () => { const registration = await navigator.serviceWorker.getRegistration(); return Boolean(registration?.active && !registration.installing && !registration.waiting); }), { timeout: 20_000 })
        .toBe(true);
    } finally {
      await writeDeployedFile(worker, original);
    }
    // v2 controls the open v1 page; v1's cache stays while it is open: its en chunk still loads
    expect(await surveyCaches(page)).toContain(v1);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('public-saved-on-device')).toContainText('Saved on this device');

    // a reload: the answer still waits on the device (nothing lost), then goes once
    await page.reload();
    await expect(page.getByTestId('public-saved-on-device')).toBeVisible();
    expect((await deviceKeys(page)).filter((key) => key.startsWith('queue:'))).toHaveLength(1);
    expect((await admin.results(survey.id)).answerCount).toBe(0);
    await context.unroute(oldChunk, abortAsset);
    await context.setOffline(true); // the connection returns: `online` drains the queue
    await goOnline(context);
    await expect(page.getByTestId('public-thanks')).toBeVisible({ timeout: 20_000 });
    expect((await admin.results(survey.id)).answerCount).toBe(1);
    expect((await deviceKeys(page)).filter((key) => key.startsWith('queue:'))).toEqual([]);
    // back in Chinese for the next tests of this browser (the language cookie is the context's)
    await page.getByRole('button', { name: '中文' }).click();
  });

  test('the refusals in SPEC §8 words: not started, expired, no such questionnaire, targeted without login; a logged-in parent may answer', async ({ page, request }) => {
    const admin = await SurveysApi.login(request, 'admin');
    const later = await admin.publish(`e2e 未开始 ${stamp}`, {
      startsAt: new Date(Date.now() + 2 * 86400_000).toISOString(),
      endsAt: new Date(Date.now() + 9 * 86400_000).toISOString(),
    });
    const ended = await admin.publish(`e2e 已过期 ${stamp}`);
    await admin.setTimes(ended, new Date(Date.now() - 3 * 86400_000).toISOString(), new Date(Date.now() - 86400_000).toISOString());
    const targeted = await admin.publish(`e2e 家长问卷 ${stamp}`, {
      audience: 'targeted',
      target: { userIds: [], orgIds: [], roleCodes: ['parent'] },
      oncePer: 'person',
      anonymous: false,
    });

    const refusal = page.getByTestId('public-refusal-text');
    await page.goto(answerUrl(later.id));
    await expect(refusal).toContainText('问卷尚未开始，开始时间：');
    await page.goto(answerUrl(ended.id));
    await expect(refusal).toContainText('问卷已过期，截止时间：');
    await page.goto(answerUrl(uuid()));
    await expect(refusal).toHaveText('问卷不存在或已被删除');
    await page.goto(answerUrl(targeted.id));
    await expect(refusal).toHaveText('没有权限，可能未登录，请登录后再填写');
    await expect(page.getByTestId('public-login-link')).toBeVisible();

    // 登录后填写 comes back to this survey; the app's session on this device goes along: the parent answers it here
    await page.getByTestId('public-login-link').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await fillLoginForm(page, { tenant: 'demo', username: 'parent' });
    await page.waitForURL((url) => url.pathname + url.search === answerUrl(targeted.id));
    await expect(page.getByRole('heading', { name: targeted.title })).toBeVisible();
    await expect(page.getByTestId('survey-anonymous-notice')).toContainText('实名');

    // English: the switch, and the same refusal in English
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('survey-submit')).toHaveText('Submit');
    await page.goto(answerUrl(ended.id));
    await expect(refusal).toContainText('The questionnaire has expired');
  });

  test('installable as its own app: manifest, scope and worker; the app worker does not take over its pages', async ({ baseURL, launchOptions }) => {
    // a profile on disk: Chromium never offers installation in incognito, which test contexts are
    const profile = await mkdtemp(join(tmpdir(), 'xiaowu-survey-pwa-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale: 'zh-CN', viewport: PHONE });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // the app first, with its own worker (scope /)
      await logInWithServiceWorker(page, { tenant: 'demo', username: 'teacher' });
      await page.goto('/survey/wjdt/wjdtListNotLogin?tenant=demo');
      await expect(page.getByRole('heading', { name: '公开问卷' })).toBeVisible();
      await expect(page.getByTestId('sidebar')).toHaveCount(0);
      await controlledBySurveyWorker(page);
      const scopes = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope));
      expect(scopes.map((scope) => new URL(scope).pathname).sort()).toEqual(['/', '/survey/wjdt/']);
      const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope ?? '');
      expect(registration).toMatch(/\/survey\/wjdt\/$/);

      const href = await page.locator('link[rel=manifest]').getAttribute('href');
      expect(href).toBe('/survey/wjdt/manifest.webmanifest');
      const manifest = (await (await page.request.get(href!)).json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({ name: '校务问卷', id: '/survey/wjdt/', scope: '/survey/wjdt/', start_url: '/survey/wjdt/wjdtListNotLogin', display: 'standalone' });
      const sizes = (manifest.icons as { sizes: string }[]).map((icon) => icon.sizes);
      expect(sizes).toContain('192x192');
      expect(sizes).toContain('512x512');
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);

      // the app's pages stay the app's
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-today')).toBeVisible();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).not.toMatch(/survey/);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});

test.describe('public survey page with request encryption on (SPEC §7)', () => {
  // the second server Playwright starts (XIAOWU_REQUEST_ENCRYPTION=on): the page's calls are on the
  // encryption whitelist (it carries no sealing code); only reads here, the demo data stays as it is
  test.use({ baseURL: encryptionBaseURL });

  test('the list and an answer page open with plain calls', async ({ page, request }) => {
    const options = await (await request.get('/api/login/options')).json();
    test.skip(options.data?.requestEncryption !== true, 'the server on this port does not require encryption');
    await page.goto('/survey/wjdt/wjdtListNotLogin?tenant=demo');
    const row = page.getByTestId('public-survey-row').filter({ hasText: '家长满意度调查' });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page.getByRole('heading', { name: '家长满意度调查' })).toBeVisible();
    await expect(page.getByTestId('survey-submit')).toBeVisible();
  });
});
