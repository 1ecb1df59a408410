// 菜单管理 and 组织机构 (issue 10, H1), in Chinese and in English. Menus: a directory and a menu under it
// are created (a bad route address shown as typed first), found, edited, reordered by dragging with the
// keyboard, shown in the sidebar after 刷新菜单, refused deletion while they have children, deleted.
// Orgs: a department and two sub-departments are created, found, edited, reordered by dragging, given a
// member (a person this run makes) and the member removed, deleted. Everything this run makes is removed;
// demo rows are not touched.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MenuAdminNode } from '../../contracts/menu-admin';
import type { OrgNode, OrgTreeData } from '../../contracts/orgs';
import { baseURL } from '../../playwright.config';
import { DEMO_ACCOUNTS, DemoApi, dragWithKeys, logIn } from './support';

const RUN = Date.now().toString(36).slice(-5);
const ADMIN = DEMO_ACCOUNTS[0]!;

type Lang = 'zh' | 'en';
const WORDS = {
  zh: {
    menus: '菜单管理',
    orgs: '组织机构',
    save: '保存',
    ok: '确定',
    refresh: '刷新菜单',
    badUrl: '路由地址须以/开头',
    badCode: '机构编码只能包含字母、数字和下划线',
    hasChildren: /下还有1个子菜单或按钮/,
    people: '选择人员',
  },
  en: {
    menus: 'Menus',
    orgs: 'Organisations',
    save: 'Save',
    ok: 'OK',
    refresh: 'Refresh menus',
    badUrl: 'The route address must start with /',
    badCode: 'The code may contain only letters, digits and _',
    hasChildren: /still has 1 child menus or buttons/,
    people: 'Choose people',
  },
} as const;

const flat = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((node) => [node, ...flat(node.children)]);

test.afterAll(async ({ request }) => {
  const admin = await DemoApi.login(request, 'admin');
  // menus of this run: children first
  const menus = flat((await admin.post<MenuAdminNode[]>('/api/menu-admin/tree', {})).data ?? []).filter((node) => node.menuname.includes(RUN));
  for (const node of menus.reverse()) await admin.post('/api/menu-admin/delete', { id: node.id });
  const orgs = flat((await admin.post<OrgTreeData>('/api/orgs/tree', {})).data?.nodes ?? []).filter((node) => node.code.includes(RUN));
  for (const node of orgs.reverse()) {
    const members = await admin.post<{ rows: { id: string }[] }>('/api/orgs/members', { currPage: 0, limit: 100, search: JSON.stringify({ orgId: node.id }) });
    const ids = (members.data?.rows ?? []).map((row) => row.id);
    if (ids.length) await admin.post('/api/orgs/members/remove', { orgId: node.id, userIds: ids });
    await admin.post('/api/orgs/delete', { id: node.id });
  }
  const users = await admin.post<{ rows: { id: string; username: string }[] }>('/api/users/list', { currPage: 0, limit: 50, search: JSON.stringify({ keyword: `e2eorg${RUN}` }) });
  const userIds = (users.data?.rows ?? []).filter((row) => row.username.includes(RUN)).map((row) => row.id);
  if (userIds.length) await admin.post('/api/users/delete', { ids: userIds });
});

async function open(page: Page, lang: Lang, path: string) {
  await logIn(page, ADMIN);
  if (lang === 'en') await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto(path);
}

const names = async (rows: Locator, testId: string) => (await rows.getByTestId(testId).allTextContents()).map((text) => text.trim());

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: 菜单管理: create, find, edit, reorder by dragging, in the sidebar after 刷新菜单, delete`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const api = await DemoApi.login(request, 'admin');
    const dirZh = `E2E目录${lang}${RUN}`;
    const dirEn = `E2E dir ${lang} ${RUN}`;
    const title = (zh: string, en: string) => (lang === 'zh' ? zh : en);
    await open(page, lang, '/system/menu');
    await expect(page.getByRole('heading', { name: w.menus })).toBeVisible();
    // the seeded 系统管理 rows cannot be deleted: greyed out
    await expect(page.locator('[data-testid="menu-row"][data-url="/system/menu"]').getByTestId('menu-delete')).toBeDisabled();

    // a directory at the top level
    await page.getByTestId('menu-add').click();
    const form = page.getByTestId('menu-form');
    await form.getByTestId('menu-form-name').fill(dirZh);
    await form.getByTestId('menu-form-name-en').fill(dirEn);
    await form.getByTestId('menu-form-icon').selectOption('chart');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId('menu-refresh-hint')).toBeVisible();

    // find it
    await page.getByTestId('menu-search-keyword').fill(RUN);
    await page.getByTestId('menu-search-keyword').press('Enter');
    const rows = page.getByTestId('menu-row');
    await expect(rows.filter({ hasText: title(dirZh, dirEn) })).toHaveCount(1);

    // two menus under it (a bad address shown as typed first)
    for (const letter of ['A', 'B']) {
      await rows.filter({ hasText: title(dirZh, dirEn) }).getByTestId('menu-add-child').click();
      await expect(form.getByTestId('menu-form-type')).toHaveValue('menu');
      await form.getByTestId('menu-form-name').fill(`页面${letter}${lang}${RUN}`);
      await form.getByTestId('menu-form-name-en').fill(`Page ${letter} ${lang} ${RUN}`);
      await form.getByTestId('menu-form-url').fill('no slash');
      await expect(form).toContainText(w.badUrl);
      await form.getByTestId('menu-form-url').fill(`/e2e/${lang}${RUN}${letter.toLowerCase()}`);
      await form.getByTestId('menu-form-perms').fill(`e2e_${lang}_${RUN}_${letter.toLowerCase()}`);
      await page.getByRole('button', { name: w.save, exact: true }).click();
      await expect(form).toHaveCount(0);
    }
    await expect(rows.filter({ hasText: title(`页面B${lang}${RUN}`, `Page B ${lang} ${RUN}`) })).toHaveCount(1);

    // edit A
    await rows.filter({ hasText: title(`页面A${lang}${RUN}`, `Page A ${lang} ${RUN}`) }).getByTestId('menu-edit').click();
    await form.getByTestId('menu-form-name').fill(`页面甲${lang}${RUN}`);
    await form.getByTestId('menu-form-name-en').fill(`Page One ${lang} ${RUN}`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    const pageA = title(`页面甲${lang}${RUN}`, `Page One ${lang} ${RUN}`);
    const pageB = title(`页面B${lang}${RUN}`, `Page B ${lang} ${RUN}`);
    await expect(rows.filter({ hasText: pageA })).toHaveCount(1);

    // reorder: B above A (no dragging while the search is on: clear it)
    await page.getByTestId('menu-search-keyword').fill('');
    await page.getByTestId('menu-search-keyword').press('Enter');
    await expect(page.getByTestId('tree-handle').first()).toBeVisible();
    const mine = rows.filter({ hasText: RUN });
    await expect.poll(() => names(mine, 'menu-name')).toEqual([title(dirZh, dirEn), pageA, pageB]);
    await dragWithKeys(page, rows.filter({ hasText: pageB }).getByTestId('tree-handle'), ['ArrowUp']);
    await expect.poll(() => names(mine, 'menu-name')).toEqual([title(dirZh, dirEn), pageB, pageA]);
    const tree = flat(await api.ok<MenuAdminNode[]>('/api/menu-admin/tree', {}));
    const dir = tree.find((node) => node.menuname === dirZh)!;
    expect(dir.children.map((node) => [node.menuname, node.sort])).toEqual([
      [`页面B${lang}${RUN}`, 10],
      [`页面甲${lang}${RUN}`, 20],
    ]);

    // users see it after 刷新菜单 (the top bar's action)
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByText(title(dirZh, dirEn))).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: w.refresh }).click();
    await expect(sidebar.getByRole('button', { name: title(dirZh, dirEn) })).toBeVisible({ timeout: 20_000 });
    await sidebar.getByRole('button', { name: title(dirZh, dirEn) }).click();
    await expect(sidebar.getByRole('link', { name: pageB })).toBeVisible();

    // delete: the directory is refused while it has children; A is deleted; B remains
    await page.goto('/system/menu');
    await rows.filter({ hasText: pageA }).getByTestId('menu-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(rows.filter({ hasText: pageA })).toHaveCount(0);
    await rows.filter({ hasText: title(dirZh, dirEn) }).getByTestId('menu-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(page.getByText(w.hasChildren)).toBeVisible();
    await expect(rows.filter({ hasText: title(dirZh, dirEn) })).toHaveCount(1);
    await rows.filter({ hasText: pageB }).getByTestId('menu-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(rows.filter({ hasText: pageB })).toHaveCount(0);
    await rows.filter({ hasText: title(dirZh, dirEn) }).getByTestId('menu-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(rows.filter({ hasText: RUN })).toHaveCount(0);
  });

  test(`${lang}: 组织机构: create, find, edit, reorder by dragging, members added and removed, delete`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const api = await DemoApi.login(request, 'admin');
    const code = `E2E_${lang}_${RUN}`;
    const name = `测试部门${lang}${RUN}`;
    const nameEn = `Test office ${lang} ${RUN}`;
    const title = (zh: string, en: string) => (lang === 'zh' ? zh : en);
    // a person of this run (the member added and removed)
    const personName = `成员${lang}${RUN}`;
    await api.ok('/api/users/save', { username: `e2eorg${RUN}${lang}`, name: personName, userType: '3', orgUnitId: null, campusId: null, roleIds: [], enabled: true });

    await open(page, lang, '/system/org');
    await expect(page.getByRole('heading', { name: w.orgs })).toBeVisible();
    await page.getByTestId('org-add').click();
    const form = page.getByTestId('org-form');
    await expect(form.getByTestId('org-form-kind')).toHaveValue('department');
    await form.getByTestId('org-form-code').fill('bad-code');
    await expect(form).toContainText(w.badCode);
    await form.getByTestId('org-form-code').fill(code);
    await form.getByTestId('org-form-name').fill(name);
    await form.getByTestId('org-form-name-en').fill(nameEn);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);

    // find it
    await page.getByTestId('org-search-keyword').fill(code);
    await page.getByTestId('org-search-keyword').press('Enter');
    const rows = page.getByTestId('org-row');
    const row = page.locator(`[data-testid="org-row"][data-code="${code}"]`);
    await expect(row).toHaveCount(1);

    // edit
    await row.getByTestId('org-edit').click();
    await form.getByTestId('org-form-name').fill(`${name}改`);
    await form.getByTestId('org-form-name-en').fill(`${nameEn} edited`);
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(row.getByTestId('org-name')).toHaveText(title(`${name}改`, `${nameEn} edited`));

    // two sub-departments, then B dragged above A
    for (const letter of ['A', 'B']) {
      await row.getByTestId('org-add-child').click();
      await form.getByTestId('org-form-code').fill(`${code}_${letter}`);
      await form.getByTestId('org-form-name').fill(`小组${letter}${lang}${RUN}`);
      await form.getByTestId('org-form-name-en').fill(`Team ${letter} ${lang} ${RUN}`);
      await page.getByRole('button', { name: w.save, exact: true }).click();
      await expect(form).toHaveCount(0);
    }
    await page.getByTestId('org-search-keyword').fill('');
    await page.getByTestId('org-search-keyword').press('Enter');
    const mine = rows.filter({ hasText: RUN });
    const teamA = title(`小组A${lang}${RUN}`, `Team A ${lang} ${RUN}`);
    const teamB = title(`小组B${lang}${RUN}`, `Team B ${lang} ${RUN}`);
    await expect.poll(() => names(mine, 'org-name')).toEqual([title(`${name}改`, `${nameEn} edited`), teamA, teamB]);
    await dragWithKeys(page, page.locator(`[data-testid="org-row"][data-code="${code}_B"]`).getByTestId('tree-handle'), ['ArrowUp']);
    await expect.poll(() => names(mine, 'org-name')).toEqual([title(`${name}改`, `${nameEn} edited`), teamB, teamA]);
    const parent = flat((await api.ok<OrgTreeData>('/api/orgs/tree', {})).nodes).find((node: OrgNode) => node.code === code)!;
    expect(parent.children.map((node) => node.code)).toEqual([`${code}_B`, `${code}_A`]);

    // members: the person of this run added with the people selector, then removed
    await row.getByTestId('org-members').click();
    const drawer = page.getByTestId('org-members-drawer');
    await expect(drawer.getByTestId('table-empty')).toBeVisible();
    await drawer.getByRole('combobox', { name: w.people }).click();
    const panel = page.getByTestId('selector-panel');
    await panel.getByRole('searchbox').fill(personName);
    await panel.getByRole('searchbox').press('Enter');
    await panel.getByRole('listitem').filter({ hasText: personName }).first().getByRole('checkbox').check();
    // the panel closes with Escape (the drawer stays), then 添加成员
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('org-member-add').click();
    await expect(drawer.getByTestId('org-member-row').filter({ hasText: personName })).toHaveCount(1);
    await expect(row.getByTestId('org-member-count')).toHaveText('1');
    await drawer.getByTestId('org-member-row').filter({ hasText: personName }).getByTestId('org-member-remove').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(drawer.getByTestId('org-member-row')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(row.getByTestId('org-member-count')).toHaveText('0');

    // delete: refused while it has sub-departments; the teams, then it
    await row.getByTestId('org-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(page.getByText(lang === 'zh' ? /下还有2个下级机构，不能删除/ : /still has 2 units under it/)).toBeVisible();
    for (const letter of ['A', 'B']) {
      await page.locator(`[data-testid="org-row"][data-code="${code}_${letter}"]`).getByTestId('org-delete').click();
      await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
      await expect(page.locator(`[data-testid="org-row"][data-code="${code}_${letter}"]`)).toHaveCount(0);
    }
    await row.getByTestId('org-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: w.ok }).click();
    await expect(row).toHaveCount(0);
  });
}
