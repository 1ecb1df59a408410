// 家庭信息 (/jcsj/jtxx, issue 23 item 3), its main cycle on the demo school as the administrator: a student
// found by number with their seeded guardians; a guardian added in the drawer (bad input refused in the
// field's words first), moved up the emergency contacts, linked to a second child by phone, unlinked there;
// parent accounts for the selected student (the report says who has one already); the export; axe and the
// width check at 1366 and 390 px; one English pass of the key texts.
import { expect, test, type Page } from '@playwright/test';
import { idCheckDigit } from '../../contracts/user-rules';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit } from './a11y-walk';
import { DEMO_ACCOUNTS, expectPhoneFit, logIn } from './support';

const ADMIN = DEMO_ACCOUNTS[0]!;

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();
const tag = String(Date.now()).slice(-4);
const first17 = `3201021979${String(1 + (Number(tag) % 12)).padStart(2, '0')}${String(1 + (Number(tag) % 28)).padStart(2, '0')}${tag.slice(-2)}2`;
const ID_NUMBER = first17 + idCheckDigit(first17);
const PHONE = `1370000${tag}`;
const NAME = '周外婆';

async function searchStudent(page: Page, studentNo: string) {
  await page.getByTestId('guardian-search-keyword').fill(studentNo);
  await page.getByTestId('guardian-search-keyword').press('Enter');
  await expect(page.getByTestId('guardian-row')).toHaveCount(1);
  await expect(page.getByTestId('guardian-row')).toHaveAttribute('data-code', studentNo);
}

test('家庭信息: add a guardian, reorder, link to a sibling and unlink, parent accounts, export; zh and en, phone and laptop', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, ADMIN);
  await page.goto('/jcsj/jtxx');
  await expect(page.getByRole('heading', { name: '家庭信息', level: 1 })).toBeVisible();
  await expect(page.getByTestId('guardian-row')).toHaveCount(10);
  const [first, second] = await page.getByTestId('guardian-row').evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-code')!));
  await expectAccessibleFit(page, 'zh', '/jcsj/jtxx');

  // the first student: the seeded parent account and a second guardian without one
  await searchStudent(page, first);
  await page.getByTestId('guardian-open').click();
  const drawer = page.getByTestId('guardian-drawer');
  await expect(drawer.getByTestId('guardian-item')).toHaveCount(2);
  await expect(drawer.getByTestId('guardian-item').first().getByTestId('guardian-item-account')).toHaveText(/^家长账号：P?\S+$/);

  // add: bad input says why in the field's words, nothing saved; then the right values
  await drawer.getByTestId('guardian-add').click();
  const form = page.getByTestId('guardian-form');
  await form.getByTestId('guardian-form-name').fill('周<外婆>');
  await form.getByTestId('guardian-form-phone').fill('abc');
  await form.getByTestId('guardian-form-idNumber').fill('11010119000101123Z');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form).toContainText('姓名不能包含特殊字符');
  await expect(form).toContainText('请选择与学生关系');
  await expect(form).toContainText('请输入正确的手机号或电话号码');
  await expect(form).toContainText('请输入正确的18位身份证号');
  await form.getByTestId('guardian-form-name').fill(NAME);
  await form.getByTestId('guardian-form-relation').selectOption({ label: '外祖母' });
  await form.getByTestId('guardian-form-phone').fill(PHONE);
  await form.getByTestId('guardian-form-workUnit').fill('市自来水公司');
  await form.getByTestId('guardian-form-idNumber').fill(ID_NUMBER);
  await expect(form.getByTestId('guardian-form-emergencyOrder')).toHaveValue('3');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toHaveCount(0);
  const added = drawer.locator(`[data-testid="guardian-item"][data-name="${NAME}"]`);
  await expect(added.getByTestId('guardian-order')).toHaveText('紧急联系人 3');

  // reorder: one place up
  await added.getByTestId('guardian-up').click();
  await expect(toast(page, '紧急联系顺序已保存')).toBeVisible();
  await expect(added.getByTestId('guardian-order')).toHaveText('紧急联系人 2');
  await expect(drawer.getByTestId('guardian-item').nth(1)).toHaveAttribute('data-name', NAME);
  await expectAccessibleFit(page, 'zh', '/jcsj/jtxx (drawer)');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('guardian-names')).toContainText(`2. ${NAME}（外祖母） ${PHONE}`);

  // a sibling: the same grandmother found by phone and linked, then unlinked (she stays the first child's)
  await searchStudent(page, second);
  await page.getByTestId('guardian-open').click();
  await expect(drawer.getByTestId('guardian-item')).toHaveCount(2);
  await drawer.getByTestId('guardian-link').click();
  const link = page.getByTestId('guardian-link-form');
  await link.getByTestId('guardian-find-key').fill(PHONE);
  await link.getByTestId('guardian-find').click();
  await link.getByRole('checkbox', { name: new RegExp(`^${NAME} ${PHONE}`) }).check();
  await link.getByTestId('guardian-link-relation').selectOption({ label: '外祖母' });
  await page.getByRole('button', { name: '关联', exact: true }).click();
  await expect(toast(page, '关联成功')).toBeVisible();
  const linked = drawer.locator(`[data-testid="guardian-item"][data-name="${NAME}"]`);
  await expect(linked.getByTestId('guardian-item-children')).toHaveText(/^也是 \S+ 的监护人$/);
  await linked.getByTestId('guardian-unlink').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '解除关联', exact: true }).click();
  await expect(toast(page, '已解除关联；该监护人仍关联其他学生或持有账号，予以保留')).toBeVisible();
  await expect(linked).toHaveCount(0);
  await page.keyboard.press('Escape');

  // parent accounts for the selected student: the seeded parent holds one already
  await page.getByTestId('guardian-select').last().check();
  await page.getByTestId('guardian-accounts').click();
  const report = page.getByTestId('guardian-report');
  await expect(report.getByTestId('guardian-report-line')).toHaveCount(1);
  await expect(report.getByTestId('guardian-report-line')).toHaveAttribute('data-result', 'skipped');
  await expect(report.getByTestId('guardian-report-line')).toContainText('已有家长账号');
  await report.getByRole('button', { name: '关闭', exact: true }).first().click();
  await expect(report).toHaveCount(0);

  // the export
  const download = page.waitForEvent('download');
  await page.getByTestId('guardian-export').click();
  expect((await download).suggestedFilename()).toBe('家庭信息.xlsx');

  // a phone: the list as cards, the drawer full width
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPhoneFit(page);
  await expectAccessibleFit(page, 'zh', '/jcsj/jtxx (390 px)');
  await page.getByTestId('guardian-open').click();
  await expectPhoneFit(page, page.getByTestId('guardian-drawer'));
  await page.keyboard.press('Escape');

  // English: the key texts
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/jcsj/jtxx?keyword=${first}`);
  await expect(page.getByRole('heading', { name: 'Family information', level: 1 })).toBeVisible();
  await expect(page.getByTestId('guardian-accounts')).toHaveText('Create parent accounts for the selected students');
  await expect(page.getByTestId('guardian-names')).toContainText(`2. ${NAME} (Maternal grandmother) ${PHONE}`);
  await page.getByTestId('guardian-open').click();
  await expect(page.getByTestId('guardian-add')).toHaveText('Add guardian');
  await expect(page.getByTestId('guardian-drawer').getByTestId('guardian-order').nth(1)).toHaveText('Emergency contact 2');
  await expectAccessibleFit(page, 'en', '/jcsj/jtxx (drawer)');
});
