// The system screens on a 360 px phone (issue 10 review M10): each list screen shows without
// sideways scrolling, and its add drawer takes the whole screen. Nothing is saved.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectPhoneFit, logIn } from './support';

const ADMIN = DEMO_ACCOUNTS[0]!;

const SCREENS = [
  { path: '/system/user', heading: '用户管理', add: 'user-add', form: 'user-form' },
  { path: '/system/dict', heading: '数据字典', add: 'dict-entry-add', form: 'dict-entry-form' },
  { path: '/system/menu', heading: '菜单管理', add: 'menu-add', form: 'menu-form' },
  { path: '/system/org', heading: '组织机构', add: 'org-add', form: 'org-form' },
  { path: '/system/aitsc', heading: 'AI提示词管理', add: 'prompt-add', form: 'prompt-form' },
  { path: '/system/apk', heading: 'APK版本管理', add: 'apk-add', form: 'apk-form' },
] as const;

test.use({ viewport: { width: 360, height: 740 } });

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('the system screens fit a 360 px phone: no sideways scroll, the add drawer full width', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, ADMIN);
  for (const screen of SCREENS) {
    await test.step(screen.path, async () => {
      await openScreen(page, screen.path, screen.heading);
      await expect(page.getByTestId(screen.add)).toBeVisible();
      await expectPhoneFit(page);
      await page.getByTestId(screen.add).click();
      await expect(page.getByTestId(screen.form)).toBeVisible();
      await expectPhoneFit(page, page.getByRole('dialog').filter({ has: page.getByTestId(screen.form) }));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(screen.form)).toHaveCount(0);
    });
  }
});

test('首页卡片 and 用户日志 fit a 360 px phone', async ({ page }) => {
  await logIn(page, ADMIN);
  await openScreen(page, '/system/sykp', '首页卡片');
  await expect(page.getByTestId('card-line').first()).toBeVisible();
  await expectPhoneFit(page);
  await openScreen(page, '/system/log', '用户日志');
  await expectPhoneFit(page);
});
