// Quick check before committing (not part of npm run bench, which measures the same way on dist/):
// gzipped same-origin JS a logged-in admin's /dashboard loads (≤ 300 KiB) and /login loads (≤ 200 KiB),
// from a given build directory, against the real server (bench/login-js.ts stubs the API instead).
// usage: npx tsx bench/dashboard-js.ts <distDir> [port]   (default port 8770; the encryption server uses port+1)
// Starts the app (scripts/e2e-server.mjs: a fresh database in data/e2e-<port>, captcha off) on the build,
// logs in as the demo admin, opens /dashboard in Chromium with the session cookie (and /login without one),
// service workers blocked, and sums the gzip size of every .js file fetched from the app's origin, as
// bench/run.ts does. Exit code 1 when either is over its budget, or when /login grew more than 2 KiB past
// the last line of ARCHITECTURE.md's "/login JS ledger" (bench/login-ledger.ts). ROWS=n lists the n biggest
// files; PAGES=/a,/b also measures those pages as the admin (no budget).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { checkLoginLedger, lastLedgerKiB } from './login-ledger';
import { pageJs } from './page-js';

const dir = resolve(process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? 8770);
const base = `http://127.0.0.1:${port}`;
const root = new URL('..', import.meta.url).pathname;
// read before the app starts, so a broken ledger fails at once
const ledgerKiB = lastLedgerKiB(readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8'));

const app = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, E2E_PORT: String(port), XIAOWU_STATIC_DIR: dir },
});

async function stopApp(): Promise<void> {
  if (app.exitCode !== null) return;
  const exited = new Promise((r) => app.once('exit', r));
  app.kill('SIGINT');
  await exited;
}

async function waitFor200(url: string, timeoutMs = 300_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

try {
  await waitFor200(`${base}/api/login/options`);
  const body = new URLSearchParams({ username: 'admin', password: 'Xiaowu@2026', tenant: 'demo' });
  const json = await (await fetch(`${base}/api/login/v3`, { method: 'POST', body })).json();
  if (!json.result) throw new Error(`login failed: ${json.msg}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const measure = async (path: string, budgetKiB: number | null, token?: string) => {
    const { total, files: rows } = await pageJs(browser, { base, dir, path, token });
    for (const [n, s] of rows.slice(0, Number(process.env.ROWS ?? 0))) console.log(String(n).padStart(7), s);
    console.log(`${path}${token ? ' (admin)' : ''}: ${(total / 1024).toFixed(1)} KiB in ${rows.length} files${budgetKiB ? ` (budget ${budgetKiB})` : ''}`);
    if (budgetKiB && total > budgetKiB * 1024) process.exitCode = 1;
    return total;
  };
  try {
    const ledger = checkLoginLedger(await measure('/login', 200), ledgerKiB);
    if (ledger.ok) console.log(ledger.message);
    else {
      console.error(`✖ ${ledger.message}`);
      process.exitCode = 1;
    }
    await measure('/dashboard', 300, json.data.token);
    for (const path of (process.env.PAGES ?? '').split(',').filter(Boolean)) await measure(path, null, json.data.token);
  } finally {
    await browser.close();
  }
} finally {
  await stopApp();
}
