// Prints one plain closing line, "tests: N passed, N failed, N skipped", summed over the JSON
// reports vitest and Playwright wrote into test-results/ during this run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

export function summarise() {
  const dir = join(root, 'test-results');
  let passed = 0, failed = 0, skipped = 0;
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      if ('numPassedTests' in report) {
        passed += report.numPassedTests;
        failed += report.numFailedTests;
        skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      } else if (report.stats) {
        passed += report.stats.expected + report.stats.flaky;
        failed += report.stats.unexpected;
        skipped += report.stats.skipped;
      }
    }
  }
  return { passed, failed, skipped };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed, skipped } = summarise();
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
