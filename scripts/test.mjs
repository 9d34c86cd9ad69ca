// npm test: unit and integration tests (PGlite, or PostgreSQL when DATABASE_URL is set), then the
// end-to-end tests in Chromium when a Chromium is present. CI (CI=true) requires them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n▶ unit and integration tests on ${db}`);
const unit = run([join(root, 'node_modules/vitest/vitest.mjs'), 'run']);
if (unit !== 0) process.exit(unit);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`\n✖ end-to-end tests need Chromium at ${chromium}, and CI requires them.`);
    process.exit(1);
  }
  console.log(
    `\n⚠ end-to-end tests SKIPPED: no Chromium at ${chromium} (apt-get install chromium fonts-wqy-microhei).`,
  );
  process.exit(0);
}
console.log(`\n▶ end-to-end tests in Chromium on ${db}`);
process.exit(run([join(root, 'scripts/e2e.mjs')]));
