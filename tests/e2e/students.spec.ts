// 学生信息 (/jcsj/xsxx): find a seeded student and read its detail tabs (学籍记录: a status change's document opens); add a student (class picked in
// the org tree, no account), find it, edit it (the class read-only), delete it; the en pass of the key
// texts; axe and the width check on the list and the drawer. Everything the run makes carries RUN.
import { type APIRequestContext, expect, test, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import type { Envelope, TableAData } from '../../contracts/envelope';
import type { UploadData } from '../../contracts/files';
import { resourceUrls } from '../../contracts/resource';
import { students } from '../../contracts/resources/students';
import { idCheckDigit } from '../../contracts/user-rules';
import { baseURL } from '../../playwright.config';
import { expectAccessibleFit } from './a11y-walk';
import { DEMO_PASSWORD, DemoApi, logIn } from './support';

const RUN = Date.now().toString(36).slice(-5);
const urls = resourceUrls(students);
/** this run's student: a name of Chinese characters only (the name rule), one per run */
const NAME = `测试${[...RUN].map((c) => '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥天地日月星云山水风雷'[parseInt(c, 36)]).join('')}`;
/** a 1 × 1 PNG: the student's photo */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

/** a document (the smallest PDF) uploaded by admin, a 休学 of the student filed with it, then withdrawn: the change's id */
async function fileWithdrawnChange(request: APIRequestContext, studentId: string, documentName: string): Promise<string> {
  const login = (await (await request.post('/api/login/v3', { data: { username: 'admin', password: DEMO_PASSWORD, tenant: 'demo' } })).json()) as Envelope<{ token: string }>;
  const headers = { 'X-Access-Token': login.data.token };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const uploaded = (await (await request.post('/file/upload', { headers, multipart: { category: 'document', file: { name: documentName, mimeType: 'application/pdf', buffer: pdf } } })).json()) as Envelope<UploadData>;
  expect(uploaded.code, uploaded.msg).toBe(1);
  const admin = await DemoApi.login(request, 'admin');
  const far = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const change = await admin.ok<{ id: string; version: number }>('/api/status-changes/apply', { id: uuidv7(), studentId, changeType: 'suspend', effectiveDate: far, reason: `E2E ${RUN}`, attachments: [uploaded.data[0]!.resId] });
  await admin.ok('/api/applications/withdraw', { id: change.id, version: change.version });
  return change.id;
}

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  const list = await admin.post<TableAData<{ id: string }>>(urls.list, { currPage: 0, limit: 100, search: JSON.stringify({ keyword: NAME }) });
  const ids = (list.data?.rows ?? []).map((row) => row.id);
  if (ids.length) await admin.post(urls.delete, { ids });
});

test('学生信息: search, detail tabs, add with the class from the org tree, edit with the class fixed, delete; en; axe', async ({ page, request }) => {
  const admin = await DemoApi.login(request, 'admin');
  // a studying student (the first listed may be a graduate, whose class history has ended)
  const seeded = (await admin.ok<TableAData<{ id: string; name: string; studentNo: string }>>(urls.list, { currPage: 0, limit: 1, search: JSON.stringify({ status: 'studying' }) })).rows[0];
  // a 休学 filed with a document and withdrawn (the student stays as they are): 学籍记录 lists it, the document opens
  const documentName = `休学证明${RUN}.pdf`;
  const change = await fileWithdrawnChange(request, seeded.id, documentName);
  await logIn(page);
  await page.goto('/jcsj/xsxx');
  await expect(page.getByRole('heading', { name: '学生信息', level: 1 })).toBeVisible();
  await expectAccessibleFit(page, 'zh', '学生信息');

  // search by number, then the detail drawer's tabs
  await page.getByTestId('student-search-keyword').fill(seeded.studentNo);
  await page.getByTestId('student-search-keyword').press('Enter');
  const row = page.locator(`[data-testid="student-row"][data-code="${seeded.studentNo}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('student-row')).toHaveCount(1);
  await row.getByTestId('student-detail-open').click();
  const detail = page.getByTestId('student-detail');
  await expect(detail.getByTestId('student-detail-class')).toContainText('班');
  await expect(detail.getByTestId('student-detail-photo')).toHaveAttribute('data-has-photo', 'false');
  await detail.getByRole('tab', { name: '学籍记录' }).click();
  await expect(detail.getByTestId('student-detail-history')).toContainText('至今');
  const filed = detail.locator(`[data-testid="student-detail-change"][data-id="${change}"]`);
  await expect(filed).toContainText('休学');
  await expect(filed).toContainText('已撤回');
  const download = page.waitForEvent('download');
  await filed.getByRole('button', { name: `下载 ${documentName}` }).click();
  expect((await download).suggestedFilename()).toBe(documentName);
  await detail.getByRole('tab', { name: '家庭信息' }).click();
  await expect(detail.getByTestId('student-detail-family')).toBeVisible();
  await detail.getByRole('tab', { name: '考勤' }).click();
  await expect(detail.getByTestId('student-detail-attendance')).toBeVisible();
  await expectAccessibleFit(page, 'zh', '学生详情');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // add: the number left empty (the template makes it), the class picked in the org tree
  const name = NAME;
  const first = `110101${'20140305'}${String(Date.now() % 1000).padStart(3, '0')}`;
  await page.getByTestId('student-add').click();
  const form = page.getByTestId('student-form');
  await form.getByTestId('student-name').fill(name);
  await form.getByTestId('student-address').fill(`E${RUN}路1号`);
  await form.getByTestId('student-gender').selectOption('1');
  await form.getByTestId('student-birth-date').fill('2014-03-05');
  await form.getByTestId('student-id-number').fill(first + idCheckDigit(first));
  for (const select of ['student-nationality', 'student-id-type', 'student-campus-id']) {
    await expect(form.getByTestId(select).locator('option').nth(1)).toBeAttached();
    await form.getByTestId(select).selectOption({ index: 1 });
  }
  await form.getByTestId('student-enrolment-date').fill('2020-09-01');
  await form.getByTestId('image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(form.getByTestId('thumbnail').locator('img')).toBeVisible();
  await form.getByRole('combobox', { name: '班级' }).click();
  const panel = page.getByTestId('selector-panel');
  // the school, then its grade 7
  await panel.getByRole('button', { name: /^展开 / }).first().click();
  await panel.getByRole('button', { name: '展开 七年级' }).click();
  await panel.getByRole('radio', { name: '七年级(1)班' }).check();
  // a click beside the panel closes it (Escape would ask to close the drawer)
  await form.getByTestId('student-name').click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  await page.getByTestId('student-search-keyword').fill(name);
  await page.getByTestId('student-search-keyword').press('Enter');
  const mine = page.getByTestId('student-row').filter({ hasText: name });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('七年级(1)班');
  const number = await mine.getAttribute('data-code');
  expect(number).toMatch(/^20201\d{4}$/);
  // the detail shows the photo (the seeded student above had none: the name's initial)
  await mine.getByTestId('student-detail-open').click();
  await expect(detail.getByTestId('student-detail-photo')).toHaveAttribute('data-has-photo', 'true');
  await expect(detail.getByRole('img', { name: `${name}的照片` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // edit: the class is read-only, the boarding switch changes
  await mine.getByTestId('student-edit').click();
  await expect(form.getByTestId('student-class-id')).toHaveAttribute('readonly', '');
  await expect(form.getByTestId('student-class-id')).toHaveValue('七年级(1)班');
  await form.getByTestId('student-address').fill(`E${RUN}路2号`);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toHaveCount(0);

  // delete (the new student has no records yet)
  await mine.getByTestId('student-delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(mine).toHaveCount(0);

  // English: the key texts, and axe
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto('/jcsj/xsxx');
  await expect(page.getByRole('heading', { name: 'Student information', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Student number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add student' })).toBeVisible();
  await page.getByTestId('student-row').first().getByTestId('student-detail-open').click();
  await page.getByRole('tab', { name: 'Class history' }).click();
  await expect(page.getByTestId('student-detail-changes').getByRole('heading', { name: 'Status changes' })).toBeVisible();
  await expectAccessibleFit(page, 'en', 'Student details');
});
