import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { isApiPath } from '../../contracts/paths';
import { logIn, writeDeployedFile } from './support';

// The installable, offline-capable shell (issue 6): real Chromium, the production build and its
// service worker, the real server. "Offline" means every request to the server is aborted, for the
// page and for the service worker (context.route sees both; setOffline alone does not cut the
// service worker's own requests, OFFLINE.md note).

/** The service worker the e2e server serves (its XIAOWU_STATIC_DIR, as in scripts/e2e-server.mjs). */
const SW_FILE = join(process.env.XIAOWU_STATIC_DIR ?? 'dist', 'sw.js');
const TEACHER = { tenant: 'demo', username: 'teacher' } as const;

async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The server is unreachable: API calls and static files alike fail at the network. */
async function cutTheServer(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

async function restoreTheServer(context: BrowserContext): Promise<void> {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/** One online visit as the teacher: logged in, service worker controlling, reads persisted. */
async function onlineVisit(page: Page): Promise<void> {
  await logIn(page, TEACHER);
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
  await serviceWorkerReady(page);
  // a second load runs under the service worker (runtime caches filled); the persister writes
  await page.reload();
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.waitForTimeout(2500);
}

async function openDb(page: Page, name: string, script: 'add' | 'count'): Promise<number> {
  return page.evaluate(
    async ([dbName, what]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (what === 'count') {
          return await new Promise<number>((resolve, reject) => {
            const request = db.transaction('outbox').objectStore('outbox').count();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
        }
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('outbox', 'readwrite');
          // a write the server refused (kept as failed: never dropped without the user)
          tx.objectStore('outbox').put({
            opId: '01900000-0000-7000-8000-0000000000e2',
            kind: 'e2e.none',
            url: '/api/e2e/none',
            entityKey: 'e2e:update',
            payload: { n: 1 },
            baseVersion: null,
            createdAt: Date.now(),
            attempts: 1,
            state: 'failed',
            lastError: { code: 40400, msg: 'e2e' },
            serverData: null,
            nextAttemptAt: 0,
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        return 1;
      } finally {
        db.close();
      }
    },
    [name, script] as const,
  );
}

test.describe('installable app', () => {
  test('the manifest and service worker leave Chromium no installability errors', async ({ baseURL, launchOptions }) => {
    // a profile on disk: Chromium never offers installation in incognito, which test contexts are
    const profile = await mkdtemp(join(tmpdir(), 'xiaowu-pwa-'));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale: 'zh-CN' });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await onlineVisit(page);
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone', name: expect.stringMatching(/校务.*Xiaowu/) });
      const icons = manifest.icons as { sizes: string; purpose?: string }[];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});

test.describe('offline start', () => {
  test('after one online visit the app starts logged in with the server unreachable, and a menu screen opens', async ({ page, context }) => {
    await onlineVisit(page);
    await cutTheServer(context);
    // an API answer that reaches the page must come from the service worker's cache
    const fromServer: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (isApiPath(url.pathname) && !response.fromServiceWorker()) fromServer.push(url.pathname);
    });

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-today')).toBeVisible();
    await expect(page.getByTestId('current-user')).not.toBeEmpty();
    await expect(page.getByTestId('offline-indicator')).toHaveAttribute('data-state', /offline|unreachable/);
    // quiet while offline: the indicator, no network-error toasts
    await expect(page.getByText('网络错误')).toHaveCount(0);

    // the menus render from the cache and a menu screen opens (its chunk comes from the precache)
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('button', { name: '学生与班级' }).click();
    const link = sidebar.getByRole('link').filter({ hasNotText: '首页' }).first();
    await expect(link).toBeVisible();
    const title = (await link.innerText()).trim();
    await link.click();
    await expect(page).not.toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('breadcrumb')).toContainText(title);
    await expect(page.getByText('Cannot find module')).toHaveCount(0);
    await expect(page.getByLabel('用户名')).toHaveCount(0); // not sent to the login page
    expect(fromServer).toEqual([]);

    await restoreTheServer(context);
  });
});

test.describe('updates', () => {
  test('a new service worker prompts and waits; nothing reloads by itself; the outbox survives the update', async ({ page }) => {
    await onlineVisit(page);
    const name = await page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name ?? '').find((dbName) => dbName.startsWith('xiaowu-offline:')),
    );
    expect(name).toMatch(/^xiaowu-offline:demo:/);
    await openDb(page, name!, 'add');
    // something only this page instance holds (what a reload would lose, like typed input)
    await page.evaluate(() => {
      (window as unknown as { typed: string }).typed = 'still here';
    });

    const original = await readFile(SW_FILE, 'utf8');
    try {
      await writeDeployedFile(SW_FILE, `${original}\n// e2e: a new build ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      await expect(page.getByText('有新版本可用，刷新后生效')).toBeVisible({ timeout: 20_000 });
      await page.waitForTimeout(3000);
      expect(await page.evaluate(() => (window as unknown as { typed?: string }).typed)).toBe('still here');

      // the user chooses: the new worker takes over and the page reloads; the queued write is still there
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.getByRole('button', { name: '刷新', exact: true }).click()]);
      await expect(page.getByTestId('dashboard-today')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { typed?: string }).typed)).toBeUndefined();
      expect(await openDb(page, name!, 'count')).toBe(1);
    } finally {
      await writeDeployedFile(SW_FILE, original);
    }
  });
});
