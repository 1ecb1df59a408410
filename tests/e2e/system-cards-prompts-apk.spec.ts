// 首页卡片, AI提示词管理 and APK版本管理 (issue 10, H7), in Chinese and in English:
// - the teacher role gets a custom home page (a card hidden, shortcuts moved first with the keyboard),
//   the teacher sees exactly that on /dashboard, then the layout is reset and the default is back;
// - an AI prompt: a bad code refused in the form, added, found, copied, disabled, edited, deleted;
// - an APK version: added with a small .apk uploaded, published, answered by the app's public call
//   (and its file downloads without login), unpublished, deleted.
// Everything this run makes is removed; the teacher role's layout is reset even when a test fails.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ApkLatestData, ApkVersionRow } from '../../contracts/apk-versions';
import type { ResourceRow } from '../../contracts/resource';
import type { aiPrompts } from '../../contracts/resources/ai-prompts';
import type { TableAData } from '../../contracts/envelope';
import { HOME_CARD_IDS, type HomeCardRoleRow } from '../../contracts/home-cards';
import { baseURL } from '../../playwright.config';
import { tinyApk } from '../../server/modules/apk-versions/apk-fixture';
import { DEMO_ACCOUNTS, DemoApi, dragWithKeys, logIn } from './support';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).slice(-5);
const ADMIN = DEMO_ACCOUNTS[0]!;
const TEACHER = DEMO_ACCOUNTS[1]!;
type Lang = 'zh' | 'en';

const WORDS = {
  zh: {
    cards: '首页卡片',
    prompts: 'AI提示词管理',
    apk: 'APK版本管理',
    save: '保存',
    cancel: '取消',
    saved: '保存成功',
    ok: '确定',
    custom: '自定义',
    default: '默认',
    resetDone: '已恢复默认',
    codeRule: '编码只能包含字母、数字和下划线',
    copied: '复制成功!',
    disabled: '已停用',
    deleted: '删除成功',
    published: '已发布',
    unpublished: '未发布',
    publishedToast: '发布成功',
    shortcuts: '快捷入口',
    welcome: '欢迎语',
    versionCode: '版本号',
  },
  en: {
    cards: 'Home-page cards',
    prompts: 'AI prompts',
    apk: 'APK versions',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Saved',
    ok: 'OK',
    custom: 'Custom',
    default: 'Default',
    resetDone: 'Back to the default',
    codeRule: 'The code may contain only letters, digits and underscores',
    copied: 'Copied!',
    disabled: 'Disabled',
    deleted: 'Deleted',
    published: 'Published',
    unpublished: 'Unpublished',
    publishedToast: 'Published',
    shortcuts: 'Shortcuts',
    welcome: 'Welcome',
    versionCode: 'Version code',
  },
} as const;

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  const roles = await admin.post<HomeCardRoleRow[]>('/api/home-cards/list', {});
  const teacher = roles.data?.find((role) => role.code === 'teacher');
  if (teacher?.cards) await admin.post('/api/home-cards/reset', { roleId: teacher.roleId });
  const prompts = await admin.post<TableAData<ResourceRow<typeof aiPrompts>>>('/api/ai-prompts/list', { currPage: 0, limit: 50, search: JSON.stringify({ keyword: RUN }) });
  const promptIds = (prompts.data?.rows ?? []).map((row) => row.id);
  if (promptIds.length) await admin.post('/api/ai-prompts/delete', { ids: promptIds });
  const apks = await admin.post<TableAData<ApkVersionRow>>('/api/apk/list', { currPage: 0, limit: 50, search: JSON.stringify({ versionName: '9.' }) });
  for (const row of apks.data?.rows ?? []) {
    if (row.published) await admin.post('/api/apk/publish', { id: row.id, published: false, version: row.version });
    await admin.post('/api/apk/delete', { ids: [row.id] });
  }
});

async function open(page: Page, lang: Lang, path: string) {
  await logIn(page, ADMIN);
  if (lang === 'en') await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto(path);
}

async function teacherDashboard(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logIn(page, TEACHER);
  if (lang === 'en') {
    await context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
    await page.reload();
  }
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
  return page;
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();
const cardOrder = (page: Page) => page.getByTestId('dashboard').evaluate((grid) => Array.from(grid.children).map((child) => child.getAttribute('data-testid')));

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: 首页卡片: the teacher role's custom layout (a card hidden, shortcuts first) is what the teacher sees; reset brings the default back`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    // the whole list in view: dnd-kit's keyboard moves stopped one short of the top when the page had scrolled
    await page.setViewportSize({ width: 1366, height: 1100 });
    await open(page, lang, '/system/sykp');
    await expect(page.getByRole('heading', { name: w.cards, level: 1 })).toBeVisible();
    const role = page.locator('[data-testid="card-role"][data-code="teacher"]');
    await expect(role.getByTestId('card-role-badge')).toHaveText(w.default);
    await role.click();
    const editor = page.getByTestId('card-editor');
    const line = (id: string) => editor.locator(`[data-testid="card-line"][data-id="${id}"]`);
    await expect(line('welcome').getByTestId('card-shown')).toBeChecked();

    // hide 未读消息; move 快捷入口 (the last of the catalogue) to the top: ↑ buttons to the fifth place, then the keyboard (Space, ↑ × 4, Space)
    await line('unread-messages').getByTestId('card-shown').uncheck();
    for (let n = HOME_CARD_IDS.length - 1; n > 4; n -= 1) await line('shortcuts').getByTestId('card-up').click();
    await expect(editor.getByTestId('card-line').nth(4)).toHaveAttribute('data-id', 'shortcuts');
    await dragWithKeys(page, line('shortcuts').getByTestId('card-handle'), ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp']);
    await expect(editor.getByTestId('card-line').first()).toHaveAttribute('data-id', 'shortcuts');
    await expect(editor.getByTestId('card-preview-item').first()).toHaveText(`1. ${w.shortcuts}`);
    await expect(editor.getByTestId('card-preview-item').nth(1)).toHaveText(`2. ${w.welcome}`);
    await editor.getByTestId('card-save').click();
    await expect(toast(page, w.saved)).toBeVisible();
    await expect(role.getByTestId('card-role-badge')).toHaveText(w.custom);

    // the teacher's home page: shortcuts first, then the greeting; no 未读消息
    const teacher = await teacherDashboard(browser, lang);
    await expect(teacher.getByTestId('shortcuts-card')).toBeVisible();
    const order = await cardOrder(teacher);
    expect(order.slice(0, 2)).toEqual(['dashboard-card-shortcuts', 'dashboard-card-welcome']);
    expect(order).not.toContain('dashboard-card-unread-messages');
    await expect(teacher.getByTestId('unread-messages-card')).toHaveCount(0);

    // reset: the default again (the greeting first, 未读消息 back)
    await editor.getByTestId('card-reset').click();
    await page.getByRole('button', { name: w.ok, exact: true }).click();
    await expect(toast(page, w.resetDone)).toBeVisible();
    await expect(role.getByTestId('card-role-badge')).toHaveText(w.default);
    await teacher.reload();
    await expect(teacher.getByTestId('unread-messages-card')).toBeVisible();
    expect((await cardOrder(teacher))[0]).toBe('dashboard-card-welcome');
    await teacher.context().close();
  });

  test(`${lang}: AI提示词管理: add (a bad code refused in the form), search, copy, disable, edit, delete`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const code = `e2e_${lang}_${RUN}`;
    const name = `评语${lang}${RUN}`;
    await open(page, lang, '/system/aitsc');
    await expect(page.getByRole('heading', { name: w.prompts, level: 1 })).toBeVisible();

    await page.getByTestId('prompt-add').click();
    const form = page.getByTestId('prompt-form');
    await form.getByTestId('prompt-code').fill('bad-code');
    await expect(form).toContainText(w.codeRule);
    await form.getByTestId('prompt-code').fill(code);
    await expect(form).not.toContainText(w.codeRule);
    await form.getByTestId('prompt-name').fill(name);
    await form.getByTestId('prompt-scene').fill('期末评语');
    await form.getByTestId('prompt-content').fill('请为学生写一段评语。');
    await expect(form.getByTestId('prompt-content-count')).toHaveText('10 / 4000');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);

    await page.getByTestId('prompt-search-keyword').fill(RUN);
    await page.getByTestId('prompt-search-keyword').press('Enter');
    const row = page.locator(`[data-testid="prompt-row"][data-code="${code}"]`);
    await expect(row).toContainText(name);
    await expect(page.getByTestId('prompt-row')).toHaveCount(1);

    await row.getByTestId('prompt-copy').click();
    await expect(toast(page, w.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('请为学生写一段评语。');

    await row.getByTestId('prompt-enabled').getByRole('switch').click();
    await expect(toast(page, w.disabled)).toBeVisible();
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    await row.getByTestId('prompt-edit').click();
    await form.getByTestId('prompt-name').fill(`${name}改`);
    // closing a changed form asks first; going back to it keeps what was typed
    await page.getByRole('button', { name: w.cancel, exact: true }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByRole('button', { name: w.cancel, exact: true }).click();
    await expect(ask).toHaveCount(0);
    await expect(form.getByTestId('prompt-name')).toHaveValue(`${name}改`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(row).toContainText(`${name}改`);

    await row.getByTestId('prompt-delete').click();
    await page.getByRole('button', { name: w.ok, exact: true }).click();
    await expect(toast(page, w.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test(`${lang}: APK版本管理: add with an .apk, publish, the app's latest call answers it, unpublish, delete`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const versionName = lang === 'zh' ? '9.1.0' : '9.2.0';
    const versionCode = lang === 'zh' ? 9100 : 9200;
    await open(page, lang, '/system/apk');
    await expect(page.getByRole('heading', { name: w.apk, level: 1 })).toBeVisible();

    await page.getByTestId('apk-add').click();
    const form = page.getByTestId('apk-form');
    await form.getByTestId('apk-version-name').fill(versionName);
    const code = form.getByRole('textbox', { name: w.versionCode, exact: true });
    await code.fill(String(versionCode));
    await code.press('Enter');
    await form.locator('input[type="file"]').setInputFiles({ name: `xiaowu-${lang}.apk`, mimeType: 'application/vnd.android.package-archive', buffer: tinyApk(lang) });
    await expect(form).toContainText(`xiaowu-${lang}.apk`);
    await form.getByTestId('apk-changelog').fill('修复已知问题');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);

    const row = page.locator(`[data-testid="apk-row"][data-code="${versionCode}"]`);
    await expect(row).toContainText(versionName);
    await expect(row.getByTestId('apk-published')).toHaveText(w.unpublished);
    await row.getByTestId('apk-publish').click();
    // asked first: it reaches every device
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(versionName);
    await confirm.getByRole('button', { name: lang === 'zh' ? '发布' : 'Publish', exact: true }).click();
    await expect(toast(page, w.publishedToast)).toBeVisible();
    await expect(row.getByTestId('apk-published')).toHaveText(w.published);
    await expect(row.getByTestId('apk-delete')).toBeDisabled();

    // the Android app, without login
    const latest = (await (await request.get('/api/apk/latest?tenant=demo')).json()) as { code: number; data: ApkLatestData | null };
    expect(latest).toMatchObject({ code: 1, data: { versionName, versionCode, changelog: '修复已知问题', forceUpdate: false } });
    const file = await request.get(latest.data!.downloadUrl);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(tinyApk(lang))).toBe(true);

    await row.getByTestId('apk-publish').click();
    await expect(row.getByTestId('apk-published')).toHaveText(w.unpublished);
    expect(((await (await request.get('/api/apk/latest?tenant=demo')).json()) as { data: unknown }).data).toBeNull();

    await row.getByTestId('apk-delete').click();
    await page.getByRole('button', { name: w.ok, exact: true }).click();
    await expect(toast(page, w.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}
