// npm start: build the web app when needed, then run ONE server (API, docs and the app) on PORT.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWebIfNeeded } from './build-web.mjs';

const root = join(import.meta.dirname, '..');
buildWebIfNeeded();
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env },
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
