// The light pages: HTML entries built apart from the app, with React, Lingui and plain CSS only
// (buildLightPage below), run by vite.config.ts after the app's build:
//   - login.html + src/login-page/main.tsx → dist/login.html and dist/login-page/assets/* (issue 21):
//     /login's first load; built before VitePWA writes its precache list, so the app's worker precaches
//     it (it has no worker of its own) and answers /login with it offline;
//   - the public survey page (issue 9):
//   1. survey.html + src/public-survey/main.tsx → dist/survey.html and dist/survey/wjdt/assets/*
//      (a separate Vite build: the app's chunk groups (zod, the `$initial` 'app' chunk) never see the
//      page's modules, so the page loads only its own chunks: React, Lingui core, idb-keyval, the form);
//   2. sw/survey-sw.ts → dist/survey/wjdt/sw.js with the page's precache list (survey.html, its chunks,
//      the manifest, the icons; revision = content hash).
// The app's service worker precaches none of these (vite.config.ts globIgnores); scripts/check-precache.mjs
// checks the page's worker covers the page's chunks instead.
// Dev (`npm run dev`): surveyDevPages() serves survey.html for /survey/wjdt/<page>.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { CONTRACTS_TREESHAKE, contractsZodPure } from './contracts-zod-pure';

/** Where the page's chunks go (under the worker's scope), and the page's other files. */
export const SURVEY_ASSETS_DIR = 'survey/wjdt/assets';
export const SURVEY_SW = 'survey/wjdt/sw.js';
export const SURVEY_HTML = 'survey.html';
const SURVEY_EXTRA_FILES = ['survey/wjdt/manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/maskable-512.png', 'favicon.svg'];
/** The public pages (SPEC §2): every path under this prefix is the survey page, except real files. */
const SURVEY_PREFIX = '/survey/wjdt/';

const walk = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])) : [];

const revision = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

/** The light login page (login.html): its chunks under their own folder (the precache globs cover it). */
export const LOGIN_HTML = 'login.html';
export const LOGIN_ASSETS_DIR = 'login-page/assets';

/**
 * One light page: its HTML entry and what it imports, in a Vite build of its own (the app's chunk groups
 * never see its modules, so it loads only its own chunks). The contracts' zod schemas drop out as in the app.
 */
async function buildLightPage(root: string, outDir: string, page: { name: string; html: string; assetsDir: string }): Promise<void> {
  await build({
    configFile: false,
    root,
    base: '/',
    logLevel: 'warn',
    publicDir: false,
    plugins: [contractsZodPure(), react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      assetsDir: page.assetsDir,
      rolldownOptions: { input: { [page.name]: resolve(root, page.html) }, treeshake: CONTRACTS_TREESHAKE },
    },
  });
}

async function buildSurveyWorker(root: string, outDir: string): Promise<void> {
  const files = [join(outDir, SURVEY_HTML), ...walk(join(outDir, SURVEY_ASSETS_DIR)), ...SURVEY_EXTRA_FILES.map((file) => join(outDir, file))];
  const precache = files
    .filter((file) => existsSync(file))
    .map((file) => ({ url: `/${relative(outDir, file).split(sep).join('/')}`, revision: revision(file) }));
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { __SURVEY_PRECACHE__: JSON.stringify(precache) },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      rolldownOptions: {
        input: resolve(root, 'sw/survey-sw.ts'),
        output: { format: 'iife', entryFileNames: SURVEY_SW },
      },
    },
  });
}

/** A plugin that runs `build(root, outDir)` once the app's build is written (closeBundle, sequential, at `order`). */
function afterAppBuild(name: string, order: 'pre' | 'post', build: (root: string, outDir: string) => Promise<void>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order,
      handler: () => build(config.root, resolve(config.root, config.build.outDir)),
    },
  };
}

/** After the app's build: the survey page and its service worker into the same output folder. */
export const publicSurveyBuild = (): Plugin =>
  afterAppBuild('xiaowu:public-survey-build', 'post', async (root, outDir) => {
    await buildLightPage(root, outDir, { name: 'survey', html: SURVEY_HTML, assetsDir: SURVEY_ASSETS_DIR });
    await buildSurveyWorker(root, outDir);
  });

/** After the app's build, before VitePWA's precache list (closeBundle order 'pre'): the light login page. */
export const loginPageBuild = (): Plugin =>
  afterAppBuild('xiaowu:login-page-build', 'pre', (root, outDir) => buildLightPage(root, outDir, { name: 'login', html: LOGIN_HTML, assetsDir: LOGIN_ASSETS_DIR }));

/** `npm run dev`: /survey/wjdt/<page> is survey.html (its real files, e.g. the manifest, are served as they are). */
export function surveyDevPages(): Plugin {
  return {
    name: 'xiaowu:public-survey-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = request.url ?? '';
        const pathname = url.split('?')[0] ?? '';
        if ((request.method !== 'GET' && request.method !== 'HEAD') || !pathname.startsWith(SURVEY_PREFIX) || /\.[a-z0-9]+$/i.test(pathname)) return next();
        try {
          const html = await server.transformIndexHtml(url, readFileSync(resolve(server.config.root, SURVEY_HTML), 'utf8'));
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(html);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
