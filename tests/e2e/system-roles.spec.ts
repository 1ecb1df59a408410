// 角色管理 and 角色类型 (issue 10, H6), in Chinese and in English: an ordinary role is created, granted
// a menu, given a member, edited and deleted; a dynamic SQL role whose filter reads a system catalog is
// refused with the server's words, a valid filter (the help panel's example) counts people, the role
// is saved and its members show; a role type is added, edited, refused deletion while a role uses it,
// and deleted. Everything this run makes is removed; demo roles are not touched.
import { expect, test, type Page } from '@playwright/test';
import { ROLE_URLS, type RoleCategoryRow, type RoleListData } from '../../contracts/roles';
import { baseURL } from '../../playwright.config';
import { DEMO_ACCOUNTS, DemoApi, logIn } from './support';

const RUN = Date.now().toString(36).slice(-5);
const ADMIN = DEMO_ACCOUNTS[0]!;
const CJK = /[\u4e00-\u9fff]/;

type Lang = 'zh' | 'en';
const WORDS = {
  zh: { roles: '角色管理', types: '角色类型', save: '保存', ok: '确定', member: '李明华', kind: '动态SQL角色', matched: /符合条件 \d+ 人/ },
  en: { roles: 'Roles', types: 'Role types', save: 'Save', ok: 'OK', member: '李明华', kind: 'Dynamic SQL role', matched: /\d+ people match/ },
} as const;

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  const roles = await admin.post<RoleListData>(ROLE_URLS.list, { currPage: 0, limit: 100, search: JSON.stringify({ keyword: RUN }) });
  const ids = (roles.data?.rows ?? []).filter((row) => row.code.includes(RUN)).map((row) => row.id);
  if (ids.length) await admin.post(ROLE_URLS.delete, { ids });
  const categories = await admin.post<RoleCategoryRow[]>(ROLE_URLS.categories, {});
  const left = (categories.data ?? []).filter((row) => row.code.includes(RUN)).map((row) => row.id);
  if (left.length) await admin.post(ROLE_URLS.categoryDelete, { ids: left });
});

async function open(page: Page, lang: Lang, path: string) {
  await logIn(page, ADMIN);
  if (lang === 'en') await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto(path);
}

const roleRow = (page: Page, code: string) => page.locator(`[data-testid="role-row"][data-code="${code}"]`);

async function searchRole(page: Page, code: string) {
  await page.getByTestId('role-search-keyword').fill(code);
  await page.getByTestId('role-search-keyword').press('Enter');
  await expect(roleRow(page, code)).toBeVisible();
}

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: an ordinary role: create, grant a menu, add a member, edit, delete`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const code = `e2e_${lang}_${RUN}`;
    await open(page, lang, '/system/role');
    await expect(page.getByRole('heading', { name: w.roles })).toBeVisible();
    // the built-in administrator cannot be deleted
    await searchRole(page, 'admin');
    await expect(roleRow(page, 'admin').getByTestId('role-delete')).toBeDisabled();

    await page.getByTestId('role-add').click();
    const form = page.getByTestId('role-form');
    await form.getByTestId('role-form-name').fill(`E2E ${lang} ${RUN}`);
    await form.getByTestId('role-form-code').fill(`9${code}`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toContainText(lang === 'zh' ? '角色编码须以字母开头' : 'The role code must start with a letter');
    await form.getByTestId('role-form-code').fill(code);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    await searchRole(page, code);
    const row = roleRow(page, code);
    await expect(row.getByTestId('role-menu-count')).toHaveText('0');

    // 分配权限: tick one menu (its directory comes with it)
    await row.getByTestId('role-menus').click();
    const tree = page.getByTestId('role-menu-tree');
    const menuName = lang === 'zh' ? '角色类型' : 'Role types';
    await tree.getByRole('textbox').fill(menuName);
    await tree.getByRole('checkbox', { name: menuName, exact: true }).first().check();
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByTestId('role-menus-drawer')).toHaveCount(0);
    await expect(row.getByTestId('role-menu-count')).not.toHaveText('0');

    // 成员: add the teacher with the people selector
    await row.getByTestId('role-members').click();
    const drawer = page.getByTestId('role-members-drawer');
    await drawer.getByRole('combobox', { name: lang === 'zh' ? '选择人员' : 'Choose people' }).click();
    // the panel lives inside the drawer (whose focus trap is on), so typing in its search box works
    const panel = drawer.getByTestId('selector-panel');
    await panel.getByRole('searchbox').fill(w.member);
    await expect(panel.getByRole('searchbox')).toBeFocused();
    await panel.getByRole('searchbox').press('Enter');
    await panel.getByRole('listitem').filter({ hasText: w.member }).first().getByRole('checkbox').check();
    // the panel closes with Escape (the drawer stays, its focus trap on), then 添加成员
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('member-add').click();
    await expect(drawer.getByTestId('member-row').filter({ hasText: w.member })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(row.getByTestId('role-member-count')).toHaveText('1');

    // edit
    await row.getByTestId('role-edit').click();
    await form.getByTestId('role-form-name').fill(`E2E ${lang} ${RUN} edited`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(row.getByTestId('role-name')).toHaveText(`E2E ${lang} ${RUN} edited`);

    // delete (asks first)
    await row.getByTestId('role-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(row).toHaveCount(0);
    const admin = await DemoApi.login(request, 'admin');
    const left = await admin.ok<RoleListData>(ROLE_URLS.list, { currPage: 0, limit: 10, search: JSON.stringify({ keyword: code }) });
    expect(left.rows).toHaveLength(0);
  });

  test(`${lang}: a dynamic SQL role: a refused filter, a valid one counted, saved, members shown`, async ({ page }) => {
    test.setTimeout(120_000);
    const code = `e2e_sql_${lang}_${RUN}`;
    await open(page, lang, '/system/role');
    await page.getByTestId('role-add').click();
    const form = page.getByTestId('role-form');
    await form.getByTestId('role-form-name').fill(`SQL ${lang} ${RUN}`);
    await form.getByTestId('role-form-code').fill(code);
    await form.getByTestId('role-form-type').selectOption('sql');
    const editor = form.getByTestId('role-form-filter');
    await editor.fill('SELECT id FROM pg_catalog.pg_authid');
    await form.getByTestId('role-filter-test').click();
    const refused = form.getByTestId('role-filter-refused');
    await expect(refused).toBeVisible();
    const words = (await refused.textContent()) ?? '';
    expect(words.length).toBeGreaterThan(3);
    expect(CJK.test(words)).toBe(lang === 'zh');
    // saving it is refused too, and nothing typed is lost
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form.getByTestId('role-form-error')).toBeVisible();
    await expect(editor).toHaveValue('SELECT id FROM pg_catalog.pg_authid');

    // the help panel's example is a valid filter
    await form.getByTestId('role-filter-help-toggle').click();
    const example = (await form.getByTestId('role-filter-example').textContent()) ?? '';
    expect(example).toMatch(/^\s*SELECT/i);
    await editor.fill(example);
    await form.getByTestId('role-filter-test').click();
    await expect(form.getByTestId('role-filter-result')).toContainText(w.matched);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);

    await searchRole(page, code);
    const row = roleRow(page, code);
    await expect(row).toContainText(w.kind);
    await row.getByTestId('role-members').click();
    const drawer = page.getByTestId('role-members-drawer');
    await expect(drawer.getByTestId('member-row').first()).toBeVisible();
    await expect(drawer.getByTestId('member-add')).toHaveCount(0);
    await drawer.getByTestId('role-refresh-members').click();
    await expect(drawer.getByTestId('role-refreshed-at')).toBeVisible();
  });

  test(`${lang}: a role type: add, edit, refused deletion while used, delete`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const code = `e2e_t_${lang}_${RUN}`;
    await open(page, lang, '/system/jslx');
    await expect(page.getByRole('heading', { name: w.types })).toBeVisible();
    await page.getByTestId('category-add').click();
    const form = page.getByTestId('category-form');
    await form.getByTestId('category-form-code').fill(code);
    await form.getByTestId('category-form-name').fill(`类型 ${RUN}`);
    await form.getByTestId('category-form-name-en').fill(`Type ${RUN}`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    const row = page.locator(`[data-testid="category-row"][data-code="${code}"]`);
    await expect(row.getByTestId('category-role-count')).toHaveText('0');

    await row.getByTestId('category-edit').click();
    await form.getByTestId('category-form-name').fill(`类型 ${RUN} 改`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(row.getByTestId('category-name')).toHaveText(`类型 ${RUN} 改`);

    // a role of this type: deleting the type is refused with the server's words
    const admin = await DemoApi.login(request, 'admin');
    const role = await admin.ok<{ id: string }>(ROLE_URLS.save, { code: `e2e_tr_${lang}_${RUN}`, name: `T ${RUN}`, businessSystem: code, type: 'ordinary' });
    await page.reload();
    await expect(row.getByTestId('category-role-count')).toHaveText('1');
    await row.getByTestId('category-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: lang === 'zh' ? CJK : /[a-z]/i }).first()).toBeVisible();
    await expect(row).toHaveCount(1);

    await admin.ok(ROLE_URLS.delete, { ids: [role.id] });
    await page.reload();
    await row.getByTestId('category-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(row).toHaveCount(0);

    // usable on a 360 px phone: nothing wider than the screen, the drawer full width
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/system/role');
    await expect(page.getByTestId('role-add')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByTestId('role-add').click();
    const box = await page.getByTestId('role-form').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
  });
}
