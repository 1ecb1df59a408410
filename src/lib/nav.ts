import type { MenuNode } from '../../contracts/session';
import { findMenuForPage, menuHref, normalisePath, parseRemark } from './menus';

/**
 * What the shell draws from the menu tree (SPEC §2 Shell): sidebar and top-bar entries, the open
 * submenus for a page, the breadcrumb trail, the home-page shortcuts. Apart from lib/menus.ts so
 * that /login, which resolves menu routes, does not load the shell's rules.
 */

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

/** The menus from the top level down to the one `pathname` belongs to (the breadcrumb), or []. */
export function menuTrail(menus: readonly MenuNode[], pathname: string): MenuNode[] {
  const target = findMenuForPage(menus, pathname);
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
