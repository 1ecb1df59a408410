// Lint rules that make a wrong import fail (DESIGN §1 boundaries):
// contracts → zod only; src ↛ server; server ↛ src; sw → contracts + workbox;
// features never import other features; shared code flows components/lib → features → app/routes.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** Every folder of src/features: a new feature is covered by the "never imports another feature" rule at once. */
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What the public survey page and the shared answer form may not import (they stay light). */
const PUBLIC_SURVEY_PATTERNS = [
  { group: ['**/server/**', '**/sw/**'], message: 'src/ never imports server/ or sw/.' },
  {
    group: ['zod', '@chakra-ui/*', '@emotion/*', '@tanstack/*', 'dexie', 'dexie-react-hooks', 'chart.js', 'react-chartjs-2', '@dnd-kit/*'],
    allowTypeImports: true,
    message: 'The public survey page and the answer form stay light: plain React, Lingui core, idb-keyval.',
  },
  {
    regex: '(^|/)contracts/(?!survey-rules$|survey-urls$|application-rules$|school-time$)',
    allowTypeImports: true,
    message: 'Only zod-free contracts at runtime (survey-rules, survey-urls, application-rules, school-time); types with `import type`.',
  },
  { group: ['**/lib/**', '**/components/**', '**/app/**', '**/routes/**'], message: "The light entry never imports the app's modules." },
  {
    regex: '(^|/)features/(?!surveys/answer/)',
    message: 'Only the shared answer form (features/surveys/answer) is shared with the public page.',
  },
];

/** The light login page (login.html) and the one login screen it shares with the app's /login route (issue 21). */
const LIGHT_LOGIN_PATTERNS = [
  { group: ['**/server/**', '**/sw/**'], message: 'src/ never imports server/ or sw/.' },
  {
    group: ['zod', '@chakra-ui/*', '@emotion/*', '@tanstack/*', 'dexie', 'dexie-react-hooks', 'chart.js', 'react-chartjs-2', '@dnd-kit/*'],
    allowTypeImports: true,
    message: 'The login screen stays light (Lighthouse mobile ≥ 90 on /login): plain React, Lingui, its own CSS.',
  },
  {
    group: ['**/components/**', '**/routes/**', '**/lib/http', '**/lib/toaster', '**/lib/offline/**', '**/lib/i18n', '**/lib/expiry'],
    allowTypeImports: true,
    message: "The login screen never loads the app's shell pieces (http brings the toaster, the expiry prompt and the offline engine): login-client.ts makes its calls.",
  },
  { regex: '(^|/)app/(?!navigation$)', allowTypeImports: true, message: 'Only app/navigation (safeRedirect) is shared with the login page.' },
  { regex: '(^|/)features/(?!auth/)', message: 'A feature never imports another feature; the login page only the login screen.' },
];

export default tseslint.config(
  {
    ignores: ['dist', 'dist-*', 'node_modules', 'data', 'src/routeTree.gen.ts', 'src/locales/**/*.ts', 'test-results', 'playwright-report', 'dev-dist', 'bench/out'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // No import cycle in the app's own code (a cycle makes load order decide what is undefined). Type-only
    // imports are erased and do not count; neither do lazy import()s (the lazy module loads after its
    // importer has run: screens and drawers split into chunks that import back their parent's exports).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts', 'sw/**/*.ts'],
    // nothing imports a test, so no cycle runs through one: skipping them saves the rule some time
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...restrict([
        { group: ['**/server/**', '../server/*', 'server/*'], message: 'src/ never imports server/: share through contracts/.' },
        { group: ['**/sw/**'], message: 'src/ never imports sw/.' },
      ]),
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/server/**'], message: 'src/ never imports server/.' },
      { group: ['**/features/**', '@/features/*'], message: 'components/ and lib/ are shared: they never import features/.' },
      { group: ['**/app/**', '**/routes/**'], message: 'components/ and lib/ never import app/ or routes/.' },
    ]),
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      { group: ['**/server/**'], message: 'src/ never imports server/.' },
      {
        group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`]),
        message: 'A feature never imports another feature: share through components/, lib/ or contracts/.',
      },
      { group: ['**/routes/**', '**/app/router*'], message: 'features/ never import routes/ or the app router.' },
    ]),
  })),
  {
    // The public survey page (survey.html, its own light entry: ≤ 90 KiB gzipped JS) and the answer form
    // every place shares: plain React, Lingui core, idb-keyval. Types may come from anywhere in contracts/.
    files: ['src/public-survey/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: PUBLIC_SURVEY_PATTERNS }],
    },
  },
  {
    // The answer form itself: the same, and no relative import out of answer/ (a `../manage-api` or
    // `../labels` would pull zod and Chakra into the public page): only ./ and contracts/.
    files: ['src/features/surveys/answer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PUBLIC_SURVEY_PATTERNS,
            {
              regex: '^\\.\\./(?!\\.\\./\\.\\./\\.\\./contracts/)',
              message: 'The answer form imports only its own files (./) and contracts/: it is shared with the light public page.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/login-page/**/*.{ts,tsx}', 'src/features/auth/LoginScreen.tsx', 'src/features/auth/login-client.ts', 'src/features/auth/login-catalog.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: LIGHT_LOGIN_PATTERNS }],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./|\\.\\./resource$).*', message: 'contracts/ import only zod and each other (contracts/resources/ the kit: ../resource).' }] },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!workbox-|\\.\\./contracts/|\\./).*', message: 'sw/ imports only contracts/ and Workbox.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'bench/**/*.ts', 'tests/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([{ group: ['**/src/**', '../src/*'], message: 'server/ never imports src/: share through contracts/.' }]),
  },
  {
    // immich style: a module reaches another module only through that module's service.
    files: ['server/modules/**/*.ts'],
    rules: restrict([
      { group: ['**/src/**'], message: 'server/ never imports src/.' },
      {
        group: ['../*/*.repository', '../*/*.routes', '../*/*.repository.js', '../*/*.routes.js'],
        message: "Reach another module through its service, not its repository or routes.",
      },
    ]),
  },
  {
    // Server tests seal requests with the browser's own code, so they prove the real client and
    // the server agree (a copy could drift). Only this module; production server code never imports src/.
    files: ['server/**/*.test.ts'],
    rules: restrict([
      { regex: '(^|/)src/(?!lib/request-seal$)', message: 'server/ never imports src/ (tests may import src/lib/request-seal only).' },
    ]),
  },
);
