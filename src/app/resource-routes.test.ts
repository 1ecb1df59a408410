import { describe, expect, it } from 'vitest';
import { catalogueRoutes } from '../../contracts/menus';
import type { ResourceFeature } from '../components/resource/feature';

// A kit route names its permission as a literal (it must not import the definition: the entry chunk
// budget), the definition names it as `perm`, the menu catalogue as the menu's perms. This ties the three.
const routeSources = import.meta.glob<string>(['../routes/**/*.{ts,tsx}', '!../routes/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
const features = import.meta.glob<{ default: ResourceFeature }>('../features/**/index.ts');
const KIT_ROUTE = /createFileRoute\('([^']+)'\)\(\s*resourceRoute\('([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)\s*\)/;

/** a path relative to this file (or to `from`) as /src/… */
const HERE = 'file:///src/app/resource-routes.test.ts';
const srcPath = (path: string, from = HERE) => new URL(path, from).pathname;
const featureLoaders = Object.fromEntries(Object.entries(features).map(([key, load]) => [srcPath(key).replace(/\/index\.ts$/, ''), load]));

const kitRoutes = Object.entries(routeSources).flatMap(([key, source]) => {
  const found = KIT_ROUTE.exec(source);
  const file = srcPath(key);
  return found ? [{ file, path: found[1]!.replace(/^\/_app(?=\/)/, ''), perm: found[2]!, feature: srcPath(found[3]!, `file://${file}`) }] : [];
});

describe('kit routes', () => {
  it('are found (the five kit resources at least)', () => {
    expect(kitRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(['/system/aitsc', '/system/apk', '/jcsj/xqgl', '/xlcd/jxlgl', '/xlcd/jsgl']));
  });

  it.each(kitRoutes.map((route) => [route.path, route] as const))('%s: the route, its definition and its menu demand one permission', async (_path, route) => {
    const load = featureLoaders[route.feature];
    expect(load, `${route.file} imports a feature module (index.ts)`).toBeDefined();
    const feature = (await load!()).default;
    expect(feature.definition.perm, `${route.file} vs the definition`).toBe(route.perm);
    const menu = catalogueRoutes().find((candidate) => candidate.menuurl === route.path);
    expect(menu, `a catalogue menu for ${route.path}`).toBeDefined();
    expect(menu!.perms, `${route.file} vs contracts/menus.ts`).toEqual([route.perm]);
  });
});
