import { describe, expect, it } from 'vitest';
import { sampleMenus } from '../test/menus';
import { findMenuByPath, findMenuForPage, menuHref, menuTitle, resolveMenuScreen, visibleMenus } from './menus';

const menus = sampleMenus;

const inventory = { built: ['/dashboard'], plannedAreas: ['zsgl', 'jxgl', 'custom'] };

describe('menu → screen resolution', () => {
  it('a menu URL with a registered screen is built', () => {
    expect(resolveMenuScreen('/dashboard', menus, inventory)).toMatchObject({ kind: 'built', key: '/dashboard' });
  });

  it('a menu URL in a planned area is "not built yet"', () => {
    expect(resolveMenuScreen('/zsgl/xsbm', menus, inventory)).toMatchObject({ kind: 'not-built', menu: { id: '11' } });
    expect(resolveMenuScreen('/jxgl/cjlr/', menus, inventory)).toMatchObject({ kind: 'not-built' });
  });

  it('a menu URL the client knows nothing about is "Cannot find module"', () => {
    expect(resolveMenuScreen('/demo/missing-screen', menus, inventory)).toMatchObject({ kind: 'missing', menu: { id: '2' } });
  });

  it('a path that is not one of the user menus is not found (→ /404)', () => {
    expect(resolveMenuScreen('/no/such/page', menus, inventory)).toEqual({ kind: 'not-found' });
    expect(resolveMenuScreen('/zsgl', menus, inventory)).toEqual({ kind: 'not-found' });
    expect(resolveMenuScreen('/', menus, inventory)).toEqual({ kind: 'not-found' });
  });

  it('hidden menus are still routes (hidden only from the sidebar)', () => {
    expect(resolveMenuScreen('/hidden/one', menus, { ...inventory, plannedAreas: ['hidden'] })).toMatchObject({ kind: 'not-built' });
  });

  it('a custom preview menu matches its URL plus one parameter segment', () => {
    expect(findMenuByPath(menus, '/custom/page/abc')?.id).toBe('4');
    expect(findMenuByPath(menus, '/custom/page')?.id).toBe('4');
    expect(findMenuByPath(menus, '/custom/page/a/b')).toBeUndefined();
    expect(menuHref(menus[3])).toBe('/custom/page/abc');
  });

  it("a screen's sub-page belongs to the menu with the longest address before it (breadcrumb and tabs only)", () => {
    expect(findMenuForPage(menus, '/zsgl/xsbm')?.id).toBe('11');
    expect(findMenuForPage(menus, '/zsgl/xsbm/detail')?.id).toBe('11');
    expect(findMenuForPage(menus, '/zsgl/xsbmx')).toBeUndefined();
    expect(findMenuForPage(menus, '/nowhere/else')).toBeUndefined();
    // which screen a path shows stays exact
    expect(findMenuByPath(menus, '/zsgl/xsbm/detail')).toBeUndefined();
  });
});

describe('menu titles and visibility', () => {
  it('uses remark.menuNameEng in English, menuname otherwise or when absent', () => {
    expect(menuTitle(menus[0], 'en')).toBe('Admissions');
    expect(menuTitle(menus[0], 'zh')).toBe('招生管理');
    expect(menuTitle(menus[1], 'en')).toBe('缺失页面');
    expect(menuTitle(menus[5], 'en')).toBe('菜单6'); // unparseable remark
  });

  it('leaves hidden menus out of the sidebar tree', () => {
    const ids = visibleMenus(menus).map((m) => m.id);
    expect(ids).not.toContain('5');
    expect(ids).toContain('1');
  });
});
