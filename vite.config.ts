import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { API_PREFIXES } from './contracts/paths';
import { CONTRACTS_TREESHAKE, contractsZodPure } from './scripts/contracts-zod-pure';
import { loginPageBuild, publicSurveyBuild, surveyDevPages } from './scripts/public-survey-build';
import { precompress } from './scripts/precompress';

/**
 * Largest file the service worker precaches. scripts/check-precache.mjs fails the build when an
 * emitted asset matching the globs is bigger (Workbox would skip it silently and the app would
 * break offline on the screen that needs it).
 */
export const PRECACHE_MAX_BYTES = 3 * 1024 * 1024;
export const PRECACHE_GLOBS = ['**/*.{js,css,html,svg,png,woff2}'];
/**
 * The public survey page (survey.html, /survey/wjdt/…) is its own app with its own service worker
 * (scripts/public-survey-build.ts): the app's worker never serves it, so it precaches none of it.
 */
export const PRECACHE_IGNORES = ['survey.html', 'survey/**'];

/** Dev server: every API prefix of contracts/paths.ts goes to the local API server. */
const apiTarget = process.env.XIAOWU_API ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  API_PREFIXES.map((prefix) => [prefix.replace(/\/$/, ''), { target: apiTarget, changeOrigin: false }]),
);

// contracts' zod schemas drop out of the bundle: scripts/contracts-zod-pure.ts

export default defineConfig({
  plugins: [
    contractsZodPure(),
    // The router plugin must come before react(): it generates src/routeTree.gen.ts
    // (gitignored) and splits every route file into lazily loaded chunks.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      injectManifest: {
        globPatterns: PRECACHE_GLOBS,
        globIgnores: PRECACHE_IGNORES,
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
      },
      manifest: {
        id: '/',
        name: '校务 Xiaowu',
        short_name: '校务',
        description: '校务管理平台 · Xiaowu school administration: works offline in the classroom',
        lang: 'zh-CN',
        dir: 'ltr',
        theme_color: '#00693e',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        orientation: 'any',
        categories: ['education', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // the light login page (login.html): its own build after the app's, before VitePWA writes the
    // precache list (closeBundle order 'pre'), so the app's worker precaches it and answers /login with it
    loginPageBuild(),
    // the public survey page: its own build and service worker after the app's; dev serves survey.html
    publicSurveyBuild(),
    surveyDevPages(),
    // last: compresses what the builds above wrote
    precompress(),
  ],
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // see scripts/contracts-zod-pure.ts
      treeshake: CONTRACTS_TREESHAKE,
      output: {
        codeSplitting: {
          groups: [
            // zod in a chunk of its own: left to the automatic split, Rolldown merged it into a shared
            // chunk that /login preloads (~24 KiB gzipped), though only lazily loaded screens run zod.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // Every module the entry imports statically (`$initial`) in one chunk, the entry's own.
            // Left to the automatic split, they went into ~30 files (one per set of lazy chunks that
            // also import them), all preloaded on every page: gzip compresses small files badly and
            // each file adds its import/export glue (/login 206 → 193 KiB gzipped with this group).
            // The set of modules a page loads is unchanged; lazy chunks import from the entry chunk.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // What /login's screen needs beyond the entry: its own modules (route component, LoginScreen, its calls
            // and catalog list) in `login`, which only /login loads; everything they import statically in `common`, which every
            // signed-in page loads too (the shell shares Field, Alert, icons… with it). In one chunk, every signed-in
            // page loaded the login screen (/dashboard −1.9 KiB split). Both are taken before `shell` below, so that
            // group never holds a module /login needs (/login would then load the whole shell).
            { name: 'login', test: /[\\/]src[\\/](routes[\\/]login\.tsx\?tsr-split=component|features[\\/]auth[\\/](LoginScreen\.tsx|login-client\.ts|login-catalog\.ts))$/, priority: 0.7, includeDependenciesRecursively: false },
            { name: 'common', test: /[\\/]src[\\/]routes[\\/]login\.tsx\?tsr-split=component$/, priority: 0.6, includeDependenciesRecursively: true },
            // The authenticated layout (`_app`: top bar, sidebar, tabs, menus, tooltips, dialogs, the offline
            // engine…) and everything it imports statically that is not in the two chunks above: one chunk.
            // Every signed-in page loads all of it anyway (the layout wraps them all), so no page loads more;
            // left to the automatic split, each lazy screen that also used a Menu or Popover (the survey screens,
            // issue 9) split these modules into another set of small shared chunks: /dashboard went from ~20 to
            // ~60 files and 298.5 → 303.1 KiB gzipped (each file adds its import/export glue, small files
            // compress badly). With this group: ~14 files, ~288 KiB.
            // The offline engine (lib/offline/engine.ts, imported lazily so that /login does not load it) starts on every
            // signed-in page too: in this chunk, its small helpers (storage, file previews) are not separate files.
            {
              name: 'shell',
              test: /[\\/]src[\\/](routes[\\/]_app\.tsx\?tsr-split=component|lib[\\/]offline[\\/]engine\.ts)$/,
              priority: 0.5,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 700,
  },
});
