import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { adminWrite, post, useTestApp } from '../../test/harness.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
} from '../../test/factories.js';

// Who approves a submission (issue 25 §1, DESIGN §5, lifecycle/policy.ts): another reviewer when
// there is one; the author at once when nobody else may and the enterprise does not require a second
// person; otherwise 40009 naming the page that fixes it.

const t = useTestApp();

type Item = {
  id: number;
  status: number;
  applyStatus: number | null;
  online: number;
  liveVersion: number | null;
  authorId: number;
  reviewerId: number | null;
};
type Log = { verb: string; summary: { after?: Record<string, unknown> } | null };
const FIX = '/enterprise?tab=permissions';

const owner = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
const shopBody = () => ({
  name: '第一家店',
  code: `P${Math.floor(Math.random() * 1e9)}`,
  level: 1,
  province: '44',
  city: '4403',
  district: '440305',
});
const newShop = async (h: Record<string, string>) => (await post<Item>(t, 'shop/create', shopBody(), h)).body.result.id;
const logsOf = async (entity: string, id: number, h: Record<string, string>) =>
  (await post<{ list: Log[] }>(t, `${entity}/logs`, { id, pageSize: 50 }, h)).body.result.list;
const requests = async (ent: TestEnterprise) =>
  (
    await t.db.admin.query<{ n: number }>(
      `select count(*)::int as n from messages where enterprise_id = $1 and kind like 'review.%'`,
      [ent.companyId],
    )
  )[0].n;
const secondSupervisor = async (ent: TestEnterprise) => {
  const user = await makeUser(t, 'sup2');
  return { user, headers: tenantHeaders(user, ent, await addMemberWithRole(t, ent, user, 3)) };
};

describe('review policy', () => {
  it('a sole admin publishes alone: submitting approves at once, logged as a self-approved pass', async () => {
    const ent = await makeEnterprise(t);
    const sup = owner(ent);
    const id = await newShop(sup);
    const applied = await post<Item>(t, 'shop/apply', { id }, sup);
    expect(applied.body.ret, JSON.stringify(applied.body)).toBe(0);
    expect(applied.body.result).toMatchObject({
      status: 103,
      applyStatus: 202,
      liveVersion: 1,
      online: 302,
      authorId: ent.owner.id,
      reviewerId: ent.owner.id,
    });
    const logs = await logsOf('shop', id, sup);
    // newest first: the pass follows the submission in the same transaction
    expect(logs.map((l) => l.verb)).toEqual(['pass', 'apply', 'create']);
    expect(logs[0].summary?.after).toMatchObject({ selfApproved: true });
    expect(logs[1].summary?.after).not.toHaveProperty('selfApproved');
    expect(await requests(ent)).toBe(0); // nobody is asked, nobody is told what they did themselves

    // every reach, and what the demo supervisor could not publish: a notification and an incentive
    // aimed at the shop (targets), an enterprise-wide product
    const own = [
      [
        'inform',
        {
          title: '开业通知',
          body: '<p>明天开业</p>',
          targets: JSON.stringify({ s: [String(id)] }),
          roles: JSON.stringify([1, 2, 3]),
        },
      ],
      [
        'incentive',
        {
          name: '开业冲刺',
          metric: 'amount',
          level: 'employee',
          op: 1,
          tiers: JSON.stringify([{ threshold: 2000, reward: '奖金 50 元', rewardFen: 5000 }]),
          dateFrom: '2026-03-01',
          dateTo: '2026-03-31',
          targets: JSON.stringify({ s: [String(id)] }),
        },
      ],
      ['commodity', { name: '矿泉水', code: 'W1', price: 200, specs: JSON.stringify([]) }],
    ] as const;
    for (const [entity, body] of own) {
      const made = await post<Item>(t, `${entity}/create`, body, sup);
      expect(made.body.ret, `${entity}: ${JSON.stringify(made.body)}`).toBe(0);
      expect(
        (await post<Item>(t, `${entity}/apply`, { id: made.body.result.id }, sup)).body.result,
        entity,
      ).toMatchObject({ status: 103, liveVersion: 1 });
    }
  });

  it('with another reviewer the request goes to them, and the author never approves their own', async () => {
    const ent = await makeEnterprise(t);
    const sup = owner(ent);
    const sup2 = await secondSupervisor(ent);
    const id = await newShop(sup);
    expect((await post<Item>(t, 'shop/apply', { id }, sup)).body.result).toMatchObject({
      status: 102,
      applyStatus: 201,
    });
    expect(await requests(ent)).toBe(1);
    expect((await post(t, 'shop/examine', { id, pass: 1 }, sup)).body).toMatchObject({
      ret: RET.forbidden,
      msg: '不能审核自己提交的记录',
    });
    expect((await post(t, 'shop/examine', { id, pass: 1 }, sup2.headers)).body.ret).toBe(0);
    const pass = (await logsOf('shop', id, sup))[0];
    expect(pass.verb).toBe('pass');
    expect(pass.summary?.after).not.toHaveProperty('selfApproved');
  });

  it('"a second person must approve": switched on only while two can review; then submitting alone is refused with the fix', async () => {
    const ent = await makeEnterprise(t);
    const sup = owner(ent);
    const on = { reviewPolicy: 1 };
    const alone = await post(t, 'company/update', on, sup);
    expect(alone.status).toBe(409);
    expect(alone.body).toMatchObject({ ret: RET.conflict, result: { fix: FIX } });
    expect(alone.body.msg).toContain('只有一名成员可以审核');
    expect((await post(t, 'company/update', on, { ...sup, 'accept-language': 'en-US' })).body.msg).toContain(
      'Only one member can review',
    );
    // a store manager holds no examine bit: still one reviewer
    const manager = await makeUser(t, 'manager');
    await addMemberWithRole(t, ent, manager, 2);
    expect((await post(t, 'company/update', on, sup)).body.ret).toBe(RET.conflict);
    expect((await post<{ reviewPolicy: number }>(t, 'company/info', {}, sup)).body.result.reviewPolicy).toBe(0);

    const sup2 = await secondSupervisor(ent);
    const set = await post<{ reviewPolicy: number }>(t, 'company/update', on, sup);
    expect(set.body.ret, JSON.stringify(set.body)).toBe(0);
    expect(set.body.result.reviewPolicy).toBe(1);
    expect((await post<{ reviewPolicy: number }>(t, 'company/info', {}, sup)).body.result.reviewPolicy).toBe(1);
    expect((await post<Item>(t, 'shop/apply', { id: await newShop(sup) }, sup)).body.result.status).toBe(102);

    // the second reviewer leaves: the author may not approve alone, and the answer names the fix
    expect((await post(t, 'company/remove-member', { userId: sup2.user.id }, sup)).body.ret).toBe(0);
    const id = await newShop(sup);
    const refused = await post(t, 'shop/apply', { id }, sup);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ret: RET.conflict, result: { fix: FIX } });
    expect(refused.body.msg).toContain('本企业要求由另一名成员审核');
    expect((await post<Item>(t, 'shop/get', { id }, sup)).body.result.status).toBe(101);

    // switching off is always possible; then the author approves alone
    expect((await post(t, 'company/update', { reviewPolicy: 0 }, sup)).body.ret).toBe(0);
    expect((await post<Item>(t, 'shop/apply', { id }, sup)).body.result.status).toBe(103);
  });

  it('when nobody may approve, the author included, submitting is refused naming the fix', async () => {
    const ent = await makeEnterprise(t);
    const sup = owner(ent);
    // the supervisors' job loses the examine bit on /store
    await adminWrite(
      t,
      `update job_menus jm set weight = jm.weight & ~32 from menus m, jobs j
      where m.id = jm.menu_id and m.path = '/store' and j.id = jm.job_id and j.role = 3 and jm.enterprise_id = $1`,
      [ent.companyId],
    );
    const refused = await post(t, 'shop/apply', { id: await newShop(sup) }, sup);
    expect(refused.body).toMatchObject({ ret: RET.conflict, result: { fix: FIX } });
    expect(refused.body.msg).toContain('没有可以审核该记录的成员');
    // a store manager's submission with nobody to review it: the same answer
    const manager = await makeUser(t, 'manager');
    const mgr = tenantHeaders(manager, ent, await addMemberWithRole(t, ent, manager, 2));
    expect((await post(t, 'shop/apply', { id: await newShop(mgr) }, mgr)).body).toMatchObject({
      ret: RET.conflict,
      result: { fix: FIX },
    });
  });
});
