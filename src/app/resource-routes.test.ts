import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueRoutes } from "../../contracts/menus";
import type { ResourceFeature } from "../components/resource/feature";

// A kit route names its permission as a literal (it must not import the definition: the entry chunk
// budget), the definition names it as `perm`, the menu catalogue as the menu's perms. This ties the three.
const ROUTES = resolve(__dirname, "../routes");
const KIT_ROUTE =
  /createFileRoute\('([^']+)'\)\(\s*resourceRoute\('([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)\s*\)/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : [join(dir, entry.name)],
  );

const kitRoutes = files(ROUTES)
  .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
  .flatMap((file) => {
    const found = KIT_ROUTE.exec(readFileSync(file, "utf8"));
    return found
      ? [
          {
            file,
            path: found[1]!.replace(/^\/_app(?=\/)/, ""),
            perm: found[2]!,
            feature: resolve(dirname(file), found[3]!),
          },
        ]
      : [];
  });

describe("kit routes", () => {
  it("are found (the five kit resources at least)", () => {
    expect(kitRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/system/aitsc",
        "/system/apk",
        "/jcsj/xqgl",
        "/xlcd/jxlgl",
        "/xlcd/jsgl",
      ]),
    );
  });

  it.each(kitRoutes.map((route) => [route.path, route] as const))(
    "%s: the route, its definition and its menu demand one permission",
    async (_path, route) => {
      const feature = (
        (await import(route.feature)) as { default: ResourceFeature }
      ).default;
      expect(feature.definition.perm, `${route.file} vs the definition`).toBe(
        route.perm,
      );
      const menu = catalogueRoutes().find(
        (candidate) => candidate.menuurl === route.path,
      );
      expect(menu, `a catalogue menu for ${route.path}`).toBeDefined();
      expect(menu!.perms, `${route.file} vs contracts/menus.ts`).toEqual([
        route.perm,
      ]);
    },
  );
});
