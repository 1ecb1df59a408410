import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import type { Envelope } from '../../contracts/envelope';
import { isApiPath } from '../../contracts/paths';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const DEMO_PASSWORD = 'Xiaowu@2026';

export interface DemoAccount {
  tenant: 'demo' | 'kg';
  username: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { tenant: 'demo', username: 'admin' },
  { tenant: 'demo', username: 'teacher' },
  { tenant: 'demo', username: 'student' },
  { tenant: 'demo', username: 'parent' },
  { tenant: 'kg', username: 'admin' },
];

/** Fills the login form the way a person does (the school is chosen because localhost names no tenant). */
export async function fillLoginForm(page: Page, account: DemoAccount, password = DEMO_PASSWORD) {
  await expect(page.getByLabel('用户名')).toBeVisible();
  const school = page.getByLabel('学校');
  if (await school.isVisible()) await school.selectOption(account.tenant);
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

export async function logIn(page: Page, account: DemoAccount = DEMO_ACCOUNTS[0]) {
  await page.goto('/login');
  await fillLoginForm(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The login page (login.html) leaves with a full load: wait until the app has started (its language is
  // stored by then), or a language cookie the test sets next is overwritten by the app's start.
  await page.waitForFunction(() => '__TSR_ROUTER__' in window);
}

/** The session token the app stores, read from its cookie. */
export async function sessionToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'xiaowu-token')?.value;
  if (!token) throw new Error('no session token cookie');
  return decodeURIComponent(token);
}

/** Logs in through the form and waits until the service worker is active (it registers from the authenticated layout). */
export async function logInWithServiceWorker(page: Page, account: DemoAccount) {
  await logIn(page, account);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

// ---------------------------------------------------------------- network (page AND service worker)

/**
 * Offline for the page AND the service worker: `setOffline` alone does not cut what the service
 * worker fetches, so every API path (contracts/paths.ts) is aborted for the whole context too.
 */
const apiUrl = (url: URL) => isApiPath(url.pathname);
const abortApi = (route: Route) => route.abort('internetdisconnected');

export async function goOffline(context: BrowserContext) {
  await context.route(apiUrl, abortApi);
  await context.setOffline(true);
}

/** Back online: the routes go, the browser fires `online` (the outbox drains on it). */
export async function goOnline(context: BrowserContext) {
  await context.unroute(apiUrl, abortApi);
  await context.setOffline(false);
}

/** Waits until the app's persisted query cache (the user's Dexie database) holds `queryKey`, so an offline reload shows it. */
export async function waitForPersistedQuery(page: Page, queryKey: readonly unknown[], message: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('xiaowu-offline:'))?.name;
          if (!name) return false;
          const value = await new Promise<unknown>((resolve) => {
            const open = indexedDB.open(name);
            open.onerror = () => resolve(null);
            open.onsuccess = () => {
              const db = open.result;
              try {
                const get = db.transaction('queries', 'readonly').objectStore('queries').get('client');
                get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
                get.onerror = () => resolve(null);
              } catch {
                resolve(null);
              } finally {
                db.close();
              }
            };
          });
          if (typeof value !== 'string') return false;
          const client = JSON.parse(value) as { clientState?: { queries?: { queryKey: unknown }[] } };
          return (client.clientState?.queries ?? []).some((query) => JSON.stringify(query.queryKey) === wanted);
        }, JSON.stringify(queryKey)),
      { message },
    )
    .toBe(true);
}

// ---------------------------------------------------------------- the server, through the API

/** A demo account's calls from a request context (neither routed nor offline); features extend it with their reads. */
export class DemoApi {
  constructor(
    protected readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login<A extends DemoApi>(this: new (request: APIRequestContext, token: string) => A, request: APIRequestContext, username: string): Promise<A> {
    const response = await request.post('/api/login/v3', { data: { username, password: DEMO_PASSWORD, tenant: 'demo' } });
    const body = (await response.json()) as Envelope<{ token: string }>;
    expect(body.code, body.msg).toBe(1);
    return new this(request, body.data.token);
  }

  async post<T>(path: string, data: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
    const response = await this.request.post(path, { data, headers: { 'X-Access-Token': this.token, ...headers } });
    return (await response.json()) as Envelope<T>;
  }

  /** The call's data; fails the test unless it answered code 1. */
  async ok<T>(path: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
    const body = await this.post<T>(path, data, headers);
    expect(body.code, `${path}: ${body.msg}`).toBe(1);
    return body.data;
  }
}

/**
 * Sets the demo school's public address (系统配置): survey links, QR codes and proof verification links
 * are made only from it or from a host the school lists, and the e2e server is reached at 127.0.0.1.
 */
export async function setPublicOrigin(admin: DemoApi, origin: string) {
  const current = await admin.ok<{ tenant: Record<string, unknown> }>('/api/settings/get', {});
  await admin.ok('/api/settings/save', { ...current.tenant, publicOrigin: origin });
}

// ---------------------------------------------------------------- phones

/**
 * Usable on a 360 px phone (set the viewport first): the page does not scroll sideways; with
 * `drawer` (the drawer just opened), it takes the whole width.
 */
export async function expectPhoneFit(page: Page, drawer?: ReturnType<Page['getByRole']>) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(innerWidth);
  if (drawer) {
    await expect(drawer).toBeVisible();
    // the slide-in has ended when the drawer stands at the left edge
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
    expect(Math.round((await drawer.boundingBox())?.width ?? 0), 'the drawer is full width').toBe(innerWidth);
  }
}

/** two animation frames: React has committed and @dnd-kit has measured what a key press changed */
const nextFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));

/**
 * Drags a @dnd-kit handle with the keyboard: Space picks it up (waits until it is held), each key
 * moves it one place (two frames between keys, so a busy machine loses none), Space drops it.
 */
export async function dragWithKeys(page: Page, handle: Locator, keys: readonly string[]) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  for (const key of keys) {
    await nextFrames(page);
    await page.keyboard.press(key);
  }
  await nextFrames(page);
  await page.keyboard.press('Space');
}

/**
 * Writes a built file as a new deployment would: the file and, where the build has them, its .br/.gz
 * copies (scripts/precompress.ts; the server sends those first, so a stale copy would hide the change).
 */
export async function writeDeployedFile(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  if (existsSync(`${file}.br`)) await writeFile(`${file}.br`, brotliCompressSync(text));
  if (existsSync(`${file}.gz`)) await writeFile(`${file}.gz`, gzipSync(text));
}
