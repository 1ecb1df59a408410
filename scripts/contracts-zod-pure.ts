import type { Plugin } from 'vite';

/**
 * contracts/*.ts build zod schemas at module level; the browser mostly imports their types and
 * constants. Marking zod's builders pure lets unused schemas (and zod) drop out of the bundle.
 * Rolldown's `manualPureFunctions` matches a callee by its name anywhere in the bundle, and `z` is
 * a common local name: jsencrypt's big-integer code calls `z.sqrTo(…)` for its side effect, so
 * marking `z` pure broke RSA encryption in production builds (the server could not decrypt).
 * The contracts' zod binding is renamed to a name nothing else uses, and only that name is pure.
 * Used by the app's build (vite.config.ts) and the light pages' (scripts/public-survey-build.ts).
 */
export const CONTRACTS_ZOD = '__contractsZod';

/** Rolldown's treeshake options that go with the plugin. */
export const CONTRACTS_TREESHAKE = { manualPureFunctions: [CONTRACTS_ZOD], propertyReadSideEffects: false as const };

export function contractsZodPure(): Plugin {
  return {
    name: 'xiaowu:contracts-zod-pure',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]contracts[\\/][^\\/]+\.ts$/.test(id) || !/import\s*\{\s*z\s*\}\s*from\s*'zod'/.test(code)) return null;
      return (
        code
          // any use left unrenamed still works, it is just not marked pure
          .replace(/import\s*\{\s*z\s*\}\s*from\s*'zod';?/, `import { z as ${CONTRACTS_ZOD} } from 'zod'; const z = ${CONTRACTS_ZOD};`)
          .replace(/(?<![\w$.])z(?=\s*\.)/g, CONTRACTS_ZOD)
      );
    },
  };
}
