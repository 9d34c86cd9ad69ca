import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
} from '../../../test/factories.js';

const t = useTestApp();
const admin = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
type Row = {
  id: number;
  time: number;
  operator: string;
  roleName: string;
  verb: string;
  entity: string;
  entityId: string;
  summary: { before: unknown; after: unknown } | null;
  source: string;
};
type Range = { entryId: number; roleNode: string; range: unknown };

describe('data ranges', () => {
  it('reads and sets a role entry range by roleNode or id; null = whole enterprise; shape validated', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t, '店长乙');
    const node = await addMemberWithRole(t, ent, u, 2);
    const read = await post<Range>(t, 'role/data-range', { roleNode: node }, admin(ent));
    expect(read.body.result).toMatchObject({ roleNode: node, userId: u.id, nickname: '店长乙', role: 2, range: null });
    const range = { p: ['31'], c: ['3101'], a: [], s: ['12'] };
    const set = await post<Range>(t, 'role/set-data-range', { id: read.body.result.entryId, range }, admin(ent));
    expect(set.body.result.range).toEqual(range);
    expect(
      (await post<Range>(t, 'role/data-range', { id: read.body.result.entryId }, admin(ent))).body.result.range,
    ).toEqual(range);
    const nothing = await post<Range>(
      t,
      'role/set-data-range',
      { roleNode: node, range: { p: [], c: [], a: [], s: [] } },
      admin(ent),
    );
    expect(nothing.body.result.range).toEqual({ p: [], c: [], a: [], s: [] });
    expect(
      (await post<Range>(t, 'role/set-data-range', { roleNode: node, range: 'null' }, admin(ent))).body.result.range,
    ).toBeNull();
    expect(
      (await post(t, 'role/set-data-range', { roleNode: node, range: { p: ['3101'] } }, admin(ent))).body.ret,
    ).toBe(RET.validation);
    expect((await post(t, 'role/set-data-range', { roleNode: node, range: { x: [] } }, admin(ent))).body.ret).toBe(
      RET.validation,
    );
    expect((await post(t, 'role/data-range', {}, admin(ent))).body.ret).toBe(RET.validation);
    const other = await makeEnterprise(t);
    expect((await post(t, 'role/data-range', { roleNode: other.ownerRole }, admin(ent))).body.ret).toBe(RET.notFound);
    // the member's context carries the new range (cache invalidated): their calls still work
    expect((await post(t, 'account/menu', {}, tenantHeaders(u, ent, node))).body.ret).toBe(0);
  });
});

describe('operation log', () => {
  it('lists mutations newest first with operator, role, verb, entity, summary and source; filters', async () => {
    const ent = await makeEnterprise(t);
    const h = admin(ent);
    const dept = (await post<{ id: number }>(t, 'dept/add', { name: '华南区', pid: 0 }, h)).body.result;
    await post(t, 'dept/edit', { id: dept.id, name: '华南大区', pid: 0 }, { ...h, appid: 'wx' });
    await post(t, 'job/add', { name: '导购', role: 1 }, h);
    const all = await post<{ list: Row[]; total: number; pageSize: number }>(t, 'oplog/list', {}, h);
    expect(all.body.result.pageSize).toBe(10);
    expect(all.body.result.list.slice(0, 3).map((r) => [r.verb, r.entity])).toEqual([
      ['create', 'job'],
      ['update', 'dept'],
      ['create', 'dept'],
    ]);
    const edit = all.body.result.list[1];
    expect(edit).toMatchObject({
      operator: 'owner',
      roleName: '督导',
      entityId: String(dept.id),
      source: 'wx',
      summary: { before: { name: '华南区' }, after: { name: '华南大区' } },
    });

    const byVerb = await post<{ list: Row[] }>(t, 'oplog/list', { verb: 'update' }, h);
    expect(byVerb.body.result.list.map((r) => r.entity)).toEqual(['dept']);
    const byKeyword = await post<{ list: Row[] }>(t, 'oplog/list', { keyword: '大区' }, h);
    expect(byKeyword.body.result.list.map((r) => r.id)).toEqual([edit.id]);
    const now = Math.floor(Date.now() / 1000);
    expect((await post<{ total: number }>(t, 'oplog/list', { start_time: now + 3600 }, h)).body.result.total).toBe(0);
    expect(
      (await post<{ total: number }>(t, 'oplog/list', { start_time: now - 3600, end_time: now + 3600 }, h)).body.result
        .total,
    ).toBe(all.body.result.total);
    const stranger = await makeUser(t);
    expect((await post<{ total: number }>(t, 'oplog/list', { operator: stranger.id }, h)).body.result.total).toBe(0);
    expect((await post<{ total: number }>(t, 'oplog/list', { operator: ent.owner.id }, h)).body.result.total).toBe(
      all.body.result.total,
    );
    expect((await post(t, 'oplog/list', { verb: 'explode' }, h)).body.ret).toBe(RET.validation);
    // another enterprise's entries never show
    const other = await makeEnterprise(t);
    await post(t, 'dept/add', { name: 'Other', pid: 0 }, admin(other));
    const mine = await post<{ list: Row[] }>(t, 'oplog/list', { keyword: 'Other', pageSize: 100 }, h);
    expect(mine.body.result.list).toEqual([]);
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 3);
    expect((await post(t, 'oplog/list', {}, tenantHeaders(u, ent, node))).body.ret).toBe(RET.forbidden);
  });
});
