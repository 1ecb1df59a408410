import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn, sessionToken } from './support';

const TEACHER = { tenant: 'demo', username: 'teacher' } as const;
const STUDENT = { tenant: 'demo', username: 'student' } as const;
const ADMIN = { tenant: 'demo', username: 'admin' } as const;
const PARENT = { tenant: 'demo', username: 'parent' } as const;

interface ListData {
  count: { COUNT: number };
  result: { MESSAGE_ID: string; MESSAGE_TITLE: string; MESSAGE_TYPE: string; MESSAGE_STATUS: string }[];
}

/** The caller's messages straight from the API (what the page should agree with). */
async function listApi(page: Page, form: Record<string, string>): Promise<ListData> {
  const response = await page.request.post('/api/message/info/getInfoByRecipient', {
    headers: { 'X-Access-Token': await sessionToken(page) },
    form,
  });
  return (await response.json()).data as ListData;
}

const unreadCount = async (page: Page) => (await listApi(page, { status: '0', page: '0', size: '1' })).count.COUNT;

/** Logs in through the English login form. */
async function logInEnglish(page: Page, account: { tenant: string; username: string }) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  const school = page.getByLabel('School');
  if (await school.isVisible()) await school.selectOption(account.tenant);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A search param of the current URL (the router JSON-quotes numeric-looking strings: "1"). */
const searchParam = (page: Page, key: string) => new URL(page.url()).searchParams.get(key)?.replace(/^"(.*)"$/, '$1') ?? null;
const expectSearchParam = (page: Page, key: string, value: string | null) => expect.poll(() => searchParam(page, key)).toBe(value);

/** Where screenshots go (SHOTS_DIR, else next to Playwright's artifacts). */
const shot = (name: string) => `${process.env.SHOTS_DIR ?? 'test-results/e2e-artifacts'}/${name}`;

/** Badge text for a count: hidden at 0, 99+ above 99. */
const badgeFor = (count: number) => (count > 99 ? '99+' : String(count));

async function openFirstFromBell(page: Page, texts: { detail: RegExp }, shotName: string) {
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);
  const badge = page.getByTestId('message-badge');
  await expect(badge).toHaveText(badgeFor(before));

  await page.getByTestId('message-bell').click();
  const panel = page.getByTestId('message-bell-panel');
  await expect(panel).toBeVisible();
  await page.waitForTimeout(300); // let the popover finish its opening animation for the screenshot
  await page.screenshot({ path: shot(`${shotName}-bell.png`) });
  const first = panel.getByRole('listitem').first();
  const title = (await first.locator('p').first().textContent()) ?? '';
  await first.getByRole('button').click();

  const dialog = page.getByTestId('message-detail');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByTestId('message-content')).not.toBeEmpty();
  await expect(badge).toHaveText(badgeFor(before - 1));
  expect(await unreadCount(page)).toBe(before - 1);
  await page.waitForTimeout(300); // the dialog's opening animation
  await page.screenshot({ path: shot(`${shotName}-detail.png`) });
  await dialog.getByRole('button', { name: texts.detail }).first().click();
  await expect(dialog).toBeHidden();
}

test.describe('message bell', () => {
  test('the teacher sees the unread count, opens a message from the bell, and the badge drops by one', async ({ page }) => {
    await logIn(page, TEACHER);
    await openFirstFromBell(page, { detail: /^关闭$/ }, 'messages-1280-zh');
    await page.screenshot({ path: shot('messages-dashboard-1280.png'), fullPage: true });
  });

  test.describe('on a 360 px phone, in English', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the bell works the same and its list fits the screen', async ({ page }) => {
      await logInEnglish(page, TEACHER);
      await page.getByTestId('message-bell').click();
      const panel = page.getByTestId('message-bell-panel');
      await expect(panel.getByText(/^Unread messages/)).toBeVisible();
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await page.screenshot({ path: shot('messages-bell-360-en.png') });
      await page.keyboard.press('Escape');
      await openFirstFromBell(page, { detail: /^Close$/ }, 'messages-360-en');
    });

    test('the centre lists, filters and pages in English', async ({ page }) => {
      await logInEnglish(page, ADMIN);
      await page.goto('/messageCenter/xxzx');
      await expect(page.getByRole('heading', { name: 'Message centre' })).toBeVisible();
      await expect(page.getByTestId('message-row')).toHaveCount(10);
      // on a phone the filters fold behind one button that counts those in use
      await page.getByTestId('search-filters').click();
      await page.getByLabel('Status').selectOption({ label: 'Read' });
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expectSearchParam(page, 'status', '1');
      await expect(page.getByTestId('search-filters')).toContainText('(1)');
      await expect(page.getByTestId('message-row').first()).toHaveAttribute('data-status', '1');
      await page.screenshot({ path: shot('messages-centre-360-en.png'), fullPage: true });
    });
  });

  test('an empty bell says there is nothing unread', async ({ page }) => {
    await logIn(page, PARENT);
    // read everything through the API, then look again
    const { result } = await listApi(page, { status: '0', page: '0', size: '100' });
    for (const row of result) {
      await page.request.post('/api/message/info/getInfoById', { headers: { 'X-Access-Token': await sessionToken(page) }, form: { id: row.MESSAGE_ID } });
    }
    await page.reload();
    await expect(page.getByTestId('message-bell')).toBeVisible();
    await expect(page.getByTestId('message-badge')).toHaveCount(0);
    await page.getByTestId('message-bell').click();
    await expect(page.getByTestId('message-bell-empty')).toHaveText('暂无未读消息');
  });

  test('the administrator has more than 99 unread: the badge says 99+', async ({ page }) => {
    await logIn(page, ADMIN);
    await expect(page.getByTestId('message-badge')).toHaveText('99+');
  });
});

test.describe('message centre', () => {
  test('searches by title, type and status, pages, and keeps it all in the URL', async ({ page }) => {
    await logIn(page, ADMIN);
    await page.goto('/messageCenter/xxzx');
    const rows = page.getByTestId('message-row');
    await expect(rows).toHaveCount(10);
    const total = (await listApi(page, {})).count.COUNT;
    await expect(page.getByText(`共 ${total} 条`)).toBeVisible();
    await page.screenshot({ path: shot('messages-centre-1280-list.png'), fullPage: true });

    // paging: page 2, then 20 a page
    const firstPageTitles = await rows.locator('td:first-child button').allTextContents();
    await page.getByRole('button', { name: '第 2 页' }).click();
    await expectSearchParam(page, 'page', '1');
    await expect(rows.first().locator('td:first-child button')).not.toHaveText(firstPageTitles[0]);
    await page.getByLabel('每页条数').selectOption('20');
    await expectSearchParam(page, 'size', '20');
    await expect(rows).toHaveCount(20);

    // title
    await page.getByLabel('标题').fill('巡检报告');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expectSearchParam(page, 'title', '巡检报告');
    const byTitle = await listApi(page, { title: '巡检报告', size: '20' });
    await expect(rows).toHaveCount(Math.min(20, byTitle.count.COUNT));
    for (const text of await rows.locator('td:first-child button').allTextContents()) expect(text).toContain('巡检报告');

    // type, then status, on top of the title
    await page.getByRole('button', { name: '重置' }).click();
    await page.getByLabel('消息类型').selectOption({ label: '成绩发布' });
    await page.getByLabel('状态').selectOption({ label: '已读' });
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expectSearchParam(page, 'type', '3');
    await expectSearchParam(page, 'status', '1');
    const filtered = await listApi(page, { type: '3', status: '1', size: '20' });
    expect(filtered.count.COUNT).toBeGreaterThan(0);
    await expect(page.getByText(`共 ${filtered.count.COUNT} 条`)).toBeVisible();
    await expect(rows).toHaveCount(filtered.result.length);

    // the URL brings it all back after a reload
    await page.reload();
    await expect(page.getByLabel('消息类型')).toHaveValue('3');
    await expect(page.getByLabel('状态')).toHaveValue('1');
    await expect(rows).toHaveCount(filtered.result.length);
    await page.screenshot({ path: shot('messages-centre-1280.png'), fullPage: true });
  });

  test('opening a message through its link marks it read and the badge follows', async ({ page }) => {
    await logIn(page, TEACHER);
    await page.goto('/messageCenter/xxzx?status=0');
    await expect(page.getByLabel('状态')).toHaveValue('0');
    const before = await unreadCount(page);
    await expect(page.getByTestId('message-row')).toHaveCount(Math.min(before, 10));
    const row = page.getByTestId('message-row').filter({ has: page.getByRole('button', { name: '打开链接' }) }).first();
    await row.getByRole('button', { name: '打开链接' }).click();
    await expect(page).not.toHaveURL(/\/messageCenter\/xxzx/);
    await expect.poll(() => unreadCount(page)).toBe(before - 1);
    if (before - 1 > 0) await expect(page.getByTestId('message-badge')).toHaveText(badgeFor(before - 1));
    else await expect(page.getByTestId('message-badge')).toHaveCount(0);
  });

  test('opening the detail from the list shows the sanitised content and marks it read', async ({ page }) => {
    await logIn(page, STUDENT);
    await page.goto('/messageCenter/xxzx?status=0');
    const row = page.getByTestId('message-row').first();
    const title = (await row.locator('td:first-child button').textContent()) ?? '';
    await row.getByRole('button', { name: '查看' }).click();
    await expect.poll(() => searchParam(page, 'id')).not.toBeNull();
    const dialog = page.getByTestId('message-detail');
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog.getByTestId('message-content').locator('script')).toHaveCount(0);
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await expectSearchParam(page, 'id', null);
    await page.getByLabel('状态').selectOption({ label: '已读' });
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByTestId('message-row').filter({ hasText: title })).toHaveCount(1);
  });

  test('a student sees only their own messages', async ({ page }) => {
    await logIn(page, STUDENT);
    await page.goto('/messageCenter/xxzx?size=50');
    const mine = await listApi(page, { size: '50' });
    await expect(page.getByTestId('message-row')).toHaveCount(mine.count.COUNT);
    // the teacher's and the administrator's messages are not there
    await expect(page.getByText('监考安排')).toHaveCount(0);
    await expect(page.getByText('巡检报告')).toHaveCount(0);
    await page.getByLabel('标题').fill('监考');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByText('暂无数据')).toBeVisible();
  });
});
