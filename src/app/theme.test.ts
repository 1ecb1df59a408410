import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { themeVariables } from '../lib/themes';
import { system } from './theme';

/** Every Chakra component the app imports must have its recipe in the (trimmed) system. */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../routeTree.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function chakraImports(): Set<string> {
  const found = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(/import\s*\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1].split(',')) {
        const local = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (/^[A-Z]/.test(local)) found.add(local);
      }
    }
  }
  return found;
}

const ALIASES: Record<string, string> = { Toaster: 'toast', IconButton: 'button', CloseButton: 'button' };

describe('Chakra system', () => {
  it('has the recipe of every Chakra component used in src/', () => {
    const recipes = { ...defaultConfig.theme?.recipes, ...defaultConfig.theme?.slotRecipes };
    const missing: string[] = [];
    const components = chakraImports();
    expect(components.size).toBeGreaterThan(10);
    for (const component of components) {
      const key = ALIASES[component] ?? component[0].toLowerCase() + component.slice(1);
      if (!(key in recipes)) continue; // a layout primitive without a recipe
      if (!system.getRecipe(key) && !system.getSlotRecipe(key)) missing.push(`${component} (${key})`);
    }
    expect(missing).toEqual([]);
  });

  it('uses the green theme colour #00693e as brand.solid', () => {
    expect(system.token('colors.brand.600')).toBe('#00693e');
    expect(system.token.var('colors.brand.solid')).toContain('--chakra-colors-brand-solid');
  });

  it('names its brand variables the way the run-time themes override them', () => {
    for (const name of Object.keys(themeVariables('red'))) {
      const token = name.replace('--chakra-colors-', 'colors.').replace(/-(\w+)$/, '.$1');
      expect(system.token.var(token)).toBe(`var(${name})`);
    }
  });
});

