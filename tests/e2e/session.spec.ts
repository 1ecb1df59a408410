import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, fillLoginForm, logIn, sessionToken } from './support';

test.describe('login and session', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.tenant}/${account.username} logs in through the form and reaches the dashboard`, async ({ page }) => {
      await page.goto('/login');
      await fillLoginForm(page, account);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The dashboard greets the person by the name the server knows them by.
      const permission = await page.request.get('/ms/getPermission', {
        headers: { 'X-Access-Token': await sessionToken(page) },
      });
      const { data } = await permission.json();
      await expect(page.getByText(data.userInfo.name).first()).toBeVisible();
    });
  }

  test('a wrong password is refused with the server message and the form stays', async ({ page }) => {
    await page.goto('/login');
    await fillLoginForm(page, DEMO_ACCOUNTS[0], 'wrong-password');
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('用户名')).toHaveValue('admin');
  });

  test('a password shorter than 5 characters is refused before sending', async ({ page }) => {
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (r) => r.url().includes('/api/login/v3') && loginCalls++);
    await fillLoginForm(page, DEMO_ACCOUNTS[0], 'abc');
    await expect(page.getByText(/至少5/)).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('a deep link while logged out goes to /login and returns there after login', async ({ page }) => {
    await page.goto('/messageCenter/xxzx');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await fillLoginForm(page, DEMO_ACCOUNTS[0]);
    await expect(page).toHaveURL(/\/messageCenter\/xxzx$/);
  });

  test('/login redirects to the dashboard when already logged in', async ({ page }) => {
    await logIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the open survey routes load without login', async ({ page }) => {
    for (const path of ['/survey/wjdt/wjdtListNotLogin', '/survey/wjdt/answerSurvey']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByLabel('用户名')).toHaveCount(0);
    }
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await logIn(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  });

  test('a route the user lacks permission for goes to /404', async ({ page }) => {
    await logIn(page, DEMO_ACCOUNTS[2]); // the student has no admissions permission (zsgl)
    await page.goto('/zsgl/xsbm');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('a menu without a screen shows Cannot find module; an unbuilt area says so', async ({ page }) => {
    await logIn(page);
    await page.goto('/demo/missing-screen');
    await expect(page.getByText('Cannot find module')).toBeVisible();
    await page.goto('/zsgl/xsbm');
    await expect(page.getByText('此功能尚未开放')).toBeVisible();
  });

  test('an expired session shows the modal once and returns to /login', async ({ page }) => {
    await logIn(page);
    // End the session on the server behind the page's back, as an idle timeout would.
    const token = await sessionToken(page);
    const logout = await page.request.get('/logout', { headers: { 'X-Access-Token': token } });
    expect((await logout.json()).result).toBe(true);

    // Coming back to the page checks the session (SPEC §4): the modal appears exactly once.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('登录状态已过期，请重新登录')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible(); // not dismissable
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('用户名')).toBeVisible();
  });

  test('logging out asks first, then the token no longer works', async ({ page }) => {
    await logIn(page);
    const token = await sessionToken(page);
    // log out sits in the avatar dropdown (SPEC §2) and asks first
    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/login/);
    const after = await page.request.get('/ms/getPermission', { headers: { 'X-Access-Token': token } });
    expect((await after.json()).code).toBe(90001);
  });

  test('the login page works in English', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    const school = page.getByLabel('School');
    if (await school.isVisible()) await school.selectOption('demo');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
