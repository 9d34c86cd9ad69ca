// Build the browser apps (the console, packages/web, and the device player, packages/player) when
// their sources are newer than their last build (or there is none).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SHARED = ['packages/contract/src', 'packages/screen/src'];
const APPS = [
  { pkg: 'packages/web', label: 'the web app', sources: ['src', 'public', 'index.html', 'vite.config.ts', 'vite-precompress.ts'] },
  { pkg: 'packages/player', label: 'the player', sources: ['src', 'index.html', 'vite.config.ts'] },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), s.mtimeMs);
}

export function buildWebIfNeeded() {
  let built = false;
  for (const app of APPS) {
    const dist = join(root, app.pkg, 'dist/index.html');
    const last = existsSync(dist) ? statSync(dist).mtimeMs : 0;
    const changed = Math.max(...[...app.sources.map((s) => join(app.pkg, s)), ...SHARED].map((s) => newest(join(root, s))));
    if (last > changed) continue;
    console.log(`Building ${app.label}…`);
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: join(root, app.pkg), stdio: 'inherit' });
    built = true;
  }
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
