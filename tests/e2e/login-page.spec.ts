import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, fillLoginForm, goOffline, goOnline, logIn, logInWithServiceWorker } from './support';

// The light login page (issue 21): a load of /login is login.html (its own entry under /login-page/assets/,
// no app chunks), shows the same form as the app's /login route, follows `redirect` only within the site,
// keeps the app's language cookie and theme, sends a signed-in visitor to the dashboard, and opens offline
// from the app's service worker.

/** The scripts the document loaded: the light page's own, never the app's entry. */
const scripts = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js')));

test('a load of /login is the light page; after login it goes to the redirect when it is a path of this site', async ({ page }) => {
  const response = await page.goto('/login?redirect=%2Fsystem%2Fuser');
  expect(await response!.text()).toContain('/login-page/assets/');
  await fillLoginForm(page, DEMO_ACCOUNTS[0]!);
  await expect(page).toHaveURL(/\/system\/user$/);
});

test('the light page loads only its own chunks, and never follows a redirect off the site', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2F');
  await expect(page.getByLabel('用户名')).toBeVisible();
  const loaded = await scripts(page);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.every((path) => path.startsWith('/login-page/assets/'))).toBe(true);
  await fillLoginForm(page, DEMO_ACCOUNTS[0]!);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('a wrong password shows the server message; English is remembered in the app cookie; the school theme shows', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'theme', value: 'red', url: baseURL! }]);
  await page.goto('/login');
  await fillLoginForm(page, DEMO_ACCOUNTS[0]!, 'wrong-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.mouse.move(0, 0); // not the hover colour
  expect(await page.getByRole('button', { name: '登录' }).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(90, 0, 1)');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page).toHaveTitle(/^Log in - /);
  expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('en');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
});

test('a signed-in visitor who opens /login goes to the dashboard', async ({ page }) => {
  await logIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('offline, the service worker answers /login with the light page', async ({ page, context }) => {
  await logInWithServiceWorker(page, DEMO_ACCOUNTS[0]!);
  await context.clearCookies();
  await goOffline(context);
  try {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('无法连接服务器');
    expect((await scripts(page)).every((path) => path.startsWith('/login-page/assets/'))).toBe(true);
  } finally {
    await goOnline(context);
  }
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByLabel('用户名')).toBeVisible();
});
