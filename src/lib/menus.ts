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

/** Where a top-level menu sits (SPEC §2: remark cdwz 'top' puts it in the top bar; default left). */
export const menuPlacement = (menu: Pick<MenuNode, 'remark'>): 'top' | 'left' =>
  parseRemark(menu.remark).cdwz === 'top' ? 'top' : 'left';

/** Top-level menus split by placement, each list sorted. */
export function splitByPlacement(menus: readonly MenuNode[]): { left: MenuNode[]; top: MenuNode[] } {
  const sorted = [...menus].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  return {
    left: sorted.filter((menu) => menuPlacement(menu) === 'left'),
    top: sorted.filter((menu) => menuPlacement(menu) === 'top'),
  };
}

/** What the sidebar (or the top bar) draws for a menu: a link, or a submenu of further entries. */
export type NavEntry =
  | { kind: 'link'; id: string; /** whose title the link shows */ menu: MenuNode; icon: string; href: string }
  | { kind: 'group'; id: string; menu: MenuNode; icon: string; children: NavEntry[] };

const bySort = (a: MenuNode, b: MenuNode) => (a.sort ?? 0) - (b.sort ?? 0);

/**
 * The menu-building rules of SPEC §2 "Shell", as the original client's sidebar applied them:
 *  - hidden menus are never drawn (they stay routes);
 *  - a menu with exactly one shown child, itself without shown children, is drawn as a direct link
 *    to that child (the child's title, its icon or else the parent's);
 *  - a menu whose children are all hidden (e.g. a single hidden child) is a direct link: to its own
 *    address, or, for a directory without one, to its first hidden child's;
 *  - a menu flagged always-show is a submenu whatever its children (even none shown);
 *  - any other menu with shown children is a submenu; nested children become nested submenus;
 *  - a menu with no address and nothing to open is left out.
 */
export function buildNavEntries(menus: readonly MenuNode[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const menu of [...menus].sort(bySort)) {
    if (menu.hidden) continue;
    const children = menu.children ?? [];
    const shown = children.filter((child) => !child.hidden);
    if (menu.alwaysShow) {
      entries.push({ kind: 'group', id: menu.id, menu, icon: menu.icon, children: buildNavEntries(shown) });
      continue;
    }
    if (shown.length === 1 && !(shown[0].children ?? []).some((grandchild) => !grandchild.hidden)) {
      const only = shown[0];
      const href = menuHref(only);
      if (href) entries.push({ kind: 'link', id: only.id, menu: only, icon: only.icon || menu.icon, href });
      continue;
    }
    if (shown.length === 0) {
      const href = menuHref(menu) || (children[0] ? menuHref(children[0]) : '');
      if (href) entries.push({ kind: 'link', id: menu.id, menu, icon: menu.icon, href });
      continue;
    }
    entries.push({ kind: 'group', id: menu.id, menu, icon: menu.icon, children: buildNavEntries(shown) });
  }
  return entries;
}

/** Ids of the groups on the way to the entry whose link is `pathname` (outermost first), or []. */
export function openGroupsFor(entries: readonly NavEntry[], pathname: string): string[] {
  const path = normalisePath(pathname).toLowerCase();
  for (const entry of entries) {
    if (entry.kind === 'group' && containsLink(entry.children, path)) return [entry.id, ...openGroupsFor(entry.children, pathname)];
  }
  return [];
}

const containsLink = (entries: readonly NavEntry[], path: string): boolean =>
  entries.some((entry) =>
    entry.kind === 'link' ? normalisePath(entry.href).toLowerCase() === path : containsLink(entry.children, path),
  );

/** The menus from the top level down to the one whose route `pathname` is (the breadcrumb), or []. */
export function menuTrail(menus: readonly MenuNode[], pathname: string): MenuNode[] {
  const target = findMenuByPath(menus, pathname);
  if (!target) return [];
  const walk = (nodes: readonly MenuNode[], trail: MenuNode[]): MenuNode[] | undefined => {
    for (const node of nodes) {
      if (node.id === target.id) return [...trail, node];
      const found = walk(node.children ?? [], [...trail, node]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(menus, []) ?? [target];
}

/** Menus flagged as home-page shortcuts (remark sfswsy '1') that have an address, in menu order. */
export function homeShortcuts(menus: readonly MenuNode[]): MenuNode[] {
  const seen = new Set<string>();
  const sorted = (nodes: readonly MenuNode[]): MenuNode[] =>
    [...nodes].sort(bySort).flatMap((node) => [node, ...sorted(node.children ?? [])]);
  return sorted(menus).filter((menu) => {
    const href = menuHref(menu).toLowerCase();
    if (!href || parseRemark(menu.remark).sfswsy !== '1' || seen.has(href)) return false;
    seen.add(href);
    return true;
  });
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
