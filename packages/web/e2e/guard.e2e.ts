// The route guard (spec §2): the open list renders without login; any other path goes to
// /index?redirect={path}, and after logging in the user lands on the path asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookie, field, launch, location, shot, type Browser } from './browser';
import { approve, createEnterprise, enterpriseCode, registerAccount, suffix, type Account } from './server';

const CJK = /[\u4e00-\u9fff]/;
const OPEN = ['/index', '/make_an_appointment', '/register', '/resetPw', '/introduce', '/inlog'];

async function logIn(b: Browser, account: Account) {
  const { page } = b;
  await page.getByTestId('login-tab-password').click();
  await field(page, 'login-un').fill(account.un);
  await field(page, 'login-pw').fill(account.pw);
  await page.getByTestId('login-submit').click();
}

describe('route guard', () => {
  let b: Browser;

  beforeAll(async () => {
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('renders every open page without login', async () => {
    const { page, context } = b;
    expect(await cookie(context, 'access_token')).toBeUndefined();
    for (const path of OPEN) {
      await page.goto(path);
      // The public frame (logo, footer) and the page's own content.
      await page.locator('footer').getByText('Vitrine').waitFor();
      await page.waitForLoadState('networkidle');
      expect(location(page), `${path} stays open`).toBe(path);
      const text = await page.locator('main').innerText();
      expect(text.length, `${path} has content`).toBeGreaterThan(20);
      expect(text).toMatch(CJK);
      await shot(page, `open${path.replace(/\//g, '-')}-zh`);
    }
  });

  it('switches the language from the public header, its menu opening on hover', async () => {
    const { page, context } = b;
    await page.goto('/index');
    const language = page.getByTestId('public-language');
    await language.getByText('中文').waitFor();
    await language.hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => cookie(context, 'language')).toBe('en-US');
    await language.getByText('English').waitFor();
    await page.mouse.move(0, 400);
    await language.hover();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect.poll(() => cookie(context, 'language')).toBe('zh-CN');
    await language.getByText('中文').waitFor();
    expect(b.pageErrors).toEqual([]);
  });

  it('sends / to /index and a console path to /index?redirect={path}', async () => {
    const { page } = b;
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/index');
    expect(location(page)).toBe('/index');

    await page.goto('/news');
    await page.waitForURL((u) => u.pathname === '/index');
    expect(location(page)).toBe('/index?redirect=%2Fnews');

    await page.goto('/store/store');
    await page.waitForURL((u) => u.pathname === '/index');
    expect(location(page)).toBe('/index?redirect=%2Fstore%2Fstore');
    await page.getByText('请先登录，登录后将返回您要访问的页面').waitFor();
    await shot(page, 'guard-redirect-zh');
  });

  it('after logging in, lands on the path asked for', async () => {
    const { page, context } = b;
    // An account and an approved enterprise, made through the API and the operator command.
    const account = await registerAccount();
    const title = `e2e 守卫门店 ${suffix()}`;
    const created = await createEnterprise(account, title);
    expect(created.status).toBe(0);
    expect((await enterpriseCode(title)).code).toBe(created.companyCode);
    await approve(created.companyCode);

    // Still on /index?redirect=%2Fstore%2Fstore from the previous test.
    expect(location(page)).toBe('/index?redirect=%2Fstore%2Fstore');
    const reloaded = page.waitForEvent('load', { timeout: 45_000 });
    await logIn(b, account);
    await page.waitForURL((u) => u.pathname === '/store/store');
    expect(location(page)).toBe('/store/store');

    // First visit: no enterprise chosen yet; the only one, with one role, is entered (app reloads on /home).
    await reloaded;
    await page.waitForURL('**/home/home');
    await page.getByTestId('home-page').waitFor();
    expect(location(page)).toBe('/home/home');

    // The session cookies go (as when they expire); the chosen enterprise and role stay stored.
    await context.clearCookies();
    await page.goto('/store/store');
    await page.waitForURL((u) => u.pathname === '/index');
    expect(location(page)).toBe('/index?redirect=%2Fstore%2Fstore');
    await logIn(b, account);
    await page.waitForURL((u) => u.pathname === '/store/store');
    // The store area itself (a real page or, before it is built, its placeholder) in the console.
    await page
      .getByTestId('main-area')
      .locator('[data-testid="store-page"], [data-testid="placeholder-store"]')
      .first()
      .waitFor();
    expect(location(page)).toBe('/store/store');
    await page.getByTestId('side-menu').locator('.vt-side-item.is-active').waitFor();
    await page.getByTestId('header-enterprise-switcher').getByText(title).waitFor();
    await shot(page, 'guard-landed-store-zh');
    expect(b.pageErrors).toEqual([]);
  });
});
