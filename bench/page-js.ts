// Gzipped same-origin JS a page loads in Chromium, from the build it is served from: the measure of
// the /login and /dashboard budgets, shared by bench/run.ts and bench/dashboard-js.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface PageJs {
  /** gzipped bytes of every .js file fetched from the app's origin */
  total: number;
  /** [gzipped bytes, path], biggest first */
  files: (readonly [number, string])[];
}

/** Opens `path` (with the session cookie when `token` is given; service workers blocked) and sums its scripts. */
export async function pageJs(browser: Browser, options: { base: string; dir: string; path: string; token?: string }): Promise<PageJs> {
  const { base, dir, path, token } = options;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (token) {
      await context.addCookies([
        { name: 'xiaowu-token', value: encodeURIComponent(token), url: base },
        { name: 'xiaowu-token-failed', value: '0', url: base },
      ]);
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    const files = [...scripts].map((script) => [gzipSync(readFileSync(join(dir, script))).length, script] as const).sort((a, b) => b[0] - a[0]);
    return { total: files.reduce((sum, [bytes]) => sum + bytes, 0), files };
  } finally {
    await context.close();
  }
}
