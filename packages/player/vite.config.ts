import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The device player (issue 10 §3), served by the server under /player/. Two entries: the page and
// its Service Worker, which keeps a fixed name (sw.js) so the browser finds it again after a restart.
export default defineConfig({
  base: '/player/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: 'index.html', sw: 'src/sw.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
});
