// The new user's journey (issue 2 §6): register via the dev outbox → create an enterprise →
// approve it with the operator command → log in → choose the enterprise (one role) → /home →
// English → sign out with the confirmation. Screenshots of the landing page and /home in both
// languages land in .e2e-artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookie, field, launch, location, pick, shot, toasts, type Browser } from './browser';
import { approve, enterpriseCode, newPassword, newPhone, outboxCode, suffix } from './server';

const CJK = /[\u4e00-\u9fff]/;

describe('journey: register → enterprise → approve → log in → home → English → sign out', () => {
  let b: Browser;
  const un = newPhone();
  const pw = newPassword();
  const nickname = `旅程${suffix()}`;
  const title = `e2e 旗舰门店 ${suffix()}`;
  let code = '';

  beforeAll(async () => {
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('shows the landing page and the login panel in Chinese', async () => {
    const { page } = b;
    await page.goto('/');
    await page.waitForURL('**/index');
    await page.getByTestId('login-submit').waitFor();
    await page.getByTestId('login-tab-password').waitFor();
    expect(await page.locator('body').innerText()).toMatch(CJK);
    await shot(page, 'landing-zh', true);
  });

  it('registers with the code from the dev outbox and creates an enterprise (flag=1)', async () => {
    const { page } = b;
    await page.goto('/register');
    await field(page, 'register-un').fill(un);
    await page.getByTestId('register-send-code').click();
    const smsCode = await outboxCode(un, 'register');
    await field(page, 'register-code').fill(smsCode);
    await field(page, 'register-pw').fill(pw);
    await field(page, 'register-nickname').fill(nickname);
    await page.getByTestId('register-submit').click();

    // Step 2: create an enterprise.
    await field(page, 'register-create-title').fill(title);
    await shot(page, 'register-step2-zh');
    await page.getByTestId('register-create-submit').click();
    await page.waitForURL('**/register_succeed?flag=1');
    await page.getByText(title).waitFor();
    await shot(page, 'register-succeed-zh');
  });

  it('refuses to enter the enterprise while it is under review', async () => {
    const { page, context } = b;
    // Registration logged the user in; the console lists the enterprise, still under review.
    await page.goto('/home');
    const chooser = page.getByTestId('role-chooser');
    await chooser.waitFor();
    await shot(page, 'chooser-zh');
    await pick(chooser.getByRole('button', { name: title }));
    await page.getByText('企业处于待审核状态，无法进入').waitFor();
    expect(await toasts(page)).toContain('请选择企业');
    // A fresh start for the login below: no session cookies, no stored enterprise.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
  });

  it('approves the enterprise with `npm run admin`', async () => {
    const listed = await enterpriseCode(title);
    expect(listed.status).toBe('under review');
    code = listed.code;
    expect(await approve(code)).toContain(`${code} ${title}: approved`);
  });

  it('logs in with the password and enters the enterprise through the one-role path', async () => {
    const { page, context } = b;
    await page.goto('/index');
    await page.getByTestId('login-tab-password').click();
    await field(page, 'login-un').fill(un);
    await field(page, 'login-pw').fill(pw);
    // The message shows for a second before the app reloads; a busy machine can paint and reload
    // between two of Playwright's polls, so each document records that it showed (sessionStorage).
    const watch = () => {
      const seen = () => document.body?.textContent?.includes('用户只有一个身份，直接跳转');
      new MutationObserver(() => {
        if (seen()) sessionStorage.setItem('e2e-single-role-seen', '1');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    };
    await context.addInitScript(watch);
    await page.evaluate(watch);
    const reloaded = page.waitForEvent('load', { timeout: 45_000 });
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname.startsWith('/home'));
    expect(await cookie(context, 'access_token')).toBeTruthy();
    expect(await cookie(context, 'user_id')).toBeTruthy();

    // No enterprise chosen yet, and only one can be entered, with exactly one role: it is chosen
    // automatically, stored, and the app reloads on /home (issue 8 §4; the chooser is seen above,
    // while the enterprise was under review).
    await page.waitForFunction(() => sessionStorage.getItem('e2e-single-role-seen') === '1');
    await reloaded;
    await page.getByTestId('home-page').waitFor();
    await page.waitForURL('**/home/home');
    const stored = await page.evaluate(() => ({
      activeCom: JSON.parse(localStorage.getItem('activeCom') ?? '{}') as { companyCode?: string },
      roleItem: JSON.parse(localStorage.getItem('roleItem') ?? '{}') as { roleNode?: string; roleName?: string },
    }));
    expect(stored.activeCom.companyCode).toBe(code);
    expect(stored.roleItem.roleNode).toBeTruthy();
  });

  it('shows the enterprise, the role and the menu on /home', async () => {
    const { page } = b;
    const enterprise = page.getByTestId('home-enterprise');
    await enterprise.getByText(title).waitFor();
    await enterprise.getByText(code).waitFor();
    await page.getByTestId('header-enterprise-switcher').getByText(title).waitFor();
    await page.getByTestId('header-user-menu').getByText(nickname).waitFor();
    await page.getByTestId('side-menu').locator('button').first().waitFor();
    expect(await page.getByTestId('side-menu').innerText()).toMatch(CJK);
    await page.getByTestId('main-area').waitFor();
    await shot(page, 'home-zh');
  });

  it('switches to English (cookie language = en-US) and keeps it across a reload', async () => {
    const { page, context } = b;
    const zhMenu = await page.getByTestId('side-menu').innerText();
    await page.getByTestId('header-language').click();
    await pick(page.getByTestId('language-en-US'));
    await expect.poll(() => cookie(context, 'language')).toBe('en-US');
    await page.getByTestId('header-messages').getByText('Messages').waitFor();
    await expect.poll(() => page.getByTestId('side-menu').innerText()).not.toBe(zhMenu);
    const enMenu = await page.getByTestId('side-menu').innerText();
    expect(enMenu).not.toMatch(CJK);
    expect(enMenu).toMatch(/[A-Za-z]{3,}/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('header-messages').getByText('Messages').waitFor();
    expect(await page.getByTestId('side-menu').innerText()).toBe(enMenu);
    // The enterprise's own name stays as written.
    await page.getByTestId('home-enterprise').getByText(title).waitFor();
    await shot(page, 'home-en');
  });

  it('asks before signing out: cancel shows Cancelled, confirm goes to /index without the session', async () => {
    const { page, context } = b;
    let dialog = page.getByRole('dialog').filter({ hasText: 'Sign out?' });
    await page.getByTestId('header-user-menu').click();
    await pick(page.getByTestId('menu-signout'));
    await dialog.waitFor();
    await shot(page, 'signout-confirm-en');
    await pick(dialog.getByRole('button', { name: 'Cancel' }));
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(location(page)).toBe('/home/home');
    expect(await cookie(context, 'access_token')).toBeTruthy();

    await page.getByTestId('header-user-menu').click();
    await pick(page.getByTestId('menu-signout'));
    dialog = page.getByRole('dialog').filter({ hasText: 'Sign out?' });
    await pick(dialog.getByRole('button', { name: 'Sign out' }));
    await page.waitForURL('**/index');
    expect(location(page)).toBe('/index');
    await expect.poll(() => cookie(context, 'access_token')).toBeUndefined();
    expect(await cookie(context, 'user_id')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('activeCom'))).toBeNull();

    // The landing page, now in English (the language cookie stays).
    await page.getByTestId('login-submit').waitFor();
    expect(await cookie(context, 'language')).toBe('en-US');
    expect(await page.getByTestId('login-submit').innerText()).toMatch(/Log in/);
    // Let the Cancelled toast go before the picture.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await shot(page, 'landing-en', true);
    expect(b.pageErrors).toEqual([]);
  });
});
