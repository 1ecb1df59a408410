// Accessibility (issue 18 §3): axe-core violations by impact over /login, 忘记密码, every screen of the demo
// admin's menu and the public survey page, in zh and en: the walk of tests/e2e/accessibility.spec.ts
// (tests/e2e/a11y-walk.ts), counted instead of asserted. `npm run bench` calls runA11yBench on its app;
// alone, against any running server with the demo data:
//   npx tsx bench/a11y.ts [baseURL]      (default http://127.0.0.1:8282; prints the counts and every finding)
import { chromium } from '@playwright/test';
import { countByImpact, describe, walkBothLanguages, type A11yFinding, type Impact } from '../tests/e2e/a11y-walk';

export interface A11yBench {
  pages: number;
  counts: Record<Impact, { violations: number; nodes: number }>;
  findings: A11yFinding[];
  ms: number;
}

export async function runA11yBench(base: string): Promise<A11yBench> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const started = performance.now();
    const walk = await walkBothLanguages(browser, base);
    return { pages: walk.pages.length, counts: countByImpact(walk.findings), findings: walk.findings, ms: performance.now() - started };
  } finally {
    await browser.close();
  }
}

/** `critical 0, serious 0, moderate 0, minor 0` (violations: a rule on a page; elements in brackets when any). */
export function formatA11yCounts(counts: A11yBench['counts']): string {
  return Object.entries(counts)
    .map(([impact, c]) => `${impact} ${c.violations}${c.nodes ? ` (${c.nodes} elements)` : ''}`)
    .join(', ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bench = await runA11yBench(process.argv[2] ?? 'http://127.0.0.1:8282');
  console.log(describe(bench.findings));
  console.log(`${bench.pages} pages in ${(bench.ms / 1000).toFixed(0)} s: ${formatA11yCounts(bench.counts)}`);
}
