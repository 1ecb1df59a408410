import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support';

// 学年学期 (/xlcd/xnxq) in real Chromium against the real server.
//
// Named zz-… on purpose: Playwright runs the spec files one after another in alphabetical order on
// ONE server and database, and this spec makes a semester of the next school year current, which is
// irreversible: every grade of the demo school moves up (七年级 becomes 八年级) and the current
// semester no longer contains today. The other specs rely on 七年级(1)班 / 七年级(2)班 and on today
// being inside the current semester, so this one must run after all of them.

const ADMIN = { tenant: 'demo', username: 'admin' } as const;
const TEACHER = { tenant: 'demo', username: 'teacher' } as const;

/** A SchemaForm field's control by its label (inside the open drawer). */
const control = (page: Page, label: string) => page.getByRole('dialog').getByRole(label === '所属学年' ? 'combobox' : 'textbox', { name: label, exact: true });

test('an administrator adds a semester of the next school year, sets it current through two confirmations, and 七年级 classes are 八年级 afterwards', async ({ page, browser }) => {
  // the demo teacher's attendance screen lists the classes they teach: 七年级(1)班 and 七年级(2)班
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await logIn(teacherPage, TEACHER);
  await teacherPage.goto('/xssw/xskq');
  const cards = teacherPage.getByTestId('attendance-class');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('七年级(1)班');
  await expect(cards.nth(1)).toContainText('七年级(2)班');
  const classIds = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-class')));

  await logIn(page, ADMIN);

  await page.goto('/xlcd/xnxq');
  await expect(page.getByRole('heading', { name: '学年学期' })).toBeVisible();
  await expect(page.getByTestId('current-semester')).toContainText('2026-2027学年第一学期');
  await expect(page.getByTestId('semester-row').filter({ has: page.getByTestId('current-semester-badge') })).toContainText('2026-2027学年第一学期');

  // the next school year
  await page.getByRole('button', { name: '新增学年' }).click();
  await control(page, '学年代码').fill('2027-2028');
  await control(page, '学年名称').fill('2027-2028学年');
  await control(page, '开始日期').fill('2027-09-01');
  await control(page, '结束日期').fill('2027-08-31');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  // the form says what is wrong and keeps the input
  await expect(page.getByRole('dialog').getByText('开始时间应早于结束时间')).toBeVisible();
  await control(page, '结束日期').fill('2028-08-31');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('year-row').filter({ hasText: '2027-2028学年' })).toBeVisible();

  // its first semester (the school year is preselected: the newest one)
  await page.getByRole('button', { name: '新增学期' }).click();
  await expect(control(page, '所属学年')).toHaveValue(/.+/);
  await control(page, '所属学年').selectOption({ label: '2027-2028学年' });
  await control(page, '学期代码').fill('2027-2028-1');
  await control(page, '学期名称').fill('2027-2028学年第一学期');
  await control(page, '年份').fill('2000');
  await control(page, '年份').blur();
  await control(page, '周数').fill('20');
  await control(page, '周数').blur();
  await control(page, '工作开始日期').fill('2027-09-01');
  await control(page, '工作结束日期').fill('2028-01-24');
  await control(page, '教学开始日期').fill('2027-09-01');
  await control(page, '教学结束日期').fill('2028-01-17');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog').getByText('学年须为大于2000且小于9999的整数')).toBeVisible();
  await control(page, '年份').fill('2027');
  await control(page, '年份').blur();
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  const row = page.getByTestId('semester-row').filter({ hasText: '2027-2028学年第一学期' });
  await expect(row).toBeVisible();

  // an edit sends the version the form loaded: saved; an edit of a row changed meanwhile (another tab) is refused
  await row.getByRole('button', { name: '编辑' }).click();
  await control(page, '周数').fill('19');
  await control(page, '周数').blur();
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toContainText('19');
  await row.getByRole('button', { name: '编辑' }).click();
  await control(page, '周数').fill('18');
  const other = await page.context().newPage();
  await other.goto('/xlcd/xnxq');
  await other.getByTestId('semester-row').filter({ hasText: '2027-2028学年第一学期' }).getByRole('button', { name: '编辑' }).click();
  await control(other, '周数').fill('17');
  await other.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await other.close();
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('该学期已被他人修改，请刷新后重试')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await page.reload();
  await expect(row).toContainText('17');

  // set it current: asked twice; cancelling the first question changes nothing
  await row.getByRole('button', { name: '设为当前学期' }).click();
  await expect(page.getByTestId('switch-confirm-1')).toContainText('此操作不可撤销');
  await page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('current-semester')).toContainText('2026-2027学年第一学期');

  await row.getByRole('button', { name: '设为当前学期' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '继续' }).click();
  await expect(page.getByTestId('switch-confirm-2')).toContainText('2027-2028学年第一学期');
  await page.getByRole('alertdialog').getByRole('button', { name: '确认设置' }).click();

  // nine grades: eight moved up, 九年级 graduated
  await expect(page.getByTestId('switch-outcome')).toContainText('8个年级升级，1个年级毕业');
  await expect(page.getByTestId('current-semester')).toContainText('2027-2028学年第一学期');
  await expect(row.getByTestId('current-semester-badge')).toBeVisible();
  await expect(page.getByTestId('year-row').filter({ hasText: '2027-2028学年' }).getByTestId('current-year-badge')).toBeVisible();
  // the earlier semester cannot be made current again
  const earlier = page.getByTestId('semester-row').filter({ hasText: '2026-2027学年第二学期' });
  await earlier.getByRole('button', { name: '设为当前学期' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '继续' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确认设置' }).click();
  await expect(page.getByText('请选择比当前学期（2027-2028学年第一学期）更晚的学期')).toBeVisible();

  // the current semester cannot be deleted
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('所选学期包含当前学期，不能删除')).toBeVisible();

  // the teacher's class list read again: the same classes are 八年级(1)班 and 八年级(2)班 now (students moved with them)
  await teacherPage.reload();
  await expect(teacherPage.locator(`[data-testid="attendance-class"][data-class="${classIds[0]}"]`)).toContainText('八年级(1)班');
  await expect(teacherPage.locator(`[data-testid="attendance-class"][data-class="${classIds[1]}"]`)).toContainText('八年级(2)班');
  await expect(teacherPage.getByTestId('attendance-class').filter({ hasText: '七年级' })).toHaveCount(0);
  await expect(teacherPage.getByTestId('attendance-class').first()).toContainText('40');
  await teacherContext.close();
});

test('the screen works on a 360 px phone: the current semester is marked and the actions reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, ADMIN);
  await page.goto('/xlcd/xnxq');
  await expect(page.getByTestId('current-semester')).toBeVisible();
  const current = page.getByTestId('semester-row').filter({ has: page.getByTestId('current-semester-badge') });
  await expect(current).toBeVisible();
  await expect(page.getByRole('button', { name: '新增学期' })).toBeInViewport();
  // nothing wider than the phone except inside the tables' own scroll areas
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
