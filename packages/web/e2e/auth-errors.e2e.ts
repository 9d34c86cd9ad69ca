// The error catalogue and phone validation (spec §5, §8): a ret 65536 answer (session revoked on
// the server) warns 验证失败, removes the token and goes to /index; the login form checks the phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookie, field, launch, location, shot, type Browser } from './browser';
import { api, registerAccount } from './server';

describe('auth errors', () => {
  let b: Browser;

  beforeAll(async () => {
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('validates the phone on the login form', async () => {
    const { page } = b;
    await page.goto('/index');
    await page.getByTestId('login-submit').click();
    await page.getByText('手机号不能为空').waitFor();

    await field(page, 'login-un').fill('123');
    await page.getByTestId('login-submit').click();
    await page.getByText('手机格式不正确').waitFor();
    // The previous message leaves with antd's motion.
    await expect.poll(() => page.getByText('手机号不能为空').count()).toBe(0);
    await shot(page, 'login-phone-invalid-zh');

    // The SMS tab shares the phone: asking for a code with a bad phone sends nothing.
    await page.getByTestId('login-tab-sms').click();
    await page.getByTestId('login-send-code').click();
    await page.getByText('手机格式不正确').waitFor();
    await field(page, 'login-un').fill('');
    await page.getByText('手机号不能为空').waitFor();
    expect(location(page)).toBe('/index');
  });

  it('a revoked session (ret 65536) warns 验证失败, drops the token and returns to /index', async () => {
    const { page, context } = b;
    const account = await registerAccount();
    await page.goto('/index');
    await page.getByTestId('login-tab-password').click();
    await field(page, 'login-un').fill(account.un);
    await field(page, 'login-pw').fill(account.pw);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/home');
    // No enterprise yet: the console says so (and offers create / join).
    await page.getByTestId('no-enterprise').waitFor();

    // Revoke the browser's own session from outside, with its cookies as the at/id headers.
    const token = await cookie(context, 'access_token');
    const userId = await cookie(context, 'user_id');
    expect(token).toBeTruthy();
    expect(userId).toBe(String(account.userId));
    const revoked = await api('account/logout', {}, { token: token!, userId: Number(userId) });
    expect(revoked.ret).toBe(0);
    const again = await api('account/session', {}, { token: token!, userId: Number(userId) });
    expect(again.ret).toBe(65536);

    // The next call the browser makes is refused.
    await page.reload();
    await page.getByText('验证失败', { exact: true }).waitFor();
    await page.waitForURL((u) => u.pathname === '/index');
    expect(location(page)).toBe('/index');
    expect(await cookie(context, 'access_token')).toBeUndefined();
    await page.getByTestId('login-submit').waitFor();
    await shot(page, 'auth-65536-zh');

    // And the console is closed again.
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/index');
    expect(location(page)).toBe('/index?redirect=%2Fhome');
    expect(b.pageErrors).toEqual([]);
  });
});
