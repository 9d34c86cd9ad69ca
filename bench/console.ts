import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../packages/server/src/seed/demo.js';

// What the browser benches share (bench/lighthouse.ts, bench/first-start.ts): a free port, and the
// demo supervisor logged in through the real login page.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? ok(a.port) : fail(new Error('no port'))));
    });
  });

/** Logs the demo supervisor in through /index (the page's baseURL is the console); waits for /home. */
export async function logInAsSupervisor(page: Page): Promise<void> {
  await page.goto('/index');
  await page.getByTestId('login-tab-password').click();
  await page
    .locator('[data-testid="login-un"] input, input[data-testid="login-un"]')
    .first()
    .fill(DEMO_USERS.supervisor.phone);
  await page.locator('[data-testid="login-pw"] input, input[data-testid="login-pw"]').first().fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/home/home', { timeout: 120_000 });
}
