import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { makeEnterprise, makeUser } from './factories.js';
import { renderedMessages } from './messages.js';

// The platform operator's loopback endpoint (what `npm run admin` calls while the server runs).
const t = useTestApp();
const secret = () => readFileSync(join(t.config.dataDir, 'operator.secret'), 'utf8').trim();

describe('operator endpoint', () => {
  it('refuses callers without the secret from DATA_DIR, or with a wrong one', async () => {
    expect((await post(t, 'operator/enterprises', {})).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'operator/enterprises', {}, { 'x-operator-secret': 'x'.repeat(64) })).body.ret).toBe(
      RET.forbidden,
    );
  });

  it('refuses a caller that is not on loopback even with the secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator/enterprises',
      remoteAddress: '203.0.113.7',
      headers: { 'x-operator-secret': secret(), 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.json().ret).toBe(RET.forbidden);
  });

  it('lists enterprises, approves and rejects, and lists demo bookings', async () => {
    const h = { 'x-operator-secret': secret() };
    const ent = await makeEnterprise(t, { approved: false });
    const list = await post<{ list: { companyCode: string; status: number }[] }>(t, 'operator/enterprises', {}, h);
    expect(list.body.result.list).toContainEqual(expect.objectContaining({ companyCode: ent.companyCode, status: 0 }));
    expect((await post(t, 'operator/approve', { code: ent.companyCode }, h)).body.result).toMatchObject({ status: 1 });
    expect((await post(t, 'operator/reject', { code: ent.companyCode }, h)).body.result).toMatchObject({ status: 2 });
    expect((await post(t, 'operator/approve', { code: 'NOPE00' }, h)).body.ret).toBe(RET.notFound);

    const booked = await post(t, 'public/appointment', {
      name: '陈经理',
      phone: '13700000000',
      company: '好邻居便利',
      city: '杭州',
      stores: 35,
      note: '想看广告屏',
    });
    expect(booked.body.ret).toBe(0);
    const bookings = await post<{ list: { name: string; stores: number }[] }>(t, 'operator/appointments', {}, h);
    expect(bookings.body.result.list[0]).toMatchObject({ name: '陈经理', stores: 35 });
  });

  it('the creator is told when the enterprise is approved', async () => {
    const owner = await makeUser(t);
    const ent = await makeEnterprise(t, { approved: false, owner });
    await post(t, 'operator/approve', { code: ent.companyCode }, { 'x-operator-secret': secret() });
    const rows = await renderedMessages(t, `enterprise_id = $1 and kind = 'enterprise.review'`, [ent.companyId]);
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: owner.id,
        kind: 'enterprise.review',
        title_zh: `企业「${ent.title}」已通过审核`,
        title_en: `${ent.title} was approved`,
      }),
    ]);
  });
});
