import type { MenuNode } from '../../contracts/session';

/** A menu node for tests: only what a case cares about is given. */
export const menu = (id: string, menuurl: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  menuname: `菜单${id}`,
  menuurl,
  icon: '',
  remark: '',
  sort: 0,
  hidden: false,
  alwaysShow: false,
  perms: [],
  children: [],
  ...extra,
});

/** A small tree with a directory, a missing screen, home, a custom page, a hidden menu and bad remark JSON. */
export const sampleMenus: MenuNode[] = [
  menu('1', '', {
    menuname: '招生管理',
    remark: JSON.stringify({ menuNameEng: 'Admissions' }),
    children: [menu('11', '/zsgl/xsbm', { menuname: '学生报名', remark: '{"menuNameEng":"Registration"}' })],
  }),
  menu('2', '/demo/missing-screen', { menuname: '缺失页面' }),
  menu('3', '/dashboard', { menuname: '首页' }),
  menu('4', '/custom/page', { remark: JSON.stringify({ sfzdy: '1', zdycs: 'abc' }) }),
  menu('5', '/hidden/one', { hidden: true }),
  menu('6', '/jxgl/cjlr', { remark: 'not json' }),
];
