import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  HOME_TAB,
  loadTabs,
  saveTabs,
  tabStorageKey,
  visitTab,
  withHome,
  type PageTab,
} from './tabs';

const tab = (path: string, search = ''): PageTab => ({ path, href: `${path}${search}` });
const paths = (tabs: PageTab[]) => tabs.map((t) => t.path);

describe('tab strip rules', () => {
  it('always starts with the home tab, exactly once', () => {
    expect(withHome([])).toEqual([HOME_TAB]);
    expect(paths(withHome([tab('/a'), tab('/dashboard'), tab('/a/')]))).toEqual(['/dashboard', '/a']);
  });

  it('adds a visited page at the end and keeps known pages in place with their latest address', () => {
    let tabs = visitTab([], '/a', '/a');
    tabs = visitTab(tabs, '/b', '/b?page=2');
    tabs = visitTab(tabs, '/A/', '/a?name=x');
    expect(tabs).toEqual([HOME_TAB, tab('/a', '?name=x'), tab('/b', '?page=2')]);
  });

  it('the home tab cannot be closed', () => {
    const tabs = [HOME_TAB, tab('/a')];
    expect(closeTab(tabs, '/dashboard', '/dashboard')).toEqual({ tabs });
  });

  it('closing an inactive tab stays on the page; closing the active tab goes to the last tab', () => {
    const tabs = [HOME_TAB, tab('/a'), tab('/b', '?page=3'), tab('/c')];
    expect(closeTab(tabs, '/a', '/c')).toEqual({ tabs: [HOME_TAB, tab('/b', '?page=3'), tab('/c')] });
    expect(closeTab(tabs, '/c', '/c')).toEqual({ tabs: [HOME_TAB, tab('/a'), tab('/b', '?page=3')], navigateTo: '/b?page=3' });
    expect(closeTab([HOME_TAB, tab('/a')], '/a', '/a')).toEqual({ tabs: [HOME_TAB], navigateTo: '/dashboard' });
  });

  it('close others keeps home and the chosen tab; close all keeps home only and leaves the page', () => {
    const tabs = [HOME_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(closeOtherTabs(tabs, '/b', '/b')).toEqual({ tabs: [HOME_TAB, tab('/b')] });
    expect(closeOtherTabs(tabs, '/b', '/c')).toEqual({ tabs: [HOME_TAB, tab('/b')], navigateTo: '/b' });
    expect(closeAllTabs(tabs, '/c')).toEqual({ tabs: [HOME_TAB], navigateTo: '/dashboard' });
    expect(closeAllTabs(tabs, '/dashboard')).toEqual({ tabs: [HOME_TAB] });
  });
});

describe('stored tabs', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per school and user and survive a reload', () => {
    const key = tabStorageKey('demo', 'u1');
    saveTabs(localStorage, key, [HOME_TAB, tab('/a', '?page=2')]);
    expect(loadTabs(localStorage, key, () => true)).toEqual([HOME_TAB, tab('/a', '?page=2')]);
    expect(loadTabs(localStorage, tabStorageKey('demo', 'u2'), () => true)).toEqual([HOME_TAB]);
    expect(loadTabs(localStorage, tabStorageKey('kg', 'u1'), () => true)).toEqual([HOME_TAB]);
  });

  it('drop pages the user can no longer open and malformed entries', () => {
    const key = tabStorageKey('demo', 'u1');
    localStorage.setItem(
      key,
      JSON.stringify([tab('/a'), tab('/gone'), { path: '/x' }, { path: '/y', href: '//evil.example/y' }, { path: '/z', href: '/other' }]),
    );
    expect(loadTabs(localStorage, key, (path) => path !== '/gone')).toEqual([HOME_TAB, tab('/a')]);
    localStorage.setItem(key, 'not json');
    expect(loadTabs(localStorage, key, () => true)).toEqual([HOME_TAB]);
  });
});
