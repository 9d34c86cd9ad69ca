import { defineConfig } from 'vitest/config';

// End-to-end tests: the real server (child process, fresh data) and Debian Chromium through
// playwright-core. Run with `node scripts/e2e.mjs` (it builds the web app first when needed).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['packages/web/e2e/**/*.e2e.ts'],
    globalSetup: ['packages/web/e2e/global-setup.ts'],
    // One server, one browser at a time: the files share the server and 2 cores.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    // expect.poll waits as long as a locator does (its default, 1 s, lost a race on a loaded CI lane:
    // a notification sent through the confirm dialog took longer to show its recipients)
    expect: { poll: { timeout: 15_000 } },
  },
});
