// npm start: build the web app and compile the server when needed, then run ONE server (API, docs
// and the app) on PORT with plain node (scripts/build-server.mjs; `npm run dev` runs the sources).
import { spawn } from 'node:child_process';
import { buildServerIfNeeded, NODE_FLAGS, SERVER_MAIN } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web.mjs';

buildWebIfNeeded();
await buildServerIfNeeded();
const child = spawn(process.execPath, [...NODE_FLAGS, SERVER_MAIN], {
  stdio: 'inherit',
  env: { ...process.env },
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
