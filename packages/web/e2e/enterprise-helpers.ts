// Helpers of enterprise.e2e.ts: logging in through the UI, entering an enterprise, and calling the
// API from Node with a browser's own session (cookies + the stored enterprise and role).
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { cookie, field } from './browser';
import type { Account, Envelope } from './server';

/** Password login on /index; resolves once the console (/home) is reached. */
export async function uiLogin(page: Page, account: Pick<Account, 'un' | 'pw'>): Promise<void> {
  if (new URL(page.url()).pathname !== '/index') await page.goto('/index');
  await page.getByTestId('login-tab-password').click();
  await field(page, 'login-un').fill(account.un);
  await field(page, 'login-pw').fill(account.pw);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/home'));
}

/**
 * Password login by a user whose only approved enterprise gives them one role: the app enters it,
 * stores it and reloads on /home (spec §4, issue 8 §4). Resolves after that reload, when /home shows
 * the enterprise in the header (the console is on screen for a moment before it: acting then would
 * be undone by the reload).
 */
export async function loginAndEnter(page: Page, account: Pick<Account, 'un' | 'pw'>, title: string): Promise<void> {
  await page.goto('/index');
  const reloaded = page.waitForEvent('load', { timeout: 45_000 });
  await uiLogin(page, account);
  await reloaded;
  await page.waitForURL('**/home/home');
  await page.getByTestId('home-page').waitFor();
  await page.getByTestId('header-enterprise-switcher').getByText(title).waitFor();
}

/** Signs the browser out locally: no cookies (language kept by the caller if wanted), no storage. */
export async function forget(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** The headers the console sends (spec §7): at/id from the cookies, enCode/roleCode from storage. */
export async function consoleHeaders(page: Page): Promise<Record<string, string>> {
  const context = page.context();
  const stored = await page.evaluate(() => ({
    enCode: (JSON.parse(localStorage.getItem('activeCom') ?? '{}') as { companyCode?: string }).companyCode ?? '',
    roleCode: (JSON.parse(localStorage.getItem('roleItem') ?? '{}') as { roleNode?: string }).roleNode ?? '',
  }));
  return {
    at: (await cookie(context, 'access_token')) ?? '',
    id: (await cookie(context, 'user_id')) ?? '',
    enCode: stored.enCode,
    roleCode: stored.roleCode,
  };
}

/** POST /api/<path> from Node with the given console headers. */
export async function asConsole<T = Record<string, unknown>>(
  headers: Record<string, string>,
  path: string,
  body: object = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${inject('baseURL')}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', appid: 'pc', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** The number on the header's Messages badge (0 when the badge shows none). */
export async function unreadBadge(page: Page): Promise<number> {
  const sup = page.getByTestId('header-unread').locator('sup.ant-badge-count');
  if ((await sup.count()) === 0) return 0;
  const title = await sup.getAttribute('title');
  return Number(title ?? (await sup.innerText())) || 0;
}
