import { normalisePath } from './menus';

/**
 * The strip of open pages (SPEC §2 "Tab strip") as pure rules: visited pages become tabs, the home
 * tab is always first and cannot be closed, a tab can be closed alone, with all others, or all at
 * once, and closing the active tab goes to the last tab (or /).
 *
 * A tab remembers the page's full address (path, search and hash), so returning to a tab brings
 * back its filters and paging; tabs are stored per user so that they survive a reload.
 */
export interface PageTab {
  /** the page's path, the tab's identity (compared without case or trailing slash) */
  path: string;
  /** where the tab leads: the path with the search and hash it was last seen with */
  href: string;
}

export const HOME_PATH = '/dashboard';
export const HOME_TAB: PageTab = { path: HOME_PATH, href: HOME_PATH };

const key = (path: string) => normalisePath(path).toLowerCase();
export const samePath = (a: string, b: string): boolean => key(a) === key(b);
export const isHome = (path: string): boolean => samePath(path, HOME_PATH);

/** The home tab first, exactly once; other tabs once each, in their order. */
export function withHome(tabs: readonly PageTab[]): PageTab[] {
  const seen = new Set<string>([key(HOME_PATH)]);
  const home = tabs.find((tab) => isHome(tab.path)) ?? HOME_TAB;
  const rest = tabs.filter((tab) => {
    const k = key(tab.path);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return [home, ...rest];
}

/** A visit: a new page is added at the end; a known page keeps its place and takes the new address. */
export function visitTab(tabs: readonly PageTab[], path: string, href: string): PageTab[] {
  const current = withHome(tabs);
  const index = current.findIndex((tab) => samePath(tab.path, path));
  if (index === -1) return [...current, { path: normalisePath(path), href }];
  if (current[index].href === href) return current;
  return current.map((tab, i) => (i === index ? { ...tab, href } : tab));
}

export interface TabChange {
  tabs: PageTab[];
  /** where to go now, when the active page's tab was closed */
  navigateTo?: string;
}

/** The last remaining tab's address, or / when none is left. */
const lastHref = (tabs: readonly PageTab[]): string => tabs.at(-1)?.href ?? '/';

export function closeTab(tabs: readonly PageTab[], path: string, activePath: string): TabChange {
  if (isHome(path)) return { tabs: withHome(tabs) };
  const remaining = withHome(tabs).filter((tab) => !samePath(tab.path, path));
  return samePath(path, activePath) ? { tabs: remaining, navigateTo: lastHref(remaining) } : { tabs: remaining };
}

/** Keeps the home tab and `keepPath`'s tab. */
export function closeOtherTabs(tabs: readonly PageTab[], keepPath: string, activePath: string): TabChange {
  const remaining = withHome(tabs).filter((tab) => isHome(tab.path) || samePath(tab.path, keepPath));
  const activeKept = remaining.some((tab) => samePath(tab.path, activePath));
  return activeKept ? { tabs: remaining } : { tabs: remaining, navigateTo: lastHref(remaining) };
}

/** Only the home tab stays; an open page other than home goes to the last tab (home). */
export function closeAllTabs(tabs: readonly PageTab[], activePath: string): TabChange {
  const remaining = withHome(tabs).filter((tab) => isHome(tab.path));
  return isHome(activePath) ? { tabs: remaining } : { tabs: remaining, navigateTo: lastHref(remaining) };
}

/** Storage key of a user's tabs: per school and per account, so people sharing a browser keep theirs. */
export const tabStorageKey = (tenant: string, userId: string): string => `xiaowu-tabs:${tenant}:${userId}`;

/**
 * Tabs stored for a user, keeping only well-formed entries whose page still exists for them
 * (a menu may have been taken away since).
 */
export function loadTabs(storage: Storage, storageKey: string, isOpenable: (path: string) => boolean): PageTab[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(storageKey) ?? '[]');
  } catch {
    raw = [];
  }
  const tabs = Array.isArray(raw)
    ? raw.filter(
        (tab): tab is PageTab =>
          Boolean(tab) &&
          typeof tab.path === 'string' &&
          typeof tab.href === 'string' &&
          !tab.href.startsWith('//') &&
          samePath(tab.href.split(/[?#]/)[0], tab.path) &&
          (isHome(tab.path) || isOpenable(tab.path)),
      )
    : [];
  return withHome(tabs.map((tab) => ({ path: tab.path, href: tab.href })));
}

export function saveTabs(storage: Storage, storageKey: string, tabs: readonly PageTab[]): void {
  try {
    storage.setItem(storageKey, JSON.stringify(tabs));
  } catch {
    // storage full or disabled (private mode): tabs then last as long as the page
  }
}
