import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { adminWrite, post, useTestApp } from '../../test/harness.js';
import {
  addMemberWithRange,
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  tenantHeaders,
} from '../../test/factories.js';

// Authorship never widens the data range (issue 7 §1, DESIGN §5): a store manager moved to another
// district keeps only their own drafts of records never approved; the shops they wrote and had
// approved, and the members in them, are 40003 like any other record outside their range.

const t = useTestApp();

describe('reach: authorship and the data range', () => {
  it('an author outside the range reaches only their own never-approved drafts', async () => {
    const ent = await makeEnterprise(t);
    const sup = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const manager = await makeUser(t, 'manager');
    const node = await addMemberWithRange(t, ent, manager, 2, { a: ['440305'] });
    const reviewer = await makeUser(t, 'reviewer');
    const rev = tenantHeaders(reviewer, ent, await addMemberWithRole(t, ent, reviewer, 3));
    const mgr = tenantHeaders(manager, ent, node);
    const shop = (over: Record<string, unknown> = {}) => ({
      name: '南山店',
      code: `R${Math.floor(Math.random() * 1e9)}`,
      level: 1,
      province: '44',
      city: '4403',
      district: '440305',
      ...over,
    });

    // the manager writes two shops in their district; one is approved, one stays a draft
    const approved = (await post<{ id: number }>(t, 'shop/create', shop(), mgr)).body.result.id;
    const draft = (await post<{ id: number }>(t, 'shop/create', shop({ name: '草稿店' }), mgr)).body.result.id;
    expect((await post(t, 'shop/apply', { id: approved }, mgr)).body.ret).toBe(0);
    expect((await post(t, 'shop/examine', { id: approved, pass: 1 }, rev)).body.ret).toBe(0);
    const member = await post<{ id: number }>(
      t,
      'member/create',
      { name: '会员', phone: '13912345678', gender: 2, ageBand: '19-29', shopId: approved },
      mgr,
    );
    expect((await post(t, 'member/apply', { id: member.body.result.id }, mgr)).body.ret).toBe(0);
    expect((await post(t, 'member/examine', { id: member.body.result.id, pass: 1 }, rev)).body.ret).toBe(0);

    // then the manager moves to another district
    await adminWrite(t, `update role_entries set data_range = $3 where enterprise_id = $1 and user_id = $2`, [
      ent.companyId,
      manager.id,
      JSON.stringify({ p: [], c: [], a: ['110101'], s: [] }),
    ]);

    for (const [path, body] of [
      ['shop/get', { id: approved }],
      ['shop/update', { id: approved, ...shop() }],
      ['shop/copy', { id: approved }],
      ['shop/history', { id: approved }],
      ['member/get', { id: member.body.result.id }],
      ['shop/delete', { id: approved }],
    ] as const) {
      const r = await post(t, path, body, mgr);
      expect(r.body.ret, `${path} ${JSON.stringify(r.body)}`).toBe(RET.forbidden);
      expect(JSON.stringify(r.body.result ?? null)).not.toContain('13912345678');
    }
    // their never-approved draft stays theirs
    expect((await post(t, 'shop/get', { id: draft }, mgr)).body.ret).toBe(0);
    expect((await post(t, 'shop/update', { id: draft, ...shop({ name: '草稿店二' }) }, mgr)).body.ret).toBe(
      RET.forbidden,
    ); // new data outside the range
    const mine = await post<{ list: { id: number }[] }>(t, 'shop/my-list', {}, mgr);
    expect(mine.body.result.list.map((r) => r.id)).toEqual([draft]);
    // the supervisor still sees both
    expect((await post(t, 'shop/get', { id: approved }, sup)).body.ret).toBe(0);
  });
});

describe('reach rules: enterprise-wide and targets', () => {
  const shopBody = (district: string) => ({
    name: `店${district}`,
    code: `T${Math.floor(Math.random() * 1e9)}`,
    level: 1,
    province: district.slice(0, 2),
    city: district.slice(0, 4),
    district,
  });
  const plan = (targets: Record<string, unknown>, name = '计划') => ({
    name,
    dateFrom: '2026-12-01',
    dateTo: '2026-12-31',
    targets: JSON.stringify({ p: [], c: [], a: [], s: [], d: [], ...targets }),
  });

  it('commodities reach the whole enterprise; ad plans what they are aimed at; reviewers must cover every target', async () => {
    const ent = await makeEnterprise(t);
    const sup = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const shop = async (district: string) => {
      const id = (await post<{ id: number }>(t, 'shop/create', shopBody(district), sup)).body.result.id;
      return id;
    };
    // shops are only drafts here: targets may name any shop of the enterprise
    const nanshan = await shop('440305');
    const dongcheng = await shop('110101');
    const as = async (role: 2 | 3, range: Record<string, string[]>) => {
      const u = await makeUser(t, `r${role}`);
      return tenantHeaders(u, ent, await addMemberWithRange(t, ent, u, role, range));
    };
    const south = await as(2, { a: ['440305'] });
    const north = await as(2, { a: ['110101'] });
    const elsewhere = await as(2, { a: ['310101'] });

    // enterprise-wide: a manager of any district writes and reads products
    const c = await post<{ id: number }>(
      t,
      'commodity/create',
      { name: '矿泉水', code: 'W550', price: 200, specs: JSON.stringify([{ name: '容量', value: '550ml' }]) },
      north,
    );
    expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
    expect((await post(t, 'commodity/get', { id: c.body.result.id }, south)).body.ret).toBe(0);
    expect((await post(t, 'commodity/get', { id: c.body.result.id }, elsewhere)).body.ret).toBe(0);

    // writing a plan: only what lies in one's range
    expect((await post(t, 'ad-plan/create', plan({ s: [String(dongcheng)] }), south)).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'ad-plan/create', plan({ p: ['11'] }), south)).body.ret).toBe(RET.forbidden);
    // a province holding one's district (the tree dialog shows it as its parent) means one's part of it
    const clipped = await post<{ id: number; targets: { p: string[]; a: string[] } }>(
      t,
      'ad-plan/create',
      plan({ p: ['44'], c: ['1101'] }),
      south,
    );
    expect(clipped.body.ret, JSON.stringify(clipped.body)).toBe(RET.forbidden);
    const mine = await post<{ id: number; targets: { p: string[]; a: string[] } }>(
      t,
      'ad-plan/create',
      plan({ p: ['44'] }),
      south,
    );
    expect(mine.body.ret).toBe(0);
    expect([mine.body.result.targets.p, mine.body.result.targets.a]).toEqual([[], ['440305']]);
    expect((await post(t, 'ad-plan/create', plan({ s: [String(nanshan)] }), south)).body.ret).toBe(0);
    expect((await post(t, 'ad-plan/create', plan({ a: ['440305'] }), south)).body.ret).toBe(0);
    expect((await post(t, 'ad-plan/create', plan({ s: [String(999999)] }), sup)).body.ret).toBe(RET.validation);
    expect((await post(t, 'ad-plan/create', plan({}), sup)).body.ret).toBe(RET.validation);

    // head office aims a plan at both shops; a supervisor of the south covers only one of the
    // targets: nobody else can review it, and with a second person required, submitting is refused
    const both = (
      await post<{ id: number }>(
        t,
        'ad-plan/create',
        plan({ s: [String(nanshan), String(dongcheng)] }, '全国计划'),
        sup,
      )
    ).body.result.id;
    await as(3, { a: ['440305'] });
    expect((await post(t, 'company/update', { reviewPolicy: 1 }, sup)).body.ret).toBe(0);
    const lonely = await post(t, 'ad-plan/apply', { id: both }, sup);
    expect(lonely.body).toMatchObject({ ret: RET.conflict, result: { fix: '/enterprise?tab=permissions' } });
    expect(lonely.body.msg).toContain('没有其他成员可以审核该记录');
    // a supervisor of the whole country covers both: the request reaches them and opens the plan
    const reviewerUser = await makeUser(t, 'hq');
    const reviewer = tenantHeaders(
      reviewerUser,
      ent,
      await addMemberWithRange(t, ent, reviewerUser, 3, { p: ['44', '11'] }),
    );
    expect((await post(t, 'ad-plan/apply', { id: both }, sup)).body.ret).toBe(0);
    const inbox = await post<{ list: { link: string }[] }>(t, 'message/list', {}, reviewer);
    expect(inbox.body.result.list.map((m) => m.link)).toContain(`/advert?entity=ad-plan&tab=review&record=${both}`);
    expect((await post(t, 'ad-plan/examine', { id: both, pass: 1 }, reviewer)).body.ret).toBe(0);

    // reading: each manager sees the plan that touches their district, writes none of it
    const enabled = async (h: Record<string, string>) =>
      (await post<{ list: { id: number }[]; total: number }>(t, 'ad-plan/enable-list', {}, h)).body.result;
    expect((await enabled(south)).list.map((p) => p.id)).toEqual([both]);
    expect((await enabled(north)).list.map((p) => p.id)).toEqual([both]);
    expect(await enabled(elsewhere)).toMatchObject({ list: [], total: 0 });
    expect((await post(t, 'ad-plan/get', { id: both }, south)).body.ret).toBe(0);
    expect((await post(t, 'ad-plan/get', { id: both }, elsewhere)).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'ad-plan/update', { id: both, ...plan({ s: [String(nanshan)] }) }, south)).body.ret).toBe(
      RET.forbidden,
    );
    expect((await post(t, 'ad-plan/set-status', { id: both, status: 302 }, reviewer)).body.ret).toBe(0);
  });
});
