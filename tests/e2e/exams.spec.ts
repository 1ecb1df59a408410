import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support';

// Exam batches and score systems (issue 7 items 2, 3 and publishing): real Chromium, the production
// build, the real server with the demo seed. The test makes a batch of its own (grade 九年级, so no
// demo student or parent is messaged) and leaves the seeded 第一次月考 (published) and 期中考试
// (unpublished) as they were.

const batchRow = (page: Page, name: string) => page.getByTestId('exam-batch-row').filter({ hasText: name });

test('admin adds a batch (regular sort 15 refused, 20 accepted), a score system with two bands, and publishes it', async ({ page }) => {
  const name = `E2E月考${Date.now().toString(36).slice(-4)}`;
  await logIn(page);
  await page.goto('/jxgl/kspc');
  await expect(page.getByRole('heading', { name: '考试批次' })).toBeVisible();
  // the seed: 第一次月考 published (upright), 期中考试 unpublished (italics)
  await expect(batchRow(page, '第一次月考').getByTestId('exam-batch-name')).toHaveCSS('font-style', 'normal');
  await expect(batchRow(page, '期中考试').getByTestId('exam-batch-name')).toHaveCSS('font-style', 'italic');

  await page.getByRole('button', { name: '新增考试批次' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('考试名称').fill(name);
  await form.getByLabel('九年级').check();
  await form.getByLabel('语文').check();
  await form.getByLabel('数学').check();
  await form.getByLabel('开始日期').fill('2026-12-10');
  await form.getByLabel('结束日期').fill('2026-12-11');
  await form.getByLabel('排序').fill('15');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('常规考试的排序必须是10的倍数')).toBeVisible();
  await expect(batchRow(page, name)).toHaveCount(0);

  await form.getByLabel('排序').fill('20');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = batchRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('exam-batch-name')).toHaveCSS('font-style', 'italic');
  await expect(row).toContainText('九年级');

  // its score system, from the row's link
  await row.getByRole('link', { name: /成绩体系/ }).click();
  await expect(page).toHaveURL(/\/jxgl\/cjtx\?/);
  const batchSelect = page.getByRole('combobox', { name: '考试批次' });
  await expect(batchSelect.locator('option:checked')).toHaveText(`${name}（未发布）`);
  await page.getByRole('button', { name: '新增成绩体系' }).click();
  const systemForm = page.getByRole('dialog');
  await systemForm.getByLabel('体系名称').fill('百分制');
  await systemForm.getByRole('button', { name: '添加等级' }).click();
  await systemForm.getByLabel('第1行 等级名称').fill('优秀');
  await systemForm.getByLabel('第1行 最低分').fill('85');
  await systemForm.getByLabel('第1行 最高分').fill('100');
  await systemForm.getByLabel('第1行 换算分').fill('95');
  await systemForm.getByRole('button', { name: '添加等级' }).click();
  await systemForm.getByLabel('第2行 等级名称').fill('合格');
  await systemForm.getByLabel('第2行 最低分').fill('90');
  await systemForm.getByLabel('第2行 最高分').fill('84');
  await systemForm.getByLabel('第2行 换算分').fill('70');
  await expect(systemForm.getByText('最低分不能高于最高分')).toBeVisible();
  await systemForm.getByRole('button', { name: '保存' }).click();
  // refused in the form: still open, nothing saved
  await expect(systemForm.getByLabel('体系名称')).toBeVisible();
  await expect(page.getByTestId('score-system-row')).toHaveCount(0);

  await systemForm.getByLabel('第2行 最低分').fill('60');
  await expect(systemForm.getByText('最低分不能高于最高分')).toHaveCount(0);
  await systemForm.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const system = page.getByTestId('score-system-row');
  await expect(system).toHaveCount(1);
  await expect(system).toContainText('百分制');
  await expect(system).toContainText('优秀 85-100');
  await expect(system).toContainText('合格 60-84');

  // publish: no longer in italics
  await page.goto('/jxgl/kspc');
  await expect(batchRow(page, name).getByTestId('exam-batch-name')).toHaveCSS('font-style', 'italic');
  await batchRow(page, name).getByRole('button', { name: '发布', exact: true }).click();
  await expect(batchRow(page, name).getByTestId('exam-batch-name')).toHaveCSS('font-style', 'normal');
  await expect(batchRow(page, name)).toContainText('已发布');
  await expect(batchRow(page, name).getByRole('button', { name: '取消发布' })).toBeVisible();

  // the seeded batches are as they were
  await expect(batchRow(page, '第一次月考')).toContainText('已发布');
  await expect(batchRow(page, '期中考试')).toContainText('未发布');
});
