import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE } from '../../contracts/menus';
import type { MenuNode } from '../../contracts/session';
import { menu, sampleMenus } from '../test/menus';
import { buildNavEntries, homeShortcuts, menuTrail, openGroupsFor, splitByPlacement, type NavEntry } from './nav';

const menus = sampleMenus;

/** A compact picture of nav entries: 'title→href' for links, 'title[...]' for submenus. */
const shape = (entries: NavEntry[]): string[] =>
  entries.map((entry) =>
    entry.kind === 'link' ? `${entry.menu.menuname}→${entry.href}` : `${entry.menu.menuname}[${shape(entry.children).join(',')}]`,
  );

describe('sidebar building rules (SPEC §2 Shell)', () => {
  it('leaves hidden menus out at every level', () => {
    const tree = [
      menu('d', '', { menuname: '目录', children: [menu('a', '/x/a', { menuname: 'A' }), menu('b', '/x/b', { menuname: 'B', hidden: true }), menu('c', '/x/c', { menuname: 'C' })] }),
      menu('h', '/x/h', { menuname: 'H', hidden: true }),
    ];
    expect(shape(buildNavEntries(tree))).toEqual(['目录[A→/x/a,C→/x/c]']);
  });

  it('a menu with one shown child becomes a direct link to that child, with the parent icon as fallback', () => {
    const tree = [menu('d', '', { menuname: '目录', icon: 'user', children: [menu('a', '/x/a', { menuname: 'A' })] })];
    const [entry] = buildNavEntries(tree);
    expect(shape([entry])).toEqual(['A→/x/a']);
    expect(entry.icon).toBe('user');
  });

  it('a route whose single child is hidden is a direct link to itself', () => {
    const tree = [menu('p', '/survey/cjwj', { menuname: '问卷管理', children: [menu('v', '/survey/cjwj/perviewWJ', { hidden: true })] })];
    expect(shape(buildNavEntries(tree))).toEqual(['问卷管理→/survey/cjwj']);
  });

  it('a directory whose single child is hidden links to that child, under its own title', () => {
    const tree = [menu('d', '', { menuname: '家长问卷', children: [menu('q', '/pztm/pztm', { menuname: '题目配置', hidden: true })] })];
    expect(shape(buildNavEntries(tree))).toEqual(['家长问卷→/pztm/pztm']);
  });

  it('always-show keeps a submenu even with a single child or none shown', () => {
    const single = [menu('d', '', { menuname: '目录', alwaysShow: true, children: [menu('a', '/x/a', { menuname: 'A' })] })];
    expect(shape(buildNavEntries(single))).toEqual(['目录[A→/x/a]']);
    const hiddenOnly = [menu('d', '', { menuname: '家长问卷', alwaysShow: true, children: [menu('q', '/pztm/pztm', { hidden: true })] })];
    expect(shape(buildNavEntries(hiddenOnly))).toEqual(['家长问卷[]']);
  });

  it('nested children become nested submenus; a single child with its own children stays a submenu', () => {
    const tree = [
      menu('d', '', {
        menuname: '系统',
        children: [menu('e', '', { menuname: '用户', children: [menu('a', '/s/a', { menuname: 'A' }), menu('b', '/s/b', { menuname: 'B' })] })],
      }),
    ];
    expect(shape(buildNavEntries(tree))).toEqual(['系统[用户[A→/s/a,B→/s/b]]']);
    expect(openGroupsFor(buildNavEntries(tree), '/s/b')).toEqual(['d', 'e']);
    expect(openGroupsFor(buildNavEntries(tree), '/nowhere')).toEqual([]);
  });

  it('orders by sort and drops a directory with nothing to open', () => {
    const tree = [menu('2', '/b', { menuname: 'B', sort: 20 }), menu('1', '/a', { menuname: 'A', sort: 10 }), menu('3', '', { menuname: '空' })];
    expect(shape(buildNavEntries(tree))).toEqual(['A→/a', 'B→/b']);
  });

  it("puts top-level menus with remark cdwz 'top' in the top bar", () => {
    const tree = [
      menu('l', '/l', { remark: '{"cdwz":"left"}' }),
      menu('t', '', { remark: '{"cdwz":"top"}', children: [menu('m', '/messageCenter/xxzx')] }),
      menu('n', '/n'),
    ];
    const { left, top } = splitByPlacement(tree);
    expect(left.map((m) => m.id)).toEqual(['l', 'n']);
    expect(top.map((m) => m.id)).toEqual(['t']);
  });

  it('on the seed menus: the hidden preview is not drawn, the always-show directory is a submenu, 消息 is in the top bar', () => {
    let id = 0;
    const seed: MenuNode[] = MENU_CATALOGUE.map((directory, index) =>
      menu(String(++id), '', {
        menuname: directory.menuname,
        icon: directory.icon,
        sort: index,
        alwaysShow: directory.alwaysShow ?? false,
        remark: JSON.stringify({ menuNameEng: directory.menuNameEng, cdwz: directory.placement ?? 'left' }),
        children: directory.children.map((child, childIndex) =>
          menu(String(++id), child.menuurl, { menuname: child.menuname, sort: childIndex, hidden: child.hidden ?? false, icon: child.icon ?? '' }),
        ),
      }),
    );
    const { left, top } = splitByPlacement(seed);
    expect(top.map((m) => m.menuname)).toEqual(['消息']);
    const entries = buildNavEntries(left);
    const flat = shape(entries).join('|');
    expect(flat).not.toContain('问卷预览');
    expect(flat).toContain('家长问卷[]');
    expect(flat).toContain('沟通交流[问卷管理→/survey/cjwj,问卷填报→/survey/wjdt');
    // the top bar's one directory has a single child: drawn as that child's link
    expect(shape(buildNavEntries(top))).toEqual(['消息中心→/messageCenter/xxzx']);
  });
});

describe('breadcrumb trail and home shortcuts', () => {
  it('lists the menus from the top level down to the current route', () => {
    expect(menuTrail(menus, '/zsgl/xsbm').map((m) => m.id)).toEqual(['1', '11']);
    expect(menuTrail(menus, '/custom/page/abc').map((m) => m.id)).toEqual(['4']);
    expect(menuTrail(menus, '/nowhere')).toEqual([]);
    expect(menuTrail(menus, '/zsgl/xsbm/detail').map((m) => m.id)).toEqual(['1', '11']);
  });

  it("collects menus flagged sfswsy '1' with an address, once each", () => {
    const tree = [
      menu('d', '', { remark: '{"sfswsy":"1"}', children: [menu('a', '/a', { remark: '{"sfswsy":"1"}' }), menu('b', '/b', { remark: '{"sfswsy":"0"}' })] }),
      menu('c', '/A', { remark: '{"sfswsy":"1"}' }),
      menu('e', '/e', { remark: '{"sfswsy":"1"}', hidden: true }),
    ];
    expect(homeShortcuts(tree).map((m) => m.id)).toEqual(['a', 'e']);
  });
});
