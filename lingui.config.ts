import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Catalogs of features kept off /login (its JS budget): loaded with their screens through
 * lib/i18n.ts `loadFeatureCatalog`. Strings a feature shows outside its screens (dashboard cards,
 * menus) stay in the main catalog.
 */
const APPLICATIONS_CLIENT = [
  '<rootDir>/src/features/applications/*.{ts,tsx}',
  '<rootDir>/src/features/applications/kinds/student.tsx',
  '<rootDir>/src/features/applications/kinds/registry.ts',
  // H4: teacher attendance and the audit settings (the dashboard card's strings stay in the main catalog)
  '<rootDir>/src/features/applications/kinds/staff.tsx',
  '<rootDir>/src/features/applications/staff/*.{ts,tsx}',
  '<rootDir>/src/features/applications/settings/*.{ts,tsx}',
  // 学籍异动 (issue 23 item 4): a status change is an application
  '<rootDir>/src/features/applications/status-changes/*.{ts,tsx}',
];
/** The questionnaire screens of the app (issue 9); loaded with them. */
const SURVEYS_CLIENT = ['<rootDir>/src/features/surveys/**/*.{ts,tsx}'];
/** The public survey page (survey.html, its own light entry): its own strings and the shared answer form's. */
const PUBLIC_SURVEY = ['<rootDir>/src/public-survey/**/*.{ts,tsx}', '<rootDir>/src/features/surveys/answer/**/*.{ts,tsx}'];
/** System administration (issue 10): one catalog per area, `src/features/system/<area>/locales`, loaded with its screens. */
const SYSTEM_CLIENT = ['<rootDir>/src/features/system/**'];
/**
 * The login screen (issue 21), shared by the light page login.html and the app's /login route: its own
 * catalog, which is all login.html loads. lib/config.ts (the shipped titles) stays in the main one too.
 */
const LOGIN_SCREEN = ['<rootDir>/src/features/auth/LoginScreen.tsx', '<rootDir>/src/features/auth/login-client.ts', '<rootDir>/src/login-page/**/*.{ts,tsx}'];
/** 宿舍管理 (issue 23 item 6): loaded with its screen. */
const DORMS_CLIENT = ['<rootDir>/src/features/dorms/**/*.{ts,tsx}'];
/** 家庭信息 (issue 23 item 3): loaded with its screen. */
const GUARDIANS_CLIENT = ['<rootDir>/src/features/guardians/**/*.{ts,tsx}'];
/** 毕业管理 (issue 23 item 5): loaded with its screen. */
const GRADUATIONS_CLIENT = ['<rootDir>/src/features/graduations/**/*.{ts,tsx}'];
/** 班级管理 (issue 23 item 2): loaded with its screen. */
const CLASSES_CLIENT = ['<rootDir>/src/features/classes/**/*.{ts,tsx}'];
const TESTS = ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '**/test-support.tsx'];

/** zh is the source locale (messages are written in Chinese in the code); en must stay complete. */
export default defineConfig({
  sourceLocale: 'zh',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/routeTree.gen.ts', ...APPLICATIONS_CLIENT, ...SURVEYS_CLIENT, ...PUBLIC_SURVEY, ...SYSTEM_CLIENT, ...LOGIN_SCREEN, ...DORMS_CLIENT, ...GUARDIANS_CLIENT, ...CLASSES_CLIENT, ...GRADUATIONS_CLIENT],
    },
    {
      path: '<rootDir>/src/features/applications/locales/{locale}',
      include: APPLICATIONS_CLIENT,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/surveys/locales/{locale}',
      include: SURVEYS_CLIENT,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/system/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/system/{name}/'],
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/auth/locales/{locale}',
      include: [...LOGIN_SCREEN, '<rootDir>/src/lib/config.ts'],
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/dorms/locales/{locale}',
      include: DORMS_CLIENT,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/guardians/locales/{locale}',
      include: GUARDIANS_CLIENT,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/graduations/locales/{locale}',
      include: GRADUATIONS_CLIENT,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/features/classes/locales/{locale}',
      include: CLASSES_CLIENT,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/public-survey/locales/{locale}',
      include: PUBLIC_SURVEY,
      exclude: TESTS,
    },
  ],
  format: formatter({ lineNumbers: false }),
});
