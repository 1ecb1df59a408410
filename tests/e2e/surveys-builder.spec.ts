// The questionnaire builder (issue 9, H3): the administrator builds a questionnaire in the UI (several
// kinds, a skip rule, reordered by dragging a card's handle), saves it, previews it (the skip works in
// the preview and nothing is sent) and publishes it; a teacher creates one and publishing answers
// SPEC §6's 没有发布问卷的权限，请联系管理员 (the server refuses too); the question bank: a question
// added at /pztm/pztm is inserted into a questionnaire with new ids. Everything of this run is removed
// afterwards; the demo questionnaires are not touched.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { BankQuestionRow, SurveyDetail } from '../../contracts/surveys';
import { SURVEY_URLS } from '../../contracts/survey-urls';
import { DEMO_ACCOUNTS, DemoApi, logIn, setPublicOrigin } from './support';

const RUN = Date.now().toString(36).slice(-6);
const ADMIN = DEMO_ACCOUNTS[0]!;
const TEACHER = DEMO_ACCOUNTS[1]!;

/** Questionnaires and bank entries made by this run, removed afterwards (by who may). */
const made: { id: string; owner: 'admin' | 'teacher' }[] = [];
const bankIds: string[] = [];

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  for (const { id } of made) {
    const found = await admin.post<SurveyDetail>(SURVEY_URLS.get, { id });
    if (found.code !== 1) continue;
    if (found.data.published) await admin.ok(SURVEY_URLS.publish, { id, version: found.data.version, published: false });
    await admin.ok(SURVEY_URLS.delete, { ids: [id] });
  }
  if (bankIds.length) await admin.post(SURVEY_URLS.bankDelete, { ids: bankIds });
});

/** The id of the questionnaire the editor shows (?id= of the URL). */
async function editorId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/survey\/cjwj\/bjwj\?id=[0-9a-f-]{36}/);
  return new URL(page.url()).searchParams.get('id')!;
}

async function addQuestion(page: Page, kind: string): Promise<Locator> {
  const before = await page.getByTestId('question-card').count();
  await page.getByTestId('question-add').first().click();
  await page.getByTestId(`add-${kind}`).click();
  await expect(page.getByTestId('question-card')).toHaveCount(before + 1);
  return page.getByTestId('question-card').nth(before);
}

const cardTitles = (page: Page) => page.getByTestId('question-title').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

test('the administrator builds a questionnaire (kinds, a skip, drag to reorder), saves, previews it with the skip working, and publishes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `食堂满意度调查 ${RUN}`;
  await logIn(page, ADMIN);
  await page.goto('/survey/cjwj');
  await expect(page.getByRole('heading', { name: '问卷管理' })).toBeVisible();
  await page.getByTestId('survey-new').click();
  const id = await editorId(page);
  made.push({ id, owner: 'admin' });
  await expect(page.getByRole('heading', { name: '新建问卷' })).toBeVisible();

  await page.getByTestId('survey-title').fill(title);
  await page.getByTestId('survey-description').fill('请如实填写，感谢配合');
  // per device only for everyone: chosen here (no login needed)
  await page.getByTestId('oncePer-device').check();
  await expect(page.getByTestId('once-per-hint')).toContainText('每台设备一次');

  const q1 = await addQuestion(page, 'single');
  await q1.getByTestId('question-title').fill('您是否在学校食堂用餐？');
  // two blank options: the problem shows as typed
  await expect(q1.getByTestId('question-problems')).toHaveText('选项内容不能为空');
  await q1.getByTestId('option-label').nth(0).fill('是');
  await q1.getByTestId('option-label').nth(1).fill('否');
  await expect(q1.getByTestId('question-problems')).toHaveCount(0);

  const q2 = await addQuestion(page, 'text');
  await q2.getByTestId('question-title').fill('您对菜品有什么建议？');
  const q3 = await addQuestion(page, 'rating');
  await q3.getByTestId('question-title').fill('总体满意度');
  const q4 = await addQuestion(page, 'multiple');
  await q4.getByTestId('question-title').fill('您常吃的窗口');
  await q4.getByTestId('option-label').nth(0).fill('面食');
  await q4.getByTestId('option-label').nth(1).fill('米饭');
  await q4.getByTestId('option-add').click();
  await q4.getByTestId('option-label').nth(2).fill('清真');

  // skip: 否 ends the questionnaire
  await q1.getByTestId('option-skip').nth(1).selectOption({ label: '结束问卷' });
  await expect(q1.getByText('含跳题')).toBeVisible();

  // drag the rating card (3rd) by its handle above the text card (2nd)
  expect(await cardTitles(page)).toEqual(['您是否在学校食堂用餐？', '您对菜品有什么建议？', '总体满意度', '您常吃的窗口']);
  const handle = q3.getByTestId('question-handle');
  // the target card in the middle of the window: the drop point stays clear of the edges, where
  // dnd-kit scrolls the page while dragging (how far depends on the machine's speed)
  await page.getByTestId('question-card').nth(1).evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await expect(handle).toBeInViewport();
  const from = (await handle.boundingBox())!;
  const to = (await page.getByTestId('question-card').nth(1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + 10, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => cardTitles(page)).toEqual(['您是否在学校食堂用餐？', '总体满意度', '您对菜品有什么建议？', '您常吃的窗口']);

  await page.getByTestId('survey-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByRole('heading', { name: '编辑问卷' })).toBeVisible();
  const admin = await DemoApi.login(request, 'admin');
  const saved = await admin.ok<SurveyDetail>(SURVEY_URLS.get, { id });
  expect(saved).toMatchObject({ title, version: 1, audience: 'everyone', oncePer: 'device', published: false });
  expect(saved.questions.map((q) => q.kind)).toEqual(['single', 'rating', 'text', 'multiple']);
  expect(saved.questions[0]!.skips).toEqual([{ optionId: saved.questions[0]!.options[1]!.id, goTo: 'end' }]);

  // the preview: the shared form; 否 ends it (the rest hidden), 是 shows them; nothing is sent
  await page.getByTestId('survey-preview').click();
  await expect(page).toHaveURL(new RegExp(`/survey/cjwj/perviewWJ\\?id=${id}`));
  await expect(page.getByTestId('preview-notice')).toContainText('不会提交任何答案');
  const form = page.getByTestId('survey-form');
  await expect(form.getByRole('heading', { name: title })).toBeVisible();
  await expect(form.getByTestId('survey-q-4')).toBeVisible();
  await form.getByTestId('survey-q-1').getByRole('radio', { name: '否' }).check();
  await expect(form.getByTestId('survey-q-2')).toHaveCount(0);
  await expect(form.getByTestId('survey-q-4')).toHaveCount(0);
  await form.getByTestId('survey-submit').click();
  await expect(form.getByTestId('survey-preview-ok')).toBeVisible();
  await form.getByTestId('survey-q-1').getByRole('radio', { name: '是' }).check();
  await expect(form.getByTestId('survey-q-2')).toBeVisible();
  await form.getByTestId('survey-submit').click();
  await expect(form.getByTestId('survey-problem-2')).toBeVisible();
  await page.getByTestId('preview-desktop').click();
  await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-width', 'desktop');
  expect((await admin.ok<SurveyDetail>(SURVEY_URLS.get, { id })).answerCount).toBe(0);

  // publish from the list (asks first)
  await page.goto(`/survey/cjwj?keyword=${encodeURIComponent(RUN)}`);
  const row = page.getByTestId('survey-row').filter({ hasText: title });
  await expect(row.getByTestId('state-published')).toHaveText('未发布');
  await row.getByTestId('survey-publish').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`确定发布问卷“${title}”吗？`);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('问卷已发布').first()).toBeVisible();
  await expect(row.getByTestId('state-published')).toHaveText('已发布');
  await expect(row.getByTestId('survey-publish')).toHaveText('取消发布');
  expect((await admin.ok<SurveyDetail>(SURVEY_URLS.get, { id })).published).toBe(true);

  // everyone may answer it: the public link's QR code, with the link (made from the school's public address)
  await setPublicOrigin(admin, new URL(page.url()).origin);
  await row.getByTestId('survey-more').click();
  await page.getByTestId('survey-qr').click();
  const qr = page.getByTestId('survey-qr-dialog');
  await expect(qr.getByTestId('survey-qr-image')).toBeVisible();
  expect(await qr.getByTestId('survey-qr-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(50);
  await expect(qr.getByTestId('survey-qr-link')).toHaveValue(new RegExp(`/survey/wjdt/answerSurvey\\?id=${id}&tenant=demo$`));
  await page.keyboard.press('Escape');

  // published: the editor shows the questions read-only with the reason
  await row.getByTestId('survey-edit').click();
  await expect(page.getByTestId('questions-locked')).toBeVisible();
  await expect(page.getByTestId('question-add')).toHaveCount(0);
});

test('a teacher creates a questionnaire; publishing answers 没有发布问卷的权限，请联系管理员 (and the server refuses too)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const title = `班级家委会意见征集 ${RUN}`;
  await logIn(page, TEACHER);
  await page.goto('/survey/cjwj');
  await page.getByTestId('survey-new').click();
  const id = await editorId(page);
  made.push({ id, owner: 'teacher' });
  await page.getByTestId('survey-title').fill(title);
  const q1 = await addQuestion(page, 'single');
  await q1.getByTestId('question-title').fill('您愿意参加家委会吗？');
  await q1.getByTestId('option-label').nth(0).fill('愿意');
  await q1.getByTestId('option-label').nth(1).fill('不愿意');
  // leaving with unsaved changes asks first
  await page.getByRole('button', { name: '返回' }).click();
  const leave = page.getByRole('alertdialog');
  await expect(leave).toContainText('有未保存的修改，离开后这些修改将丢失。确定离开吗？');
  await leave.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/survey\/cjwj\/bjwj/);
  await expect(page.getByTestId('survey-title')).toHaveValue(title);
  await page.getByTestId('survey-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/survey\/cjwj$/);
  await page.getByTestId('search-keyword').fill(RUN);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${RUN}`));
  const row = page.getByTestId('survey-row').filter({ hasText: title });
  await row.getByTestId('survey-publish').click();
  await expect(page.getByText('没有发布问卷的权限，请联系管理员')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(row.getByTestId('state-published')).toHaveText('未发布');

  const teacher = await DemoApi.login(request, 'teacher');
  const refused = await teacher.post(SURVEY_URLS.publish, { id, version: 1, published: true });
  expect(refused.code).toBe(40300);
  expect(refused.msg).toBe('没有发布问卷的权限，请联系管理员');
});

test('an unsaved new questionnaire is found again in 问卷管理 after the tab closed; logout keeps it for its user, another user never sees it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const title = `未保存的新问卷 ${RUN}`;
  await logIn(page, TEACHER);
  await page.goto('/survey/cjwj');
  await page.getByTestId('survey-new').click();
  const id = await editorId(page);
  await page.getByTestId('survey-title').fill(title);
  const q1 = await addQuestion(page, 'text');
  await q1.getByTestId('question-title').fill('您的建议');
  // the tab goes without saving (closed, a crash): nothing asked, nothing on the server
  await page.waitForTimeout(300);
  await page.close();

  const again = await context.newPage();
  await again.goto('/survey/cjwj');
  const kept = again.getByTestId('device-draft').filter({ hasText: title });
  await expect(kept).toBeVisible();
  await expect(kept).toContainText('保存于本机');
  await kept.getByTestId('device-draft-continue').click();
  await expect(again).toHaveURL(new RegExp(`id=${id}`));
  await expect(again.getByTestId('draft-restored')).toBeVisible();
  await expect(again.getByTestId('survey-title')).toHaveValue(title);
  await expect(again.getByTestId('question-title')).toHaveValue('您的建议');
  await again.close();

  // logout; the administrator on the same device: not listed, not restored
  const next = await context.newPage();
  await next.goto('/dashboard');
  await next.getByRole('button', { name: /用户菜单/ }).click();
  await next.getByRole('menuitem', { name: '退出登录' }).click();
  await next.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(next).toHaveURL(/\/login/);
  await logIn(next, ADMIN);
  await next.goto('/survey/cjwj');
  await expect(next.getByRole('heading', { name: '问卷管理' })).toBeVisible();
  await expect(next.getByTestId('device-draft').filter({ hasText: title })).toHaveCount(0);
  await next.goto(`/survey/cjwj/bjwj?id=${id}`);
  await expect(next.getByRole('heading', { name: '新建问卷' })).toBeVisible();
  await expect(next.getByTestId('survey-title')).toHaveValue('');
  await expect(next.getByTestId('draft-restored')).toHaveCount(0);

  // the teacher again: still there; 丢弃 asks, then it is gone for good
  await next.goto('/dashboard');
  await next.getByRole('button', { name: /用户菜单/ }).click();
  await next.getByRole('menuitem', { name: '退出登录' }).click();
  await next.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(next).toHaveURL(/\/login/);
  await logIn(next, TEACHER);
  await next.goto('/survey/cjwj');
  const back = next.getByTestId('device-draft').filter({ hasText: title });
  await expect(back).toBeVisible();
  await back.getByTestId('device-draft-discard').click();
  const ask = next.getByRole('alertdialog');
  await expect(ask).toContainText(`确定丢弃本机保存的未保存问卷“${title}”吗？`);
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(back).toHaveCount(0);
  await next.reload();
  await expect(next.getByRole('heading', { name: '问卷管理' })).toBeVisible();
  await expect(next.getByTestId('device-draft').filter({ hasText: title })).toHaveCount(0);
});

test('题目配置: a question added to the bank is inserted into a questionnaire with new ids', async ({ page, request }) => {
  test.setTimeout(90_000);
  const bankTitle = `您的孩子喜欢哪些运动 ${RUN}`;
  await logIn(page, ADMIN);
  await page.goto('/pztm/pztm');
  await expect(page.getByRole('heading', { name: '题目配置' })).toBeVisible();
  await page.getByTestId('bank-add').click();
  const form = page.getByTestId('bank-form');
  await form.getByTestId('bank-form-kind').selectOption('multiple');
  await form.getByTestId('bank-form-category').fill(`兴趣 ${RUN}`);
  await form.getByTestId('question-title').fill(bankTitle);
  await form.getByTestId('option-label').nth(0).fill('篮球');
  await form.getByTestId('option-label').nth(1).fill('足球');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.goto(`/pztm/pztm?keyword=${encodeURIComponent(RUN)}`);
  const bankRow = page.getByTestId('bank-row').filter({ hasText: bankTitle });
  await expect(bankRow).toBeVisible();
  const bankId = (await bankRow.getAttribute('data-id'))!;
  bankIds.push(bankId);

  await page.goto('/survey/cjwj');
  await page.getByTestId('survey-new').click();
  const id = await editorId(page);
  made.push({ id, owner: 'admin' });
  await page.getByTestId('survey-title').fill(`运动会调查 ${RUN}`);
  await page.getByTestId('bank-insert').click();
  const picker = page.getByTestId('bank-picker');
  await picker.getByTestId('bank-picker-keyword').fill(RUN);
  await picker.getByRole('button', { name: '搜索' }).click();
  await picker.getByTestId('bank-picker-row').filter({ hasText: bankTitle }).locator('input[type=checkbox]').check();
  await picker.getByTestId('bank-picker-insert').click();
  const card = page.getByTestId('question-card').first();
  await expect(card).toHaveAttribute('data-kind', 'multiple');
  await expect(card.getByTestId('question-title')).toHaveValue(bankTitle);
  await page.getByTestId('survey-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  const admin = await DemoApi.login(request, 'admin');
  const saved = await admin.ok<SurveyDetail>(SURVEY_URLS.get, { id });
  const bank = await admin.ok<{ rows: BankQuestionRow[] }>(SURVEY_URLS.bankList, { currPage: 0, limit: 10, page: 0, search: JSON.stringify({ keyword: RUN }) });
  const entry = bank.rows.find((row) => row.id === bankId)!;
  expect(saved.questions).toHaveLength(1);
  expect(saved.questions[0]!.title).toBe(bankTitle);
  expect(saved.questions[0]!.id).not.toBe(bankId);
  expect(saved.questions[0]!.options.map((o) => o.label)).toEqual(['篮球', '足球']);
  expect(saved.questions[0]!.options.some((o) => entry.question.options.some((b) => b.id === o.id))).toBe(false);
});
