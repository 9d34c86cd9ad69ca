import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for scripts, never served
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else if (COMPRESSIBLE.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every built text file, so
 * the server sends the smallest encoding the browser accepts without compressing per request
 * (@fastify/static `preCompressed`). An encoding that saves under 10 % is not written: the
 * server then sends the file as it is.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vitrine:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const targets = await files(outDir);
      await Promise.all(
        targets.map(async (file) => {
          const [data, { size }] = await Promise.all([readFile(file), stat(file)]);
          const [brotli, gzipped] = await Promise.all([
            br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } }),
            gz(data, { level: 9 }),
          ]);
          if (brotli.length < size * 0.9) await writeFile(`${file}.br`, brotli);
          if (gzipped.length < size * 0.9) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
