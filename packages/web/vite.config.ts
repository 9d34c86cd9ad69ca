import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

const API_TARGET = 'http://127.0.0.1:8080';

// Vendor groups: only libraries every screen needs from the first paint (React and the router,
// react-query, i18next) get long-cached chunks of their own. UI kit, icons and zod are NOT grouped:
// a catch-all group puts the whole library in the first screen; left to Rolldown, each component
// lands in the chunk of the routes that use it (issue 8 §3).
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 30 },
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react(), precompress()],
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
    emptyOutDir: true,
    // .vite/manifest.json: scripts/size-budget.mjs follows the chunk graph through it
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown): `codeSplitting.groups` is the successor of Rollup's `manualChunks`.
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
