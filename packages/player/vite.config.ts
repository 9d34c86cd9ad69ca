import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { MODEL_DIR, MODEL_SOURCES } from './src/audience/models';

const require = createRequire(import.meta.url);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The detector's models and WASM files, copied from their npm packages into dist/models/… at build. */
function detectorFiles(): Plugin {
  return {
    name: 'vitrine-detector-files',
    generateBundle() {
      for (const [name, [pkg, path]] of Object.entries(MODEL_SOURCES)) {
        const root = dirname(require.resolve(`${pkg}/package.json`));
        this.emitFile({
          type: 'asset',
          fileName: `${MODEL_DIR.replace('/player/', '')}${name}`,
          source: readFileSync(join(root, path)),
        });
      }
    },
  };
}

// The device player (issue 10 §3), served by the server under /player/. Two entries: the page and
// its Service Worker, which keeps a fixed name (sw.js) so the browser finds it again after a restart.
// The audience detector (issue 26) is a module worker chunk loaded only when the device's AI is on;
// face-api's unbundled build is pointed at TensorFlow.js's core and WASM backend alone (no WebGL,
// no layers or data packages).
export default defineConfig({
  base: '/player/',
  plugins: [react(), detectorFiles()],
  resolve: {
    alias: [
      {
        find: /^@vladmandic\/face-api$/,
        replacement: require.resolve('@vladmandic/face-api/dist/face-api.esm-nobundle.js'),
      },
      { find: /^@tensorflow\/tfjs\/dist\/index\.js$/, replacement: here('./src/audience/shims/tfjs.ts') },
      {
        find: /^@tensorflow\/tfjs-backend-webgl\/dist\/index\.js$/,
        replacement: here('./src/audience/shims/empty.ts'),
      },
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: 'index.html', sw: 'src/sw.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
});
