import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

const API_TARGET = 'http://127.0.0.1:8080';

// Vendor groups: long-cached chunks for the libraries of every screen (React and the router,
// i18next) and of every console screen (react-query; the public pages go without it). UI kit,
// icons and zod are NOT grouped: a catch-all group puts the whole library in the first screen; left
// to Rolldown, each component lands in the chunk of the routes that use it (issue 8 §3).
// A group also takes its modules' dependencies (Rolldown's includeDependenciesRecursively), so
// React's group goes first: at a lower priority, react itself landed in vendor-query, which every
// chunk then had to fetch, public pages included.
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  {
    name: 'vendor-i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
];

// react-router 7 points every condition at its development build (remix-run/react-router#12532,
// #14102); its production build differs only in ENABLE_DEV_WARNINGS = false, which lets the
// minifier drop the warnings. The dev server keeps the warnings.
const routerPackage = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionRouter = { find: /^react-router$/, replacement: join(routerPackage, 'dist/production/index.mjs') };

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' ? [productionRouter] : [] },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/device-api': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/device-api': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // the previous build's assets stay for tabs still open on it; scripts/build-web.mjs prunes them after a week
    emptyOutDir: false,
    // .vite/manifest.json: scripts/size-budget.mjs follows the chunk graph through it
    manifest: true,
    chunkSizeWarningLimit: 900,
    // <link rel="modulepreload"> is in every browser the console supports (Safari since 17); the
    // polyfill was ~0.4 KiB gzipped of the first screen, /index included (issue 25 §7).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown): `codeSplitting.groups` is the successor of Rollup's `manualChunks`.
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
}));
