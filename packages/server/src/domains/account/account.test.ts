import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { adminWrite, post, useTestApp } from '../../../test/harness.js';
import { PASSWORD, makeUser, randomPhone } from '../../../test/factories.js';

const t = useTestApp();

async function lastCode(phone: string) {
  const res = await post<{ list: { code: string; purpose: string }[] }>(t, 'dev/sms-outbox', { un: phone });
  return res.body.result.list[0]?.code;
}

async function registered(phone = randomPhone(), pw = 'a long passphrase') {
  expect((await post(t, 'account/code', { un: phone, purpose: 'register' })).body.ret).toBe(0);
  const res = await post<{ token: string; userId: number }>(t, 'account/register', {
    un: phone,
    code: await lastCode(phone),
    pw,
    nickname: 'Lin',
  });
  expect(res.body.ret).toBe(0);
  return { phone, pw, ...res.body.result };
}

describe('phone rules (spec §5)', () => {
  it('empty phone → 手机号不能为空, wrong format → 手机格式不正确, in the request language', async () => {
    const empty = await post(t, 'account/login', { un: '', pw: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ret: RET.validation, msg: '手机号不能为空' });
    expect((await post(t, 'account/login', { pw: 'x' })).body.msg).toBe('手机号不能为空');
    for (const bad of ['2380000000', '1380000000', '138000000001', '1380000000a']) {
      expect((await post(t, 'account/code', { un: bad })).body.msg).toBe('手机格式不正确');
    }
    const en = await post(t, 'account/code', { un: '123' }, { cookie: 'language=en-US' });
    expect(en.body.msg).toBe('Phone number format is incorrect');
    expect(en.body.result).toEqual({ fields: [{ field: 'un', message: 'Phone number format is incorrect' }] });
  });
});

describe('register and SMS codes', () => {
  it('registers with a code from the dev outbox and returns a working token', async () => {
    const u = await registered();
    const info = await post<{ userName: string; companyList: unknown[] }>(
      t,
      'account/info',
      {},
      { at: u.token, id: String(u.userId) },
    );
    expect(info.body.result).toMatchObject({ userName: u.phone, companyList: [] });
    expect((await post(t, 'account/exists', { un: u.phone })).body.result).toEqual({ exists: true });
    expect((await post(t, 'account/password-exists', { un: u.phone })).body.result).toEqual({ exists: true });
  });

  it('codes are single use, bound to purpose, dead after 5 wrong tries, and expire', async () => {
    const phone = randomPhone();
    await post(t, 'account/code', { un: phone, purpose: 'register' });
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    // the stored value is a hash, never the code
    const [row] = await t.db.admin.query<{ code_hash: string }>('select code_hash from sms_codes where phone = $1', [
      phone,
    ]);
    expect(row.code_hash).not.toContain(code);
    expect((await post(t, 'account/check-code', { un: phone, code, purpose: 'login' })).body.result).toEqual({
      valid: false,
    });
    expect((await post(t, 'account/check-code', { un: phone, code, purpose: 'register' })).body.result).toEqual({
      valid: true,
    });
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await post(t, 'account/check-code', { un: phone, code: wrong, purpose: 'register' })).body.result,
      ).toEqual({ valid: false });
    // five wrong tries: even the right code is now refused
    const dead = await post(t, 'account/register', { un: phone, code, pw: 'a long passphrase', nickname: 'x' });
    expect(dead.body).toMatchObject({ ret: RET.validation, msg: '验证码错误或已过期' });

    const p2 = randomPhone();
    await post(t, 'account/code', { un: p2, purpose: 'register' });
    const c2 = await lastCode(p2);
    await t.db.admin.query(`update sms_codes set expires_at = now() - interval '1 second' where phone = $1`, [p2]);
    expect((await post(t, 'account/check-code', { un: p2, code: c2, purpose: 'register' })).body.result).toEqual({
      valid: false,
    });
  });

  it('a code works once', async () => {
    const u = await registered();
    await t.db.admin.query(`update sms_codes set created_at = now() - interval '2 minutes' where phone = $1`, [
      u.phone,
    ]);
    await post(t, 'account/code', { un: u.phone, purpose: 'login' });
    const code = await lastCode(u.phone);
    expect((await post(t, 'account/login-sms', { un: u.phone, code })).body.ret).toBe(0);
    expect((await post(t, 'account/login-sms', { un: u.phone, code })).body.ret).toBe(RET.validation);
  });

  it('refuses a resend within 60 s and past the daily cap, counted in the database', async () => {
    const phone = randomPhone();
    expect((await post(t, 'account/code', { un: phone })).body.result).toEqual({
      resendIn: 60,
      devCode: await lastCode(phone),
    });
    const again = await post(t, 'account/code', { un: phone });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ ret: RET.tooMany, msg: '发送过于频繁，请60秒后再试' });
    await t.db.admin.query(
      `insert into sms_codes (phone, purpose, code_hash, expires_at, created_at)
       select $1, 'login', 'x', now(), now() - interval '2 minutes' from generate_series(1, 10)`,
      [phone],
    );
    await t.db.admin.query(`update sms_codes set created_at = now() - interval '2 minutes' where phone = $1`, [phone]);
    expect((await post(t, 'account/code', { un: phone })).body.msg).toBe('今日验证码发送次数已达上限');
  });

  it('one address spends only a share of a phone’s daily codes: a stranger cannot burn the owner’s', async () => {
    const phone = randomPhone();
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/code', remoteAddress: ip, payload: { un: phone } });
    const older = () =>
      t.db.admin.query(`update sms_codes set created_at = created_at - interval '2 minutes' where phone = $1`, [phone]);
    const rets = [];
    for (let i = 0; i < 4; i++) {
      rets.push((await from('203.0.113.50')).json().ret);
      await older();
    }
    // 3 of the 10 a day from the stranger's address, then no more from there
    expect(rets).toEqual([0, 0, 0, RET.tooMany]);
    expect((await from('198.51.100.60')).json().ret).toBe(0);
  });

  it('refuses a registered phone, short and common passwords', async () => {
    const u = await registered();
    expect(
      (await post(t, 'account/register', { un: u.phone, code: '123456', pw: 'another passphrase', nickname: 'x' }))
        .body,
    ).toMatchObject({
      ret: RET.conflict,
      msg: '该手机号已注册',
    });
    const phone = randomPhone();
    const short = await post(t, 'account/register', { un: phone, code: '123456', pw: 'short', nickname: 'x' });
    expect(short.body.msg).toBe('密码长度为8到64个字符');
    const common = await post(t, 'account/register', { un: phone, code: '123456', pw: 'password123', nickname: 'x' });
    expect(common.body.msg).toBe('密码过于常见，请换一个');
  });
});

describe('password login', () => {
  it('logs in; unknown phone and wrong password get the same answer', async () => {
    const u = await makeUser(t);
    const ok = await post<{ token: string; userId: number; userName: string; nickName: string }>(t, 'account/login', {
      un: u.phone,
      pw: PASSWORD,
    });
    expect(ok.body.result).toMatchObject({ userId: u.id, userName: u.phone, nickName: 'tester' });
    expect(ok.body.result.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits
    const wrong = await post(t, 'account/login', { un: u.phone, pw: 'not the password' });
    const unknown = await post(t, 'account/login', { un: randomPhone(), pw: 'not the password' });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.status).toBe(unknown.status);
  });

  it('accepts JSON bodies as well as forms', async () => {
    const u = await makeUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { un: u.phone, pw: PASSWORD },
    });
    expect(res.json().ret).toBe(0);
  });

  it('throttles repeated failures per phone', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 5; i++)
      expect((await post(t, 'account/login', { un: u.phone, pw: 'wrong password!' })).body.ret).toBe(RET.validation);
    const blocked = await post(t, 'account/login', { un: u.phone, pw: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe('尝试次数过多，请稍后再试');
  });

  it('is no weapon: a stranger’s guesses from one address do not lock the owner out of another', async () => {
    const u = await makeUser(t);
    const from = (ip: string, pw: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/login', remoteAddress: ip, payload: { un: u.phone, pw } });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7', 'wrong password!')).json().ret).toBe(RET.validation);
    expect((await from('203.0.113.7', PASSWORD)).statusCode).toBe(429);
    // the owner, elsewhere, signs in at once
    expect((await from('198.51.100.2', PASSWORD)).json().ret).toBe(0);
  });

  it('change-password counts wrong old passwords toward the same throttle', async () => {
    const u = await makeUser(t);
    const change = (oldPw: string) =>
      post(t, 'account/change-password', { oldPw, pw: 'A new long passphrase 7' }, u.headers);
    for (let i = 0; i < 5; i++) expect((await change('wrong password!')).body.ret).toBe(RET.validation);
    // eight wrong then the right one used to work; now the sixth try waits, right or not
    const blocked = await change(PASSWORD);
    expect(blocked.status).toBe(429);
    expect((await post(t, 'account/login', { un: u.phone, pw: PASSWORD })).status).toBe(429);
  });

  it('counts each attempt before hashing: 20 parallel wrong passwords hash at most 5 times', async () => {
    const u = await makeUser(t);
    const verify = t.deps.hasher.verify.bind(t.deps.hasher);
    let hashed = 0;
    t.deps.hasher.verify = async (pw, hash) => {
      hashed++;
      return verify(pw, hash);
    };
    try {
      const rets = await Promise.all(
        Array.from({ length: 20 }, () => post(t, 'account/login', { un: u.phone, pw: 'wrong password!' })),
      );
      expect(hashed).toBeLessThanOrEqual(5);
      expect(rets.filter((r) => r.status === 429)).toHaveLength(15);
    } finally {
      t.deps.hasher.verify = verify;
    }
  });
});

describe('tokens', () => {
  it('logout revokes the token; expired, idle and foreign tokens get 65536', async () => {
    const u = await makeUser(t);
    expect((await post(t, 'account/info', {}, u.headers)).body.ret).toBe(0);
    expect((await post(t, 'account/logout', {}, u.headers)).body.ret).toBe(0);
    const after = await post(t, 'account/info', {}, u.headers);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ ret: RET.unauthenticated, msg: '验证失败' });

    const v = await makeUser(t);
    const w = await makeUser(t);
    expect((await post(t, 'account/info', {}, { ...w.headers, id: String(v.id) })).body.ret).toBe(RET.unauthenticated);
    await t.db.admin.query(`update sessions set last_seen_at = now() - interval '2 hours' where user_id = $1`, [v.id]);
    expect((await post(t, 'account/info', {}, v.headers)).body.ret).toBe(RET.unauthenticated);
    await adminWrite(
      t,
      `update sessions set last_seen_at = now(), expires_at = now() - interval '1 second' where user_id = $1`,
      [w.id],
    );
    expect((await post(t, 'account/info', {}, w.headers)).body.ret).toBe(RET.unauthenticated);
    expect((await post(t, 'account/info', {}, {})).body.ret).toBe(RET.unauthenticated);
  });

  it('tokens are stored hashed', async () => {
    const u = await makeUser(t);
    const rows = await t.db.admin.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [
      u.id,
    ]);
    expect(rows[0].token_hash).not.toBe(u.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reset by SMS sets the password and signs every session out', async () => {
    const u = await registered();
    await t.db.admin.query(`update sms_codes set created_at = now() - interval '2 minutes' where phone = $1`, [
      u.phone,
    ]);
    await post(t, 'account/code', { un: u.phone, purpose: 'reset' });
    const res = await post(t, 'account/reset-password', {
      un: u.phone,
      code: await lastCode(u.phone),
      pw: 'brand new passphrase',
    });
    expect(res.body.ret).toBe(0);
    expect((await post(t, 'account/info', {}, { at: u.token, id: String(u.userId) })).body.ret).toBe(
      RET.unauthenticated,
    );
    expect((await post(t, 'account/login', { un: u.phone, pw: 'brand new passphrase' })).body.ret).toBe(0);
  });

  it('changes the password with the old one', async () => {
    const u = await makeUser(t);
    expect(
      (await post(t, 'account/change-password', { oldPw: 'nope nope nope', pw: 'next passphrase' }, u.headers)).body
        .msg,
    ).toBe('原密码不正确');
    expect(
      (await post(t, 'account/change-password', { oldPw: PASSWORD, pw: 'next passphrase' }, u.headers)).body.ret,
    ).toBe(0);
    expect((await post(t, 'account/info', {}, u.headers)).body.ret).toBe(0); // this session stays
    expect((await post(t, 'account/login', { un: u.phone, pw: 'next passphrase' })).body.ret).toBe(0);
  });
});

describe('protocol', () => {
  it('sends an ETag and answers 304 when it matches', async () => {
    const u = await makeUser(t);
    const first = await t.app.inject({ method: 'POST', url: '/api/account/info', headers: u.headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/account/info',
      headers: { ...u.headers, 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('unknown calls are enveloped 404s; malformed JSON is a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ret: RET.notFound });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"un":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret).toBe(RET.validation);
  });

  it('serves the OpenAPI document with every contract call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/account/login', '/api/company/create', '/api/account/menu']),
    );
    // outside production only (production.test.ts)
    expect(Object.keys(doc.paths)).toContain('/api/dev/sms-outbox');
  });
});
