// `npm test`: lint, type check, unit + server tests, production build, end-to-end in Chromium.
// Stops at the first failing step and exits non-zero.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { npx, root } from './lib.mjs';
import { summarise } from './test-summary.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`[xiaowu] Chromium not found at ${chromium}.`);
  console.error('Install it on Debian/Ubuntu with: sudo apt-get update && sudo apt-get install -y chromium');
  console.error('(or point CHROMIUM_PATH at a Chromium or Chrome binary).');
  process.exit(1);
}

// Each step is one command, or several run side by side (their output printed as each ends): the
// lint and the three type checks are single-threaded, so on CI's 2 cores they share the time.
const steps = [
  [
    'lint and type checks',
    [
      ['lint', ['eslint', '.', '--max-warnings', '0']],
      ['type check (app)', ['tsc', '-p', 'tsconfig.app.json', '--noEmit']],
      ['type check (node)', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
      ['type check (service worker)', ['tsc', '-p', 'tsconfig.sw.json', '--noEmit']],
    ],
  ],
  ['unit and server tests', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']],
  ['production build', ['vite', 'build', '--logLevel', 'warn']],
  ['precache check', ['node', 'scripts/check-precache.mjs']],
  ['end-to-end tests (Chromium)', ['playwright', 'test', '--reporter=list,json']],
];

/** Runs the commands at once, each one's output held and printed when it ends; the first non-zero exit code, else 0. */
async function runTogether(commands) {
  const codes = await Promise.all(
    commands.map(([name, args]) => {
      const started = Date.now();
      return new Promise((resolve) => {
        const child = spawn('npx', ['--no-install', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const exit = code ?? (signal ? 1 : 0);
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(Buffer.concat(output));
          console.log(`[xiaowu]   ${exit === 0 ? '✔' : '✖'} ${name} (${seconds} s)`);
          resolve(exit);
        });
      });
    }),
  );
  return codes.find((code) => code !== 0) ?? 0;
}

rmSync(join(root, 'test-results'), { recursive: true, force: true });
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = join(root, 'test-results/playwright.json');

const started = Date.now();
for (const [name, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n[xiaowu] ▶ ${name}`);
  const code = await (typeof args[0] === 'string' ? npx(args) : runTogether(args));
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (code !== 0) {
    console.error(`[xiaowu] ✖ ${name} failed (exit ${code}, ${seconds} s)`);
    const { passed, failed, skipped } = summarise();
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed, ${skipped} skipped`);
    process.exit(code);
  }
  console.log(`[xiaowu] ✔ ${name} (${seconds} s)`);
}
const { passed, failed, skipped } = summarise();
console.log(`\n[xiaowu] all steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
