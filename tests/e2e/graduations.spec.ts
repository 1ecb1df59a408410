// 毕业管理 (/xjgl/bygl, issue 23 item 5), its main cycle on the demo school as the administrator: last year's
// seeded graduates with their account state; a candidate of 九年级 graduated with 同时停用学生及家长账号 and
// seen under the newest year, account disabled; the same graduate held back (留级) into a class of the grade
// that becomes 九年级, their accounts enabled again by the dialog's choice; the export; the print view; axe and the width check at 1366 and 390 px; one English pass.
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit } from './a11y-walk';
import { DEMO_ACCOUNTS, expectPhoneFit, logIn } from './support';

const ADMIN = DEMO_ACCOUNTS[0]!;

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

test('毕业管理: graduate a candidate with the account choice, see them by year, hold them back, export, print; zh and en, phone and laptop', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, ADMIN);
  await page.goto('/xjgl/bygl');
  await expect(page.getByRole('heading', { name: '毕业管理', level: 1 })).toBeVisible();
  // last school year's graduates: ten on the first page, some accounts disabled, some kept
  const rows = page.getByTestId('graduation-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('graduate-account').filter({ hasText: '停用' }).first()).toBeVisible();
  await expect(page.getByTestId('graduate-account').filter({ hasText: '启用' }).first()).toBeVisible();
  const lastYear = Number(await page.getByTestId('graduation-search-year').inputValue());
  await expectAccessibleFit(page, 'zh', '/xjgl/bygl');

  // 待毕业: the last candidate, found by number, graduated with their accounts disabled
  await page.getByTestId('graduation-tab-candidates').click();
  await expect(page.getByTestId('graduation-graduate')).toBeVisible();
  await expect(page.getByTestId('graduate-account')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  const studentNo = (await rows.last().getAttribute('data-code'))!;
  await page.getByTestId('graduation-search-keyword').fill(studentNo);
  await page.getByTestId('graduation-search-keyword').press('Enter');
  await expect(rows).toHaveCount(1);
  await page.getByTestId('graduation-select').last().check();
  await page.getByTestId('graduation-graduate').click();
  const form = page.getByTestId('graduate-form');
  await form.getByLabel('同时停用学生及家长账号').check();
  await page.getByRole('button', { name: '确定毕业', exact: true }).click();
  await expect(toast(page, '已办理毕业 1 人')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('table-empty')).toBeVisible();

  // 毕业生: the newest year now holds them, account disabled
  await page.getByTestId('graduation-tab-graduates').click();
  await expect(page.getByTestId('graduation-search-year')).not.toHaveValue(String(lastYear));
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-code', studentNo);
  await expect(rows.getByTestId('graduate-account')).toHaveText('停用');

  // 留级: back into a class of the grade that becomes 九年级
  await rows.getByTestId('graduation-hold-back').click();
  const hold = page.getByTestId('hold-back-form');
  // the account state is shown; re-enabling is offered, ticked since the student's login is disabled (not yet opened, yet disabled)
  await expect(hold.getByTestId('hold-back-accounts')).toContainText('停用');
  await expect(hold.getByLabel('重新启用学生及家长账号')).toBeChecked();
  await hold.getByLabel('编入班级').selectOption({ index: 1 });
  await expect(hold.getByLabel('编入班级')).toHaveValue(/.+/);
  await hold.getByTestId('hold-back-reason').fill('成绩未达毕业要求');
  await page.getByRole('button', { name: '确定留级', exact: true }).click();
  await expect(toast(page, '已办理留级，已重新启用')).toBeVisible();
  await expect(hold).toHaveCount(0);
  await expect(page.getByTestId('graduation-search-year')).toHaveValue(String(lastYear));
  await expect(rows).toHaveCount(10);

  // the export of the year
  const download = page.waitForEvent('download');
  await page.getByTestId('graduation-export').click();
  expect((await download).suggestedFilename()).toBe(`毕业生名单-${lastYear}.xlsx`);

  // the print view: every graduate of the year by class; 打印 calls the browser's print
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByTestId('graduation-print').click();
  const print = page.getByTestId('graduate-print');
  await expect(print.getByRole('heading', { name: `${lastYear} 届毕业生名单` })).toBeVisible();
  await expect(print.getByTestId('graduate-print-class')).toHaveCount(2);
  await expect(print.getByTestId('graduate-print-row')).toHaveCount(12);
  await print.getByTestId('graduate-print-go').click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.keyboard.press('Escape');
  await expect(print).toHaveCount(0);

  // a phone: the list as cards
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPhoneFit(page);
  await expectAccessibleFit(page, 'zh', '/xjgl/bygl (390 px)');

  // English: the key texts
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/xjgl/bygl');
  await expect(page.getByRole('heading', { name: 'Graduation', level: 1 })).toBeVisible();
  await expect(page.getByTestId('graduation-tab-candidates')).toHaveText('Candidates');
  await expect(page.getByTestId('graduation-print')).toHaveText('Print graduate list');
  await expect(page.getByTestId('graduate-account').filter({ hasText: 'Disabled' }).first()).toBeVisible();
  await expectAccessibleFit(page, 'en', '/xjgl/bygl');
});
