// Build the web app when its sources are newer than the last build (or there is none).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src', 'packages/web/public', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/web/vite-precompress.ts',
  'packages/contract/src',
];

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), s.mtimeMs);
}

export function buildWebIfNeeded() {
  const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newest(join(root, s))));
  if (built > changed) return false;
  console.log('Building the web app…');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(root, 'packages/web'),
    stdio: 'inherit',
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
