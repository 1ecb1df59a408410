import { defineConfig } from 'vitest/config';

// Two projects: the browser code in jsdom (with the app's Vite plugins), and the
// server against a real PostgreSQL (embedded, or DATABASE_URL) started once per run.
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          // whole-shell renders take a few seconds on a busy 2-core machine; 5 s made them flaky
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
