// 用户管理 (issue 10, H3), in Chinese and in English: a student is created (the SPEC §5 account rule
// refuses a bad account first, in the form), found by the search, edited, disabled, given the initial
// password again, initialised (the report shows the generated student number and the parent account
// P + that number), and deleted. Everything this run makes is removed; demo users are not touched.
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { TableAData } from '../../contracts/envelope';
import { idCheckDigit, type UserRow } from '../../contracts/users';
import { baseURL } from '../../playwright.config';
import { DEMO_ACCOUNTS, DemoApi, logIn } from './support';

const RUN = Date.now().toString(36).slice(-5);
const ADMIN = DEMO_ACCOUNTS[0]!;

type Lang = 'zh' | 'en';
const WORDS = {
  zh: {
    heading: '用户管理',
    save: '保存',
    ok: '确定',
    reset: '重置',
    init: '初始化',
    accountRule: '账号只能包含中文、字母、数字和下划线',
    disabled: '已停用',
    disable: '停用',
    disableAsk: '将被退出登录且无法再登录。是否继续?',
    resetDone: '密码已重置，用户下次登录须修改密码',
    freshOne: '将为 1 人创建账号。',
    skipOne: '跳过 1 个已初始化的账号。',
    initializedChoice: '已初始化',
    cancel: '取消',
    parent: '家长',
    created: '已创建',
    student: '学生',
    male: '男',
  },
  en: {
    heading: 'Users',
    save: 'Save',
    ok: 'OK',
    reset: 'Reset',
    init: 'Initialise',
    accountRule: 'The account may hold only Chinese characters, letters, digits and underscores',
    disabled: 'Disabled',
    disable: 'Disable',
    disableAsk: 'is logged out and cannot log in. Continue?',
    resetDone: 'Password reset; the user must change it at the next login',
    freshOne: 'New accounts to create: 1.',
    skipOne: 'Initialised accounts to skip: 1.',
    initializedChoice: 'Initialised',
    cancel: 'Cancel',
    parent: 'Parent',
    created: 'Created',
    student: 'Student',
    male: 'Male',
  },
} as const;

const idNumber = (lang: Lang) => {
  const first = `11010120120304${lang === 'zh' ? '51' : '71'}${Math.floor(Math.random() * 10)}`;
  return first + idCheckDigit(first);
};

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  const found = await admin.post<TableAData<UserRow>>('/api/users/list', { currPage: 0, limit: 50, search: JSON.stringify({ keyword: RUN }) });
  const ids = (found.data?.rows ?? []).map((row) => row.id);
  if (ids.length) await admin.post('/api/users/delete', { ids });
});

async function open(page: Page, lang: Lang) {
  await logIn(page, ADMIN);
  if (lang === 'en') await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto('/system/user');
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('user-search-keyword').fill(keyword);
  await page.getByTestId('user-search-keyword').press('Enter');
}

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a student: create, search, edit, disable, reset the password, initialise (parent account in the report), delete`, async ({ page }) => {
    test.setTimeout(120_000);
    const name = `学生${lang}${RUN}`;
    const account = `e2e_${lang}_${RUN}`;
    const id = idNumber(lang);
    await open(page, lang);
    await expect(page.getByRole('heading', { name: w.heading })).toBeVisible();

    // create: a bad account is refused in the form, in the server's words
    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('user-form-name').fill(name);
    await form.getByTestId('user-form-username').fill('bad-account');
    await form.getByTestId('user-form-userType').selectOption({ label: w.student });
    await form.getByTestId('user-form-gender').selectOption({ label: w.male });
    await form.getByTestId('user-form-idNumber').fill(id);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toContainText(w.accountRule);
    await form.getByTestId('user-form-username').fill(account);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);

    // search, then edit the name
    await search(page, account);
    const row = page.locator(`[data-testid="user-row"][data-account="${account}"]`);
    await expect(row.getByTestId('user-name')).toHaveText(name);
    await row.getByTestId('user-edit').click();
    await form.getByTestId('user-form-name').fill(`${name}改`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(row.getByTestId('user-name')).toHaveText(`${name}改`);

    // disable: asks first (the person is logged out)
    await row.getByTestId('user-toggle').click();
    const confirmDisable = page.getByRole('alertdialog');
    await expect(confirmDisable.getByTestId('user-disable-confirm')).toContainText(w.disableAsk);
    await confirmDisable.getByRole('button', { name: w.disable, exact: true }).click();
    await expect(row.getByTestId('user-state')).toContainText(w.disabled);

    // reset to the initial password
    await row.getByTestId('user-reset').click();
    await expect(page.getByTestId('reset-initial')).toBeChecked();
    await page.getByRole('dialog').getByRole('button', { name: w.reset, exact: true }).click();
    await expect(page.getByTestId('reset-password-form')).toHaveCount(0);
    await expect(page.getByText(w.resetDone).first()).toBeVisible();

    // initialise: the student gets a number from the template, the parent P + that number
    await row.getByTestId('user-init').click();
    const confirmInit = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirmInit.getByTestId('user-init-fresh')).toHaveText(w.freshOne);
    await confirmInit.getByRole('button', { name: w.init, exact: true }).click();
    const report = page.getByTestId('init-report');
    await expect(report).toBeVisible();
    const studentLine = report.locator('[data-testid="init-report-row"][data-kind="student"]');
    const parentLine = report.locator('[data-testid="init-report-row"][data-kind="parent"]');
    await expect(studentLine).toContainText(w.created);
    const studentAccount = (await studentLine.getByTestId('init-report-account').innerText()).trim();
    expect(studentAccount).toMatch(/^\d{4}1\d\d{3}$/);
    await expect(parentLine.getByTestId('init-report-account')).toHaveText(`P${studentAccount}`);
    await expect(parentLine).toContainText(w.parent);
    await page.getByTestId('init-report-close').click();

    // the account is now the student number; the parent account is listed too
    await search(page, studentAccount);
    const initialised = page.locator(`[data-testid="user-row"][data-account="${studentAccount}"]`);
    await expect(initialised.getByTestId('user-initialized')).toHaveText(lang === 'zh' ? '已初始化' : 'Initialised');
    await expect(page.locator(`[data-testid="user-row"][data-account="P${studentAccount}"]`)).toBeVisible();

    // the 账号初始化 filter is kept in the URL; initialising every result skips the initialised one
    await page.getByTestId('user-search-initialized').selectOption({ label: w.initializedChoice });
    await page.getByTestId('user-search-keyword').press('Enter');
    await expect(page).toHaveURL(/initialized=(%22)?1(%22)?(&|$)/);
    await expect(initialised).toBeVisible();
    await page.getByTestId('user-init-bulk').click();
    await expect(confirmInit.getByTestId('user-init-fresh')).toHaveText(lang === 'zh' ? '将为 0 人创建账号。' : 'New accounts to create: 0.');
    await expect(confirmInit.getByTestId('user-init-reset')).toHaveText(w.skipOne);
    await confirmInit.getByRole('button', { name: w.cancel, exact: true }).click();
    await page.reload();
    await expect(page.getByTestId('user-search-initialized')).toHaveValue('1');

    // delete the student (asks first)
    await initialised.getByTestId('user-delete').click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: w.ok, exact: true }).click();
    await expect(initialised).toHaveCount(0);
  });
}

test('zh: import from the template: a wrong row is named and nothing is imported; the corrected file imports', async ({ page }) => {
  test.setTimeout(90_000);
  const account = `imp_${RUN}`;
  const file = async (rows: string[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户');
    sheet.addRow(['姓名', '账号', '用户类型', '性别', '工号/学号', '身份证号', '手机号', '邮箱', '备注']);
    for (const row of rows) sheet.addRow(row);
    return { name: '用户.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) };
  };
  await open(page, 'zh');
  await page.getByTestId('user-import').click();
  await page.getByTestId('import-input').setInputFiles(await file([[`导入${RUN}`, account, '教师', '男', '', '', '', '', ''], [`坏行${RUN}`, 'bad-one', '教师', '', '', '', '', '', '']]));
  const errors = page.getByTestId('user-import-errors');
  await expect(errors).toContainText('第 3 行：账号只能包含中文、字母、数字和下划线');
  await search(page, account);
  await expect(page.locator(`[data-testid="user-row"][data-account="${account}"]`)).toHaveCount(0);

  await page.getByTestId('user-import').click();
  await page.getByTestId('import-input').setInputFiles(await file([[`导入${RUN}`, account, '教师', '男', '', '', '', '', '']]));
  await expect(page.getByText('导入成功').first()).toBeVisible();
  await search(page, account);
  await expect(page.locator(`[data-testid="user-row"][data-account="${account}"]`).getByTestId('user-name')).toHaveText(`导入${RUN}`);
});
