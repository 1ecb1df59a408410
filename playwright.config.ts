import { defineConfig, devices } from '@playwright/test';

// Real Chromium (Debian's package; Playwright cannot download browsers here) against the
// production build served by the real server on a fresh database.
//
// E2E_WORKERS workers (default 2) run spec files side by side, each against a server and database of
// its own, so no spec sees another's writes while it runs: worker 0 at E2E_PORT, worker i at
// E2E_ENC_PORT + i. One worker leaves much of the 2 cores idle (the browser and the server wait on
// each other); two used no more CPU in all and finished ~1.5× sooner. Playwright sets
// TEST_PARALLEL_INDEX in each worker before it loads this file, so `baseURL` below (imported by
// specs) is the worker's own server too.
const workers = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 8181);
// A server with XIAOWU_REQUEST_ENCRYPTION=on, shared by the workers (its specs only read, or change
// their own account): tests/e2e/encryption.spec.ts and the public survey page's encrypted case.
const encryptionPort = Number(process.env.E2E_ENC_PORT ?? firstPort + 1);
export const encryptionBaseURL = `http://127.0.0.1:${encryptionPort}`;
const workerPort = (index: number) => (index === 0 ? firstPort : encryptionPort + index);
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const baseURL = `http://127.0.0.1:${workerPort(parallelIndex)}`;
// The build, a copy per further worker: pwa.spec and offline-attendance.spec rewrite its sw.js to
// stage a new deployment (at XIAOWU_STATIC_DIR, which they read in the worker, so it is set here).
const staticDir = (process.env.XIAOWU_STATIC_DIR ?? 'dist').replace(/-e2e-worker\d+$/, '');
const workerStaticDir = (index: number) => (index === 0 ? staticDir : `${staticDir}-e2e-worker${index}`);
if (parallelIndex > 0) process.env.XIAOWU_STATIC_DIR = workerStaticDir(parallelIndex);

const server = (port: number, env: Record<string, string> = {}, copyBuildTo?: string) => ({
  // (Playwright runs the command in a shell)
  command: `${copyBuildTo ? `rm -rf '${copyBuildTo}' && cp -r '${staticDir}' '${copyBuildTo}' && ` : ''}node scripts/e2e-server.mjs`,
  url: `http://127.0.0.1:${port}/api/login/options`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { E2E_PORT: String(port), ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Artifacts in a subfolder: Playwright empties its outputDir, and test-results/ also holds vitest's report.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    ...Array.from({ length: workers }, (_, index) =>
      index === 0 ? server(firstPort) : server(workerPort(index), { XIAOWU_STATIC_DIR: workerStaticDir(index) }, workerStaticDir(index)),
    ),
    server(encryptionPort, { XIAOWU_REQUEST_ENCRYPTION: 'on' }),
  ],
});
