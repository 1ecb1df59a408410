import { describe, expect, it } from 'vitest';
import { catalogueRoutes } from '../../contracts/menus';
import type { MenuNode } from '../../contracts/session';
import { resolveMenuScreen } from '../lib/menus';
import { SCREEN_INVENTORY } from './screens';

const asMenus = (): MenuNode[] =>
  catalogueRoutes().map((route, index) => ({
    id: String(index),
    menuname: route.menuname,
    menuurl: route.menuurl,
    icon: '',
    remark: JSON.stringify({ menuNameEng: route.menuNameEng }),
    sort: index,
    hidden: route.hidden,
    alwaysShow: false,
    perms: route.perms,
    children: [],
  }));

describe('screen registry against the menu catalogue (contracts/menus.ts)', () => {
  it('every catalogue screen is built or "not built yet", except the missing-screen demo', () => {
    const menus = asMenus();
    const outcome = Object.fromEntries(menus.map((m) => [m.menuurl, resolveMenuScreen(m.menuurl, menus, SCREEN_INVENTORY).kind]));
    const missing = Object.entries(outcome).filter(([, kind]) => kind === 'missing').map(([url]) => url);
    expect(missing).toEqual(['/demo/missing-screen']);
    expect(Object.values(outcome)).not.toContain('not-found');
  });

  it('a menu an administrator points at an unknown area is "Cannot find module"', () => {
    const menus = [...asMenus(), { ...asMenus()[0], id: 'x', menuurl: '/nowhere/page' }];
    expect(resolveMenuScreen('/nowhere/page', menus, SCREEN_INVENTORY).kind).toBe('missing');
  });
});
