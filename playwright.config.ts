import { defineConfig, devices } from '@playwright/test';

// Real Chromium (Debian's package; Playwright cannot download browsers here) against the
// production build served by the real server on a fresh database.
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;
// A second server with XIAOWU_REQUEST_ENCRYPTION=on, for tests/e2e/encryption.spec.ts only.
const encryptionPort = Number(process.env.E2E_ENC_PORT ?? port + 1);
export const encryptionBaseURL = `http://127.0.0.1:${encryptionPort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Artifacts in a subfolder: Playwright empties its outputDir, and test-results/ also holds vitest's report.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
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
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/api/login/options`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${encryptionBaseURL}/api/login/options`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(encryptionPort), XIAOWU_REQUEST_ENCRYPTION: 'on' },
    },
  ],
});
