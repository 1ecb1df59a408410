import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuAdminNode, MenuSaveData } from '../../../contracts/menu-admin';
import { MENU_ISSUE_TEXT } from '../../../contracts/menu-admin';
import type { PermissionPayload } from '../../../contracts/session';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../db/seed';
import { seedSchool } from '../../db/seed/school';
import { hashPassword } from '../auth/passwords';
import { buildTestApp, call, login, ownerQuery, type TestApp, tenantIdOf } from '../../test/helpers';

/**
 * 菜单管理 against a school of its own (seeded per run: the demo school's menus stay as they are,
 * other suites read them). Every refusal is checked in zh and en and leaves the rows as they were.
 */

let t: TestApp;
let tenantId: string;
let code: string;
let admin: string;
let teacher: string;
const EN = { 'x-lang': 'en' };
const post = <T>(url: string, token: string, json: unknown, headers: Record<string, string> = {}) => call<T>(t.app, 'POST', url, { token, json, headers });
const tree = async () => {
  const { body } = await post<MenuAdminNode[]>('/api/menu-admin/tree', admin, {});
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
const flat = (nodes: MenuAdminNode[]): MenuAdminNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
const find = async (id: string) => flat(await tree()).find((node) => node.id === id);
const snapshot = () =>
  ownerQuery<Record<string, unknown>>(t.db, 'SELECT id::text, parent_id::text, type, menuname, menuurl, icon, remark, sort, hidden, perms, version FROM menus WHERE tenant_id = $1 ORDER BY id', [tenantId]);
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

const input = (over: Record<string, unknown> = {}) => ({
  parentId: null,
  type: 'directory',
  menuname: unique('测试目录'),
  menuNameEng: 'Test directory',
  menuurl: '',
  icon: 'setting',
  sort: 50,
  hidden: false,
  alwaysShow: false,
  perms: [],
  cdwz: 'left',
  sfswsy: '0',
  sfzdy: '0',
  zdycs: '',
  ...over,
});
const save = async (over: Record<string, unknown> = {}) => {
  const { body } = await post<MenuSaveData>('/api/menu-admin/save', admin, input(over));
  expect(body.code, body.msg).toBe(1);
  return body.data;
};
/** refused in zh and en with these texts, nothing changed */
const refused = async (url: string, json: unknown, code: number, zh: string | RegExp, en: string | RegExp) => {
  const before = await snapshot();
  const inZh = (await post(url, admin, json)).body;
  expect(inZh.code).toBe(code);
  expect(inZh.msg).toMatch(zh);
  const inEn = (await post(url, admin, json, EN)).body;
  expect(inEn.code).toBe(code);
  expect(inEn.msg).toMatch(en);
  expect(await snapshot()).toEqual(before);
};

beforeAll(async () => {
  t = await buildTestApp();
  code = `menu${randomBytes(4).toString('hex')}`;
  await seedSchool(t.db, { ...DEMO_SCHOOL, code, hosts: [`${code}.localhost`], grades: DEMO_SCHOOL.grades.filter((g) => g.level >= 7), studentsPerClass: 2, otherStaff: 30 }, await hashPassword(DEMO_PASSWORD), new Date('2026-11-21T04:00:00Z'));
  tenantId = await tenantIdOf(t.db, code);
  admin = await login(t.app, code, 'admin');
  teacher = await login(t.app, code, 'teacher');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('菜单管理', () => {
  it('reads the whole tree with every field; refuses a user without system_menu', async () => {
    const nodes = flat(await tree());
    const system = nodes.find((node) => node.menuname === '系统管理')!;
    const menuScreen = system.children.find((node) => node.menuurl === '/system/menu')!;
    expect(menuScreen).toMatchObject({ type: 'menu', menuname: '菜单管理', menuNameEng: 'Menus', perms: ['system_menu'], cdwz: 'left', sfswsy: '0', sfzdy: '0', zdycs: '' });
    expect(menuScreen.children.map((node) => [node.type, node.perms[0]])).toEqual(
      expect.arrayContaining([
        ['button', 'system_menu_add'],
        ['button', 'system_menu_edit'],
        ['button', 'system_menu_delete'],
      ]),
    );
    const { body } = await post('/api/menu-admin/tree', teacher, {});
    expect(body.code).toBe(40300);
    const write = await post('/api/menu-admin/save', teacher, input());
    expect(write.body.code).toBe(40300);
  });

  it('adds a directory, a menu under it and a button under that with every field; edits at its version; a stale edit is refused', async () => {
    const dir = await save({ menuname: unique('目录'), cdwz: 'top', alwaysShow: true });
    const menu = await save({ parentId: dir.id, type: 'menu', menuname: unique('自定义页'), menuNameEng: 'Custom page', menuurl: '/custom/page', icon: 'chart', sort: 9999, hidden: true, perms: ['custom_page', 'Custom2'], sfswsy: '1', sfzdy: '1', zdycs: 'id=7' });
    const button = await save({ parentId: menu.id, type: 'button', menuname: '导出', menuNameEng: 'Export', icon: '', sort: 0, perms: ['custom_page_export'] });
    const read = await find(menu.id);
    expect(read).toMatchObject({ parentId: dir.id, type: 'menu', menuNameEng: 'Custom page', menuurl: '/custom/page', icon: 'chart', sort: 9999, hidden: true, perms: ['custom_page', 'Custom2'], sfswsy: '1', sfzdy: '1', zdycs: 'id=7', cdwz: 'left', version: 1 });
    expect(read!.children.map((node) => node.id)).toEqual([button.id]);
    expect(await find(dir.id)).toMatchObject({ cdwz: 'top', alwaysShow: true });
    // stored as SPEC §3 remark JSON
    const [row] = await ownerQuery<{ remark: Record<string, string> }>(t.db, 'SELECT remark FROM menus WHERE tenant_id = $1 AND id = $2', [tenantId, menu.id]);
    expect(row!.remark).toEqual({ menuNameEng: 'Custom page', cdwz: 'left', sfswsy: '1', sfzdy: '1', zdycs: 'id=7' });

    const edited = await save({ id: menu.id, version: 1, parentId: dir.id, type: 'menu', menuname: '改名页', menuurl: '/custom/renamed', perms: ['custom_page'], sfzdy: '0', zdycs: 'ignored' });
    expect(edited.version).toBe(2);
    expect(await find(menu.id)).toMatchObject({ menuname: '改名页', menuurl: '/custom/renamed', sfzdy: '0', zdycs: '' });
    await refused('/api/menu-admin/save', input({ id: menu.id, version: 1, parentId: dir.id, type: 'menu', menuurl: '/x' }), 40900, '该菜单已被他人修改，请刷新后重试', 'Someone else changed this menu; reload and try again');
    // an edit without its version is refused by the contract
    expect((await post('/api/menu-admin/save', admin, input({ id: menu.id }))).body.code).toBe(40000);
  });

  it('refuses every bad field with the form’s words, in zh and en, nothing written', async () => {
    const dir = await save();
    const menu = await save({ parentId: dir.id, type: 'menu', menuurl: '/t/menu' });
    const text = (key: keyof typeof MENU_ISSUE_TEXT, params: Record<string, string | number> = {}) =>
      [MENU_ISSUE_TEXT[key].zh, MENU_ISSUE_TEXT[key].en].map((each) => each.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))) as [string, string];
    const cases: [Record<string, unknown>, [string, string]][] = [
      [{ menuname: '   ' }, text('menusNameRequired')],
      [{ menuname: '名'.repeat(51) }, text('menusNameTooLong', { max: 50 })],
      [{ parentId: dir.id, type: 'menu', menuurl: '' }, text('menusUrlRequired')],
      [{ parentId: dir.id, type: 'menu', menuurl: 'no-slash' }, text('menusUrlInvalid', { max: 200 })],
      [{ parentId: dir.id, type: 'menu', menuurl: '/a b' }, text('menusUrlInvalid', { max: 200 })],
      [{ parentId: menu.id, type: 'button', menuurl: '/x', perms: ['a_b'] }, text('menusButtonNoUrl')],
      [{ icon: 'Bad Icon' }, text('menusIconInvalid')],
      [{ perms: ['1abc'] }, text('menusPermInvalid', { value: '1abc' })],
      [{ perms: ['ok', 'no-dash'] }, text('menusPermInvalid', { value: 'no-dash' })],
      [{ parentId: menu.id, type: 'button', perms: [] }, text('menusButtonPermRequired')],
      [{ sfzdy: '1', zdycs: ' ' }, text('menusParamRequired')],
      [{ type: 'button', perms: ['x_add'] }, text('menusButtonUnderMenu')],
      [{ parentId: dir.id, type: 'button', perms: ['x_add'] }, text('menusButtonUnderMenu')],
    ];
    for (const [over, [zh, en]] of cases) await refused('/api/menu-admin/save', input(over), 40000, zh, en);
    const button = await save({ parentId: menu.id, type: 'button', perms: ['t_add'] });
    await refused('/api/menu-admin/save', input({ parentId: button.id }), 40000, text('menusNotUnderButton')[0], text('menusNotUnderButton')[1]);
    await refused('/api/menu-admin/save', input({ parentId: uuidv7() }), 40000, '上级菜单不存在', 'The parent menu does not exist');
    // the contract's range (0-9999)
    const before = await snapshot();
    expect((await post('/api/menu-admin/save', admin, input({ sort: 10000 }))).body.code).toBe(40000);
    expect((await post('/api/menu-admin/save', admin, input({ sort: -1 }))).body.code).toBe(40000);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a leaf with its role grants; refuses a row with children, nothing changed', async () => {
    const dir = await save();
    const menu = await save({ parentId: dir.id, type: 'menu', menuurl: '/t/del' });
    const roleId = uuidv7();
    await ownerQuery(t.db, `INSERT INTO roles (tenant_id, id, code, name) VALUES ($1, $2, $3, '测试角色')`, [tenantId, roleId, unique('r')]);
    await ownerQuery(t.db, 'INSERT INTO role_menus (tenant_id, role_id, menu_id) VALUES ($1, $2, $3), ($1, $2, $4)', [tenantId, roleId, dir.id, menu.id]);
    expect((await find(menu.id))!.roleCount).toBe(1);
    const dirName = (await find(dir.id))!.menuname;
    await refused('/api/menu-admin/delete', { id: dir.id }, 40900, `“${dirName}”下还有1个子菜单或按钮，请先删除或移走它们`, `"${dirName}" still has 1 child menus or buttons; delete or move them first`);
    expect((await post('/api/menu-admin/delete', admin, { id: menu.id })).body.code).toBe(1);
    expect(await find(menu.id)).toBeUndefined();
    expect(await ownerQuery(t.db, 'SELECT 1 FROM role_menus WHERE tenant_id = $1 AND menu_id = $2', [tenantId, menu.id])).toEqual([]);
    expect(await ownerQuery(t.db, 'SELECT 1 FROM role_menus WHERE tenant_id = $1 AND menu_id = $2', [tenantId, dir.id])).toHaveLength(1);
    expect((await post('/api/menu-admin/delete', admin, { id: dir.id })).body.code).toBe(1);
    const gone = await post('/api/menu-admin/delete', admin, { id: dir.id }, EN);
    expect([gone.body.code, gone.body.msg]).toEqual([40400, 'The menu does not exist or was deleted']);
    expect((await post('/api/menu-admin/delete', teacher, { id: uuidv7() })).body.code).toBe(40300);
  });

  it('moves: reorders the siblings’ sort, moves under another node; refuses cycles and kinds out of place', async () => {
    const parent = await save({ menuname: unique('父') });
    const other = await save({ menuname: unique('另') });
    const a = await save({ parentId: parent.id, type: 'menu', menuname: 'A', menuurl: '/t/a', sort: 1 });
    const b = await save({ parentId: parent.id, type: 'menu', menuname: 'B', menuurl: '/t/b', sort: 2 });
    const c = await save({ parentId: parent.id, type: 'menu', menuname: 'C', menuurl: '/t/c', sort: 3 });
    const childrenOf = async (id: string) => (await find(id))!.children.map((node) => [node.menuname, node.sort]);
    // C first
    expect((await post('/api/menu-admin/move', admin, { id: c.id, parentId: parent.id, index: 0 })).body.code).toBe(1);
    expect(await childrenOf(parent.id)).toEqual([
      ['C', 10],
      ['A', 20],
      ['B', 30],
    ]);
    // A under the other directory
    expect((await post('/api/menu-admin/move', admin, { id: a.id, parentId: other.id, index: 5 })).body.code).toBe(1);
    // the old siblings keep their order
    expect(await childrenOf(parent.id)).toEqual([
      ['C', 10],
      ['B', 30],
    ]);
    expect(await childrenOf(other.id)).toEqual([['A', 10]]);
    expect((await find(a.id))!.version).toBeGreaterThan(1);
    // cycles: under itself, under its own child
    const sub = await save({ parentId: other.id, menuname: unique('子目录') });
    await refused('/api/menu-admin/move', { id: other.id, parentId: other.id, index: 0 }, 40000, '不能移到自身或其下级之下', 'A menu cannot be moved under itself or its own descendants');
    await refused('/api/menu-admin/move', { id: other.id, parentId: sub.id, index: 0 }, 40000, '不能移到自身或其下级之下', 'A menu cannot be moved under itself or its own descendants');
    // a button only under a menu; nothing under a button
    const button = await save({ parentId: b.id, type: 'button', perms: ['t_b_add'] });
    await refused('/api/menu-admin/move', { id: button.id, parentId: other.id, index: 0 }, 40000, '按钮只能放在菜单下', 'A button can only be placed under a menu');
    await refused('/api/menu-admin/move', { id: button.id, parentId: null, index: 0 }, 40000, '按钮只能放在菜单下', 'A button can only be placed under a menu');
    await refused('/api/menu-admin/move', { id: c.id, parentId: button.id, index: 0 }, 40000, '目录和菜单不能放在按钮下', 'Directories and menus cannot be placed under a button');
    expect((await post('/api/menu-admin/move', admin, { id: button.id, parentId: c.id, index: 0 })).body.code).toBe(1);
    expect((await find(c.id))!.children.map((node) => node.id)).toEqual([button.id]);
    // to the top level
    expect((await post('/api/menu-admin/move', admin, { id: sub.id, parentId: null, index: 0 })).body.code).toBe(1);
    expect((await tree())[0]!.id).toBe(sub.id);
    expect((await post('/api/menu-admin/move', teacher, { id: sub.id, parentId: null, index: 1 })).body.code).toBe(40300);
  });

  it('a change reaches logged-in users at once (their cached menus are dropped)', async () => {
    const payload = async () => (await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token: admin })).body.data;
    const flatMenus = (nodes: PermissionPayload['menus']): string[] => nodes.flatMap((node) => [node.menuname, ...flatMenus(node.children)]);
    await payload();
    const name = unique('新目录');
    const dir = await save({ menuname: name });
    await save({ parentId: dir.id, type: 'menu', menuname: `${name}页`, menuurl: '/t/new' });
    expect(flatMenus((await payload()).menus)).toEqual(expect.arrayContaining([name, `${name}页`]));
  });

  it('the 系统管理 rows administrators need cannot be deleted, moved away, hidden or lose their codes (zh/en), and the administrator keeps every catalogue code whatever the rows say', async () => {
    const rows = flat(await tree());
    const byCode = (code: string) => rows.find((node) => node.perms.includes(code))!;
    const systemDir = byCode('system');
    const menuScreen = byCode('system_menu');
    const addButton = byCode('system_menu_add');
    const roleEdit = byCode('system_role_edit');
    const elsewhere = rows.find((node) => node.type === 'directory' && !node.perms.includes('system'))!;
    const asInput = (node: MenuAdminNode, over: Record<string, unknown> = {}) => {
      const { children: _children, roleCount: _roleCount, ...fields } = node;
      return { ...fields, ...over };
    };
    for (const node of [systemDir, menuScreen, addButton, roleEdit]) {
      await refused('/api/menu-admin/delete', { id: node.id }, 40000, `“${node.menuname}”是系统管理的内置菜单，管理员靠它管理菜单和角色，不能删除`, `"${node.menuname}" is a built-in System menu that administrators need to manage menus and roles; it cannot be deleted`);
    }
    const zhEdit = (node: MenuAdminNode) => new RegExp(`“${node.menuname}”是系统管理的内置菜单，不能移到其他上级`);
    const enEdit = (node: MenuAdminNode) => new RegExp(`"${node.menuname}" is a built-in System menu: it cannot be moved under another parent`);
    // its code removed, or swapped for another
    await refused('/api/menu-admin/save', asInput(addButton, { perms: ['t_other_add'] }), 40000, zhEdit(addButton), enEdit(addButton));
    await refused('/api/menu-admin/save', asInput(roleEdit, { perms: ['x_edit'] }), 40000, zhEdit(roleEdit), /system_role_edit/);
    // moved under another parent, hidden, another address
    await refused('/api/menu-admin/save', asInput(menuScreen, { parentId: elsewhere.id }), 40000, zhEdit(menuScreen), enEdit(menuScreen));
    await refused('/api/menu-admin/save', asInput(menuScreen, { hidden: true }), 40000, zhEdit(menuScreen), enEdit(menuScreen));
    await refused('/api/menu-admin/save', asInput(menuScreen, { menuurl: '/system/elsewhere' }), 40000, zhEdit(menuScreen), enEdit(menuScreen));
    await refused('/api/menu-admin/move', { id: menuScreen.id, parentId: elsewhere.id, index: 0 }, 40000, zhEdit(menuScreen), enEdit(menuScreen));
    await refused('/api/menu-admin/move', { id: systemDir.id, parentId: elsewhere.id, index: 0 }, 40000, zhEdit(systemDir), enEdit(systemDir));
    // renaming, adding a code and reordering among its siblings are fine
    const renamed = await post<MenuSaveData>('/api/menu-admin/save', admin, asInput(addButton, { menuname: '新增菜单', perms: ['system_menu_add', 't_extra'] }));
    expect(renamed.body.code, renamed.body.msg).toBe(1);
    expect((await post('/api/menu-admin/move', admin, { id: addButton.id, parentId: menuScreen.id, index: 2 })).body.code).toBe(1);
    // rows changed behind the service's back (the database): the administrator still holds the codes
    const buttons = rows.filter((node) => node.parentId === menuScreen.id).map((node) => node.id);
    await ownerQuery(t.db, `UPDATE menus SET perms = '{}' WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, buttons]);
    try {
      await post('/api/role/refresh', admin, {});
      const payload = (await call<PermissionPayload>(t.app, 'GET', '/ms/getPermission', { token: admin })).body.data;
      expect(payload.permission).toEqual(expect.arrayContaining(['system_menu_add', 'system_menu_edit', 'system_menu_delete']));
      const added = await save({ menuname: unique('仍可新增') });
      expect(added.version).toBe(1);
    } finally {
      for (const node of rows.filter((row) => buttons.includes(row.id))) await ownerQuery(t.db, 'UPDATE menus SET perms = $2 WHERE tenant_id = $1 AND id = $3', [tenantId, node.perms, node.id]);
    }
  });
});
