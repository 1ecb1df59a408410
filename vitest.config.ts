import { defineConfig } from 'vitest/config';

// Two projects: the browser code in jsdom (with the app's Vite plugins), and the
// server against a real PostgreSQL (embedded, or DATABASE_URL) started once per run.
// Vitest's default is one worker fewer than the cores: ONE on CI's 2 cores, with a core idle. The
// client files run 2 at a time; then the server files one at a time (vitest runs a one-worker
// project after the others): they share one database and its seeded accounts, and two files logging
// in as the same account at once are refused (login in progress, 42900), as measured with 3 workers.
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
          maxWorkers: 2,
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
          maxWorkers: 1,
        },
      },
    ],
  },
});
