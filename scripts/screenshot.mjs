// Regenerate docs/screenshot.png: the demo supervisor's console home, in Chinese.
// Usage: a server with the demo running (npm start), then: node scripts/screenshot.mjs [baseURL] [out]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? join(import.meta.dirname, '../docs/screenshot.png');
const lang = process.env.SHOT_LANG ?? 'zh-CN';
const profile = mkdtempSync(join(tmpdir(), 'vitrine-shot-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
  viewport: { width: 1366, height: 800 },
  locale: lang,
});
try {
  await ctx.addCookies([{ name: 'language', value: lang, url: base }]);
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.goto(`${base}/index`);
  await page.getByTestId('login-un').fill('13800000001');
  await page.getByTestId('login-pw').fill('vitrine-demo-2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/home/);
  // first visit: choose the enterprise (one role → chosen automatically, the app reloads)
  await page.getByTestId('role-chooser').getByText('维特琳演示连锁').click();
  await page
    .getByTestId('home-page')
    .waitFor({ timeout: 15000 })
    .catch(async (e) => {
      await page.screenshot({ path: '/tmp/fail.png' });
      throw e;
    });
  await page.waitForTimeout(800);
  await page.screenshot({ path: out });
  console.log(`saved ${out}`);
} finally {
  await ctx.close();
  rmSync(profile, { recursive: true, force: true });
}
