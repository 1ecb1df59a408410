import AxeBuilder from '@axe-core/playwright';
import { devices, expect, type Browser, type Page } from '@playwright/test';
import type { MenuNode, PermissionPayload } from '../../contracts/session';
import { flattenMenus, menuHref } from '../../src/lib/menus';
import { DEMO_PASSWORD } from './support';

// The accessibility walk (issue 18 §3): axe-core over /login, 忘记密码, every screen of the admin's menu
// and the public survey page, in Chinese and in English. tests/e2e/accessibility.spec.ts fails on what it finds;
// bench/a11y.ts counts it. The screens come from the admin's permission payload, so a new menu
// screen is audited without new code.

export type A11yLang = 'zh' | 'en';
export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
export const IMPACTS: readonly Impact[] = ['critical', 'serious', 'moderate', 'minor'];

/** WCAG 2.0 / 2.1 / 2.2 levels A and AA, plus axe's best practices (landmarks, headings, table headers). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/** label-in-name (WCAG 2.5.3) is still "experimental" in axe 4.11, so off unless named. */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
/** Only violations are wanted: axe then keeps one example node of passes and the rest, far less to build and send. */
const RESULT_TYPES: ['violations'] = ['violations'];

export interface A11yFinding {
  lang: A11yLang;
  /** the page's path */
  page: string;
  rule: string;
  impact: Impact;
  help: string;
  /** CSS selectors of the offending elements */
  targets: string[];
  /** axe's words on each element (for contrast: the colours and the ratio found) */
  summaries: string[];
}

export interface A11yWalk {
  /** every page audited, as `lang path` */
  pages: string[];
  findings: A11yFinding[];
  /** lists that do not fit (issue 20): `lang width path: what` */
  misfits: string[];
}

/** The two screens of issue 20: a laptop, and a phone held upright (touch). */
export type A11yScreen = 'laptop' | 'phone';
const SCREENS = {
  laptop: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
  phone: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
/** Chinese browser, the app's default. */
const CONTEXT = { locale: 'zh-CN' };

/**
 * Issue 20: the page does not scroll sideways (html, body, the shared list's container) and every list's
 * actions are on screen (the table's pinned 操作 cell, or a card's last button). Returns what does not fit.
 */
export function listMisfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const overflows = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    for (const element of [document.documentElement, document.body]) {
      if (overflows(element)) found.push(`${element.tagName.toLowerCase()} scrolls sideways (${element.scrollWidth} > ${element.clientWidth})`);
    }
    const main = document.querySelector('main');
    if (main && overflows(main)) found.push(`main scrolls sideways (${main.scrollWidth} > ${main.clientWidth})`);
    const right = document.documentElement.clientWidth + 1;
    document.querySelectorAll('main [data-list-container]').forEach((list, index) => {
      if (overflows(list)) found.push(`list ${index + 1} scrolls sideways (${list.scrollWidth} > ${list.clientWidth})`);
      const listRight = Math.min(right, list.getBoundingClientRect().right + 1);
      const actions = Array.from(list.querySelectorAll('tbody > tr:first-child > td[data-pin], [data-cards] li:first-of-type button:last-of-type'));
      for (const action of actions) {
        const box = action.getBoundingClientRect();
        if (box.width > 0 && box.right > listRight) found.push(`list ${index + 1}: the row's actions end at ${Math.round(box.right)} px, past ${Math.round(listRight)}`);
      }
    });
    return found;
  });
}

const LOGIN_LABELS = {
  zh: { school: '学校', username: '用户名', password: '密码', submit: '登录', forgot: '忘记密码？', back: '返回登录' },
  en: { school: 'School', username: 'Username', password: 'Password', submit: 'Log in', forgot: 'Forgot password?', back: 'Back to login' },
} as const;

/**
 * Runs axe on what the page shows now. AxeBuilder evaluates axe's 1.2 MB source twice per call (a
 * cold axe each time, ~2 s a screen here): once a document holds axe, a no-op source keeps it warm
 * across the app's client-side navigations (~0.7 s). Legacy mode runs axe in the page itself
 * (the app has no frames) instead of finishing in a second, blank page.
 */
export async function audit(page: Page, lang: A11yLang, where: string): Promise<A11yFinding[]> {
  const axeLoaded = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder({ page, ...(axeLoaded ? { axeSource: ';' } : {}) });
  const results = await builder.options({ rules: EXTRA_RULES, resultTypes: RESULT_TYPES }).withTags(A11Y_TAGS).setLegacyMode(true).analyze();
  return results.violations.map((violation) => ({
    lang,
    page: where,
    rule: violation.id,
    impact: (violation.impact ?? 'minor') as Impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    summaries: violation.nodes.map((node) => (node.failureSummary ?? '').replace(/\s+/g, ' ').trim()),
  }));
}

/**
 * Requests of the page in flight (API calls, lazy chunks, catalogs): a screen has settled when none are
 * left and nothing in the document says it is still loading.
 */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  const done = () => inFlight--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/** Loading indicators: Chakra spinners and skeletons, busy regions. */
const LOADING_SELECTOR = '.chakra-spinner, .chakra-skeleton, [aria-busy="true"]';

/** Nothing loading and no transition half-way (a submenu opening, a drawer sliding: axe would read mid-fade colours). */
const quiet = (loading: string) =>
  document.querySelectorAll(loading).length === 0 &&
  document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);

async function settle(page: Page, inFlight: () => number, ready: string) {
  await expect(page.locator(ready).first()).toBeVisible();
  await expect
    .poll(async () => inFlight() === 0 && (await page.evaluate(quiet, LOADING_SELECTOR)), { message: `${page.url()} settles`, intervals: [50, 100, 200] })
    .toBe(true);
  // two frames: React has committed what the last answer changed
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
}

interface AppRouter {
  navigate: (options: { href: string }) => Promise<void>;
  state: { status: 'idle' | 'pending'; location: { href: string }; resolvedLocation?: { href: string } };
}

/**
 * Client-side navigation through the app's own router (TanStack Router keeps itself on
 * `window.__TSR_ROUTER__`), as a menu link does; then waits until the router is idle on the new page.
 */
async function navigate(page: Page, href: string) {
  await page.evaluate(async (to) => {
    await (window as unknown as { __TSR_ROUTER__: AppRouter }).__TSR_ROUTER__.navigate({ href: to });
  }, href);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { state } = (window as unknown as { __TSR_ROUTER__: AppRouter }).__TSR_ROUTER__;
        return state.status === 'idle' && state.resolvedLocation?.href === state.location.href;
      }),
    )
    .toBe(true);
}

/** A walk in a page of a browser context of its own (closed after), its requests tracked from the start. */
async function walkInNewContext(
  browser: Browser,
  baseURL: string,
  visit: (page: Page, inFlight: () => number, walk: A11yWalk) => Promise<void>,
  screen: A11yScreen = 'laptop',
): Promise<A11yWalk> {
  const walk: A11yWalk = { pages: [], findings: [], misfits: [] };
  const context = await browser.newContext({ ...SCREENS[screen], ...CONTEXT, baseURL });
  try {
    const page = await context.newPage();
    await visit(page, trackRequests(page), walk);
  } finally {
    await context.close();
  }
  return walk;
}

/** Opens a page without login as a person finds it and waits for `ready`; for English, switched with the page's own language button. */
async function openPublicPage(page: Page, lang: A11yLang, inFlight: () => number, path: string, ready: string) {
  await page.goto(path);
  await settle(page, inFlight, ready);
  if (lang === 'en') {
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await settle(page, inFlight, ready);
  }
}

/** Audits what the page shows now, as page `where` of the walk. */
async function auditInto(walk: A11yWalk, page: Page, lang: A11yLang, where: string) {
  walk.findings.push(...(await audit(page, lang, where)));
  walk.pages.push(`${lang} ${where}`);
}

/**
 * /login as a person finds it, switched to `lang` with its own language button, and its 忘记密码 page;
 * audited; then logged in as the demo admin.
 */
async function loginPages(page: Page, lang: A11yLang, inFlight: () => number, walk: A11yWalk) {
  const labels = LOGIN_LABELS[lang];
  await openPublicPage(page, lang, inFlight, '/login', 'form');
  await auditInto(walk, page, lang, '/login');

  await page.getByRole('link', { name: labels.forgot }).click();
  await settle(page, inFlight, 'h1');
  await auditInto(walk, page, lang, '/RePassword');
  await page.getByRole('link', { name: labels.back }).click();
  await settle(page, inFlight, 'form');
  await submitLogin(page, lang);
}

/** /login in `lang` and logged in as the demo admin, nothing audited. */
async function logIn(page: Page, lang: A11yLang, inFlight: () => number) {
  await openPublicPage(page, lang, inFlight, '/login', 'form');
  await submitLogin(page, lang);
}

async function submitLogin(page: Page, lang: A11yLang) {
  const labels = LOGIN_LABELS[lang];
  const school = page.getByLabel(labels.school);
  if (await school.isVisible()) await school.selectOption('demo');
  await page.getByLabel(labels.username).fill('admin');
  await page.getByLabel(labels.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // the light login page (login.html) leaves with a full load: the walk drives the app's router once it is up
  await page.waitForFunction(() => '__TSR_ROUTER__' in window);
}

/** Every menu address of the payload (directories have none), hidden ones too: they are routes of the user's. */
export function menuAddresses(menus: readonly MenuNode[]): string[] {
  return [...new Set(flattenMenus(menus).map(menuHref).filter(Boolean))];
}

async function permissionMenus(page: Page): Promise<MenuNode[]> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'xiaowu-token')?.value;
  if (!token) throw new Error('no session token cookie after login');
  const response = await page.request.get('/ms/getPermission', { headers: { 'X-Access-Token': decodeURIComponent(token) } });
  const body = (await response.json()) as { code: number; data: PermissionPayload };
  expect(body.code).toBe(1);
  return body.data.menus;
}

export interface WalkOptions {
  /** the screen's size (default 'laptop', 1366 × 900) */
  screen?: A11yScreen;
  /** run axe (default); without it only the lists' fit is checked */
  axe?: boolean;
}

/**
 * /login, then /dashboard and every screen of the admin's menu in `lang`, on a laptop or a phone: axe on
 * each, and whether its lists fit (`misfits`). Placeholder pages ("not built yet", "Cannot find module")
 * are one component each: visited the first time only.
 */
export function walkApp(browser: Browser, baseURL: string, lang: A11yLang, { screen = 'laptop', axe = true }: WalkOptions = {}): Promise<A11yWalk> {
  return walkInNewContext(
    browser,
    baseURL,
    async (page, inFlight, walk) => {
      if (axe) await loginPages(page, lang, inFlight, walk);
      else await logIn(page, lang, inFlight);

      const placeholdersSeen = new Set<string>();
      for (const href of ['/dashboard', ...menuAddresses(await permissionMenus(page))]) {
        await navigate(page, href);
        await settle(page, inFlight, 'main > *');
        const placeholder = await page.evaluate(() => document.querySelector('main [data-testid="not-built"], main [data-testid="missing-module"]')?.getAttribute('data-testid'));
        if (placeholder) {
          if (placeholdersSeen.has(placeholder)) continue;
          placeholdersSeen.add(placeholder);
        }
        const where = new URL(page.url()).pathname;
        const misfits = (await listMisfits(page)).map((misfit) => `${lang} ${SCREENS[screen].viewport.width} ${where}: ${misfit}`);
        // said at once: a walk cut short by its timeout still tells what it found
        for (const misfit of misfits) console.log(`[fit] ${misfit}`);
        walk.misfits.push(...misfits);
        if (axe) await auditInto(walk, page, lang, where);
        else walk.pages.push(`${lang} ${where}`);
      }
    },
    screen,
  );
}

/** The public survey page (no login): the list of a school, then the first open questionnaire's answer page. */
export function walkPublicSurvey(browser: Browser, baseURL: string, lang: A11yLang): Promise<A11yWalk> {
  return walkInNewContext(browser, baseURL, async (page, inFlight, walk) => {
    await openPublicPage(page, lang, inFlight, '/survey/wjdt/wjdtListNotLogin?tenant=demo', '[data-testid="public-survey-list"]');
    await auditInto(walk, page, lang, '/survey/wjdt/wjdtListNotLogin');

    await page.getByTestId('public-survey-row').filter({ has: page.locator('.ps-badge-started') }).first().click();
    await expect(page).toHaveURL(/\/survey\/wjdt\/answerSurvey\?/);
    await settle(page, inFlight, '[data-testid="survey-submit"]');
    await auditInto(walk, page, lang, '/survey/wjdt/answerSurvey');
  });
}

/** The whole walk in one language: the app, then the public survey page. */
export async function walkAll(browser: Browser, baseURL: string, lang: A11yLang, options: WalkOptions = {}): Promise<A11yWalk> {
  const app = await walkApp(browser, baseURL, lang, options);
  const survey = await walkPublicSurvey(browser, baseURL, lang);
  return { pages: [...app.pages, ...survey.pages], findings: [...app.findings, ...survey.findings], misfits: app.misfits };
}

/** The screen each language's axe walk runs on; its width-only walk runs on the other one (issue 20). */
const AXE_SCREEN: Record<A11yLang, A11yScreen> = { zh: 'laptop', en: 'phone' };
const OTHER_SCREEN: Record<A11yScreen, A11yScreen> = { laptop: 'phone', phone: 'laptop' };

/**
 * One language: the axe walk (Chinese on a laptop, English on a phone) and, without axe, whether the
 * lists fit on the other screen, side by side, a browser context each (axe is CPU-bound in its page's
 * renderer; the width-only walk mostly waits on the server).
 */
export async function walkLanguage(browser: Browser, baseURL: string, lang: A11yLang, { fitOnly = true }: { fitOnly?: boolean } = {}): Promise<A11yWalk> {
  const screen = AXE_SCREEN[lang];
  const walks = await Promise.all([
    walkAll(browser, baseURL, lang, { screen }),
    ...(fitOnly ? [walkApp(browser, baseURL, lang, { screen: OTHER_SCREEN[screen], axe: false }).then((walk) => ({ ...walk, pages: [] }))] : []),
  ]);
  return { pages: walks.flatMap((walk) => walk.pages), findings: walks.flatMap((walk) => walk.findings), misfits: walks.flatMap((walk) => walk.misfits) };
}

/** Both languages one after the other (the bench; the spec runs one test per language, side by side in two workers). */
export async function walkBothLanguages(browser: Browser, baseURL: string, options: { fitOnly?: boolean } = {}): Promise<A11yWalk> {
  const walks = [await walkLanguage(browser, baseURL, 'zh', options), await walkLanguage(browser, baseURL, 'en', options)];
  return { pages: walks.flatMap((walk) => walk.pages), findings: walks.flatMap((walk) => walk.findings), misfits: walks.flatMap((walk) => walk.misfits) };
}

/**
 * A spec's check of the screen it shows now: no axe finding of `impacts` (default serious and critical;
 * IMPACTS: none at all) and nothing wider than the viewport (listMisfits).
 */
export async function expectAccessibleFit(page: Page, lang: A11yLang, where: string, impacts: readonly Impact[] = ['serious', 'critical']): Promise<void> {
  const findings = await audit(page, lang, where);
  expect(findings.filter((finding) => impacts.includes(finding.impact)).map((finding) => `${finding.rule}: ${finding.targets.join(', ')}`)).toEqual([]);
  expect(await listMisfits(page)).toEqual([]);
}

/** Findings by impact: rule-on-page violations and the elements they name. */
export function countByImpact(findings: readonly A11yFinding[]): Record<Impact, { violations: number; nodes: number }> {
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, { violations: 0, nodes: 0 }])) as Record<Impact, { violations: number; nodes: number }>;
  for (const finding of findings) {
    counts[finding.impact].violations++;
    counts[finding.impact].nodes += finding.targets.length;
  }
  return counts;
}

/** One line per finding: what a person fixing it needs (rule, impact, page, the elements). */
export function describe(findings: readonly A11yFinding[]): string {
  return findings
    .map((f) => `[${f.impact}] ${f.rule} (${f.help}) on ${f.lang} ${f.page}:\n${f.targets.map((target, i) => `    ${target} — ${f.summaries[i]}`).join('\n')}`)
    .join('\n');
}
