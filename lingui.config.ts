import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** zh is the source locale (messages are written in Chinese in the code); en must stay complete. */
export default defineConfig({
  sourceLocale: 'zh',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
