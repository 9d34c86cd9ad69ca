import { describe, expect, it } from 'vitest';
import { RET, type Company } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { makeEnterprise, makeUser, roleOf, tenantHeaders, type TestEnterprise } from '../../../test/factories.js';
import { renderedMessages } from '../../../test/messages.js';

const t = useTestApp();

const admin = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
type Invite = { token: string; link: string; expires: number };

describe('invitations', () => {
  it('makes a link, shows what it points to, joins with its role entry once; the inviter is told', async () => {
    const ent = await makeEnterprise(t);
    const [job] = await t.db.admin.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = 2', [
      ent.companyId,
    ]);
    const res = await post<Invite>(t, 'company/invite', { jobId: job.id }, admin(ent));
    expect(res.body.ret).toBe(0);
    const { token, link, expires } = res.body.result;
    expect(link).toBe(`/inlog?invite=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(expires - Date.now() / 1000).toBeGreaterThan(7 * 86400 - 60);
    // only the hash is stored
    const stored = await t.db.admin.query<{ token_hash: string }>(
      'select token_hash from invitations where enterprise_id = $1',
      [ent.companyId],
    );
    expect(stored[0].token_hash).not.toContain(token);

    const info = await post(t, 'public/invite-info', { token });
    expect(info.body.result).toMatchObject({
      title: ent.title,
      companyCode: ent.companyCode,
      inviter: 'owner',
      expired: false,
      used: false,
    });
    expect((await post(t, 'public/invite-info', { token: 'nope' })).body).toMatchObject({
      ret: RET.notFound,
      msg: '邀请链接无效',
    });

    const u = await makeUser(t, '新人');
    const joined = await post<Company>(t, 'company/accept-invite', { token }, u.headers);
    expect(joined.body.result).toMatchObject({ companyCode: ent.companyCode, isMain: 0, status: 1 });
    expect(await roleOf(t, u, ent)).toEqual([expect.objectContaining({ role: 2, deptName: '总部' })]);
    const msgs = await renderedMessages(t, "kind = 'invite.accepted' and enterprise_id = $1", [ent.companyId]);
    expect(msgs).toEqual([
      expect.objectContaining({
        user_id: ent.owner.id,
        title_zh: '新人 已通过邀请加入企业',
        title_en: '新人 joined through an invitation',
      }),
    ]);

    const again = await post(t, 'company/accept-invite', { token }, u.headers);
    expect(again.body).toMatchObject({ ret: RET.conflict, msg: '邀请链接已被使用' });
    const other = await makeUser(t);
    expect((await post(t, 'company/accept-invite', { token }, other.headers)).body.ret).toBe(RET.conflict);
    expect((await post(t, 'public/invite-info', { token })).body.result).toMatchObject({ used: true });
    const log = await t.db.admin.query<{ verb: string; entity: string }>(
      'select verb, entity from oplog where enterprise_id = $1 order by id',
      [ent.companyId],
    );
    expect(log.slice(-2)).toEqual([
      { verb: 'create', entity: 'invitation' },
      { verb: 'create', entity: 'membership' },
    ]);
  });

  it('refuses an expired link and a user who is already a member (40009); defaults to shop assistant', async () => {
    const ent = await makeEnterprise(t);
    const first = (await post<Invite>(t, 'company/invite', {}, admin(ent))).body.result.token;
    expect((await post(t, 'company/accept-invite', { token: first }, ent.owner.headers)).body).toMatchObject({
      ret: RET.conflict,
      msg: '您已是该企业成员',
    });
    await t.db.admin.query(`update invitations set expires_at = now() - interval '1 second' where enterprise_id = $1`, [
      ent.companyId,
    ]);
    const u = await makeUser(t);
    expect((await post(t, 'company/accept-invite', { token: first }, u.headers)).body).toMatchObject({
      ret: RET.conflict,
      msg: '邀请链接已过期',
    });
    expect((await post(t, 'public/invite-info', { token: first })).body.result).toMatchObject({ expired: true });
    const second = (await post<Invite>(t, 'company/invite', {}, admin(ent))).body.result.token;
    expect((await post(t, 'company/accept-invite', { token: second }, u.headers)).body.ret).toBe(0);
    expect(await roleOf(t, u, ent)).toEqual([expect.objectContaining({ role: 1 })]);
    // en messages
    expect((await post(t, 'public/invite-info', { token: 'x' }, { cookie: 'language=en-US' })).body.msg).toBe(
      'This invitation link is not valid',
    );
  });

  it("an invitation naming another enterprise's department is 40004", async () => {
    const ent = await makeEnterprise(t);
    const other = await makeEnterprise(t);
    const [dept] = await t.db.admin.query<{ id: number }>('select id from departments where enterprise_id = $1', [
      other.companyId,
    ]);
    expect((await post(t, 'company/invite', { deptId: dept.id }, admin(ent))).body.ret).toBe(RET.notFound);
  });
});
