import { expect, test } from '@playwright/test';
import { countByImpact, describe, walkBothLanguages } from './a11y-walk';

// Issue 18 §3: axe-core (WCAG 2 A/AA and best practices) over /login, 忘记密码, every screen of the demo
// admin's menu (read from the permission payload: new screens are audited without new code) and the
// public survey page, in Chinese and in English. Any serious or critical violation fails the run, and so
// do the rules this issue fixed whatever their impact, so they stay fixed.

/** Fixed in issue 18 below "serious": a page that breaks them again fails too. */
const KEPT_FIXED = new Set(['heading-order', 'empty-table-header', 'landmark-unique', 'landmark-one-main', 'region', 'page-has-heading-one']);

/** Lists still wider than a laptop's content in English (issue 20, to fix: their English column texts). */
const KNOWN_WIDE_IN_ENGLISH = ['/xlcd/xnxq', '/xlcd/jsgl', '/jzg/kqsp', '/system/user', '/system/log'];

// two axe walks and two width-only walks (issue 20), side by side
test.describe.configure({ timeout: 600_000 });

test('no serious or critical axe violation on /login, any menu screen or the public survey page, in zh and en; every list fits a laptop and a phone', async ({ browser, baseURL }, testInfo) => {
  const started = performance.now();
  const { pages, findings, misfits } = await walkBothLanguages(browser, baseURL!);
  const counts = countByImpact(findings);
  await testInfo.attach('axe.json', { body: JSON.stringify({ pages, counts, findings }, null, 2), contentType: 'application/json' });
  console.log(
    `[a11y] ${pages.length} pages in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
      Object.entries(counts)
        .map(([impact, c]) => `${impact} ${c.violations} (${c.nodes} nodes)`)
        .join(', '),
  );

  // the walk reached the screens (a broken walk would audit nothing and pass)
  for (const lang of ['zh', 'en']) {
    for (const path of ['/login', '/dashboard', '/system/user', '/xlcd/xnxq', '/survey/wjdt/answerSurvey']) expect(pages).toContain(`${lang} ${path}`);
  }

  // issue 20: no screen scrolls sideways and every list's actions are on screen, at 1366 × 900 and 390 × 844 (touch), zh and en.
  // Known and still open: these lists are wider than 1104 px in English on a laptop (their actions stay in view, pinned);
  // a screen leaves this list when it fits, and any other screen that stops fitting fails.
  const stillOpen = (misfit: string) => KNOWN_WIDE_IN_ENGLISH.some((path) => misfit.startsWith(`en 1366 ${path}: list `) && misfit.includes('scrolls sideways'));
  const unexpected = misfits.filter((misfit) => !stillOpen(misfit));
  expect(unexpected, `lists that do not fit:\n${unexpected.join('\n')}`).toEqual([]);

  const failing = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical' || KEPT_FIXED.has(f.rule));
  expect(failing, `axe violations:\n${describe(failing)}`).toEqual([]);
});
