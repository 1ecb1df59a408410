import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { API_PREFIXES } from './contracts/paths';

/** Dev server: every API prefix of contracts/paths.ts goes to the local API server. */
const apiTarget = process.env.XIAOWU_API ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  API_PREFIXES.map((prefix) => [prefix.replace(/\/$/, ''), { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [
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
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
      manifest: {
        name: '校务',
        short_name: '校务',
        description: '校务 Xiaowu — school administration',
        lang: 'zh-CN',
        theme_color: '#00693e',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // contracts/*.ts build zod schemas at module level; the browser mostly imports their types and
      // constants. Marking zod's builders pure lets unused schemas (and zod) drop out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
    },
    chunkSizeWarningLimit: 700,
  },
});
