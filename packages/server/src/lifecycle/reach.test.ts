import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { adminWrite, post, useTestApp } from '../../test/harness.js';
import { addMemberWithRange, addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../test/factories.js';

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
    const shop = (over: Record<string, unknown> = {}) => ({ name: '南山店', code: `R${Math.floor(Math.random() * 1e9)}`, level: 1, province: '44', city: '4403', district: '440305', ...over });

    // the manager writes two shops in their district; one is approved, one stays a draft
    const approved = (await post<{ id: number }>(t, 'shop/create', shop(), mgr)).body.result.id;
    const draft = (await post<{ id: number }>(t, 'shop/create', shop({ name: '草稿店' }), mgr)).body.result.id;
    expect((await post(t, 'shop/apply', { id: approved }, mgr)).body.ret).toBe(0);
    expect((await post(t, 'shop/examine', { id: approved, pass: 1 }, rev)).body.ret).toBe(0);
    const member = await post<{ id: number }>(t, 'member/create', { name: '会员', phone: '13912345678', gender: 2, ageBand: '19-29', shopId: approved }, mgr);
    expect((await post(t, 'member/apply', { id: member.body.result.id }, mgr)).body.ret).toBe(0);
    expect((await post(t, 'member/examine', { id: member.body.result.id, pass: 1 }, rev)).body.ret).toBe(0);

    // then the manager moves to another district
    await adminWrite(t, `update role_entries set data_range = $3 where enterprise_id = $1 and user_id = $2`, [
      ent.companyId, manager.id, JSON.stringify({ p: [], c: [], a: ['110101'], s: [] }),
    ]);

    for (const [path, body] of [
      ['shop/get', { id: approved }], ['shop/update', { id: approved, ...shop() }], ['shop/copy', { id: approved }], ['shop/history', { id: approved }],
      ['member/get', { id: member.body.result.id }], ['shop/delete', { id: approved }],
    ] as const) {
      const r = await post(t, path, body, mgr);
      expect(r.body.ret, `${path} ${JSON.stringify(r.body)}`).toBe(RET.forbidden);
      expect(JSON.stringify(r.body.result ?? null)).not.toContain('13912345678');
    }
    // their never-approved draft stays theirs
    expect((await post(t, 'shop/get', { id: draft }, mgr)).body.ret).toBe(0);
    expect((await post(t, 'shop/update', { id: draft, ...shop({ name: '草稿店二' }) }, mgr)).body.ret).toBe(RET.forbidden); // new data outside the range
    const mine = await post<{ list: { id: number }[] }>(t, 'shop/my-list', {}, mgr);
    expect(mine.body.result.list.map((r) => r.id)).toEqual([draft]);
    // the supervisor still sees both
    expect((await post(t, 'shop/get', { id: approved }, sup)).body.ret).toBe(0);
  });
});
