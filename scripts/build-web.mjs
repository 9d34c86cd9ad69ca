// Build the browser apps (the console, packages/web, and the device player, packages/player) when
// their sources are newer than their last build (or there is none).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SHARED = ['packages/contract/src', 'packages/screen/src'];
const APPS = [
  {
    pkg: 'packages/web',
    label: 'the web app',
    sources: ['src', 'public', 'index.html', 'vite.config.ts', 'vite-precompress.ts'],
  },
  { pkg: 'packages/player', label: 'the player', sources: ['src', 'index.html', 'vite.config.ts'] },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), s.mtimeMs);
}

/** How a dist was built (dist/build.json): a build made for anything but production is made again. */
function builtFor(distDir) {
  try {
    return JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')).nodeEnv;
  } catch {
    return null;
  }
}

/** Assets of builds before the last one stay a week, for tabs still open on them (issue 25 §7). */
const KEEP_OLD_ASSETS_MS = 7 * 86_400_000;
function pruneOldAssets(distDir, builtAt) {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return;
  for (const name of readdirSync(assets)) {
    const file = join(assets, name);
    if (statSync(file).mtimeMs < builtAt - KEEP_OLD_ASSETS_MS) rmSync(file);
  }
}

export function buildWebIfNeeded({ always = false } = {}) {
  let built = false;
  for (const app of APPS) {
    const distDir = join(root, app.pkg, 'dist');
    const dist = join(distDir, 'index.html');
    const last = existsSync(dist) ? statSync(dist).mtimeMs : 0;
    const changed = Math.max(
      ...[...app.sources.map((s) => join(app.pkg, s)), ...SHARED].map((s) => newest(join(root, s))),
    );
    if (!always && last > changed && builtFor(distDir) === 'production') continue;
    console.log(`Building ${app.label}…`);
    const builtAt = Date.now();
    // always for production: under `npm test` NODE_ENV is "test", which bundled React's development build
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'production', '--logLevel', 'warn'],
      {
        cwd: join(root, app.pkg),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    writeFileSync(
      join(distDir, 'build.json'),
      `${JSON.stringify({ nodeEnv: 'production', builtAt: new Date(builtAt).toISOString() })}\n`,
    );
    pruneOldAssets(distDir, builtAt);
    built = true;
  }
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded({ always: process.argv.includes('--always') });
