// Debian Chromium through playwright-core: a fresh profile per test file, screenshots, toasts.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export type Browser = {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page (a healthy app has none). */
  pageErrors: string[];
  close: () => Promise<void>;
};

const TOASTS_KEY = '__e2e_toasts';

/**
 * Records every antd message (toast) text into sessionStorage, so a toast shown just before a full
 * reload (spec §4: 用户只有一个身份，直接跳转, then the app reloads) can still be checked.
 */
function recordToasts(key: string) {
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const el of Array.from(document.querySelectorAll('.ant-message-notice'))) {
      if (seen.has(el)) continue;
      const text = (el.textContent ?? '').trim();
      if (!text) continue;
      seen.add(el);
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      list.push(text);
      sessionStorage.setItem(key, JSON.stringify(list));
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A fresh Chromium; `args` adds switches (a fake camera: fake-camera.ts). */
export async function launch(args: string[] = []): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'vitrine-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...args,
    ],
    locale: 'zh-CN',
    viewport: { width: 1366, height: 820 },
    baseURL: inject('baseURL'),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.addInitScript(recordToasts, TOASTS_KEY);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && console.log(`[browser nav] ${f.url()}`));
    page.on('requestfailed', (r) => console.log(`[browser requestfailed] ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => r.status() >= 400 && console.log(`[browser ${r.status()}] ${r.url()}`));
  }
  // A Content Security Policy violation is a page error: the server's CSP must let the console work.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) pageErrors.push(`CSP: ${m.text()}`);
  });
  page.on('pageerror', (err) => {
    // Chromium reports this benign layout notice as an error event.
    if (/ResizeObserver loop/.test(err.message)) return;
    pageErrors.push(err.stack ?? err.message);
  });
  return {
    context,
    page,
    pageErrors,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Every toast text seen in this tab since it opened (survives reloads). */
export async function toasts(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], TOASTS_KEY);
}

/**
 * Opens a console path the way a click on a link does once the console runs (react-router follows
 * the history), or by loading the page when it does not run yet: a tour of many pages does not boot
 * the app again for each one.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate(() => !!document.querySelector('.vt-shell')).catch(() => false);
  if (!inApp) {
    await page.goto(path);
    return;
  }
  const quiet = networkQuiet(page);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname + u.search === path);
  // a same-document navigation has no load states: wait for the route's chunks and calls instead
  await quiet;
}

/** Resolves once no request of the page has been in flight for `idleMs` (at most `timeoutMs`). */
function networkQuiet(page: Page, idleMs = 500, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
      clearTimeout(timer);
      clearTimeout(cap);
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, idleMs);
    };
    const start = () => {
      inFlight++;
      clearTimeout(timer);
    };
    const end = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const cap = setTimeout(done, timeoutMs);
    page.on('request', start);
    page.on('requestfinished', end);
    page.on('requestfailed', end);
    arm();
  });
}

/** Saves .e2e-artifacts/<name>.png after the fonts are ready and the page has settled. */
export async function shot(page: Page, name: string, fullPage = false): Promise<string> {
  const dir = inject('artifacts');
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Let antd's motion (dropdowns, modals, toasts) finish.
  await page.waitForTimeout(400);
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** The <input> of an antd Input whose data-testid sits on the input or on a wrapper. */
export function field(page: Page, testId: string): Locator {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** The value of a cookie of the app's origin, or undefined. */
export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const all = await context.cookies(inject('baseURL'));
  const found = all.find((c) => c.name === name);
  return found && found.value !== '' ? found.value : undefined;
}

/** pathname + search of the page, e.g. '/index?redirect=%2Fstore%2Fstore'. */
export function location(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** Whether no element from `el` up has a motion class of a popup still opening (antd's `-enter`, `-appear`). */
function opened(el: Element): boolean {
  for (let n: Element | null = el; n; n = n.parentElement) {
    for (const c of Array.from(n.classList)) if (/-(enter|appear)(-active|-prepare|-start)?$/.test(c)) return false;
  }
  return true;
}

/**
 * Clicks an item of a popup (a dropdown menu, a select's option, a cascader's entry, a dialog's
 * button) once the popup has finished opening. antd slides and zooms popups in, and a click aimed
 * while the popup still moves can land beside the item and be lost (Chromium 156: 2 clicks in 40 on
 * the language menu, none in 80 with this wait), so this waits, as a person's eye would, until the
 * popup stands still.
 */
export async function pick(item: Locator): Promise<void> {
  await item.waitFor();
  await expect.poll(() => item.evaluate(opened), { interval: 50, timeout: 5000 }).toBe(true);
  await item.click();
}
