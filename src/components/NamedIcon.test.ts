import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE } from '../../contracts/menus';
import { ICON_NAMES } from './NamedIcon';

describe('named icons', () => {
  it('draw every icon the seeded menus name', () => {
    const named = MENU_CATALOGUE.flatMap((directory) => [directory.icon, ...directory.children.map((child) => child.icon ?? '')]);
    const missing = [...new Set(named.filter((name) => name && !ICON_NAMES.includes(name)))];
    expect(missing).toEqual([]);
  });
});
