// CI check after `vite build` (OFFLINE.md §1): the service worker must precache every emitted
// JS/CSS chunk (lazy route chunks too), and no asset matching the precache globs may exceed the
// precache size limit (Workbox skips such a file with only a build warning, and the screen that
// needs it then fails offline). Both settings are read from vite.config.ts.
// The public survey page (issue 9: survey.html and survey/wjdt/…) is its own app with its own service
// worker (survey/wjdt/sw.js, scope /survey/wjdt/): the app's worker never serves it and precaches none
// of it (vite.config.ts PRECACHE_IGNORES); the page's worker must precache survey.html and every one of
// the page's JS/CSS chunks instead.
//
//   node scripts/check-precache.mjs [distDir]      (default: dist, or $XIAOWU_STATIC_DIR)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, process.argv[2] ?? process.env.XIAOWU_STATIC_DIR ?? 'dist');
const config = readFileSync(join(root, 'vite.config.ts'), 'utf8');

/** `export const PRECACHE_MAX_BYTES = 3 * 1024 * 1024;` → its value (digits and * only). */
function maxBytes() {
  const match = /PRECACHE_MAX_BYTES\s*=\s*([\d\s*_]+);/.exec(config);
  if (!match) throw new Error('vite.config.ts: PRECACHE_MAX_BYTES not found');
  return match[1].split('*').reduce((product, factor) => product * Number(factor.replace(/[\s_]/g, '')), 1);
}

/** `['**\/*.{js,css,html,svg,png,woff2}']` → the extensions. */
function extensions() {
  const match = /PRECACHE_GLOBS\s*=\s*\[([^\]]*)\]/.exec(config);
  if (!match) throw new Error('vite.config.ts: PRECACHE_GLOBS not found');
  const found = new Set();
  for (const glob of match[1].matchAll(/\*\.(?:\{([^}]+)\}|([a-z0-9]+))/gi)) {
    for (const ext of (glob[1] ?? glob[2]).split(',')) found.add(ext.trim().toLowerCase());
  }
  return found;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The URLs of the precache manifest injected into sw.js. */
export function manifestUrls(swSource) {
  const urls = new Set();
  for (const match of swSource.matchAll(/["']?url["']?\s*:\s*["'`]([^"'`]+)["'`]/g)) urls.add(match[1].replace(/^\//, ''));
  return urls;
}

const limit = maxBytes();
const exts = extensions();
let sw;
try {
  sw = readFileSync(join(dist, 'sw.js'), 'utf8');
} catch {
  console.error(`[precache] ${relative(root, join(dist, 'sw.js'))} not found: build first`);
  process.exit(1);
}
const precached = manifestUrls(sw);
const SURVEY_SW = 'survey/wjdt/sw.js';
const isSurveyPage = (rel) => rel === 'survey.html' || rel.startsWith('survey/');
let surveyPrecached = null;
try {
  surveyPrecached = manifestUrls(readFileSync(join(dist, SURVEY_SW), 'utf8'));
} catch {
  // checked below if the page was built
}
const problems = [];
let checked = 0;
for (const file of walk(dist)) {
  const rel = relative(dist, file).split(sep).join('/');
  if (rel === 'sw.js' || rel === SURVEY_SW || rel.startsWith('workbox-')) continue;
  const ext = rel.split('.').pop().toLowerCase();
  if (!exts.has(ext)) continue;
  checked += 1;
  const size = statSync(file).size;
  if (size > limit) problems.push(`${rel} is ${size} bytes, over the precache limit of ${limit}: Workbox would skip it`);
  if (isSurveyPage(rel)) {
    if (precached.has(rel)) problems.push(`${rel} (the public survey page) is in the app's precache manifest: its own worker serves it`);
    if ((ext === 'js' || ext === 'css' || ext === 'html') && !surveyPrecached?.has(rel)) problems.push(`${rel} is not in the survey page's service worker (${SURVEY_SW}) precache list`);
    continue;
  }
  if ((ext === 'js' || ext === 'css') && !precached.has(rel)) problems.push(`${rel} is not in the service worker's precache manifest`);
}
if (precached.size === 0) problems.push('sw.js holds no precache manifest');

if (problems.length) {
  console.error(`[precache] ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const surveyNote = surveyPrecached ? `; the survey page's worker precaches its ${surveyPrecached.size} files` : '';
console.log(`[precache] ok: ${checked} assets within ${limit} bytes, ${precached.size} precached entries cover every JS/CSS chunk${surveyNote}`);
