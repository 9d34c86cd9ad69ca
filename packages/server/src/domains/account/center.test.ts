import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { PASSWORD, makeUser, randomPhone } from '../../../test/factories.js';

const t = useTestApp();

async function bindCode(phone: string): Promise<string> {
  expect((await post(t, 'account/code', { un: phone, purpose: 'bind' })).body.ret).toBe(0);
  const box = await post<{ list: { code: string; purpose: string }[] }>(t, 'dev/sms-outbox', { un: phone });
  expect(box.body.result.list[0].purpose).toBe('bind');
  return box.body.result.list[0].code;
}

type Logins = { list: { id: number; ip: string; source: string; current: boolean; active: boolean; ctime: number }[] };

describe('personal center', () => {
  it('changes the phone with a code sent to the new phone; the old phone no longer signs in', async () => {
    const u = await makeUser(t, '小李');
    const other = await post<{ token: string }>(t, 'account/login', { un: u.phone, pw: PASSWORD });
    const fresh = randomPhone();
    expect((await post(t, 'account/change-phone', { un: fresh, code: '000000' }, u.headers)).body.ret).toBe(
      RET.validation,
    );
    const code = await bindCode(fresh);
    const res = await post(t, 'account/change-phone', { un: fresh, code }, u.headers);
    expect(res.body.ret).toBe(0);
    // a code is good once
    expect((await post(t, 'account/change-phone', { un: randomPhone(), code }, u.headers)).body.ret).toBe(
      RET.validation,
    );

    expect((await post(t, 'account/login', { un: u.phone, pw: PASSWORD })).body.ret).not.toBe(0);
    const login = await post<{ userId: number; userName: string }>(t, 'account/login', { un: fresh, pw: PASSWORD });
    expect(login.body.result).toMatchObject({ userId: u.id, userName: fresh });
    // this session goes on; the other one was signed out
    expect((await post<{ userName: string }>(t, 'account/session', {}, u.headers)).body.result.userName).toBe(fresh);
    expect((await post(t, 'account/session', {}, { ...u.headers, at: other.body.result.token })).body.ret).toBe(
      RET.unauthenticated,
    );
  });

  it('refuses a phone already registered (another account, or my own)', async () => {
    const u = await makeUser(t);
    const v = await makeUser(t);
    const code = await bindCode(v.phone);
    expect((await post(t, 'account/change-phone', { un: v.phone, code }, u.headers)).body).toMatchObject({
      ret: RET.conflict,
      msg: '该手机号已注册',
    });
    expect(
      (
        await post(
          t,
          'account/change-phone',
          { un: u.phone, code: '123456' },
          { ...u.headers, cookie: 'language=en-US' },
        )
      ).body,
    ).toMatchObject({ ret: RET.conflict, msg: 'This phone number is already registered' });
    expect((await post(t, 'account/change-phone', { un: '123', code: '123456' }, u.headers)).body).toMatchObject({
      ret: RET.validation,
      msg: '手机格式不正确',
    });
    expect((await post(t, 'account/change-phone', { un: randomPhone(), code: '123456' })).body.ret).toBe(
      RET.unauthenticated,
    );
  });

  it('lists my recent logins, newest first, the current one flagged; nobody else’s', async () => {
    const u = await makeUser(t);
    await makeUser(t);
    await post(t, 'account/login', { un: u.phone, pw: PASSWORD }, { appid: 'wx' });
    const res = await post<Logins>(t, 'account/logins', {}, u.headers);
    expect(res.body.result.list).toHaveLength(2);
    const [newest, mine] = res.body.result.list;
    expect(newest).toMatchObject({ source: 'wx', current: false, active: true });
    expect(mine).toMatchObject({ source: 'pc', ip: '127.0.0.1', current: true, active: true });
    await post(t, 'account/logout', {}, u.headers);
    const again = await makeUser(t);
    expect((await post<Logins>(t, 'account/logins', {}, again.headers)).body.result.list).toHaveLength(1);
  });
});
