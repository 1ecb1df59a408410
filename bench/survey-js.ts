// Gzipped JS of the public survey page (issue 9: ≤ 90 KiB), from a build directory.
//   npx tsx bench/survey-js.ts [distDir]          (default dist; `npm run bench` calls measureSurveyJs)
// Two figures: what survey.html names (its module scripts and modulepreloads, followed through their
// static imports), and what Chromium actually loads to show an answer page (the language catalog is a
// lazy chunk), with the API stubbed (a survey with one question of each kind) and service workers blocked.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file))).length;

/** survey.html's scripts and modulepreloads, and every chunk they import statically. */
export function staticSurveyJs(dir: string): { total: number; files: string[] } {
  const html = readFileSync(join(dir, 'survey.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((match) => match[1]!);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    // static imports only (`import … from "./x.js"`, `import "./x.js"`), not import()
    for (const match of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(match[1]!.startsWith('/') ? match[1]! : posix.join(posix.dirname(file), match[1]!));
    }
  }
  const files = [...seen];
  return { total: files.reduce((sum, file) => sum + gz(dir, file), 0), files };
}

const Q = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const kinds = ['single', 'multiple', 'text', 'rating', 'matrix', 'number', 'date', 'picture'];
const survey = {
  id: Q(1),
  tenantCode: 'demo',
  schoolName: '示范学校',
  title: '家长满意度调查',
  description: '',
  startsAt: '2026-01-01T00:00:00+08:00',
  endsAt: '2099-01-01T00:00:00+08:00',
  anonymous: true,
  oncePer: 'device',
  audience: 'everyone',
  answered: null,
  questions: kinds.map((kind, i) => ({
    id: Q(10 + i),
    kind,
    title: `第${i + 1}题`,
    description: '',
    required: true,
    options: [
      { id: Q(100 + i * 2), label: '是' },
      { id: Q(101 + i * 2), label: '否' },
    ],
    rows: kind === 'matrix' ? [{ id: Q(200), label: '卫生' }] : [],
    min: null,
    max: kind === 'rating' ? 5 : kind === 'picture' ? 1 : null,
    integer: false,
    multiline: false,
    skips: [],
  })),
};

/** What Chromium loads to show /survey/wjdt/answerSurvey (the API stubbed; service workers blocked). */
export async function loadedSurveyJs(dir: string): Promise<{ total: number; files: string[] }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const data = url.pathname.endsWith('/public/open') ? survey : { schoolName: '示范学校', tenantCode: 'demo', rows: [] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 1, result: true, msg: '', data }));
      return;
    }
    let file = join(dir, url.pathname);
    if (!existsSync(file) || !extname(file)) file = join(dir, 'survey.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  }).listen(0);
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/survey/wjdt/answerSurvey?id=${survey.id}&tenant=demo`, { waitUntil: 'networkidle' });
    await page.getByTestId('survey-form').waitFor({ timeout: 15_000 });
    const files = [...scripts];
    return { total: files.reduce((sum, file) => sum + gz(dir, file), 0), files };
  } finally {
    await browser.close();
    server.close();
  }
}

/** Both figures for `npm run bench` (bench/run.ts). */
export async function measureSurveyJs(dir: string): Promise<{ loaded: number; named: number; files: string[] }> {
  const named = staticSurveyJs(dir);
  const loaded = await loadedSurveyJs(dir);
  return { loaded: loaded.total, named: named.total, files: loaded.files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const result = await measureSurveyJs(dir);
  for (const file of result.files) console.log(String(gz(dir, file)).padStart(7), file);
  console.log(`survey.html names ${(result.named / 1024).toFixed(1)} KiB; /survey/wjdt/answerSurvey loads ${(result.loaded / 1024).toFixed(1)} KiB gzipped JS in ${result.files.length} files (budget 90 KiB)`);
}
