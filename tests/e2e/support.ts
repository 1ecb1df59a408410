import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Xiaowu@2026';

export interface DemoAccount {
  tenant: 'demo' | 'kg';
  username: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { tenant: 'demo', username: 'admin' },
  { tenant: 'demo', username: 'teacher' },
  { tenant: 'demo', username: 'student' },
  { tenant: 'demo', username: 'parent' },
  { tenant: 'kg', username: 'admin' },
];

/** Fills the login form the way a person does (the school is chosen because localhost names no tenant). */
export async function fillLoginForm(page: Page, account: DemoAccount, password = DEMO_PASSWORD) {
  await expect(page.getByLabel('用户名')).toBeVisible();
  const school = page.getByLabel('学校');
  if (await school.isVisible()) await school.selectOption(account.tenant);
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

export async function logIn(page: Page, account: DemoAccount = DEMO_ACCOUNTS[0]) {
  await page.goto('/login');
  await fillLoginForm(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The session token the app stores, read from its cookie. */
export async function sessionToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'xiaowu-token')?.value;
  if (!token) throw new Error('no session token cookie');
  return decodeURIComponent(token);
}
