import type { MenuNode, MenuRemark } from '../../contracts/session';

/** Menu tree helpers (SPEC §2 dynamic routes, §3 Menu). */

export function parseRemark(remark: string | null | undefined): MenuRemark {
  if (!remark) return {};
  try {
    const value: unknown = JSON.parse(remark);
    return value && typeof value === 'object' ? (value as MenuRemark) : {};
  } catch {
    return {};
  }
}

/** Title by language: `remark.menuNameEng` in English when present, else `menuname`. */
export function menuTitle(menu: Pick<MenuNode, 'menuname' | 'remark'>, locale: string): string {
  if (locale === 'en') {
    const english = parseRemark(menu.remark).menuNameEng;
    if (english) return english;
  }
  return menu.menuname;
}

/** '/a/b/' → '/a/b'; 'a' → '/a'; '' stays ''. */
export function normalisePath(path: string): string {
  if (!path) return '';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

/** Whether the menu is a custom preview page (remark sfzdy '1') carrying a parameter in its path. */
export const isCustomMenu = (menu: MenuNode): boolean => parseRemark(menu.remark).sfzdy === '1';

/** The address a menu item links to: its menuurl, plus the custom parameter for custom pages. */
export function menuHref(menu: MenuNode): string {
  const url = normalisePath(menu.menuurl);
  const remark = parseRemark(menu.remark);
  if (url && remark.sfzdy === '1' && remark.zdycs) return `${url}/${encodeURIComponent(remark.zdycs)}`;
  return url;
}

export function flattenMenus(menus: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      out.push(node);
      if (node.children?.length) walk(node.children);
    }
  };
  walk(menus);
  return out;
}

/**
 * The menu whose route a path is: equal to its menuurl (case-insensitive, trailing slash ignored),
 * or, for a custom preview page, its menuurl followed by one parameter segment.
 */
export function findMenuByPath(menus: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const path = normalisePath(pathname).toLowerCase();
  if (!path) return undefined;
  const all = flattenMenus(menus).filter((menu) => normalisePath(menu.menuurl));
  const exact = all.find((menu) => normalisePath(menu.menuurl).toLowerCase() === path);
  if (exact) return exact;
  return all.find((menu) => {
    if (!isCustomMenu(menu)) return false;
    const base = normalisePath(menu.menuurl).toLowerCase();
    const rest = path.startsWith(`${base}/`) ? path.slice(base.length + 1) : '';
    return rest !== '' && !rest.includes('/');
  });
}

/**
 * The menu a page belongs to: its own menu, else the menu whose address is the longest prefix of
 * the page's (a screen's sub-pages, e.g. /xssw/xskq/roll under 学生考勤 /xssw/xskq). For the
 * breadcrumb and the tabs only: which screen a path shows is findMenuByPath's exact rule.
 */
export function findMenuForPage(menus: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const own = findMenuByPath(menus, pathname);
  if (own) return own;
  const path = normalisePath(pathname).toLowerCase();
  let best: MenuNode | undefined;
  let bestLength = 0;
  for (const menu of flattenMenus(menus)) {
    const base = normalisePath(menu.menuurl).toLowerCase();
    if (base && base.length > bestLength && path.startsWith(`${base}/`)) {
      best = menu;
      bestLength = base.length;
    }
  }
  return best;
}

/** Menus to show: hidden ones left out, at every level. */
export function visibleMenus(menus: readonly MenuNode[]): MenuNode[] {
  return [...menus]
    .filter((menu) => !menu.hidden)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((menu) => ({ ...menu, children: visibleMenus(menu.children ?? []) }));
}

/** First path segment of a menu URL ('/jxgl/cjlr' → 'jxgl'); the "area" of the product it belongs to. */
export function menuArea(url: string): string {
  return normalisePath(url).split('/')[1] ?? '';
}

/**
 * What the client can show for a menu path (SPEC §2 dynamic routes, §8 "Dynamic view missing").
 *
 * The rule, in order:
 *  1. the path is not the route of one of the user's menus → 'not-found' (the route goes to /404);
 *  2. a screen for the menu URL is registered as built → 'built' with the registry key;
 *  3. the URL's area (first segment) is one of the product's planned areas → 'not-built'
 *     (the honest "this area is not built yet" page with the menu title);
 *  4. otherwise nothing in the client could ever render it → 'missing' ("Cannot find module"),
 *     as when the original client failed to import the view file of a menu.
 */
export type MenuScreenResolution =
  | { kind: 'built'; menu: MenuNode; key: string }
  | { kind: 'not-built'; menu: MenuNode }
  | { kind: 'missing'; menu: MenuNode }
  | { kind: 'not-found' };

export interface ScreenInventory {
  /** menu URLs (normalised) that have a built screen */
  built: ReadonlySet<string> | readonly string[];
  /** first path segments of the product areas that exist in the plan but are not built */
  plannedAreas: ReadonlySet<string> | readonly string[];
}

const find = (list: ReadonlySet<string> | readonly string[], value: string): string | undefined => {
  const lower = value.toLowerCase();
  for (const item of list) if (item.toLowerCase() === lower) return item;
  return undefined;
};

export function resolveMenuScreen(
  pathname: string,
  menus: readonly MenuNode[],
  inventory: ScreenInventory,
): MenuScreenResolution {
  const menu = findMenuByPath(menus, pathname);
  if (!menu) return { kind: 'not-found' };
  const url = normalisePath(menu.menuurl);
  const key = find(inventory.built, url);
  if (key !== undefined) return { kind: 'built', menu, key };
  if (find(inventory.plannedAreas, menuArea(url)) !== undefined) return { kind: 'not-built', menu };
  return { kind: 'missing', menu };
}
