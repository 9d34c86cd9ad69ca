// Helpers of stores.e2e.ts: a supervisor and a store manager in one approved enterprise (through the
// API and the operator command), tenant calls from Node, logging in through the UI, and the antd
// widgets of the store page (rows, cascader, tree).
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { field, pick, type Browser } from './browser';
import { approve, createEnterprise, ok, registerAccount, suffix, type Account, type Envelope } from './server';

/** An account acting inside an enterprise with one of its role entries (the enCode / roleCode headers). */
export type Member = Account & { enCode: string; roleCode: string };

/** POST /api/<path> as a member of an enterprise (at, id, enCode, roleCode headers). */
export async function tenantApi<T = Record<string, unknown>>(
  path: string,
  body: object,
  who: Member,
): Promise<Envelope<T>> {
  const res = await fetch(`${inject('baseURL')}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      appid: 'pc',
      at: who.token,
      id: String(who.userId),
      enCode: who.enCode,
      roleCode: who.roleCode,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** As tenantApi(), but any ret other than 0/1 fails the test with the server's message. */
export async function tenantOk<T = Record<string, unknown>>(path: string, body: object, who: Member): Promise<T> {
  const r = await tenantApi<T>(path, body, who);
  if (r.ret !== 0 && r.ret !== 1) throw new Error(`${path} answered ret ${r.ret}: ${r.msg}`);
  return r.result;
}

type RoleEntry = { roleNode: string; role: number; jobName: string };

async function roleOf(account: Account, enCode: string): Promise<RoleEntry> {
  const { list } = await ok<{ list: RoleEntry[] }>('account/roles', { enCode }, account);
  if (list.length !== 1)
    throw new Error(`expected one role entry for ${account.un} in ${enCode}, got ${JSON.stringify(list)}`);
  return list[0];
}

export type StoreTeam = { title: string; enCode: string; supervisor: Member; manager: Member };

/**
 * A new enterprise (approved with the operator command) whose creator is its supervisor and main
 * admin, and a store manager who joined by invitation (store-manager job) with the data range
 * `range` (null = the whole enterprise).
 */
export async function setupStoreTeam(
  range: { p?: string[]; c?: string[]; a?: string[]; s?: string[] } | null,
): Promise<StoreTeam> {
  const boss = await registerAccount(`督导${suffix()}`);
  const title = `e2e 门店企业 ${suffix()}`;
  const { companyCode: enCode } = await createEnterprise(boss, title);
  await approve(enCode);
  const bossRole = await roleOf(boss, enCode);
  const supervisor: Member = { ...boss, enCode, roleCode: bossRole.roleNode };

  const manager = await joinAs(supervisor, 2, range);
  return { title, enCode, supervisor, manager };
}

/** A new account invited into the supervisor's enterprise with the job of `role`, its data range set when given. */
export async function joinAs(
  supervisor: Member,
  role: 1 | 2 | 3,
  range: { p?: string[]; c?: string[]; a?: string[]; s?: string[] } | null,
  nickname?: string,
): Promise<Member> {
  const { list: jobs } = await tenantOk<{ list: { id: number; role: number }[] }>('job/list', { role }, supervisor);
  if (!jobs.length) throw new Error(`no job of role ${role} in the enterprise`);
  const { token } = await tenantOk<{ token: string }>('company/invite', { jobId: jobs[0].id }, supervisor);
  const joiner = await registerAccount(nickname ?? `${['', '店员', '店长', '督导'][role]}${suffix()}`);
  await ok('company/accept-invite', { token }, joiner);
  const entry = await roleOf(joiner, supervisor.enCode);
  if (entry.role !== role) throw new Error(`the invited member got role ${entry.role}, not ${role}`);
  const member: Member = { ...joiner, enCode: supervisor.enCode, roleCode: entry.roleNode };
  if (range)
    await tenantOk(
      'role/set-data-range',
      { roleNode: member.roleCode, range: JSON.stringify({ p: [], c: [], a: [], s: [], ...range }) },
      supervisor,
    );
  return member;
}

/** Password login through /index; the only approved enterprise with one role is entered (the app reloads on /home). */
export async function logIn(b: Browser, who: Account, title: string): Promise<void> {
  const { page } = b;
  await page.goto('/index');
  await page.getByTestId('login-tab-password').click();
  await field(page, 'login-un').fill(who.un);
  await field(page, 'login-pw').fill(who.pw);
  // the enterprise is entered with a reload: wait for it, or what comes next is undone by it
  const reloaded = page.waitForEvent('load', { timeout: 45_000 });
  await page.getByTestId('login-submit').click();
  await reloaded;
  await page.waitForURL('**/home/home');
  await page.getByTestId('home-page').waitFor();
  await page.getByTestId('header-enterprise-switcher').getByText(title).waitFor();
}

/** The interface language for the next page load (the app reads the `language` cookie at start). */
export async function setLanguage(context: BrowserContext, lang: 'zh-CN' | 'en-US'): Promise<void> {
  await context.addCookies([{ name: 'language', value: lang, url: inject('baseURL') }]);
}

/** Opens /store/store with the given query and waits for the lifecycle table (or device table). */
export async function openStore(page: Page, query = ''): Promise<void> {
  await page.goto(`/store/store${query ? `?${query}` : ''}`);
  await page.getByTestId('store-page').waitFor();
  await page.locator('[data-testid^="lifecycle-"] .ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** A table row of the visible lifecycle table whose text contains `text`. */
export function row(page: Page, text: string): Locator {
  return page.locator('[data-testid^="lifecycle-"] tr[data-row-key]').filter({ hasText: text });
}

/** The record id of the row showing `text` (antd rows carry data-row-key = rowKey = id). */
export async function rowId(page: Page, text: string): Promise<number> {
  const key = await row(page, text).first().getAttribute('data-row-key');
  const id = Number(key);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`no row id for "${text}" (data-row-key ${key})`);
  return id;
}

/** Picks province → city → district in the form's antd Cascader by their labels, one menu column each. */
export async function pickRegion(page: Page, drawer: Locator, labels: string[]): Promise<void> {
  await drawer.locator('.ant-cascader').first().click();
  for (const [column, label] of labels.entries()) {
    const menu = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(column);
    await pick(
      menu
        .locator('.ant-cascader-menu-item')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .first(),
    );
  }
  await page.locator('.ant-cascader-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Picks an option of the antd Select with this id inside the drawer. */
export async function pickSelect(page: Page, drawer: Locator, id: string, label: string): Promise<void> {
  await drawer.locator(`#${id}`).click();
  await pick(
    page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first(),
  );
}

/** Expands a node of an antd Tree (its title carries data-testid=`${prefix}${key}`) and waits for a child. */
export async function expandTreeNode(scope: Locator, prefix: string, key: string, child: string): Promise<void> {
  const node = scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByTestId(`${prefix}${key}`) });
  // on a loaded machine a click can land while the tree still settles: click again if no child came
  for (let attempt = 1; ; attempt++) {
    if ((await node.locator('.ant-tree-switcher_open').count()) === 0)
      await node.locator('.ant-tree-switcher').first().click();
    try {
      await scope.getByTestId(`${prefix}${child}`).waitFor({ timeout: 8000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Checks the checkbox of a tree node. */
export async function checkTreeNode(scope: Locator, prefix: string, key: string): Promise<void> {
  const node = scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByTestId(`${prefix}${key}`) });
  await node.locator('.ant-tree-checkbox').first().click();
}

/** `s` + the shop id padded to 8 digits (the contract's shopTreeId). */
export const shopTreeId = (id: number) => `s${String(id).padStart(8, '0')}`;

/** A row's details (the columns kept out of the table at 1280 px, issue 25 §3): opened once, then read. */
export async function rowDetails(page: Page, id: number): Promise<string> {
  const details = page.getByTestId(`row-details-${id}`);
  if (!(await details.isVisible())) await page.getByTestId(`row-expand-${id}`).click();
  await details.waitFor();
  return details.innerText();
}
