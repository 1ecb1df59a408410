// How long a list screen takes to open, as a person sees it: from the in-app navigation (what a menu
// click does) to the first row of data visible, in Chromium against a running server. Each run starts
// from a freshly loaded 首页 (empty query cache; scripts from the HTTP cache, as after the first visit).
//
//   npx tsx bench/screen-open.ts <base url> [runs=5] [path …]
//   e.g. npx tsx bench/screen-open.ts http://127.0.0.1:8361 7 /system/user /system/role /system/log
//
// Logs in as the demo school's admin. Prints per screen the median and every run in ms.
import { chromium, type Page } from '@playwright/test';

const [base = 'http://127.0.0.1:8181', runsText = '5', ...given] = process.argv.slice(2);
const runs = Number(runsText);
const paths = given.length ? given : ['/system/user', '/system/log', '/system/role', '/system/org', '/system/dict', '/system/menu'];

/** The first data row: a table body row with a cell that is not the empty or loading state. */
const FIRST_ROW = 'tbody tr:not([data-state="empty"]) td >> nth=0';

async function logIn(page: Page) {
  await page.goto(`${base}/login`);
  await page.getByLabel('用户名').waitFor();
  const school = page.getByLabel('学校');
  if (await school.isVisible()) await school.selectOption('demo');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('Xiaowu@2026');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForFunction(() => location.pathname === '/dashboard', undefined, { timeout: 30_000 }).catch(async (error: unknown) => {
    throw new Error(`not signed in: ${page.url()} ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: error });
  });
}

/** Opens `path` the way the router does on a menu click (history push + popstate) and times the first row. */
async function openOnce(page: Page, path: string): Promise<number> {
  await page.goto(`${base}/dashboard`);
  await page.waitForLoadState('networkidle');
  // Timed in the page on every animation frame: Playwright's own polling backs off (up to 500 ms
  // between tries), which had made the figures jump between ~560 and ~920 ms for the same screen.
  // (A string, not a function: tsx's keepNames would wrap a named inner function in a __name the page lacks.)
  const elapsed = page.evaluate<number>(`new Promise((resolve) => {
    const at = performance.now();
    const seen = () => {
      const cell = [...document.querySelectorAll('tbody tr:not([data-state="empty"]) td')].find((td) => td.offsetParent !== null);
      if (cell) resolve(performance.now() - at);
      else if (performance.now() - at < 30000) requestAnimationFrame(seen);
      else resolve(NaN);
    };
    history.pushState({ key: String(Math.random()), __TSR_index: history.length }, '', ${JSON.stringify(path)});
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    requestAnimationFrame(seen);
  })`);
  await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = await elapsed;
  if (Number.isNaN(ms)) throw new Error(`${path}: no data row within 30 s`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await logIn(page);
  // one warm-up per screen: its chunks reach the HTTP cache, as on a second visit
  for (const path of paths) await openOnce(page, path);
  for (const path of paths) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await openOnce(page, path));
    console.log(`${path.padEnd(16)} median ${Math.round(median(times))} ms   runs ${times.map((ms) => Math.round(ms)).join(', ')}`);
  }
} finally {
  await browser.close();
}
