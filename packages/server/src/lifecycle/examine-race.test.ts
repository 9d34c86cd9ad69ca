import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../test/factories.js';

// Two reviewers examine the same submission at once: exactly one wins, the other gets 40009.
// On PGlite the session mutex serialises them; run with DATABASE_URL to race on PostgreSQL.

const t = useTestApp();

describe('examine race', () => {
  it('one of two concurrent examines wins; the other is refused, and only one review is recorded', async () => {
    const ent = await makeEnterprise(t);
    const author = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const reviewers = [];
    for (let i = 0; i < 2; i++) {
      const u = await makeUser(t);
      reviewers.push(tenantHeaders(u, ent, await addMemberWithRole(t, ent, u, 3)));
    }
    for (let round = 0; round < 5; round++) {
      const created = await post<{ id: number }>(
        t,
        'shop/create',
        {
          name: `Race ${round}`,
          code: `RACE-${round}-${Date.now()}`,
          level: 1,
          province: '44',
          city: '4403',
          district: '440305',
        },
        author,
      );
      const id = created.body.result.id;
      await post(t, 'shop/apply', { id }, author);
      const [a, b] = await Promise.all([
        post(t, 'shop/examine', { id, pass: 1 }, reviewers[0]),
        post(t, 'shop/examine', { id, pass: 0, reason: 'duplicate' }, reviewers[1]),
      ]);
      expect([a.body.ret, b.body.ret].sort()).toEqual([RET.ok, RET.conflict]);
      const loser = a.body.ret === RET.ok ? b : a;
      expect(['该记录已被其他审核人处理', '该记录不在待审核状态，无法审核']).toContain(loser.body.msg);
      const logs = await t.db.admin.query<{ verb: string }>(
        `select verb from oplog where entity = 'shop' and entity_id = $1 and verb in ('pass', 'reject')`,
        [String(id)],
      );
      expect(logs).toHaveLength(1);
    }
  });
});
