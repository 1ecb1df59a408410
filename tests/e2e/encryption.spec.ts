import { expect, type Page, test } from '@playwright/test';
import { encryptionBaseURL } from '../../playwright.config';
import { DEMO_PASSWORD, type DemoAccount, fillLoginForm, sessionToken } from './support';

// Request encryption (SPEC §7) end to end: the production build in Chromium against the second
// server Playwright starts with XIAOWU_REQUEST_ENCRYPTION=on (playwright.config.ts), with the
// runtime config's `requestEncryption` flipped on for the page.
test.use({ baseURL: encryptionBaseURL });

async function encryptionOn(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), requestEncryption: true } });
  });
}

test.beforeAll(async ({ request }) => {
  const options = await (await request.get('/api/login/options')).json();
  test.skip(options.data?.requestEncryption !== true, 'the server on this port does not require encryption');
});

test('log in, dashboard, message centre and a password change all travel encrypted', async ({ page }) => {
  await encryptionOn(page);
  const sealed: { url: string; sign: boolean; body: string }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) {
      sealed.push({ url: request.url(), sign: Boolean(request.headers()['x-sign']), body: request.postData() ?? '' });
    }
  });

  const account: DemoAccount = { tenant: 'demo', username: 'teacher' };
  await page.goto('/login');
  // the light login page (login.html) leaves for /dashboard with a full load: the answer is read on its way in
  let loginAnswer: { encrypted?: string; body: object } | undefined;
  await page.route('**/api/login/v3', async (route) => {
    const response = await route.fetch();
    loginAnswer = { encrypted: response.headers()['x-encrypted'], body: (await response.json()) as object };
    await route.fulfill({ response });
  });
  await fillLoginForm(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(loginAnswer?.encrypted).toBe('1');
  expect(Object.keys(loginAnswer!.body)).toEqual(['encrypted', 'iv']);

  const loginCall = sealed.find((call) => call.url.endsWith('/api/login/v3'))!;
  expect(loginCall.sign).toBe(true);
  expect(loginCall.body).not.toContain(DEMO_PASSWORD);
  expect(loginCall.body).not.toContain('teacher');

  // the message centre lists through encrypted POSTs
  const list = page.waitForResponse((response) => response.url().endsWith('/api/message/info/getInfoByRecipient'));
  await page.goto('/messageCenter/xxzx');
  expect((await list).headers()['x-encrypted']).toBe('1');
  await expect(page.getByTestId('message-row').first()).toBeVisible();

  // change password (RSA-encrypted fields inside an encrypted body)
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('旧密码').fill(DEMO_PASSWORD);
  await dialog.getByLabel(/^新密码/).fill('NewPass2026');
  await dialog.getByLabel('确认密码').fill('NewPass2026');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码修改成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const protectedCalls = sealed.filter((call) => /getInfoByRecipient|update\/pwd|login\/v3/.test(call.url));
  expect(protectedCalls.length).toBeGreaterThanOrEqual(3);
  for (const call of protectedCalls) {
    expect(call.sign).toBe(true);
    expect(Object.keys(JSON.parse(call.body) as object)).toEqual(['data']);
  }

  // a plain POST to a protected call is refused before it reaches the handler
  const plain = await page.request.post('/api/message/info/getInfoByRecipient', {
    headers: { 'X-Access-Token': await sessionToken(page) },
    form: { page: '0', size: '1' },
  });
  expect((await plain.json()).code).toBe(41001);
  // whitelisted calls stay plain
  expect((await (await page.request.post('/api/security/get')).json()).code).toBe(1);
});
