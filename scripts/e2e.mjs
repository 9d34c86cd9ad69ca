// npm run test:e2e: build the web app when needed, then run the end-to-end tests in Chromium
// (vitest.e2e.config.ts; the global setup starts the real server on a free port with fresh data).
// Extra arguments go to vitest, e.g. `node scripts/e2e.mjs guard`. Screenshots: .e2e-artifacts/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfNeeded } from './build-web.mjs';

const root = join(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `end-to-end tests need Chromium at ${chromium} (apt-get install chromium fonts-wqy-microhei, or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
buildWebIfNeeded();
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--config', join(root, 'vitest.e2e.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
