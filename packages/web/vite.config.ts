import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

const API_TARGET = 'http://127.0.0.1:8080';

// Vendor groups: the entry chunk keeps only the app bootstrap; React, antd, icons, react-query and
// i18n each get their own long-cached chunk, and every route (including the console layout) is lazy.
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 40 },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 30 },
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  {
    name: 'vendor-antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs|classnames|clsx|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mq|copy-to-clipboard|toggle-selection)[\\/]/,
    priority: 10,
  },
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
